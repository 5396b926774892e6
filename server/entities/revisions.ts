import { type Insertable, type Kysely, sql } from "kysely";
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

/** The revision tables, and the column naming what each revision belongs to. */
const OWNER = { article_revisions: "article_id", landing_page_revisions: "page_id" } as const;
type RevisionTable = keyof typeof OWNER;

/**
 * Keeps a revision (inside the save's transaction) and drops the oldest of the same article or page
 * beyond MAX_REVISIONS. Articles and landing pages keep theirs this way.
 */
export async function keepRevision<T extends RevisionTable>(
  tx: Kysely<DB>,
  table: T,
  row: Insertable<DB[T]>,
): Promise<void> {
  await tx
    .insertInto(table)
    .values(row as never)
    .execute();
  const owner = sql.ref(OWNER[table]);
  const of = (row as Record<string, unknown>)[OWNER[table]] as number;
  await sql`DELETE FROM ${sql.table(table)} WHERE ${owner} = ${of} AND id < (
      SELECT id FROM ${sql.table(table)} WHERE ${owner} = ${of} ORDER BY id DESC LIMIT 1 OFFSET ${MAX_REVISIONS - 1}
    )`.execute(tx);
}

/** Keeps a revision of an article (inside the save's transaction). */
export async function recordRevision(tx: Kysely<DB>, r: RevisionInput): Promise<void> {
  await keepRevision(tx, "article_revisions", {
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
  });
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
