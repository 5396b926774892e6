import { type Kysely, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

/**
 * The search-engine push queue and its log (docs/product.md, "Search engine push"): one row per
 * article URL and engine (Baidu link submission, IndexNow), its state, how often it was sent, when it
 * is due next, what the engine last answered, and the lease of the instance sending it. At most one
 * queued row (pending or waiting for quota) per engine and URL: a second publish merges into it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const { time, identity } = columnTypes(dialect);
  await db.schema
    .createTable("search_pushes")
    .addColumn("id", "integer", identity)
    .addColumn("engine", "varchar(16)", (c) => c.notNull())
    .addColumn("url", "varchar(1000)", (c) => c.notNull())
    .addColumn("article_id", "integer")
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", time, (c) => c.notNull())
    .addColumn("claimed_until", time)
    .addColumn("last_status_code", "integer")
    .addColumn("last_answer", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX search_pushes_queued ON search_pushes (engine, url) WHERE status IN ('pending', 'quota')`.execute(
    db,
  );
  await db.schema
    .createIndex("search_pushes_due")
    .on("search_pushes")
    .columns(["status", "next_attempt_at"])
    .execute();
}
