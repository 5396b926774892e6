import { Card, Select, Table, Tag } from "antd";
import { useEffect, useState } from "react";
import { type AdminLead, LEAD_STATUSES } from "../../../contract/admin";
import { AdminLeadSchema, itemsOf, LeadSourcePageSchema } from "../../../contract/answers";
import type { Route } from "./+types/leads";
import { formatDateTime, NO_STORE, useApi } from "./api";
import { detailColumn, FilterSelect, RecordDrawer, RecordToolbar, useRecords } from "./records";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "MCN 线索 - 编辑后台" }];
}

const FORMS = [
  { value: "business", label: "商家合作" },
  { value: "expert", label: "达人合作" },
];
const STATUS_COLOR = { new: "orange", contacted: "blue", closed: "default" } as const;

export default function Leads() {
  const { filters, set, data, loading, pagination, detail, setDetail, setStatus } = useRecords(
    "/api/admin/leads",
    AdminLeadSchema,
  );

  // The pages leads came from (landing pages by their name), for the 来源页面 filter.
  const api = useApi();
  const [pages, setPages] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    api("GET", "/api/admin/leads/source-pages", undefined, itemsOf(LeadSourcePageSchema))
      .then((r) =>
        setPages(
          r.items.map((p) => ({
            value: p.page,
            label: `${p.name ? `${p.name} ` : ""}${p.page}（${p.leads}）`,
          })),
        ),
      )
      .catch(() => {});
  }, [api]);

  const statusSelect = (lead: AdminLead) => (
    <Select
      size="small"
      value={lead.status}
      options={LEAD_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
      onChange={(v) => setStatus(lead, v)}
      style={{ width: 96 }}
      aria-label={`线索 ${lead.id} 状态`}
    />
  );

  return (
    <Card title="MCN 线索">
      <RecordToolbar exportPath="/api/admin/leads/export" fileName="MCN线索" placeholder="姓名、电话或品牌">
        <FilterSelect label="类型" value={filters.form} options={FORMS} onChange={(v) => set({ form: v })} />
        <FilterSelect
          label="状态"
          value={filters.status}
          options={LEAD_STATUSES}
          onChange={(v) => set({ status: v })}
        />
        <Select
          placeholder="来源页面"
          aria-label="来源页面"
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          value={filters.sourcePage}
          options={pages}
          onChange={(v: string | undefined) => set({ sourcePage: v ?? undefined })}
          popupMatchSelectWidth={false}
          style={{ width: 220 }}
        />
      </RecordToolbar>
      <Table<AdminLead>
        rowKey="id"
        loading={loading}
        dataSource={data?.items ?? []}
        scroll={{ x: 900 }}
        onRow={(r) => ({ onDoubleClick: () => setDetail(r) })}
        pagination={pagination}
        columns={[
          { title: "提交时间", dataIndex: "createdAt", width: 150, render: formatDateTime },
          {
            title: "类型",
            dataIndex: "form",
            width: 96,
            render: (f: string) => (
              <Tag color={f === "business" ? "volcano" : "geekblue"}>
                {f === "business" ? "商家合作" : "达人合作"}
              </Tag>
            ),
          },
          { title: "姓名/联系人", dataIndex: "name", width: 120 },
          { title: "电话", dataIndex: "phone", width: 130 },
          {
            title: "品牌 / 渠道",
            key: "what",
            render: (_v, r) =>
              r.form === "business" ? `${r.brand ?? ""}（${r.role ?? ""}）` : (r.channelNickname ?? ""),
          },
          {
            title: "来源页面",
            dataIndex: "sourcePage",
            width: 180,
            ellipsis: true,
            render: (p: string | null) => p ?? "",
          },
          {
            title: "状态",
            dataIndex: "status",
            width: 110,
            render: (_s, r) => statusSelect(r),
          },
          detailColumn<AdminLead>("lead", setDetail),
        ]}
      />
      <RecordDrawer
        title={`线索 #${detail?.id ?? ""}`}
        size={520}
        onClose={() => setDetail(null)}
        items={
          detail && [
            { key: "form", label: "类型", children: detail.form === "business" ? "商家合作" : "达人合作" },
            { key: "name", label: "姓名/联系人", children: detail.name },
            { key: "phone", label: "电话", children: <a href={`tel:${detail.phone}`}>{detail.phone}</a> },
            ...(detail.form === "business"
              ? [
                  { key: "brand", label: "品牌", children: detail.brand },
                  { key: "role", label: "角色", children: detail.role },
                ]
              : [
                  { key: "nick", label: "主渠道昵称", children: detail.channelNickname },
                  {
                    key: "link",
                    label: "主渠道链接",
                    children: detail.channelLink ? (
                      <a href={detail.channelLink} target="_blank" rel="noreferrer noopener">
                        {detail.channelLink}
                      </a>
                    ) : null,
                  },
                  {
                    key: "pic",
                    label: "身份证复印件",
                    children: detail.idCopyPic ? (
                      <a href={`/api/admin/leads/${detail.id}/id-copy`} target="_blank" rel="noreferrer">
                        <img
                          src={`/api/admin/leads/${detail.id}/id-copy`}
                          alt="身份证复印件"
                          className="console-doc-pic"
                        />
                      </a>
                    ) : (
                      "未上传"
                    ),
                  },
                ]),
            {
              key: "status",
              label: "状态",
              children: (
                <>
                  <Tag color={STATUS_COLOR[detail.status]}>
                    {LEAD_STATUSES.find((s) => s.value === detail.status)?.label}
                  </Tag>
                  {statusSelect(detail)}
                </>
              ),
            },
            { key: "time", label: "提交时间", children: formatDateTime(detail.createdAt) },
            { key: "source", label: "来源页面", children: detail.sourcePage },
            {
              key: "ua",
              label: "浏览器",
              children: <span className="console-small">{detail.userAgent}</span>,
            },
          ]
        }
      />
    </Card>
  );
}
