import { App, Button, Checkbox, Drawer, Empty, List, Popconfirm, Space, Tag, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { type AdminArticle, ARTICLE_STATUS_LABEL } from "../../../contract/admin";
import { type SavedArticle, SavedArticleSchema } from "../../../contract/answers";
import {
  type Revision,
  type RevisionRow,
  RevisionRowSchema,
  RevisionSchema,
} from "../../../contract/revisions";
import { formatDateTime, useApi } from "./api";
import { bodyLines, diffLines, fieldChanges } from "./revision-diff";

const FIELDS = {
  title: "标题",
  intro: "摘要",
  tags: "标签",
  column: "栏目",
  thumb: "封面图",
  status: "状态",
  publishedAt: "发布时间",
};

/** What two versions are compared on (a revision, or an article and the editor's unsaved form). */
export type Comparable = Pick<
  Revision,
  "title" | "intro" | "content" | "thumb" | "columnId" | "tags" | "status" | "publishedAt"
>;

const flat = (r: Comparable, columnName: (id: number) => string) => ({
  title: r.title,
  intro: r.intro,
  tags: r.tags.join("、"),
  column: columnName(r.columnId),
  thumb: r.thumb,
  status: ARTICLE_STATUS_LABEL[r.status],
  publishedAt: formatDateTime(r.publishedAt),
});

/** Two versions: the fields that changed as before → after, the body as a line diff. */
export function DiffView({
  before,
  after,
  columnName,
  heading,
}: {
  before: Comparable;
  after: Comparable;
  columnName: (id: number) => string;
  heading: string;
}) {
  const changes = fieldChanges(flat(before, columnName), flat(after, columnName), FIELDS);
  const body = diffLines(bodyLines(before.content), bodyLines(after.content));
  const bodyChanged = body.some((l) => l.kind !== "same");
  return (
    <div className="revision-diff" data-testid="revision-diff">
      <Typography.Paragraph type="secondary">{heading}</Typography.Paragraph>
      {changes.length === 0 && !bodyChanged && <Typography.Text>两个版本内容相同</Typography.Text>}
      {changes.map((c) => (
        <div key={c.label} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{c.label}：</Typography.Text>
          <del style={{ background: "#fff1f0" }}>{c.before || "（空）"}</del>
          {" → "}
          <ins style={{ background: "#f6ffed", textDecoration: "none" }}>{c.after || "（空）"}</ins>
        </div>
      ))}
      {bodyChanged && (
        <div>
          <Typography.Text strong>正文：</Typography.Text>
          {body.map((l, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines have no identity but their place
              key={i}
              style={{
                whiteSpace: "pre-wrap",
                background: l.kind === "added" ? "#f6ffed" : l.kind === "removed" ? "#fff1f0" : undefined,
                textDecoration: l.kind === "removed" ? "line-through" : undefined,
                color: l.kind === "same" ? "#888" : undefined,
              }}
            >
              {l.kind === "added" ? "+ " : l.kind === "removed" ? "- " : "  "}
              {l.text}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The article's 版本历史 (docs/product.md, "Revisions"): every save with who and when; pick two to
 * see what changed; restore one as a new save.
 */
export function RevisionHistory({
  article,
  columns,
  onRestored,
}: {
  article: AdminArticle;
  columns: { value: number; label: string }[];
  onRestored: (a: SavedArticle) => void;
}) {
  const api = useApi();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<RevisionRow[]>([]);
  const [picked, setPicked] = useState<number[]>([]);
  const [pair, setPair] = useState<[Revision, Revision] | null>(null);
  const base = `/api/admin/articles/${article.id}/revisions`;
  const columnName = (id: number) => columns.find((c) => c.value === id)?.label ?? `#${id}`;

  const load = useCallback(async () => {
    try {
      setRows(await api("GET", base, undefined, z.array(RevisionRowSchema)));
    } catch (err) {
      message.error((err as Error).message);
    }
  }, [api, base, message]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when a save made a new version
  useEffect(() => {
    if (open) void load();
  }, [open, load, article.version]);

  useEffect(() => {
    if (picked.length !== 2) return setPair(null);
    const [a, b] = [...picked].sort((x, y) => x - y);
    Promise.all([
      api("GET", `${base}/${a}`, undefined, RevisionSchema),
      api("GET", `${base}/${b}`, undefined, RevisionSchema),
    ])
      .then(([older, newer]) => setPair([older, newer]))
      .catch((err: Error) => message.error(err.message));
  }, [picked, api, base, message]);

  function toggle(id: number, on: boolean) {
    setPicked((p) => (on ? [...p.filter((x) => x !== id), id].slice(-2) : p.filter((x) => x !== id)));
  }

  async function restore(r: RevisionRow) {
    try {
      const a = await api("POST", `${base}/${r.id}/restore`, {}, SavedArticleSchema);
      message.success(`已恢复版本 ${r.version}`);
      onRestored(a);
      setPicked([]);
      void load();
    } catch (err) {
      message.error((err as Error).message);
    }
  }

  return (
    <>
      <Button block onClick={() => setOpen(true)}>
        版本历史
      </Button>
      <Drawer title="版本历史" open={open} onClose={() => setOpen(false)} size={720}>
        <Typography.Paragraph type="secondary">
          勾选两个版本查看差异；最多保留最近 50 个版本。
        </Typography.Paragraph>
        {pair && (
          <DiffView
            before={pair[0]}
            after={pair[1]}
            columnName={columnName}
            heading={`版本 ${pair[0].version} → 版本 ${pair[1].version}`}
          />
        )}
        {rows.length === 0 ? (
          <Empty description="暂无版本" />
        ) : (
          <List
            size="small"
            dataSource={rows}
            renderItem={(r) => (
              <List.Item
                actions={[
                  <Popconfirm
                    key="restore"
                    title={`恢复版本 ${r.version}？当前内容会作为新版本保存`}
                    onConfirm={() => restore(r)}
                  >
                    <Button size="small">恢复此版本</Button>
                  </Popconfirm>,
                ]}
              >
                <Space>
                  <Checkbox
                    checked={picked.includes(r.id)}
                    onChange={(e) => toggle(r.id, e.target.checked)}
                    aria-label={`选择版本 ${r.version}`}
                  />
                  <Tag>版本 {r.version}</Tag>
                  <span>{r.savedBy}</span>
                  <span>{formatDateTime(r.savedAt)}</span>
                  <Tag>{ARTICLE_STATUS_LABEL[r.status]}</Tag>
                  <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                    {r.title}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </>
  );
}
