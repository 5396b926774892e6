import type { Kysely, Selectable } from "kysely";
import type { WechatJob } from "../../../contract/wechat";
import type { DB, WechatSyncJobTable } from "../../db/schema";
import type { PublishStatus } from "../../wechat/client";
import { PUBLISH_STATUS_MESSAGES } from "../../wechat/errors";
import { bool } from "../rows";

/** A sync's row (wechat_sync_jobs), what the console, the steps and the publish event share. */

/** The article as a job sends it, fixed when the sync starts. */
export interface JobPayload {
  title: string;
  author: string;
  digest: string;
  /** converted (toWechatHtml), with the site's picture addresses */
  content: string;
  /** 阅读原文: the article's public URL ("" without PUBLIC_URL) */
  sourceUrl: string;
  cover: string;
  openComment: boolean;
  fansOnlyComment: boolean;
  pictures: string[];
}

export type JobRow = Selectable<WechatSyncJobTable>;
export type Changes = Partial<Omit<JobRow, "id">>;

/** A job as the console shows it. */
export const toJob = (r: JobRow): WechatJob => {
  const payload = JSON.parse(r.payload) as JobPayload;
  const pictures = JSON.parse(r.pictures) as Record<string, string>;
  return {
    id: Number(r.id),
    articleId: Number(r.article_id),
    title: r.title,
    action: r.action,
    state: r.state,
    step: r.step,
    pictures: {
      done: payload.pictures.filter((p) => pictures[p]).length,
      total: payload.pictures.length,
    },
    updatedDraft: bool(r.updated_draft),
    draftMediaId: r.draft_media_id,
    publishId: r.publish_id,
    articleUrl: r.article_url,
    errorCode: r.error_code === null ? null : Number(r.error_code),
    error: r.error,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
    nextAttemptAt: r.next_attempt_at,
  };
};

/**
 * The article's draft in the draft box, made by an earlier sync of this account and not published
 * since: a sync updates it (draft/update) rather than making another.
 */
export async function reusableDraft(
  db: Kysely<DB>,
  appId: string,
  articleId: number,
  before?: number,
): Promise<string | null> {
  const r = await db
    .selectFrom("wechat_sync_jobs")
    .select(["draft_media_id", "publish_status"])
    .where("article_id", "=", articleId)
    .where("app_id", "=", appId)
    .where("draft_media_id", "is not", null)
    .$if(before !== undefined, (q) => q.where("id", "<", before!))
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!r || r.publish_status === 0) return null;
  return r.draft_media_id;
}

/** What a settled publish status changes (null while WeChat is still publishing). */
export function settledChanges(s: Pick<PublishStatus, "status" | "urls" | "failIdx">): Changes | null {
  const at = new Date().toISOString();
  if (s.status === 0)
    return {
      state: "done",
      step: "done",
      publish_status: 0,
      article_url: s.urls[0] || null,
      error: "",
      error_code: null,
      finished_at: at,
    };
  if (s.status === 1) return null;
  const message =
    PUBLISH_STATUS_MESSAGES[s.status] ?? `公众号返回了未知的发布状态 ${s.status}，请到公众号后台查看`;
  return {
    state: "failed",
    publish_status: s.status,
    error: `${message}${s.failIdx.length ? `（第 ${s.failIdx.join("、")} 篇）` : ""}`.slice(0, 500),
    error_code: null,
    finished_at: at,
  };
}
