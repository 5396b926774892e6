import { EyeOutlined } from "@ant-design/icons";
import { App, Button, Card, Descriptions, Select, Space, Table, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { type AdminOrder, ORDER_STATUSES } from "../../../contract/admin";
import { AdminOrderSchema, AdminProductSchema, itemsOf, RevealedIdSchema } from "../../../contract/answers";
import { professionLabel } from "../../../contract/signup";
import type { Route } from "./+types/orders";
import { formatDateTime, NO_STORE, useApi, yuan } from "./api";
import { useApiChange } from "./data";
import { detailColumn, FilterSelect, RecordDrawer, RecordToolbar, useRecords } from "./records";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "报名订单 - 编辑后台" }];
}

const statusTag = (s: AdminOrder["status"]) =>
  s === "PAID" ? <Tag color="green">已支付</Tag> : <Tag color="orange">待支付</Tag>;

export default function Orders() {
  const api = useApi();
  const { modal } = App.useApp();
  const { change } = useApiChange();
  const { filters, set, data, loading, pagination, detail, setDetail, setStatus } = useRecords(
    "/api/admin/orders",
    AdminOrderSchema,
    "单",
  );
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const [products, setProducts] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    api("GET", "/api/admin/products", undefined, itemsOf(AdminProductSchema))
      .then((r) => setProducts(r.items.map((p) => ({ value: p.id, label: `${p.id} ${p.name}` }))))
      .catch(() => {});
  }, [api]);

  function reveal(order: AdminOrder) {
    modal.confirm({
      title: "查看完整身份证号？",
      content: "查看操作将以您的账号记录到操作日志。请仅在核对签约信息时查看，不要复制或外传。",
      okText: "查看",
      cancelText: "取消",
      onOk: () =>
        change(async () => {
          const r = await api("POST", `/api/admin/orders/${order.id}/reveal-id`, undefined, RevealedIdSchema);
          setRevealed((m) => ({ ...m, [order.id]: r.idCard }));
        }),
    });
  }

  function changeStatus(order: AdminOrder, status: AdminOrder["status"]) {
    modal.confirm({
      title: status === "PAID" ? "确认该订单已线下收款？" : "将订单改回待支付？",
      content: `订单 ${order.orderNo}，金额 ${yuan(order.total)}。此操作会记录到操作日志。`,
      okText: "确定",
      cancelText: "取消",
      onOk: () => setStatus(order, status),
    });
  }

  return (
    <Card title="报名订单">
      <RecordToolbar
        exportPath="/api/admin/orders/export"
        fileName="报名订单"
        placeholder="订单号、签约人、手机号"
      >
        <FilterSelect
          label="状态"
          value={filters.status}
          options={ORDER_STATUSES}
          onChange={(v) => set({ status: v })}
        />
        <FilterSelect
          label="产品"
          value={filters.productId}
          options={products}
          onChange={(v) => set({ productId: v })}
          width={220}
        />
      </RecordToolbar>
      <Table<AdminOrder>
        rowKey="id"
        loading={loading}
        dataSource={data?.items ?? []}
        scroll={{ x: 1100 }}
        pagination={pagination}
        columns={[
          { title: "下单时间", dataIndex: "createdAt", width: 150, render: formatDateTime },
          {
            title: "订单号",
            dataIndex: "orderNo",
            width: 200,
            render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
          },
          {
            title: "产品",
            dataIndex: "productName",
            width: 220,
            render: (v: string, r) => `${r.productId} ${v}`,
          },
          { title: "签约人", key: "who", width: 140, render: (_v, r) => r.companyName ?? r.signer },
          { title: "手机号", dataIndex: "contact", width: 120 },
          {
            title: "身份证号",
            dataIndex: "idCardMasked",
            width: 170,
            render: (v: string | null, r) => revealed[r.id] ?? v ?? "—",
          },
          { title: "份数", dataIndex: "quantity", width: 60, align: "right" },
          { title: "金额", dataIndex: "total", width: 110, align: "right", render: (v: number) => yuan(v) },
          { title: "状态", dataIndex: "status", width: 80, render: statusTag },
          detailColumn<AdminOrder>("order", setDetail),
        ]}
      />
      <RecordDrawer
        title={`订单 ${detail?.orderNo ?? ""}`}
        size={560}
        onClose={() => setDetail(null)}
        items={
          detail && [
            { key: "status", label: "状态", children: statusTag(detail.status) },
            { key: "product", label: "产品", children: `${detail.productId} ${detail.productName}` },
            {
              key: "profession",
              label: "身份",
              children: professionLabel(detail.profession),
            },
            { key: "way", label: "签约方式", children: detail.signWay === "COMPANY" ? "企业" : "个人" },
            ...(detail.companyName
              ? [{ key: "company", label: "企业名称", children: detail.companyName }]
              : []),
            { key: "signer", label: "签约人", children: detail.signer },
            { key: "contact", label: "手机号", children: detail.contact },
            {
              key: "id",
              label: "身份证号",
              children: detail.hasIdCard ? (
                <Space>
                  <span data-testid="order-id-card">{revealed[detail.id] ?? detail.idCardMasked}</span>
                  {!revealed[detail.id] && (
                    <Button size="small" icon={<EyeOutlined />} onClick={() => reveal(detail)}>
                      查看完整号码
                    </Button>
                  )}
                </Space>
              ) : (
                "—"
              ),
            },
            { key: "payer", label: "付款人/方", children: detail.payer },
            { key: "qty", label: "份数", children: detail.quantity },
            { key: "price", label: "单价", children: yuan(detail.unitPrice) },
            { key: "total", label: "金额", children: yuan(detail.total) },
            ...(detail.shopName || detail.shopId
              ? [
                  {
                    key: "shop",
                    label: "店铺",
                    children: `${detail.shopName ?? ""} ${detail.shopId ?? ""}`,
                  },
                ]
              : []),
            { key: "created", label: "下单时间", children: formatDateTime(detail.createdAt) },
            { key: "paid", label: "支付时间", children: formatDateTime(detail.paidAt) || "—" },
            { key: "trade", label: "支付流水号", children: detail.tradeNo ?? "—" },
          ]
        }
      >
        {detail && (
          <>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              问卷回答
            </Typography.Title>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={detail.answers.map((a, i) => ({
                key: String(i),
                label: a.title || `问题 ${a.questionId}`,
                children: a.answer,
              }))}
            />
            <Space style={{ marginTop: 16 }}>
              <span>修改状态：</span>
              <Select
                value={detail.status}
                options={ORDER_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
                onChange={(v) => changeStatus(detail, v)}
                style={{ width: 120 }}
                aria-label="订单状态"
              />
            </Space>
          </>
        )}
      </RecordDrawer>
    </Card>
  );
}
