import { App, Button, Checkbox, Drawer, Empty, List, Popconfirm, Space, Tag, Typography } from "antd";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { ARTICLE_STATUS_LABEL } from "../../../contract/admin";
import type { Revision } from "../../../contract/revisions";
import { formatDateTime, useApi, useShowApiError } from "./api";
import { bodyLines, diffLines, fieldChanges } from "./revision-diff";

/**
 * What two versions are compared on: short fields shown as before → after (labelled by a
 * DiffSpec), and the long part as lines (an article's body, a landing page's sections).
 */
export interface Comparable {
  fields: Record<string, string>;
  lines: string[];
}

/** How one kind of content is compared: its fields' labels and what its lines are called. */
export interface DiffSpec {
  labels: Record<string, string>;
  linesLabel: string;
}

/** An article (a revision, or the editor's form) as a Comparable. */
export type ArticleVersion = Pick<
  Revision,
  "title" | "intro" | "content" | "thumb" | "columnId" | "tags" | "status" | "publishedAt"
>;

export const ARTICLE_DIFF: DiffSpec = {
  labels: {
    title: "标题",
    intro: "摘要",
    tags: "标签",
    column: "栏目",
    thumb: "封面图",
    status: "状态",
    publishedAt: "发布时间",
  },
  linesLabel: "正文",
};

export const articleComparable = (r: ArticleVersion, columnName: (id: number) => string): Comparable => ({
  fields: {
    title: r.title,
    intro: r.intro,
    tags: r.tags.join("、"),
    column: columnName(r.columnId),
    thumb: r.thumb,
    status: ARTICLE_STATUS_LABEL[r.status],
    publishedAt: formatDateTime(r.publishedAt),
  },
  lines: bodyLines(r.content),
});

/** Two versions: the fields that changed as before → after, the long part as a line diff. */
export function DiffView({
  before,
  after,
  spec,
  heading,
}: {
  before: Comparable;
  after: Comparable;
  spec: DiffSpec;
  heading: string;
}) {
  const changes = fieldChanges(before.fields, after.fields, spec.labels);
  const lines = diffLines(before.lines, after.lines);
  const linesChanged = lines.some((l) => l.kind !== "same");
  return (
    <div className="revision-diff" data-testid="revision-diff">
      <Typography.Paragraph type="secondary">{heading}</Typography.Paragraph>
      {changes.length === 0 && !linesChanged && <Typography.Text>两个版本内容相同</Typography.Text>}
      {changes.map((c) => (
        <div key={c.label} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{c.label}：</Typography.Text>
          <del style={{ background: "#fff1f0" }}>{c.before || "（空）"}</del>
          {" → "}
          <ins style={{ background: "#f6ffed", textDecoration: "none" }}>{c.after || "（空）"}</ins>
        </div>
      ))}
      {linesChanged && (
        <div>
          <Typography.Text strong>{spec.linesLabel}：</Typography.Text>
          {lines.map((l, i) => (
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

/** What every revision row has, whatever it is a revision of. */
interface RevisionRowBase {
  id: number;
  version: number;
  savedBy: string;
  savedAt: string;
}

/**
 * 版本历史 (docs/product.md, "Revisions") of an article or a landing page: every save with who and
 * when; pick two to see what changed; restore one as a new save. `base` is the revisions endpoint
 * (`…/:id/revisions`); `describe` adds a row's status and title; `compare` reads a full revision.
 */
export function RevisionHistory<R extends RevisionRowBase, F, T>({
  base,
  version,
  rowSchema,
  revisionSchema,
  describe,
  compare,
  spec,
  restoreBody = {},
  restoreNote,
  block = true,
  restoredSchema,
  onRestored,
  onRestoreFailed,
}: {
  base: string;
  /** the version on screen: the list is read again when a save makes a new one */
  version: number;
  rowSchema: z.ZodType<R>;
  revisionSchema: z.ZodType<F>;
  describe: (row: R) => ReactNode;
  compare: (revision: F) => Comparable;
  spec: DiffSpec;
  restoreBody?: unknown;
  /** said besides the restore question (what else a restore does) */
  restoreNote?: string;
  /** the 版本历史 button fills its column (a side panel) or sits in a toolbar */
  block?: boolean;
  restoredSchema: z.ZodType<T>;
  onRestored: (restored: T) => void;
  /** a refused restore (a 409 with someone else's version, say); by default its message is shown */
  onRestoreFailed?: (err: unknown) => void;
}) {
  const api = useApi();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<R[]>([]);
  const [picked, setPicked] = useState<number[]>([]);
  const [pair, setPair] = useState<[R, F, R, F] | null>(null);
  const rowsSchema = z.array(rowSchema);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the schema is read, not watched
  const load = useCallback(async () => {
    try {
      setRows(await api("GET", base, undefined, rowsSchema));
    } catch (err) {
      showApiError(err);
    }
  }, [api, base, message]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when a save made a new version
  useEffect(() => {
    if (open) void load();
  }, [open, load, version]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: rows and schema are read, not watched
  useEffect(() => {
    if (picked.length !== 2) return setPair(null);
    const [a, b] = [...picked].sort((x, y) => x - y) as [number, number];
    const rowOf = (id: number) => rows.find((r) => r.id === id);
    Promise.all([
      api("GET", `${base}/${a}`, undefined, revisionSchema),
      api("GET", `${base}/${b}`, undefined, revisionSchema),
    ])
      .then(([older, newer]) => {
        const [ra, rb] = [rowOf(a), rowOf(b)];
        if (ra && rb) setPair([ra, older, rb, newer]);
      })
      .catch(showApiError);
  }, [picked, api, base, message]);

  function toggle(id: number, on: boolean) {
    setPicked((p) => (on ? [...p.filter((x) => x !== id), id].slice(-2) : p.filter((x) => x !== id)));
  }

  async function restore(r: R) {
    try {
      const restored = await api("POST", `${base}/${r.id}/restore`, restoreBody, restoredSchema);
      message.success(`已恢复版本 ${r.version}`);
      onRestored(restored);
      setPicked([]);
      void load();
    } catch (err) {
      if (onRestoreFailed) onRestoreFailed(err);
      else showApiError(err);
    }
  }

  return (
    <>
      <Button block={block} onClick={() => setOpen(true)}>
        版本历史
      </Button>
      <Drawer title="版本历史" open={open} onClose={() => setOpen(false)} size={720}>
        <Typography.Paragraph type="secondary">
          勾选两个版本查看差异；最多保留最近 50 个版本。
        </Typography.Paragraph>
        {pair && (
          <DiffView
            before={compare(pair[1])}
            after={compare(pair[3])}
            spec={spec}
            heading={`版本 ${pair[0].version} → 版本 ${pair[2].version}`}
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
                    description={restoreNote}
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
                  {describe(r)}
                </Space>
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </>
  );
}
