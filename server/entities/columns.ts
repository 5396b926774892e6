import { type Kysely, sql } from "kysely";
import type { Column, Tag } from "../../contract/entities";
import { CONSOLE_RESOURCES } from "../../contract/resources";
import type { DB } from "../db/schema";
import { notFound } from "../services/errors";
import { toColumn } from "../services/rows";
import { type AnyDb, now, type ResourceDef, type Row, refuseWhileUsed, resource } from "./crud";

/** What the public site reads of columns and tags (the content service offers them with its own). */
export function columnReads(db: Kysely<DB>) {
  /** Tags that name a published article. */
  const publicTagRows = () =>
    db
      .selectFrom("tags")
      .selectAll()
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("article_tags as at")
            .innerJoin("articles as a", "a.id", "at.article_id")
            .select("at.article_id")
            .whereRef("at.tag_id", "=", "tags.id")
            .where("a.status", "=", sql.lit("published")),
        ),
      );
  return {
    async columns(): Promise<Column[]> {
      const rows = await db.selectFrom("columns").selectAll().orderBy("sort_order").orderBy("id").execute();
      return rows.map(toColumn);
    },
    /** A tag the public may see: one that names a published article (a draft's tags stay private). */
    async tag(tagId: number): Promise<Tag> {
      const r = await publicTagRows().where("id", "=", tagId).executeTakeFirst();
      if (!r) throw notFound("标签");
      return { tagId: r.id, tagName: r.name };
    },
    /** Every tag the public may see, in id order (the store's warmer walks their lists). */
    async publicTags(): Promise<Tag[]> {
      const rows = await publicTagRows().orderBy("id").execute();
      return rows.map((r) => ({ tagId: r.id, tagName: r.name }));
    },
  };
}

async function countBy(
  db: AnyDb,
  table: string,
  column: string,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = (await db
    .selectFrom(table)
    .select([column, (eb) => eb.fn.countAll<number>().as("n")])
    .where(column, "in", ids)
    .groupBy(column)
    .execute()) as Row[];
  return new Map(rows.map((r) => [Number(r[column]), Number(r.n)]));
}

/** Adds `articles`: how many rows of `table` point at each row through `column` (columns, tags). */
function withArticleCounts(table: string, column: string) {
  return async (db: AnyDb, rows: Row[]): Promise<Row[]> => {
    const counts = await countBy(
      db,
      table,
      column,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => ({ ...r, articles: counts.get(Number(r.id)) ?? 0 }));
  };
}

/** Columns and tags in the console (their public reads are the content service's: articles.ts). */
export const COLUMN_RESOURCES: ResourceDef[] = [
  resource({
    ...CONSOLE_RESOURCES.columns,
    table: "columns",
    idMode: "next",
    toRow: (i) => ({ name: i.name, sort_order: i.sortOrder }),
    insertDefaults: () => ({ created_at: now() }),
    fromRow: (r) => ({ id: r.id, name: r.name, sortOrder: r.sort_order }),
    orderBy: [
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    search: ["name"],
    sortColumn: "sort_order",
    summary: (i) => String(i.name ?? ""),
    beforeDelete: refuseWhileUsed("articles", "column_id", "该栏目下还有文章，请先移走或删除这些文章"),
    decorate: withArticleCounts("articles", "column_id"),
  }),
  resource({
    ...CONSOLE_RESOURCES.tags,
    table: "tags",
    idMode: "auto",
    toRow: (i) => ({ name: i.name }),
    fromRow: (r) => ({ id: r.id, name: r.name }),
    orderBy: [["id", "desc"]],
    search: ["name"],
    unique: { column: "name", message: "标签已存在" },
    summary: (i) => String(i.name ?? ""),
    decorate: withArticleCounts("article_tags", "tag_id"),
  }),
];
