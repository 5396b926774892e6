import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import {
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
} from "antd";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ProductFormSchema, QUESTION_TYPES } from "../../../contract/admin";
import { AdminProductDetailSchema, type AdminQuestion } from "../../../contract/answers";
import type { Route } from "./+types/product-edit";
import { NO_STORE, useApi, useHydrated, zodRule } from "./api";
import { checkedValues, useApiChange, useApiGet } from "./data";
import { ProductFields } from "./ProductFields";
import { RichTextEditor } from "./RichTextEditor";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "编辑产品 - 编辑后台" }];
}

type Question = AdminQuestion;

const typeLabel = (t: string) => QUESTION_TYPES.find((q) => q.value === t)?.label ?? t;

/** One product: name, price (yuan), agreement HTML, and its sign-up questions with their options. */
export default function ProductEdit() {
  const { id } = useParams();
  const api = useApi();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [qForm] = Form.useForm();
  // Each reading of the product (the first and the one after every change) fills its form.
  const { data: product, reload } = useApiGet(`/api/admin/products/${id}`, AdminProductDetailSchema, (p) =>
    form.setFieldsValue({
      name: p.name,
      price: p.price,
      requiresAgreement: p.requiresAgreement,
      contractHtml: p.contractHtml,
    }),
  );
  // The product form's save (its button spins while it runs), and the page's other changes.
  const { busy: saving, change: changeProduct } = useApiChange();
  const { change } = useApiChange();
  const [editing, setEditing] = useState<Question | "new" | null>(null);
  const qType = Form.useWatch("type", qForm) as string | undefined;

  async function saveProduct(v: Record<string, unknown>) {
    const saved = await changeProduct(
      () => api("PUT", `/api/admin/products/${id}`, { ...v, id: Number(id) }),
      "产品已保存",
    );
    if (saved) void reload();
  }

  async function removeProduct() {
    if (await change(() => api("DELETE", `/api/admin/products/${id}`), "产品已删除"))
      navigate("/admin/products");
  }

  function openQuestion(q: Question | "new") {
    qForm.resetFields();
    qForm.setFieldsValue(
      q === "new"
        ? { type: "INPUT", required: false, sortOrder: (product?.questions.length ?? 0) + 1, options: [] }
        : q,
    );
    setEditing(q);
  }

  async function saveQuestion() {
    const v = await checkedValues(qForm);
    if (!v) return;
    const saved = await change(async () => {
      if (editing === "new") await api("POST", `/api/admin/products/${id}/questions`, v);
      else if (editing) await api("PUT", `/api/admin/products/${id}/questions/${editing.id}`, v);
    }, "问题已保存");
    if (!saved) return;
    setEditing(null);
    void reload();
  }

  async function removeQuestion(q: Question) {
    if (await change(() => api("DELETE", `/api/admin/products/${id}/questions/${q.id}`), "问题已删除"))
      void reload();
  }

  if (!product) {
    return (
      <Card title="编辑产品">
        <Spin />
      </Card>
    );
  }
  const choice = qType !== undefined && qType !== "INPUT" && qType !== "TEXTAREA";

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Card
        title={`产品 ${product.id}`}
        extra={
          <Space>
            <a href={`/tzyx/zebra/product/${product.id}`} target="_blank" rel="noreferrer">
              打开报名页
            </a>
            <Link to="/admin/products">返回列表</Link>
          </Space>
        }
      >
        <Form form={form} layout="vertical" onFinish={saveProduct}>
          <ProductFields priceExtra="以分为单位保存" />
          <Form.Item label="协议内容" name="contractHtml" rules={zodRule(ProductFormSchema, "contractHtml")}>
            <RichTextEditor placeholder="协议内容" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存产品
            </Button>
            <Popconfirm
              title="删除这个产品？"
              description="已有订单的产品不能删除。"
              onConfirm={removeProduct}
            >
              <Button danger>删除产品</Button>
            </Popconfirm>
          </Space>
        </Form>
      </Card>
      <Card
        title="报名问题"
        extra={
          <Button icon={<PlusOutlined />} onClick={() => openQuestion("new")}>
            新增问题
          </Button>
        }
      >
        <Table<Question>
          rowKey="id"
          dataSource={product.questions}
          pagination={false}
          scroll={{ x: 720 }}
          columns={[
            { title: "排序", dataIndex: "sortOrder", width: 60 },
            { title: "问题", dataIndex: "title" },
            { title: "题型", dataIndex: "type", width: 120, render: typeLabel },
            { title: "必填", dataIndex: "required", width: 60, render: (r: boolean) => (r ? "是" : "否") },
            {
              title: "选项",
              dataIndex: "options",
              render: (os: Question["options"]) => os.map((o) => <Tag key={o.title}>{o.title}</Tag>),
            },
            {
              title: "操作",
              key: "ops",
              width: 130,
              render: (_v, q) =>
                q.productId === null ? (
                  <Tag>{q.hidden ? "表单自动填写" : "公共问题"}</Tag>
                ) : (
                  <Space size={2}>
                    <Button type="link" size="small" onClick={() => openQuestion(q)}>
                      编辑
                    </Button>
                    <Popconfirm title="删除这个问题？" onConfirm={() => removeQuestion(q)}>
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      {hydrated && (
        <Modal
          open={editing !== null}
          title={editing === "new" ? "新增问题" : "编辑问题"}
          onCancel={() => setEditing(null)}
          onOk={saveQuestion}
          okText="保存"
          forceRender
          width={640}
        >
          <Form form={qForm} layout="vertical">
            <Form.Item
              label="问题标题"
              name="title"
              required
              rules={[{ required: true, message: "请输入问题标题" }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item label="显示标题" name="showTitle" extra="为空时显示问题标题">
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              label="字段名"
              name="field"
              required
              rules={[
                {
                  pattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/,
                  required: true,
                  message: "字段名为字母开头的字母、数字或下划线",
                },
              ]}
            >
              <Input />
            </Form.Item>
            <Space size={24} wrap>
              <Form.Item label="题型" name="type" required>
                <Select
                  options={QUESTION_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                  style={{ width: 180 }}
                />
              </Form.Item>
              <Form.Item label="必填" name="required" valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item label="排序" name="sortOrder">
                <InputNumber min={0} precision={0} />
              </Form.Item>
            </Space>
            {choice && (
              <Form.List
                name="options"
                rules={[
                  {
                    validator: async (_r, v) => {
                      if (!v || v.length === 0) throw new Error("选择题至少需要一个选项");
                    },
                  },
                ]}
              >
                {(fields, { add, remove }, { errors }) => (
                  <>
                    {fields.map((f) => (
                      <Space key={f.key} align="baseline">
                        <Form.Item
                          name={[f.name, "title"]}
                          rules={[{ required: true, message: "请输入选项" }]}
                        >
                          <Input placeholder="选项" style={{ width: 280 }} />
                        </Form.Item>
                        {qType === "CHECKBOX_INPUT" && (
                          <Form.Item name={[f.name, "hasInput"]} valuePropName="checked">
                            <Checkbox>可填写</Checkbox>
                          </Form.Item>
                        )}
                        <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除选项" />
                      </Space>
                    ))}
                    <Button
                      type="dashed"
                      onClick={() => add({ title: "", hasInput: false })}
                      icon={<PlusOutlined />}
                    >
                      添加选项
                    </Button>
                    <Form.ErrorList errors={errors} />
                  </>
                )}
              </Form.List>
            )}
          </Form>
        </Modal>
      )}
    </Space>
  );
}
