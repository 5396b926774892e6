import crypto from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Article } from "../../contract/entities";
import { articlePath } from "../../contract/paths";
import {
  WECHAT_LIMITS,
  WECHAT_MESSAGES,
  type WechatJob,
  type WechatPreview,
  type WechatSettings,
  type WechatSyncForm,
  type WechatTest,
} from "../../contract/wechat";
import type { DB, WechatMediaTable, WechatSyncJobTable } from "../db/schema";
import type { Logger } from "../logger";
import type { DraftArticle, PublishStatus, WechatClient } from "../wechat/client";
import { contentLength, replacePictures, toWechatHtml } from "../wechat/convert";
import { PUBLISH_STATUS_MESSAGES, WechatError } from "../wechat/errors";
import { bodyPicture, coverThumb, loadPicture, PictureError } from "../wechat/pictures";
import { AppError } from "./errors";
import { bool } from "./rows";

/**
 * 同步到公众号 (docs/product.md, "WeChat sync"). A sync is a row of wechat_sync_jobs that walks
 * through its steps: pictures (media/uploadimg), cover (material/add_material, a permanent thumb),
 * draft (draft/add, or draft/update of the article's earlier draft until it is published), submit
 * (freepublish/submit, for 发布) and status (freepublish/get with backoff, or the PUBLISHJOBFINISH
 * event). Each step's result is stored before the next starts.
 *
 * Every instance runs due jobs: it claims one with a single UPDATE … RETURNING that leases it
 * (claimed_until, claim_token, renewed while it runs), as the scheduler and the search-engine push
 * do, so a job runs on one instance at a time and a killed instance's job resumes on any instance
 * once its lease runs out. The two calls that make something on WeChat's side are guarded: before
 * draft/add and freepublish/submit the job stores that it is about to make them, and a job resumed
 * after that point first looks on WeChat for the draft or the published article it may have made,
 * so a crash never leaves two drafts or two publishes.
 */

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

type JobRow = Selectable<WechatSyncJobTable>;

/** How long a claimed job stays with its instance without a renewal; renewed every HEARTBEAT_MS. */
const LEASE_MS = 15_000;
const HEARTBEAT_MS = 5_000;
/** waits after the 1st, 2nd… failed try of a step (WeChat busy, the network); then it fails */
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

class LeaseLost extends Error {}

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

export function maskAppId(appId: string): string {
  return appId.length <= 8 ? `${appId.slice(0, 2)}****` : `${appId.slice(0, 4)}****${appId.slice(-4)}`;
}

export function createWechatSync(opts: {
  db: Kysely<DB>;
  client: WechatClient;
  logger: Logger;
  uploadsDir: string;
  publicUrl?: string;
  callbackToken?: string;
  /** tests only (REMOTE_IMAGES_ALLOW_LOOPBACK): pictures on this machine may be fetched */
  allowLoopback?: boolean;
  /** an article as its page shows it, whatever its status (404 when it does not exist) */
  article: (id: number) => Promise<Article>;
  /** how often each instance looks for due jobs (0: only when told, by kick) */
  intervalSeconds: number;
}) {
  const { db, client, logger } = opts;
  const origin = opts.publicUrl;

  // ---------------------------------------------------------------- reading

  const toJob = (r: JobRow): WechatJob => {
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

  async function jobRow(id: number): Promise<JobRow> {
    const r = await db.selectFrom("wechat_sync_jobs").selectAll().where("id", "=", id).executeTakeFirst();
    if (!r) throw new AppError(404, "同步记录不存在");
    return r;
  }

  async function latestJob(articleId: number): Promise<JobRow | undefined> {
    return db
      .selectFrom("wechat_sync_jobs")
      .selectAll()
      .where("article_id", "=", articleId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * The article's draft in the draft box, made by an earlier sync of this account and not published
   * since: a sync updates it (draft/update) rather than making another.
   */
  async function reusableDraft(articleId: number, before?: number): Promise<string | null> {
    const r = await db
      .selectFrom("wechat_sync_jobs")
      .select(["draft_media_id", "publish_status"])
      .where("article_id", "=", articleId)
      .where("app_id", "=", client.appId)
      .where("draft_media_id", "is not", null)
      .$if(before !== undefined, (q) => q.where("id", "<", before!))
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!r || r.publish_status === 0) return null;
    return r.draft_media_id;
  }

  const sourceUrlOf = (articleId: number) => (origin ? origin + articlePath(articleId) : "");

  function defaultDigest(intro: string): string {
    const chars = [...intro.trim()];
    return chars.length <= WECHAT_LIMITS.digest
      ? chars.join("")
      : `${chars.slice(0, WECHAT_LIMITS.digest - 1).join("")}…`;
  }

  // ---------------------------------------------------------------- the console's calls

  async function preview(articleId: number): Promise<WechatPreview> {
    const a = await opts.article(articleId);
    const converted = toWechatHtml(a.content, { origin });
    const covers: WechatPreview["covers"] = [];
    const add = (url: string, label: string) => {
      if (url && !covers.some((c) => c.url === url)) covers.push({ url, label });
    };
    add(a.thumb, "文章封面");
    add(a.shareImage, "分享图");
    converted.pictures.forEach((p, i) => {
      add(p, `正文第 ${i + 1} 张图`);
    });
    const last = await latestJob(articleId);
    return {
      configured: client.configured,
      html: converted.html,
      contentLength: contentLength(converted.html),
      pictures: converted.pictures.length,
      notes: converted.notes.length,
      sourceUrl: origin ? sourceUrlOf(articleId) : null,
      defaults: {
        title: a.title,
        author: a.author,
        digest: defaultDigest(a.intro),
        cover: a.thumb || converted.pictures[0] || "",
      },
      covers,
      hasDraft: (await reusableDraft(articleId)) !== null,
      lastJob: last ? toJob(last) : null,
    };
  }

  async function create(articleId: number, form: WechatSyncForm, by: string): Promise<WechatJob> {
    if (!client.configured) throw new AppError(503, WECHAT_MESSAGES.notConfigured);
    const a = await opts.article(articleId);
    const converted = toWechatHtml(a.content, { origin });
    const length = contentLength(converted.html);
    if (converted.pictures.length === 0 && a.content.replace(/<[^>]*>/g, "").trim() === "")
      throw new AppError(400, WECHAT_MESSAGES.contentEmpty);
    if (length >= WECHAT_LIMITS.content || Buffer.byteLength(converted.html) >= WECHAT_LIMITS.contentBytes)
      throw new AppError(400, WECHAT_MESSAGES.content(length));
    const payload: JobPayload = {
      title: form.title,
      author: form.author,
      digest: form.digest,
      content: converted.html,
      sourceUrl: sourceUrlOf(articleId),
      cover: form.cover,
      openComment: form.openComment,
      fansOnlyComment: form.openComment && form.fansOnlyComment,
      pictures: converted.pictures,
    };
    const at = new Date().toISOString();
    const row = await db
      .insertInto("wechat_sync_jobs")
      .values({
        article_id: articleId,
        app_id: client.appId,
        action: form.action,
        state: "pending",
        step: "pictures",
        title: form.title,
        payload: JSON.stringify(payload),
        next_attempt_at: at,
        created_by: by.slice(0, 50),
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((err: Error) => {
        // The partial unique index: one pending sync per article.
        if (/unique/i.test(err.message)) throw new AppError(409, WECHAT_MESSAGES.busy);
        throw err;
      });
    logger.info({ jobId: row.id, articleId, action: form.action }, "wechat sync queued");
    kick();
    return toJob(row);
  }

  async function retry(id: number): Promise<WechatJob> {
    const job = await jobRow(id);
    if (job.state !== "failed") throw new AppError(400, "只有失败的同步可以重试");
    if (job.app_id !== client.appId)
      throw new AppError(409, "这次同步属于另一个公众号（AppID 已更换），请从文章重新同步");
    // A publish WeChat refused (status 2–4) is submitted again; a submit whose outcome was unknown
    // is sent again only now that a person has checked it did not go out.
    const resubmit =
      (job.step === "status" && job.publish_status !== null && job.publish_status !== 0) ||
      job.step === "submit";
    const at = new Date().toISOString();
    const row = await db
      .updateTable("wechat_sync_jobs")
      .set({
        state: "pending",
        attempts: 0,
        polls: 0,
        error: "",
        error_code: null,
        next_attempt_at: at,
        claimed_until: null,
        claim_token: null,
        finished_at: null,
        updated_at: at,
        ...(resubmit
          ? { step: "submit", publish_id: null, publish_status: null, submit_started_at: null }
          : {}),
      })
      .where("id", "=", id)
      .where("state", "=", "failed")
      .returningAll()
      .executeTakeFirst()
      .catch((err: Error) => {
        if (/unique/i.test(err.message)) throw new AppError(409, WECHAT_MESSAGES.busy);
        throw err;
      });
    if (!row) throw new AppError(409, "这次同步的状态已变化，请刷新后再试");
    kick();
    return toJob(row);
  }

  async function list(f: { state?: JobRow["state"]; articleId?: number; page: number; pageSize: number }) {
    let q = db.selectFrom("wechat_sync_jobs");
    if (f.state) q = q.where("state", "=", f.state);
    if (f.articleId) q = q.where("article_id", "=", f.articleId);
    const [rows, total] = await Promise.all([
      q
        .selectAll()
        .orderBy("id", "desc")
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toJob), total: Number(total.n), page: f.page, pageSize: f.pageSize };
  }

  function settings(): WechatSettings {
    return {
      configured: client.configured,
      appId: client.appId ? maskAppId(client.appId) : null,
      apiBase: client.apiBase,
      callbackUrl: origin ? `${origin}/api/wechat/callback` : null,
      callbackToken: Boolean(opts.callbackToken),
    };
  }

  /** 测试连接: a token asked of WeChat now (credentials, IP whitelist) and one call with it. */
  async function testConnection(): Promise<WechatTest> {
    if (!client.configured) return { ok: false, message: WECHAT_MESSAGES.notConfigured };
    try {
      await client.checkToken();
      const drafts = await client.draftCount();
      return { ok: true, message: `连接正常：AppID 与 AppSecret 有效，草稿箱中有 ${drafts} 篇草稿` };
    } catch (err) {
      if (err instanceof WechatError) return { ok: false, message: err.message };
      throw err;
    }
  }

  // ---------------------------------------------------------------- running jobs

  const free = (at: string) => sql<boolean>`(claimed_until is null or claimed_until <= ${at})`;

  async function claim(): Promise<{ row: JobRow; token: string } | undefined> {
    const now = Date.now();
    const at = new Date(now).toISOString();
    const token = crypto.randomUUID();
    const row = await db
      .updateTable("wechat_sync_jobs")
      .set({ claimed_until: new Date(now + LEASE_MS).toISOString(), claim_token: token })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("wechat_sync_jobs")
          .select("id")
          .where("state", "=", "pending")
          .where("next_attempt_at", "<=", at)
          .where(free(at))
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(1),
      )
      // Checked again on the row itself: of two instances claiming at once, the second finds it taken.
      .where(free(at))
      .where("state", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    return row ? { row, token } : undefined;
  }

  type Changes = Partial<Omit<JobRow, "id">>;

  /** One job run by this instance under its claim. */
  function runner(token: string) {
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
    const fail = (job: JobRow, error: string, code: number | null, changes: Changes = {}) =>
      save(job, {
        state: "failed",
        error: error.slice(0, 500),
        error_code: code,
        finished_at: now(),
        ...changes,
      });

    /** The bytes of a picture the article shows, with this site's uploads folder and address. */
    const readPicture = (src: string) =>
      loadPicture(src, { uploadsDir: opts.uploadsDir, publicUrl: origin, allowLoopback: opts.allowLoopback });
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
      if (length >= WECHAT_LIMITS.content) return fail(job, WECHAT_MESSAGES.content(length), null);
      /** the draft is stored: 发布 goes on to submit it, 存入草稿箱 is done */
      const stored = (current: JobRow, changes: Changes) =>
        job.action === "publish"
          ? advance(current, { ...changes, step: "submit" })
          : finish(current, changes);
      const previous = await reusableDraft(job.article_id, job.id);
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
      if (!row || row.created_at >= job.created_at) return fail(job, err.message, err.code);
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
          return fail(job, UNKNOWN_PUBLISH, null);
        // It may still be publishing: look again later, never submit a second time.
        return save(job, {
          polls: job.polls + 1,
          next_attempt_at: new Date(
            Date.now() + POLL_MS[Math.min(job.polls, POLL_MS.length - 1)]!,
          ).toISOString(),
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
        return fail(job, "公众号超过 24 小时仍未给出发布结果，请到公众号后台「发表记录」查看", null);
      return save(job, {
        polls: job.polls + 1,
        attempts: 0,
        error: "",
        next_attempt_at: new Date(
          Date.now() + POLL_MS[Math.min(job.polls, POLL_MS.length - 1)]!,
        ).toISOString(),
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
        return failed(job, err as Error);
      }
    }

    async function failed(job: JobRow, err: Error): Promise<JobRow> {
      // The row as stored now (a step may have saved progress before it failed).
      const current = await jobRow(job.id);
      if (current.claim_token !== token || current.state !== "pending")
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
      if (transient && attempts <= RETRY_MS.length) {
        logger.warn({ jobId: job.id, step: job.step, code, attempts }, "wechat sync step will be retried");
        return save(current, {
          attempts,
          error: message.slice(0, 500),
          error_code: code,
          next_attempt_at: new Date(Date.now() + RETRY_MS[attempts - 1]!).toISOString(),
        });
      }
      logger.warn({ jobId: job.id, step: job.step, code }, "wechat sync failed");
      return fail(current, message, code);
    }

    return { step, save };
  }

  /** Runs a claimed job until it is finished, failed, or waits (a retry, the publish status). */
  async function run(claimed: { row: JobRow; token: string }) {
    const { token } = claimed;
    const heartbeat = setInterval(() => {
      void db
        .updateTable("wechat_sync_jobs")
        .set({ claimed_until: new Date(Date.now() + LEASE_MS).toISOString() })
        .where("id", "=", claimed.row.id)
        .where("claim_token", "=", token)
        .execute()
        .catch((err: Error) => logger.warn({ err: err.message }, "wechat sync lease not renewed"));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const { step } = runner(token);
    let job = claimed.row;
    try {
      while (job.state === "pending" && Date.parse(job.next_attempt_at) <= Date.now() && !stopping) {
        job = await step(job);
      }
      if (job.state !== "pending") logger.info({ jobId: job.id, state: job.state }, "wechat sync finished");
    } catch (err) {
      if (err instanceof LeaseLost)
        logger.warn({ jobId: job.id }, "wechat sync job taken over or settled elsewhere");
      else logger.error({ jobId: job.id, err }, "wechat sync job stopped");
    } finally {
      clearInterval(heartbeat);
      await db
        .updateTable("wechat_sync_jobs")
        .set({ claimed_until: null, claim_token: null })
        .where("id", "=", job.id)
        .where("claim_token", "=", token)
        .execute()
        .catch(() => {});
    }
  }

  /** What a settled publish status changes (null while WeChat is still publishing). */
  function settledChanges(s: Pick<PublishStatus, "status" | "urls" | "failIdx">): Changes | null {
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

  /**
   * The PUBLISHJOBFINISH event (server/api/wechat.ts, signature checked): the job waiting for that
   * publish is settled at once, whichever instance holds it; its runner then finds it settled.
   */
  async function published(event: { publishId: string; status: number; urls: string[]; failIdx: number[] }) {
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

  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;

  async function runDue() {
    for (;;) {
      if (stopping) return;
      const claimed = await claim();
      if (!claimed) return;
      await run(claimed);
    }
  }

  /** One look for due jobs (they are run one after another); a look in progress looks again after. */
  function tick(): Promise<void> {
    if (!client.configured || stopping) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runDue();
        } catch (err) {
          logger.warn({ err: (err as Error).message }, "wechat sync look failed; retrying at the next look");
        }
      } while (again && !stopping);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /** A job became due here (created, retried, settled): look now rather than at the next interval. */
  function kick() {
    void tick();
  }

  let timer: NodeJS.Timeout | null = null;

  return {
    preview,
    create,
    retry,
    list,
    async job(id: number) {
      return toJob(await jobRow(id));
    },
    settings,
    testConnection,
    published,
    tick,
    /** Starts looking every intervalSeconds (the server's request thread only), and looks once now. */
    start() {
      if (timer || opts.intervalSeconds <= 0 || !client.configured) return;
      timer = setInterval(() => void tick(), opts.intervalSeconds * 1000);
      timer.unref();
      kick();
    },
    /** Stops looking and waits for the job in progress to store its step. */
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type WechatSync = ReturnType<typeof createWechatSync>;
