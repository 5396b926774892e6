import { type Kysely, sql } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

/**
 * 同步到公众号 (docs/product.md, "WeChat sync").
 *
 * `wechat_sync_jobs`: one row per sync of an article, walking through its steps (pictures, cover,
 * draft, submit, status). Each step's result is stored before the next starts, and the row is
 * claimed under a lease (claimed_until, claim_token) by whichever instance runs it, so a killed
 * instance's sync resumes on another without a second draft or publish. At most one sync of an
 * article is pending at a time.
 *
 * `wechat_media`: every picture uploaded to the 公众号, by the SHA-256 of the bytes the site holds,
 * so a sync uploads nothing that an earlier one already did.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const { time, bool, no, identity } = columnTypes(dialect);
  await db.schema
    .createTable("wechat_sync_jobs")
    .addColumn("id", "integer", identity)
    .addColumn("article_id", "integer", (c) => c.notNull())
    .addColumn("app_id", "varchar(64)", (c) => c.notNull())
    .addColumn("action", "varchar(16)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("step", "varchar(16)", (c) => c.notNull())
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("pictures", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("thumb_media_id", "varchar(200)")
    .addColumn("draft_media_id", "varchar(200)")
    .addColumn("updated_draft", bool, (c) => c.notNull().defaultTo(no))
    .addColumn("draft_started_at", time)
    .addColumn("submit_started_at", time)
    .addColumn("publish_id", "varchar(100)")
    .addColumn("publish_status", "integer")
    .addColumn("article_url", "varchar(1000)")
    .addColumn("error_code", "integer")
    .addColumn("error", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("polls", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", time, (c) => c.notNull())
    .addColumn("claimed_until", time)
    .addColumn("claim_token", "varchar(40)")
    .addColumn("created_by", "varchar(50)", (c) => c.notNull())
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .addColumn("finished_at", time)
    .execute();
  await sql`CREATE UNIQUE INDEX wechat_sync_jobs_pending ON wechat_sync_jobs (article_id) WHERE state = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex("wechat_sync_jobs_due")
    .on("wechat_sync_jobs")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("wechat_sync_jobs_article")
    .on("wechat_sync_jobs")
    .columns(["article_id", "id"])
    .execute();
  await db.schema
    .createIndex("wechat_sync_jobs_publish")
    .on("wechat_sync_jobs")
    .column("publish_id")
    .execute();

  await db.schema
    .createTable("wechat_media")
    .addColumn("id", "integer", identity)
    .addColumn("app_id", "varchar(64)", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("source_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("url", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("media_id", "varchar(200)")
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("created_at", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("wechat_media_source")
    .on("wechat_media")
    .columns(["app_id", "kind", "source_hash"])
    .unique()
    .execute();
}
