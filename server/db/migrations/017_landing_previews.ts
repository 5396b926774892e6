import { type Kysely, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

/**
 * Preview links of landing pages (docs/product.md, "Previews"): a link opens an article or a
 * landing page, so `article_id` may be null and `landing_page_id` names the page; exactly one of
 * the two is set. The page's column is no foreign key: backups copy preview_links before
 * landing_pages (TABLE_ORDER), and pages are never deleted (a link whose page is gone opens nothing).
 * SQLite cannot drop a NOT NULL: its table is rebuilt, in one transaction.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`ALTER TABLE preview_links ALTER COLUMN article_id DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE preview_links ADD COLUMN landing_page_id integer`.execute(db);
    await sql`ALTER TABLE preview_links ADD CONSTRAINT preview_links_one_subject
      CHECK ((article_id IS NULL) <> (landing_page_id IS NULL))`.execute(db);
  } else {
    const { time } = columnTypes(dialect);
    await db.transaction().execute(async (tx) => {
      await tx.schema
        .createTable("preview_links_new")
        .addColumn("id", "varchar(64)", (c) => c.primaryKey())
        .addColumn("article_id", "integer", (c) => c.references("articles.id").onDelete("cascade"))
        .addColumn("landing_page_id", "integer")
        .addColumn("created_by", "varchar(50)", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .addColumn("revoked_at", time)
        .addCheckConstraint(
          "preview_links_one_subject",
          sql`(article_id IS NULL) <> (landing_page_id IS NULL)`,
        )
        .execute();
      await sql`INSERT INTO preview_links_new (id, article_id, created_by, created_at, expires_at, revoked_at)
        SELECT id, article_id, created_by, created_at, expires_at, revoked_at FROM preview_links`.execute(tx);
      await tx.schema.dropTable("preview_links").execute();
      await tx.schema.alterTable("preview_links_new").renameTo("preview_links").execute();
      await tx.schema.createIndex("preview_links_article").on("preview_links").column("article_id").execute();
    });
  }
  await db.schema
    .createIndex("preview_links_landing_page")
    .on("preview_links")
    .column("landing_page_id")
    .execute();
}
