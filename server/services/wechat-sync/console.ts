import type { Kysely } from "kysely";
import type { Article } from "../../../contract/entities";
import { articlePath } from "../../../contract/paths";
import {
  WECHAT_LIMITS,
  WECHAT_MESSAGES,
  type WechatJob,
  type WechatPreview,
  type WechatSettings,
  type WechatSyncForm,
  type WechatTest,
} from "../../../contract/wechat";
import type { DB } from "../../db/schema";
import type { Logger } from "../../logger";
import type { WechatClient } from "../../wechat/client";
import { contentLength, toWechatHtml } from "../../wechat/convert";
import { WechatError } from "../../wechat/errors";
import { AppError } from "../errors";
import { type JobPayload, type JobRow, reusableDraft, toJob } from "./rows";
import { publishEvent } from "./webhook";

/**
 * 同步到公众号 (docs/product.md, "WeChat sync"), the console's calls: what a sync would send, queuing
 * one (a row of wechat_sync_jobs), retrying a failed one, the list, the settings and 测试连接. The
 * job that runs the steps is job.ts (server/jobs/runner.ts runs it), the steps steps.ts, the
 * PUBLISHJOBFINISH event webhook.ts.
 */

export function maskAppId(appId: string): string {
  return appId.length <= 8 ? `${appId.slice(0, 2)}****` : `${appId.slice(0, 4)}****${appId.slice(-4)}`;
}

export function createWechatSync(opts: {
  db: Kysely<DB>;
  client: WechatClient;
  logger: Logger;
  publicUrl?: string;
  callbackToken?: string;
  /** an article as its page shows it, whatever its status (404 when it does not exist) */
  article: (id: number) => Promise<Article>;
  /** a job became due here (queued, retried): the sync job looks now rather than at its next look */
  kick: () => void;
}) {
  const { db, client, logger, kick } = opts;
  const origin = opts.publicUrl;

  // ---------------------------------------------------------------- reading

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
      hasDraft: (await reusableDraft(db, client.appId, articleId)) !== null,
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
    /** The PUBLISHJOBFINISH event (server/api/wechat.ts): the job waiting for that publish is settled. */
    published: (event: Parameters<typeof publishEvent>[2]) => publishEvent(db, logger, event),
  };
}

export type WechatSync = ReturnType<typeof createWechatSync>;
