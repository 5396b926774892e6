import type { Kysely } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

/**
 * Bringing an archive in (docs/product.md, "Import"): what articles keep of where they came from,
 * the old addresses that answer 301 to them, the items already imported (a re-run adds nothing and
 * updates what changed) and the import jobs the console follows.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const { time, bool, no, identity } = columnTypes(dialect);

  // The old slug (WordPress's post_name, decoded), unique where set; the original's address; the
  // article's WeChat (公众号) link.
  await db.schema.alterTable("articles").addColumn("slug", "varchar(200)").execute();
  await db.schema
    .alterTable("articles")
    .addColumn("source_url", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("articles")
    .addColumn("wechat_url", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("articles_slug").on("articles").column("slug").unique().execute();

  // An old address (path, and for `/?p=ID` the query parameters that select it) and where it goes:
  // an article (its URL follows the article) or a path of the site.
  await db.schema
    .createTable("redirects")
    .addColumn("id", "integer", identity)
    .addColumn("path", "varchar(1000)", (c) => c.notNull())
    .addColumn("query", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("article_id", "integer", (c) => c.references("articles.id").onDelete("cascade"))
    .addColumn("target", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("origin", "varchar(20)", (c) => c.notNull())
    .addColumn("site", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("redirects_old").on("redirects").columns(["path", "query"]).unique().execute();
  await db.schema.createIndex("redirects_article").on("redirects").column("article_id").execute();

  await db.schema
    .createTable("import_jobs")
    .addColumn("id", "integer", identity)
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("dry_run", bool, (c) => c.notNull().defaultTo(no))
    .addColumn("file_name", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("file_path", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("file_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("site", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("site_title", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("options", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("analysis", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unchanged", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("report", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("error", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("started_at", time)
    .addColumn("finished_at", time)
    .addColumn("heartbeat_at", time)
    .execute();
  await db.schema.createIndex("import_jobs_status").on("import_jobs").columns(["status", "id"]).execute();

  // One row per source item ever imported, keyed on its site and its id there.
  await db.schema
    .createTable("import_items")
    .addColumn("site", "varchar(200)", (c) => c.notNull())
    .addColumn("source_id", "varchar(200)", (c) => c.notNull())
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("article_id", "integer", (c) => c.references("articles.id").onDelete("set null"))
    .addColumn("hash", "varchar(64)", (c) => c.notNull())
    .addColumn("article_version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("job_id", "integer")
    .addColumn("imported_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .addPrimaryKeyConstraint("import_items_pk", ["site", "source_id"])
    .execute();
  await db.schema.createIndex("import_items_article").on("import_items").column("article_id").execute();
}
