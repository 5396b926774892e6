import { type Kysely, sql } from "kysely";

/**
 * Article view counts move out of the articles table into a narrow table of their own
 * (docs/architecture.md, "Data", view counts). The counts are added every few seconds for every article
 * read in that window (thousands on a busy site): an article row with its body, and the index on
 * its count, made each added count rewrite pages of the articles table and grow the write-ahead log,
 * which the render threads' reads then search. A row here is two integers: about a quarter of the
 * work per count, and a few pages for thousands of them.
 *
 * An article's row appears with its first counted read and goes with the article.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("article_views")
    .addColumn("article_id", "integer", (c) => c.primaryKey().references("articles.id").onDelete("cascade"))
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO article_views (article_id, views) SELECT id, view_count FROM articles WHERE view_count > 0`.execute(
    db,
  );
  await db.schema.dropIndex("articles_views").execute();
  await db.schema.alterTable("articles").dropColumn("view_count").execute();
}
