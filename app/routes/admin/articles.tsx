import { PlusOutlined } from "@ant-design/icons";
import { Button, Card, Input, Popconfirm, Space, Switch, Table, Tag } from "antd";
import { Link } from "react-router";
import { type AdminArticleRow, ARTICLE_STATUSES } from "../../../contract/admin";
import { AdminArticleRowSchema } from "../../../contract/answers";
import type { Route } from "./+types/articles";
import { formatDateTime, NO_STORE, useApi } from "./api";
import { useApiChange } from "./data";
import { useColumnsAndTags } from "./options";
import { FilterSelect, listPagination, useFilters, usePagedList } from "./records";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "文章 - 编辑后台" }];
}

const HOT = [
  { value: "1", label: "热点" },
  { value: "0", label: "非热点" },
];

export default function Articles() {
  const api = useApi();
  const { change } = useApiChange();
  const { params, filters, set } = useFilters();
  const { columns, tags, searchTags } = useColumnsAndTags();
  const query = params.toString();

  const { data, loading, reload: load } = usePagedList("/api/admin/articles", query, AdminArticleRowSchema);

  /** Runs a change of one article; once it succeeds, shows `done` and reads the list again. */
  async function changeArticle(run: () => Promise<unknown>, done: string) {
    if (await change(run, done)) void load();
  }
  const toggleHot = (row: AdminArticleRow, hot: boolean) =>
    changeArticle(
      () => api("PUT", `/api/admin/articles/${row.id}/hot`, { hot }),
      hot ? "已设为热点" : "已取消热点",
    );
  /** A scheduled article published now, or turned back into a draft. */
  const scheduled = (row: AdminArticleRow, action: "publish-now" | "unschedule") =>
    changeArticle(
      () => api("POST", `/api/admin/articles/${row.id}/${action}`),
      action === "publish-now" ? "已发布" : "已取消定时，文章转为草稿",
    );
  const remove = (row: AdminArticleRow) =>
    changeArticle(() => api("DELETE", `/api/admin/articles/${row.id}`), "已删除");

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
          defaultValue={filters.q ?? ""}
          onSearch={(v) => set({ q: v.trim() })}
          style={{ width: 220 }}
          aria-label="搜索标题"
        />
        <FilterSelect
          label="栏目"
          value={filters.columnId}
          options={columns}
          onChange={(v) => set({ columnId: v })}
          width={140}
        />
        <FilterSelect
          label="标签"
          value={filters.tagId}
          options={tags}
          onChange={(v) => set({ tagId: v })}
          onSearch={(q) => void searchTags(q)}
          width={160}
        />
        <FilterSelect
          label="状态"
          value={filters.status}
          options={ARTICLE_STATUSES}
          onChange={(v) => set({ status: v })}
          width={120}
        />
        <FilterSelect
          label="热点"
          value={filters.hot}
          options={HOT}
          onChange={(v) => set({ hot: v })}
          width={110}
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
