import { App, Button, Card, Form, Input, Popconfirm, Select, Table } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { fieldError } from "../../../contract/field-error";
import { RedirectFormSchema, type RedirectRow, RedirectRowSchema } from "../../../contract/imports";
import type { Route } from "./+types/redirects";
import { ApiError, apiErrorText, formatDateTime, NO_STORE, useApi, useShowApiError } from "./api";
import { listPagination, useFilters, usePagedList } from "./records";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "旧地址跳转 - 编辑后台" }];
}

/**
 * 系统 › 旧地址跳转: the old addresses that answer 301, imported or an editor's, searched and filtered
 * by origin; an editor adds and deletes them (docs/product.md "Old addresses").
 */
export default function Redirects() {
  const api = useApi();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const { filters, set } = useFilters();
  const query = new URLSearchParams(filters).toString();
  const { data, loading, reload } = usePagedList("/api/admin/redirects", query, RedirectRowSchema);
  const [form] = Form.useForm<{ from: string; to: string }>();
  const [saving, setSaving] = useState(false);

  async function add(v: { from: string; to: string }) {
    const to = (v.to ?? "").trim();
    setSaving(true);
    try {
      await api(
        "POST",
        "/api/admin/redirects",
        /^\d+$/.test(to) ? { from: v.from, articleId: Number(to) } : { from: v.from, target: to },
        RedirectRowSchema,
      );
      message.success("已添加跳转");
      form.resetFields();
      void reload();
    } catch (err) {
      // A refusal about one field is shown beside it (the server names the field).
      const field = err instanceof ApiError ? (err.data as { field?: unknown } | null)?.field : undefined;
      if (field === "from" || field === "target")
        form.setFields([{ name: field === "from" ? "from" : "to", errors: [apiErrorText(err)] }]);
      else showApiError(err);
    } finally {
      setSaving(false);
    }
  }

  async function remove(r: RedirectRow) {
    try {
      await api("DELETE", `/api/admin/redirects/${r.id}`, undefined, RedirectRowSchema);
      message.success("已删除跳转");
      void reload();
    } catch (err) {
      showApiError(err);
    }
  }

  return (
    <Card title="旧地址跳转">
      <Form
        form={form}
        layout="inline"
        onFinish={add}
        className="redirect-form"
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="from" rules={[{ required: true, message: "请填写旧地址" }]}>
          <Input
            placeholder="旧地址，如 /html/2019/0101/123.html"
            style={{ width: 320 }}
            aria-label="旧地址"
          />
        </Form.Item>
        <Form.Item
          name="to"
          rules={[
            { required: true, message: "请填写跳转目标" },
            {
              // An article id, or a target the server would take (the form's own schema says which).
              validator: (_r, value: string | undefined) => {
                const text = (value ?? "").trim();
                const problem = /^\d*$/.test(text) ? null : fieldError(RedirectFormSchema.shape.target, text);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder="文章 ID，或本站路径 /newlist/5" style={{ width: 260 }} aria-label="跳转目标" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          添加跳转
        </Button>
      </Form>
      <div className="console-filters">
        <Input.Search
          placeholder="搜索旧地址"
          allowClear
          defaultValue={filters.q}
          onSearch={(q) => set({ q })}
          style={{ width: 240 }}
          aria-label="搜索旧地址"
        />{" "}
        <Select
          allowClear
          placeholder="来源"
          style={{ width: 140 }}
          value={filters.origin}
          onChange={(v) => set({ origin: v })}
          options={[
            { value: "import", label: "导入" },
            { value: "editor", label: "编辑添加" },
          ]}
          aria-label="来源"
        />
      </div>
      <Table<RedirectRow>
        className="redirect-list"
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data?.items ?? []}
        pagination={listPagination(data, set)}
        scroll={{ x: 960 }}
        columns={[
          {
            title: "旧地址",
            key: "from",
            ellipsis: true,
            render: (_v, r) => (r.query ? `${r.path}?${r.query}` : r.path),
          },
          {
            title: "跳转到",
            key: "to",
            ellipsis: true,
            render: (_v, r) =>
              r.articleId ? (
                <Link to={`/admin/articles/${r.articleId}`}>{r.articleTitle ?? r.target}</Link>
              ) : (
                r.target
              ),
          },
          {
            title: "来源",
            dataIndex: "origin",
            width: 140,
            render: (o: RedirectRow["origin"], r) =>
              o === "import" ? `导入 ${r.site}` : `编辑 ${r.createdBy}`,
          },
          { title: "添加时间", dataIndex: "createdAt", width: 150, render: formatDateTime },
          {
            title: "操作",
            key: "ops",
            width: 80,
            render: (_v, r) => (
              <Popconfirm title="删除这条跳转？" okText="删除" cancelText="取消" onConfirm={() => remove(r)}>
                <Button size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
