import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { Logger } from "../../logger";
import { settledChanges } from "./rows";

/**
 * The PUBLISHJOBFINISH event (server/api/wechat.ts, signature checked): the job waiting for that
 * publish is settled at once, whichever instance holds it; its runner then finds it settled.
 */
export async function publishEvent(
  db: Kysely<DB>,
  logger: Logger,
  event: { publishId: string; status: number; urls: string[]; failIdx: number[] },
): Promise<boolean> {
  const job = await db
    .selectFrom("wechat_sync_jobs")
    .selectAll()
    .where("publish_id", "=", event.publishId)
    .where("state", "=", "pending")
    .where("step", "=", "status")
    .executeTakeFirst();
  if (!job) return false;
  const changes = settledChanges(event);
  if (!changes) return false;
  const r = await db
    .updateTable("wechat_sync_jobs")
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where("id", "=", job.id)
    .where("state", "=", "pending")
    .executeTakeFirst();
  logger.info({ jobId: job.id, status: event.status }, "wechat publish event taken");
  return Number(r.numUpdatedRows) > 0;
}
