import type { Kysely } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

/**
 * Preview links of unpublished articles (docs/product.md, "Previews"): the SHA-256 of each link's
 * token (a copy of the table opens nothing), its article, who made it, until when it opens, and
 * whether it was revoked.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const { time } = columnTypes(dialect);
  await db.schema
    .createTable("preview_links")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("article_id", "integer", (c) => c.notNull().references("articles.id").onDelete("cascade"))
    .addColumn("created_by", "varchar(50)", (c) => c.notNull())
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("expires_at", time, (c) => c.notNull())
    .addColumn("revoked_at", time)
    .execute();
  await db.schema.createIndex("preview_links_article").on("preview_links").column("article_id").execute();
}
