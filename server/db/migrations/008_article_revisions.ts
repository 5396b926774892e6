import { type Kysely, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

/**
 * Article revisions (docs/product.md, "Revisions"): what each save stored — title, intro, body,
 * cover, column, tags (a JSON array of names), status and publish time — with who saved it and when;
 * and the article's version, counted up by every save (a save from an older version is refused).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const { time, identity } = columnTypes(dialect);
  await db.schema
    .alterTable("articles")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("article_revisions")
    .addColumn("id", "integer", identity)
    .addColumn("article_id", "integer", (c) => c.notNull().references("articles.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("intro", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("thumb", "text", (c) => c.notNull())
    .addColumn("column_id", "integer", (c) => c.notNull())
    .addColumn("tags", "text", (c) => c.notNull().defaultTo(sql`'[]'`))
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("published_at", time, (c) => c.notNull())
    .addColumn("saved_by", "varchar(50)", (c) => c.notNull())
    .addColumn("saved_at", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("article_revisions_article")
    .on("article_revisions")
    .columns(["article_id", "id"])
    .execute();
}
