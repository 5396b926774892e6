import type { Kysely } from "kysely";
import { LANDING_SEED } from "../../seed/landing";
import { columnTypes, type Dialect } from "../dialect";

/**
 * Landing pages as rows (docs/product.md, "Landing pages"): each page's path (as written, and its
 * lower-case key, unique: the lookup ignores case), name, texts for search engines and the WeChat
 * share card, frame, status (draft, scheduled, published, offline) with the time a scheduled page
 * goes public, and its sections as JSON text (validated by contract/landing.ts on every write). The
 * version counts saves (a save from an older one is refused); every save keeps its whole page as a
 * revision. The pages the site had as code (server/seed/landing) are inserted, published, so a new
 * and an existing site both start with every one of them, once.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const { time, identity } = columnTypes(dialect);
  await db.schema
    .createTable("landing_pages")
    .addColumn("id", "integer", identity)
    .addColumn("path", "varchar(200)", (c) => c.notNull())
    .addColumn("path_key", "varchar(200)", (c) => c.notNull())
    .addColumn("name", "varchar(60)", (c) => c.notNull())
    .addColumn("seo_title", "varchar(200)", (c) => c.notNull())
    .addColumn("seo_description", "varchar(400)", (c) => c.notNull())
    .addColumn("share_title", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("share_description", "varchar(400)", (c) => c.notNull().defaultTo(""))
    .addColumn("share_image", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("layout", "varchar(20)", (c) => c.notNull().defaultTo("landing"))
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("publish_at", time)
    .addColumn("sections", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_by", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("landing_pages_path").on("landing_pages").column("path_key").unique().execute();
  await db.schema
    .createIndex("landing_pages_status")
    .on("landing_pages")
    .columns(["status", "publish_at"])
    .execute();

  await db.schema
    .createTable("landing_page_revisions")
    .addColumn("id", "integer", identity)
    .addColumn("page_id", "integer", (c) => c.notNull().references("landing_pages.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("page", "text", (c) => c.notNull())
    .addColumn("saved_by", "varchar(100)", (c) => c.notNull())
    .addColumn("saved_at", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("landing_page_revisions_page")
    .on("landing_page_revisions")
    .columns(["page_id", "id"])
    .execute();

  const now = new Date().toISOString();
  const seed = db as unknown as Kysely<{
    landing_pages: Record<string, string | number | null>;
  }>;
  for (const p of LANDING_SEED) {
    await seed
      .insertInto("landing_pages")
      .values({
        path: p.path,
        path_key: p.path.toLowerCase(),
        name: p.name,
        seo_title: p.title,
        seo_description: p.description,
        share_title: p.shareTitle ?? "",
        share_description: p.shareDescription ?? "",
        share_image: p.shareImage ?? "",
        layout: p.layout ?? "landing",
        status: "published",
        publish_at: null,
        sections: JSON.stringify(p.sections),
        version: 1,
        created_by: "system",
        created_at: now,
        updated_by: "system",
        updated_at: now,
      })
      .execute();
  }
}
