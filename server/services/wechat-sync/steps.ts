import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { WECHAT_LIMITS, WECHAT_MESSAGES } from "../../../contract/wechat";
import type { DB, WechatMediaTable } from "../../db/schema";
import { nth, retryAt } from "../../jobs/backoff";
import type { Logger } from "../../logger";
import type { DraftArticle, WechatClient } from "../../wechat/client";
import { contentLength, replacePictures } from "../../wechat/convert";
import { WechatError } from "../../wechat/errors";
import { bodyPicture, coverThumb, loadPicture, PictureError } from "../../wechat/pictures";
import { AppError } from "../errors";
import { type Changes, type JobPayload, type JobRow, reusableDraft, settledChanges } from "./rows";

/**
 * The five steps of a sync (docs/product.md, "WeChat sync"): pictures (media/uploadimg), cover
 * (material/add_material, a permanent thumb), draft (draft/add, or draft/update of the article's
 * earlier draft until it is published), submit (freepublish/submit, for 发布) and status
 * (freepublish/get with backoff, or the PUBLISHJOBFINISH event: webhook.ts). Each step's result is
 * stored before the next starts, by the instance holding the job's claim (job.ts).
 *
 * The two calls that make something on WeChat's side are guarded: before draft/add and
 * freepublish/submit the job stores that it is about to make them, and a job resumed after that
 * point first looks on WeChat for the draft or the published article it may have made, so a crash
 * never leaves two drafts or two publishes.
 */

/** waits after the 1st, 2nd… failed try of a step (WeChat busy, the network; a tenth more at most, at random); then it fails */
export const RETRY_MS = [5_000, 15_000, 60_000, 5 * 60_000, 15 * 60_000];
/** waits between publish status checks while WeChat is still publishing */
export const POLL_MS = [3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 120_000, 300_000];
/** a publish still unresolved this long after its submit is given up */
const POLL_GIVE_UP_MS = 24 * 3_600_000;
/** a resumed submit looks for its published article this long before asking a person */
const RECOVER_GIVE_UP_MS = 30 * 60_000;
/** clocks differ: a draft or article made this long before the job said it would make it still counts */
const SKEW_S = 120;
/** body pictures uploaded at once */
const UPLOADS_AT_ONCE = 3;

const UNKNOWN_PUBLISH =
  "发布请求已发出，但同步在等待结果时中断，无法确认是否已发表：请到公众号后台「发表记录」核对；确认未发表后再点「重试」";

/** The job is no longer this instance's (taken over after its lease ran out, or settled elsewhere). */
export class LeaseLost extends Error {}

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

export interface StepDeps {
  db: Kysely<DB>;
  client: WechatClient;
  logger: Logger;
  uploadsDir: string;
  publicUrl?: string;
  /** tests only (REMOTE_IMAGES_ALLOW_LOOPBACK): pictures on this machine may be fetched */
  allowLoopback?: boolean;
}

/** The steps of one job run by this instance under its claim (`token`). */
export function syncSteps(deps: StepDeps, token: string) {
  const { db, client, logger } = deps;
  const origin = deps.publicUrl;
  /** Stores a step's result; throws LeaseLost when the job is no longer this instance's (or no longer pending). */
  async function save(job: JobRow, changes: Changes): Promise<JobRow> {
    const row = await db
      .updateTable("wechat_sync_jobs")
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where("id", "=", job.id)
      .where("claim_token", "=", token)
      .where("state", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new LeaseLost(`job ${job.id} is no longer held`);
    return row;
  }
  const now = () => new Date().toISOString();
  /** The step is done: the next one starts at once. */
  const advance = (job: JobRow, changes: Changes) =>
    save(job, { attempts: 0, error: "", error_code: null, next_attempt_at: now(), ...changes });
  const finish = (job: JobRow, changes: Changes) =>
    advance(job, { state: "done", step: "done", finished_at: now(), ...changes });
  /** Stores the job as failed, for good (a person may retry it from the console). */
  const giveUp = (job: JobRow, error: string, code: number | null, changes: Changes = {}) =>
    save(job, {
      state: "failed",
      error: error.slice(0, 500),
      error_code: code,
      finished_at: now(),
      ...changes,
    });

  /** The bytes of a picture the article shows, with this site's uploads folder and address. */
  const readPicture = (src: string) =>
    loadPicture(src, { uploadsDir: deps.uploadsDir, publicUrl: origin, allowLoopback: deps.allowLoopback });
  /** What this account was sent before of the bytes with this hash, as a body picture or a cover. */
  const sentBefore = (kind: WechatMediaTable["kind"], hash: string) =>
    db
      .selectFrom("wechat_media")
      .select(["url", "media_id"])
      .where("app_id", "=", client.appId)
      .where("kind", "=", kind)
      .where("source_hash", "=", hash)
      .executeTakeFirst();
  /** Keeps what an upload gave for the next sync of the same bytes (a row already there stays). */
  const remember = (
    kind: WechatMediaTable["kind"],
    hash: string,
    media: { url: string; media_id?: string; bytes: number },
  ) =>
    db
      .insertInto("wechat_media")
      .values({ app_id: client.appId, kind, source_hash: hash, ...media, created_at: now() })
      .onConflict((oc) => oc.columns(["app_id", "kind", "source_hash"]).doNothing())
      .execute();

  /** A picture of the body on WeChat's CDN: uploaded once per content. */
  async function bodyUrl(src: string): Promise<string> {
    const bytes = await readPicture(src);
    const hash = sha256(bytes);
    const known = await sentBefore("body", hash);
    if (known?.url) return known.url;
    const prepared = await bodyPicture(bytes);
    const url = await client.uploadImg(prepared.bytes, `picture.${prepared.ext}`, prepared.mime);
    await remember("body", hash, { url, bytes: prepared.bytes.length });
    return url;
  }

  async function pictures(job: JobRow): Promise<JobRow> {
    const payload = JSON.parse(job.payload) as JobPayload;
    const done = JSON.parse(job.pictures) as Record<string, string>;
    const todo = payload.pictures.filter((p) => !done[p]);
    let current = job;
    let next = 0;
    let saving = Promise.resolve();
    const worker = async () => {
      while (next < todo.length) {
        const src = todo[next++]!;
        let url: string;
        try {
          url = await bodyUrl(src);
        } catch (err) {
          if (err instanceof PictureError) {
            const n = payload.pictures.indexOf(src) + 1;
            throw new PictureError(`正文第 ${n} 张图片：${err.message}`);
          }
          throw err;
        }
        done[src] = url;
        // Each picture is stored as it is uploaded: a resumed job uploads only the rest.
        saving = saving.then(async () => {
          current = await save(current, { pictures: JSON.stringify(done) });
        });
        await saving;
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, todo.length) }, worker));
    return advance(current, { step: "cover" });
  }

  async function cover(job: JobRow): Promise<JobRow> {
    const payload = JSON.parse(job.payload) as JobPayload;
    let bytes: Buffer;
    try {
      bytes = await readPicture(payload.cover);
    } catch (err) {
      if (err instanceof PictureError) throw new PictureError(`封面图：${err.message}`);
      throw err;
    }
    const hash = sha256(bytes);
    const known = await sentBefore("thumb", hash);
    let mediaId = known?.media_id ?? null;
    if (!mediaId) {
      const thumb = await coverThumb(bytes);
      const made = await client.addMaterial("thumb", thumb, "cover.jpg", "image/jpeg");
      mediaId = made.mediaId;
      await remember("thumb", hash, { url: made.url, media_id: mediaId, bytes: thumb.length });
    }
    return advance(job, { step: "draft", thumb_media_id: mediaId });
  }

  function draftArticle(job: JobRow): DraftArticle {
    const payload = JSON.parse(job.payload) as JobPayload;
    return {
      title: payload.title,
      author: payload.author,
      digest: payload.digest,
      content: replacePictures(payload.content, JSON.parse(job.pictures) as Record<string, string>),
      content_source_url: payload.sourceUrl,
      thumb_media_id: job.thumb_media_id ?? "",
      need_open_comment: payload.openComment ? 1 : 0,
      only_fans_can_comment: payload.fansOnlyComment ? 1 : 0,
    };
  }

  /** A draft this job made before it could store its id: the newest with its title, cover and link. */
  async function findDraft(article: DraftArticle, startedAt: string): Promise<string | null> {
    const since = Math.floor(Date.parse(startedAt) / 1000) - SKEW_S;
    const { items } = await client.draftBatchget(0, 20);
    const hit = items.find(
      (i) =>
        i.updateTime >= since &&
        i.articles.length === 1 &&
        i.articles[0]!.title === article.title &&
        i.articles[0]!.thumb_media_id === article.thumb_media_id &&
        i.articles[0]!.content_source_url === article.content_source_url,
    );
    return hit?.mediaId ?? null;
  }

  async function draft(job: JobRow): Promise<JobRow> {
    const article = draftArticle(job);
    const length = contentLength(article.content);
    if (length >= WECHAT_LIMITS.content) return giveUp(job, WECHAT_MESSAGES.content(length), null);
    /** the draft is stored: 发布 goes on to submit it, 存入草稿箱 is done */
    const stored = (current: JobRow, changes: Changes) =>
      job.action === "publish" ? advance(current, { ...changes, step: "submit" }) : finish(current, changes);
    const previous = await reusableDraft(db, client.appId, job.article_id, job.id);
    if (previous) {
      try {
        await client.draftUpdate(previous, article);
        return stored(job, { draft_media_id: previous, updated_draft: true });
      } catch (err) {
        // 40007: the draft is no longer in the draft box (published or deleted there): a new one.
        if (!(err instanceof WechatError && err.code === 40007)) throw err;
        logger.info({ jobId: job.id, mediaId: previous }, "earlier wechat draft gone; adding a new one");
      }
    }
    let mediaId = job.draft_started_at ? await findDraft(article, job.draft_started_at) : null;
    let current = job;
    if (mediaId) logger.warn({ jobId: job.id, mediaId }, "resumed wechat sync found its draft");
    else {
      current = await save(job, { draft_started_at: now() });
      try {
        mediaId = await client.draftAdd(article);
      } catch (err) {
        if (err instanceof WechatError && err.code === 40007) return coverGone(current, err);
        throw err;
      }
    }
    return stored(current, { draft_media_id: mediaId, updated_draft: false });
  }

  /**
   * draft/add refused the cover's media_id (40007): a cover remembered from an earlier sync was
   * deleted in the 公众号's material library. It is forgotten and uploaded again, once: a cover
   * this job uploaded itself is not retried.
   */
  async function coverGone(job: JobRow, err: WechatError): Promise<JobRow> {
    const row = await db
      .selectFrom("wechat_media")
      .select(["id", "created_at"])
      .where("app_id", "=", client.appId)
      .where("kind", "=", "thumb")
      .where("media_id", "=", job.thumb_media_id)
      .executeTakeFirst();
    if (!row || row.created_at >= job.created_at) return giveUp(job, err.message, err.code);
    await db.deleteFrom("wechat_media").where("id", "=", row.id).execute();
    return advance(job, { step: "cover", thumb_media_id: null, draft_started_at: null });
  }

  /** The published article of a submit this job made before it could store its publish_id. */
  async function findPublished(job: JobRow) {
    const payload = JSON.parse(job.payload) as JobPayload;
    const since = Math.floor(Date.parse(job.submit_started_at!) / 1000) - SKEW_S;
    const { items } = await client.publishBatchget(0, 20);
    return items.find(
      (i) =>
        i.updateTime >= since &&
        i.articles[0]?.title === payload.title &&
        i.articles[0]?.content_source_url === payload.sourceUrl,
    );
  }

  async function submit(job: JobRow): Promise<JobRow> {
    if (job.submit_started_at) {
      const found = await findPublished(job);
      if (found) return finish(job, { publish_status: 0, article_url: found.articles[0]?.url || null });
      if (Date.now() - Date.parse(job.submit_started_at) > RECOVER_GIVE_UP_MS)
        return giveUp(job, UNKNOWN_PUBLISH, null);
      // It may still be publishing: look again later, never submit a second time.
      return save(job, {
        polls: job.polls + 1,
        next_attempt_at: new Date(Date.now() + nth(POLL_MS, job.polls)).toISOString(),
        error: "正在核对中断前的发布请求是否已发表",
      });
    }
    const current = await save(job, { submit_started_at: now() });
    let publishId: string;
    try {
      ({ publishId } = await client.publishSubmit(job.draft_media_id!));
    } catch (err) {
      // WeChat answered with a refusal: nothing was submitted, a later try may submit.
      if (err instanceof WechatError && err.code !== null) await save(current, { submit_started_at: null });
      throw err;
    }
    return advance(current, {
      step: "status",
      publish_id: publishId,
      polls: 0,
      next_attempt_at: new Date(Date.now() + POLL_MS[0]!).toISOString(),
    });
  }

  async function status(job: JobRow): Promise<JobRow> {
    const s = await client.publishGet(job.publish_id!);
    const settled = settledChanges(s);
    if (settled) return save(job, settled);
    if (job.submit_started_at && Date.now() - Date.parse(job.submit_started_at) > POLL_GIVE_UP_MS)
      return giveUp(job, "公众号超过 24 小时仍未给出发布结果，请到公众号后台「发表记录」查看", null);
    return save(job, {
      polls: job.polls + 1,
      attempts: 0,
      error: "",
      next_attempt_at: new Date(Date.now() + nth(POLL_MS, job.polls)).toISOString(),
    });
  }

  /** One step; a refusal or failure is stored (and retried later when it may pass). */
  async function step(job: JobRow): Promise<JobRow> {
    try {
      switch (job.step) {
        case "pictures":
          return await pictures(job);
        case "cover":
          return await cover(job);
        case "draft":
          return await draft(job);
        case "submit":
          return await submit(job);
        case "status":
          return await status(job);
        default:
          return await finish(job, {});
      }
    } catch (err) {
      if (err instanceof LeaseLost) throw err;
      return afterError(job, err as Error);
    }
  }

  /** A step threw: the job is due again after its backoff when a later try may pass, else it gives up. */
  async function afterError(job: JobRow, err: Error): Promise<JobRow> {
    // The row as stored now (a step may have saved progress before it failed).
    const current = await db
      .selectFrom("wechat_sync_jobs")
      .selectAll()
      .where("id", "=", job.id)
      .executeTakeFirst();
    if (!current || current.claim_token !== token || current.state !== "pending")
      throw new LeaseLost("lost while failing");
    let message: string;
    let code: number | null = null;
    let transient: boolean;
    if (err instanceof WechatError) {
      message = err.message;
      code = err.code;
      transient = err.transient;
    } else if (err instanceof PictureError || err instanceof AppError) {
      message = err.message;
      transient = false;
    } else {
      logger.error({ jobId: job.id, step: job.step, err }, "wechat sync step failed unexpectedly");
      message = "同步时出现内部错误，稍后会自动重试";
      transient = true;
    }
    const attempts = current.attempts + 1;
    const again = transient ? retryAt(attempts, RETRY_MS) : null;
    if (again) {
      logger.warn({ jobId: job.id, step: job.step, code, attempts }, "wechat sync step will be retried");
      return save(current, {
        attempts,
        error: message.slice(0, 500),
        error_code: code,
        next_attempt_at: again.toISOString(),
      });
    }
    logger.warn({ jobId: job.id, step: job.step, code }, "wechat sync failed");
    return giveUp(current, message, code);
  }

  return { step, save };
}
