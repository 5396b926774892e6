import { Alert, Button, Empty, Pagination, Space, Table, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { pagedOf } from "../../../../contract/answers";
import {
  type ImportJob,
  ImportJobSchema,
  WECHAT_ACCOUNT_PAGE_SIZE,
  WECHAT_MAX_URLS,
  type WechatAccountArticle,
  WechatAccountArticleSchema,
} from "../../../../contract/imports";
import { apiErrorText, formatDateTime, useApi, useShowApiError } from "../api";

const PublishedPageSchema = pagedOf(WechatAccountArticleSchema);

/**
 * 从公众号选择: the 公众号's published articles (read with the site's credentials), page by page,
 * with checkboxes kept across pages and 导入所选.
 */
export function WechatAccountPicker({
  columnId,
  onStarted,
}: {
  columnId: number | undefined;
  onStarted: (j: ImportJob) => void;
}) {
  const api = useApi();
  const showApiError = useShowApiError();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: WechatAccountArticle[]; total: number } | null>(null);
  const [error, setError] = useState("");
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Map<string, WechatAccountArticle>>(new Map());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api(
      "GET",
      `/api/admin/imports/wechat/published?page=${page}&pageSize=${WECHAT_ACCOUNT_PAGE_SIZE}`,
      undefined,
      PublishedPageSchema,
    )
      .then((d) => {
        if (!live) return;
        setData(d);
        setError("");
      })
      .catch((err: unknown) => live && setError(apiErrorText(err)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, page]);

  async function importChosen() {
    setBusy(true);
    try {
      const articles = [...chosen.values()].map((a) => ({ articleId: a.articleId, idx: a.idx }));
      onStarted(
        await api("POST", "/api/admin/imports/wechat/published", { articles, columnId }, ImportJobSchema),
      );
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
    }
  }

  if (error && !data) return <Alert type="warning" showIcon message={error} style={{ maxWidth: 760 }} />;
  const rows = data?.items ?? [];
  return (
    <div className="wechat-account-picker" style={{ maxWidth: 960 }}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Table<WechatAccountArticle>
        size="small"
        rowKey="key"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description="公众号还没有发表过文章" /> }}
        rowSelection={{
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          getCheckboxProps: (r) => ({
            disabled: r.deleted || r.syncedFrom !== null,
            "aria-label": `选择：${r.title}`,
          }),
          onChange: (_keys, _rows, info) => {
            // One row or the page's box: the page's rows are set, the other pages' stay chosen.
            const next = new Map(chosen);
            const picked = new Set(_keys.map(String));
            for (const r of rows) {
              if (picked.has(r.key)) next.set(r.key, r);
              else next.delete(r.key);
            }
            if (info.type === "none") next.clear();
            setChosen(next);
          },
        }}
        columns={[
          {
            title: "标题",
            key: "title",
            render: (_v, r) => (
              <Space size={6} wrap>
                <a href={r.url} target="_blank" rel="noreferrer noopener">
                  {r.title || "（无标题）"}
                </a>
                {r.idx > 1 && <Tag>多图文第 {r.idx} 篇</Tag>}
              </Space>
            ),
          },
          { title: "作者", dataIndex: "author", width: 120, ellipsis: true },
          {
            title: "发表时间",
            dataIndex: "publishedAt",
            width: 150,
            render: (v: string | null) => (v ? formatDateTime(v) : "—"),
          },
          {
            title: "本站",
            key: "imported",
            width: 150,
            render: (_v, r) =>
              r.deleted ? (
                <Tag>已在公众号删除</Tag>
              ) : r.syncedFrom !== null ? (
                <Link to={`/admin/articles/${r.syncedFrom}`}>
                  <Tag color="blue">本站同步</Tag>
                </Link>
              ) : r.imported ? (
                r.imported.articleId ? (
                  <Link to={`/admin/articles/${r.imported.articleId}`}>
                    <Tag color="green">已导入</Tag>
                  </Link>
                ) : (
                  <Tag color="orange">已导入（本站已删除）</Tag>
                )
              ) : (
                <Tag>未导入</Tag>
              ),
          },
        ]}
      />
      <Space style={{ marginTop: 12, width: "100%", justifyContent: "space-between" }} wrap>
        <Space>
          <Button
            type="primary"
            onClick={importChosen}
            loading={busy}
            disabled={chosen.size === 0 || chosen.size > WECHAT_MAX_URLS}
          >
            导入所选{chosen.size ? `（${chosen.size} 篇）` : ""}
          </Button>
          {chosen.size > WECHAT_MAX_URLS && (
            <Typography.Text type="danger">一次最多导入 {WECHAT_MAX_URLS} 篇</Typography.Text>
          )}
          {chosen.size > 0 && (
            <Button type="link" onClick={() => setChosen(new Map())}>
              清除选择
            </Button>
          )}
        </Space>
        <Pagination
          size="small"
          current={page}
          pageSize={WECHAT_ACCOUNT_PAGE_SIZE}
          total={data?.total ?? 0}
          onChange={setPage}
          showSizeChanger={false}
          showTotal={(t) => `共 ${t} 次发表`}
        />
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        所选文章导入为草稿：标题、作者、摘要、发表时间、封面和正文，图片全部转存到本站，并保留公众号文章链接。已导入的文章再次导入不会重复。
      </Typography.Paragraph>
    </div>
  );
}
