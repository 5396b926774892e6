import type { Kysely } from "kysely";
import { MAX_REVISIONS, type Revision, type RevisionRow } from "../../contract/revisions";
import type { DB } from "../db/schema";
import { AppError } from "../services/errors";

/** What one save stored, as the revision keeps it. */
export interface RevisionInput {
  articleId: number;
  version: number;
  title: string;
  intro: string;
  content: string;
  thumb: string;
  columnId: number;
  tags: string[];
  status: "published" | "scheduled" | "draft";
  publishedAt: string;
  savedBy: string;
}

/** Keeps a revision (inside the save's transaction) and drops the oldest beyond MAX_REVISIONS. */
export async function recordRevision(tx: Kysely<DB>, r: RevisionInput): Promise<void> {
  await tx
    .insertInto("article_revisions")
    .values({
      article_id: r.articleId,
      version: r.version,
      title: r.title,
      intro: r.intro,
      content: r.content,
      thumb: r.thumb,
      column_id: r.columnId,
      tags: JSON.stringify(r.tags),
      status: r.status,
      published_at: r.publishedAt,
      saved_by: r.savedBy,
      saved_at: new Date().toISOString(),
    })
    .execute();
  const keep = await tx
    .selectFrom("article_revisions")
    .select("id")
    .where("article_id", "=", r.articleId)
    .orderBy("id", "desc")
    .offset(MAX_REVISIONS - 1)
    .limit(1)
    .executeTakeFirst();
  if (keep)
    await tx
      .deleteFrom("article_revisions")
      .where("article_id", "=", r.articleId)
      .where("id", "<", keep.id)
      .execute();
}

const rowColumns = [
  "id",
  "article_id",
  "version",
  "title",
  "status",
  "published_at",
  "saved_by",
  "saved_at",
] as const;

type RowShape = {
  id: number;
  article_id: number;
  version: number;
  title: string;
  status: "published" | "scheduled" | "draft";
  published_at: string;
  saved_by: string;
  saved_at: string;
};

const toRow = (r: RowShape): RevisionRow => ({
  id: r.id,
  articleId: r.article_id,
  version: Number(r.version),
  title: r.title,
  status: r.status,
  publishedAt: r.published_at,
  savedBy: r.saved_by,
  savedAt: r.saved_at,
});

/** Reading an article's revisions (the editor's 版本历史). */
export function createRevisionService(db: Kysely<DB>) {
  return {
    /** Newest first, without bodies. */
    async list(articleId: number): Promise<RevisionRow[]> {
      const article = await db
        .selectFrom("articles")
        .select("id")
        .where("id", "=", articleId)
        .executeTakeFirst();
      if (!article) throw new AppError(404, "文章不存在");
      const rows = await db
        .selectFrom("article_revisions")
        .select(rowColumns)
        .where("article_id", "=", articleId)
        .orderBy("id", "desc")
        .execute();
      return rows.map(toRow);
    },
    async get(articleId: number, revisionId: number): Promise<Revision> {
      const r = await db
        .selectFrom("article_revisions")
        .selectAll()
        .where("article_id", "=", articleId)
        .where("id", "=", revisionId)
        .executeTakeFirst();
      if (!r) throw new AppError(404, "版本不存在");
      let tags: string[] = [];
      try {
        tags = JSON.parse(r.tags);
      } catch {
        tags = [];
      }
      return {
        ...toRow(r),
        intro: r.intro,
        content: r.content,
        thumb: r.thumb,
        columnId: Number(r.column_id),
        tags,
      };
    },
  };
}

export type RevisionService = ReturnType<typeof createRevisionService>;
