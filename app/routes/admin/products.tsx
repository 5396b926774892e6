import { PlusOutlined } from "@ant-design/icons";
import { Button, Card, Form, InputNumber, Modal, Table, Tag } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ProductFormSchema } from "../../../contract/admin";
import type { AdminProduct } from "../../../contract/answers";
import { AdminProductSchema, itemsOf } from "../../../contract/answers";
import type { Route } from "./+types/products";
import { NO_STORE, useApi, useHydrated, yuan, zodRule } from "./api";
import { checkedValues, useApiChange, useApiGet } from "./data";
import { ProductFields } from "./ProductFields";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "报名产品 - 编辑后台" }];
}

/** A product as the console lists it. */
export type ProductRow = AdminProduct;

const PRODUCTS = itemsOf(AdminProductSchema);

/** Sign-up products: the list and the creation of a new one (details on its own page). */
export default function Products() {
  const api = useApi();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { change } = useApiChange();
  const [form] = Form.useForm();
  const { data } = useApiGet("/api/admin/products", PRODUCTS);
  const [open, setOpen] = useState(false);

  async function create() {
    const v = await checkedValues(form);
    if (!v) return;
    await change(async () => {
      const p = await api("POST", "/api/admin/products", { ...v, contractHtml: "" }, AdminProductSchema);
      setOpen(false);
      navigate(`/admin/products/${p.id}`);
    }, "产品已创建");
  }

  return (
    <Card
      title="报名产品"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            form.resetFields();
            form.setFieldsValue({ requiresAgreement: true });
            setOpen(true);
          }}
        >
          新增产品
        </Button>
      }
    >
      <Table<ProductRow>
        rowKey="id"
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          { title: "编号", dataIndex: "id", width: 80 },
          {
            title: "名称",
            dataIndex: "name",
            render: (n: string, r) => <Link to={`/admin/products/${r.id}`}>{n}</Link>,
          },
          { title: "价格", dataIndex: "price", width: 120, align: "right", render: (p: number) => yuan(p) },
          {
            title: "协议",
            dataIndex: "requiresAgreement",
            width: 100,
            render: (r: boolean) => (r ? <Tag color="blue">需勾选</Tag> : <Tag>无需</Tag>),
          },
          { title: "订单", dataIndex: "orders", width: 80, align: "right" },
          {
            title: "报名页",
            key: "page",
            width: 120,
            render: (_v, r) => (
              <a href={`/tzyx/zebra/product/${r.id}`} target="_blank" rel="noreferrer">
                打开
              </a>
            ),
          },
        ]}
      />
      {hydrated && (
        <Modal
          open={open}
          title="新增产品"
          onCancel={() => setOpen(false)}
          onOk={create}
          okText="创建"
          forceRender
        >
          <Form form={form} layout="vertical">
            <Form.Item
              label="产品编号"
              name="id"
              required
              rules={zodRule(ProductFormSchema, "id")}
              extra="报名页地址中的数字，创建后不能修改"
            >
              <InputNumber min={1} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <ProductFields />
          </Form>
        </Modal>
      )}
    </Card>
  );
}
