import type { Kysely } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

/**
 * The editors' console: accounts, sessions kept in the database (so any instance can check them),
 * the audit log, and daily search statistics (keyword, searches, searches that found nothing).
 * Article view counts live on articles.view_count already; an index serves the most-read list.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const { time, bool, no, withId } = columnTypes(dialect);

  await db.schema
    .createTable("admin_users")
    .$call(withId)
    .addColumn("username", "varchar(50)", (c) => c.notNull().unique())
    .addColumn("display_name", "varchar(50)", (c) => c.notNull().defaultTo(""))
    .addColumn("password_hash", "varchar(300)", (c) => c.notNull())
    .addColumn("role", "varchar(20)", (c) => c.notNull())
    .addColumn("disabled", bool, (c) => c.notNull().defaultTo(no))
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .addColumn("last_login_at", time)
    .execute();

  await db.schema
    .createTable("admin_sessions")
    // SHA-256 of the cookie's token: a copy of the table does not sign anyone in
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("csrf_token", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("last_seen_at", time, (c) => c.notNull())
    .addColumn("expires_at", time, (c) => c.notNull())
    .addColumn("ip_hash", "varchar(64)")
    .execute();
  await db.schema.createIndex("admin_sessions_user").on("admin_sessions").column("user_id").execute();
  await db.schema.createIndex("admin_sessions_expires").on("admin_sessions").column("expires_at").execute();

  await db.schema
    .createTable("audit_log")
    .$call(withId)
    .addColumn("user_id", "integer")
    .addColumn("username", "varchar(50)", (c) => c.notNull())
    .addColumn("action", "varchar(40)", (c) => c.notNull())
    .addColumn("entity", "varchar(40)", (c) => c.notNull())
    .addColumn("entity_id", "varchar(100)")
    .addColumn("summary", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("ip_hash", "varchar(64)")
    .addColumn("created_at", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_entity").on("audit_log").columns(["entity", "entity_id"]).execute();

  await db.schema
    .createTable("search_log")
    // Beijing date YYYY-MM-DD: one row per day and normalised keyword
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("keyword", "varchar(100)", (c) => c.notNull())
    .addColumn("searches", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("zero_results", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_result_count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("search_log_pk", ["day", "keyword"])
    .execute();

  await db.schema.createIndex("articles_views").on("articles").columns(["view_count", "id"]).execute();
  await db.schema.createIndex("mcn_leads_created").on("mcn_leads").columns(["created_at", "id"]).execute();
}
