import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Input, Popconfirm, Select, Space, Switch, Table, Tag } from "antd";
import { Link } from "react-router";
import { type AdminArticleRow, ARTICLE_STATUSES } from "../../../contract/admin";
import { AdminArticleRowSchema } from "../../../contract/answers";
import type { Route } from "./+types/articles";
import { formatDateTime, NO_STORE, useApi } from "./api";
import { useColumnsAndTags } from "./options";
import { listPagination, useFilters, usePagedList } from "./records";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "文章 - 编辑后台" }];
}

export default function Articles() {
  const api = useApi();
  const { message } = App.useApp();
  const { params, set } = useFilters();
  const { columns, tags, searchTags } = useColumnsAndTags();
  const query = params.toString();

  const { data, loading, reload: load } = usePagedList("/api/admin/articles", query, AdminArticleRowSchema);

  const setFilter = (key: string, value: string | number | undefined | null) => set({ [key]: value });
  const num = (k: string) => (params.get(k) ? Number(params.get(k)) : undefined);

  async function toggleHot(row: AdminArticleRow, hot: boolean) {
    try {
      await api("PUT", `/api/admin/articles/${row.id}/hot`, { hot });
      message.success(hot ? "已设为热点" : "已取消热点");
      void load();
    } catch (err) {
      message.error((err as Error).message);
    }
  }
  /** A scheduled article published now, or turned back into a draft. */
  async function scheduled(row: AdminArticleRow, action: "publish-now" | "unschedule") {
    try {
      await api("POST", `/api/admin/articles/${row.id}/${action}`);
      message.success(action === "publish-now" ? "已发布" : "已取消定时，文章转为草稿");
      void load();
    } catch (err) {
      message.error((err as Error).message);
    }
  }
  async function remove(row: AdminArticleRow) {
    try {
      await api("DELETE", `/api/admin/articles/${row.id}`);
      message.success("已删除");
      void load();
    } catch (err) {
      message.error((err as Error).message);
    }
  }

  return (
    <Card
      title="文章"
      extra={
        <Link to="/admin/articles/new">
          <Button type="primary" icon={<PlusOutlined />}>
            写文章
          </Button>
        </Link>
      }
    >
      <Space wrap className="console-filters">
        <Input.Search
          placeholder="搜索标题"
          allowClear
          defaultValue={params.get("q") ?? ""}
          onSearch={(v) => setFilter("q", v.trim())}
          style={{ width: 220 }}
          aria-label="搜索标题"
        />
        <Select
          placeholder="栏目"
          allowClear
          value={num("columnId")}
          options={columns}
          onChange={(v) => setFilter("columnId", v)}
          style={{ width: 140 }}
          aria-label="栏目"
        />
        <Select
          placeholder="标签"
          allowClear
          showSearch={{ filterOption: false, onSearch: (q) => void searchTags(q) }}
          value={num("tagId")}
          options={tags}
          onChange={(v) => setFilter("tagId", v)}
          style={{ width: 160 }}
          aria-label="标签"
        />
        <Select
          placeholder="状态"
          allowClear
          value={params.get("status") ?? undefined}
          options={ARTICLE_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(v) => setFilter("status", v)}
          style={{ width: 120 }}
          aria-label="状态"
        />
        <Select
          placeholder="热点"
          allowClear
          value={params.get("hot") ?? undefined}
          options={[
            { value: "1", label: "热点" },
            { value: "0", label: "非热点" },
          ]}
          onChange={(v) => setFilter("hot", v)}
          style={{ width: 110 }}
          aria-label="热点"
        />
      </Space>
      <Table<AdminArticleRow>
        rowKey="id"
        loading={loading}
        dataSource={data?.items ?? []}
        scroll={{ x: 1200 }}
        pagination={listPagination(data, set, "篇")}
        columns={[
          {
            title: "封面",
            dataIndex: "thumb",
            width: 96,
            render: (src: string) => (src ? <img src={src} alt="" className="console-thumb" /> : null),
          },
          {
            title: "标题",
            dataIndex: "title",
            width: 280,
            render: (t: string, r) => (
              <Link to={`/admin/articles/${r.id}`} className="console-title-link">
                {t}
              </Link>
            ),
          },
          { title: "栏目", dataIndex: "columnName", width: 100 },
          {
            title: "标签",
            dataIndex: "tags",
            width: 180,
            render: (ts: AdminArticleRow["tags"]) => ts.map((t) => <Tag key={t.tagId}>{t.tagName}</Tag>),
          },
          {
            title: "状态",
            dataIndex: "status",
            width: 90,
            render: (s: AdminArticleRow["status"], r) =>
              s === "published" ? (
                <Tag color="green">已发布</Tag>
              ) : s === "scheduled" ? (
                <Tag color="blue" title={`将于 ${formatDateTime(r.createdAt)} 发布`}>
                  定时发布
                </Tag>
              ) : (
                <Tag color="default">草稿</Tag>
              ),
          },
          {
            title: "热点",
            dataIndex: "hot",
            width: 70,
            render: (hot: boolean, r) => (
              <Switch
                size="small"
                checked={hot}
                onChange={(v) => toggleHot(r, v)}
                aria-label={`热点：${r.title}`}
              />
            ),
          },
          { title: "阅读", dataIndex: "viewCount", width: 70, align: "right" },
          { title: "发布时间", dataIndex: "createdAt", width: 150, render: formatDateTime },
          {
            title: "操作",
            key: "ops",
            width: 290,
            render: (_v, r) => (
              <Space size={4}>
                <Link to={`/admin/articles/${r.id}`}>编辑</Link>
                {r.status === "scheduled" && (
                  <>
                    <Popconfirm title="现在就发布这篇文章？" onConfirm={() => scheduled(r, "publish-now")}>
                      <Button type="link" size="small">
                        立即发布
                      </Button>
                    </Popconfirm>
                    <Button type="link" size="small" onClick={() => scheduled(r, "unschedule")}>
                      取消定时
                    </Button>
                  </>
                )}
                {r.status === "published" && (
                  <a href={`/articledetail/${r.id}`} target="_blank" rel="noreferrer">
                    查看
                  </a>
                )}
                <Popconfirm title="删除这篇文章？" description="删除后无法恢复。" onConfirm={() => remove(r)}>
                  <Button type="link" danger size="small">
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
