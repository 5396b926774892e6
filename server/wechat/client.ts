import { WECHAT_MESSAGES } from "../../contract/wechat";
import type { Logger } from "../logger";
import type { KeyValueStore } from "../services/kv";
import { TOKEN_ERRORS, WechatError } from "./errors";

/**
 * A small client of the 公众号 API (docs/product.md, "WeChat sync"): one function per call, all
 * through `call`, which carries the site's one access token.
 *
 * The token is a stable_token: while it is valid WeChat answers the same one to every caller, so
 * the instances of the site never take it from one another. It is kept in the shared store (Redis
 * with several instances) until five minutes before it expires, fetched under a lease there so
 * that N instances ask once. A call refused for its token (40001, 40014, 42001) gets the token
 * again once and is retried once; a forced refresh (20 a day) happens only when WeChat answers the
 * very token it just refused, and at most once every two hours for the whole site.
 */

export interface DraftArticle {
  article_type?: "news";
  title: string;
  author: string;
  digest: string;
  content: string;
  content_source_url: string;
  thumb_media_id: string;
  need_open_comment: 0 | 1;
  only_fans_can_comment: 0 | 1;
}

export interface DraftItem {
  mediaId: string;
  updateTime: number;
  articles: (DraftArticle & { url?: string })[];
}

export interface PublishedArticle {
  title: string;
  author: string;
  digest: string;
  /** "" when the list was asked without content */
  content: string;
  /** the article's permanent WeChat link */
  url: string;
  content_source_url: string;
  thumb_media_id: string;
  /** the cover's address on WeChat's CDN ("" when WeChat gives none) */
  thumb_url: string;
  /** deleted from the account after it was published */
  is_deleted: boolean;
}

export interface PublishedItem {
  articleId: string;
  updateTime: number;
  /** the articles of one publish, in order (idx 1, 2…) */
  articles: PublishedArticle[];
}

export interface PublishStatus {
  publishId: string;
  /** 0 published, 1 publishing, 2 原创失败, 3 常规失败, 4 审核不通过, 5 deleted, 6 banned */
  status: number;
  articleId: string | null;
  urls: string[];
  failIdx: number[];
}

export interface WechatClientOptions {
  apiBase: string;
  appId?: string;
  appSecret?: string;
  kv: KeyValueStore;
  logger: Logger;
  fetch?: typeof fetch;
  /** one call's deadline (uploads of up to 1 MB included) */
  timeoutMs?: number;
}

type Init = {
  method?: "GET" | "POST";
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
};

type Answer = Record<string, unknown>;

const FORCE_GAP_MS = 2 * 3_600_000;

export function createWechatClient(opts: WechatClientOptions) {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const appId = opts.appId ?? "";
  const configured = Boolean(opts.appId && opts.appSecret);
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const tokenKey = `wx:token:${appId}`;
  const lockKey = `wx:token-lock:${appId}`;
  const forceKey = `wx:token-force:${appId}`;
  /** calls made by this process, by path (the benchmark and the tests count them) */
  const counts = new Map<string, number>();
  let inflight: Promise<string> | undefined;

  async function request(path: string, init: Init): Promise<Answer> {
    const query = init.query ? `?${new URLSearchParams(init.query)}` : "";
    counts.set(path, (counts.get(path) ?? 0) + 1);
    let res: Response;
    try {
      res = await doFetch(`${opts.apiBase}${path}${query}`, {
        method: init.method ?? (init.json !== undefined || init.form ? "POST" : "GET"),
        headers: init.json !== undefined ? { "content-type": "application/json; charset=utf-8" } : undefined,
        // Real UTF-8, not \u escapes: JSON.stringify writes Chinese as it is.
        body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const e = err as Error;
      opts.logger.warn({ path, err: e.message }, "wechat api unreachable");
      throw WechatError.unreachable(e.name === "TimeoutError" ? "超时" : "网络错误");
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      throw WechatError.unreachable(`HTTP ${res.status}`);
    }
    let body: Answer;
    try {
      body = (await res.json()) as Answer;
    } catch {
      throw WechatError.unreachable(`HTTP ${res.status}，应答不是 JSON`);
    }
    if (typeof body.errcode === "number" && body.errcode !== 0) {
      opts.logger.warn({ path, errcode: body.errcode, errmsg: body.errmsg }, "wechat api refused");
      throw WechatError.of(body.errcode, String(body.errmsg ?? ""));
    }
    return body;
  }

  async function fetchToken(force: boolean): Promise<string> {
    const body = await request("/cgi-bin/stable_token", {
      json: {
        grant_type: "client_credential",
        appid: appId,
        secret: opts.appSecret ?? "",
        force_refresh: force,
      },
    });
    const token = typeof body.access_token === "string" ? body.access_token : "";
    if (!token) throw new WechatError(null, "公众号接口没有给出 access_token，稍后会自动重试", true);
    const expires = Number(body.expires_in ?? 7200);
    // Five minutes early, as WeChat renews it (both stay valid meanwhile); short tokens half-way.
    const keepMs = expires > 600 ? (expires - 300) * 1000 : Math.max(1000, expires * 500);
    await opts.kv.set(tokenKey, token, keepMs);
    opts.logger.info({ expiresIn: expires, force }, "wechat access token fetched");
    return token;
  }

  async function tokenFromStoreOrFetch(): Promise<string> {
    const cached = await opts.kv.get(tokenKey);
    if (cached) return cached;
    if (await opts.kv.setIfAbsent(lockKey, String(process.pid), 15_000)) {
      try {
        return await fetchToken(false);
      } finally {
        await opts.kv.del(lockKey);
      }
    }
    // Another instance is fetching it: wait for its token, or for its lease to end.
    for (let i = 0; i < 150; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const t = await opts.kv.get(tokenKey);
      if (t) return t;
      if (!(await opts.kv.get(lockKey))) break;
    }
    // It failed or went away: ask ourselves (stable_token answers everyone the same token).
    return fetchToken(false);
  }

  /** The site's access token: from the shared store, or fetched once for every concurrent caller. */
  function token(): Promise<string> {
    if (!configured) return Promise.reject(new WechatError(null, WECHAT_MESSAGES.notConfigured, false));
    inflight ??= tokenFromStoreOrFetch().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  /** `refused` was refused: forget it (unless someone replaced it already) and get the current one. */
  async function renewAfterRefusal(refused: string): Promise<string> {
    if ((await opts.kv.get(tokenKey)) === refused) await opts.kv.del(tokenKey);
    const next = await token();
    if (next !== refused) return next;
    if (await opts.kv.setIfAbsent(forceKey, String(Date.now()), FORCE_GAP_MS)) {
      opts.logger.warn("wechat answered the token it refused; forcing a new one (at most every two hours)");
      return fetchToken(true);
    }
    return next;
  }

  /** One API call with the token; refused for its token, it is retried once with a fresh one. */
  async function call(path: string, init: Init = {}): Promise<Answer> {
    const first = await token();
    try {
      return await request(path, { ...init, query: { ...init.query, access_token: first } });
    } catch (err) {
      if (!(err instanceof WechatError) || err.code === null || !TOKEN_ERRORS.has(err.code)) throw err;
      opts.logger.warn(
        { path, errcode: err.code },
        "wechat token refused; getting it again and retrying once",
      );
      const second = await renewAfterRefusal(first);
      return request(path, { ...init, query: { ...init.query, access_token: second } });
    }
  }

  const media = (bytes: Uint8Array, name: string, mime: string) => {
    const form = new FormData();
    form.append("media", new Blob([new Uint8Array(bytes)], { type: mime }), name);
    return form;
  };
  const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));

  const toDraft = (a: Answer): DraftArticle & { url?: string } => ({
    title: str(a.title),
    author: str(a.author),
    digest: str(a.digest),
    content: str(a.content),
    content_source_url: str(a.content_source_url),
    thumb_media_id: str(a.thumb_media_id),
    need_open_comment: a.need_open_comment === 1 ? 1 : 0,
    only_fans_can_comment: a.only_fans_can_comment === 1 ? 1 : 0,
    url: str(a.url),
  });

  return {
    configured,
    appId,
    apiBase: opts.apiBase,
    token,
    call,
    /**
     * A token asked of WeChat now, not the stored one (测试连接: the credentials and the IP whitelist
     * are checked when a token is issued). stable_token's normal mode answers the current token, so
     * nobody's token is replaced.
     */
    checkToken(): Promise<string> {
      if (!configured) return Promise.reject(new WechatError(null, WECHAT_MESSAGES.notConfigured, false));
      return fetchToken(false);
    },
    /** calls made by this process, by path */
    counts: () => Object.fromEntries(counts),

    /** A picture for an article's body (JPEG or PNG under 1 MB): its address on WeChat's CDN. */
    async uploadImg(bytes: Uint8Array, name: string, mime: string): Promise<string> {
      const body = await call("/cgi-bin/media/uploadimg", { form: media(bytes, name, mime) });
      const url = str(body.url);
      if (!url) throw new WechatError(null, "公众号没有返回图片地址，稍后会自动重试", true);
      return url;
    },

    /** A permanent material (a cover is type thumb: JPEG ≤ 64 KB). */
    async addMaterial(type: "thumb" | "image", bytes: Uint8Array, name: string, mime: string) {
      const body = await call("/cgi-bin/material/add_material", {
        query: { type },
        form: media(bytes, name, mime),
      });
      const mediaId = str(body.media_id);
      if (!mediaId) throw new WechatError(null, "公众号没有返回素材编号，稍后会自动重试", true);
      return { mediaId, url: str(body.url) };
    },

    async draftAdd(article: DraftArticle): Promise<string> {
      const body = await call("/cgi-bin/draft/add", {
        json: { articles: [{ article_type: "news", ...article }] },
      });
      const mediaId = str(body.media_id);
      if (!mediaId) throw new WechatError(null, "公众号没有返回草稿编号", false);
      return mediaId;
    },

    async draftUpdate(mediaId: string, article: DraftArticle): Promise<void> {
      await call("/cgi-bin/draft/update", {
        json: { media_id: mediaId, index: 0, articles: { article_type: "news", ...article } },
      });
    },

    /** The drafts, newest first. */
    async draftBatchget(offset = 0, count = 20): Promise<{ total: number; items: DraftItem[] }> {
      const body = await call("/cgi-bin/draft/batchget", { json: { offset, count, no_content: 0 } });
      const items = (Array.isArray(body.item) ? body.item : []) as Answer[];
      return {
        total: Number(body.total_count ?? 0),
        items: items.map((i) => ({
          mediaId: str(i.media_id),
          updateTime: Number(i.update_time ?? 0),
          articles: (((i.content as Answer | undefined)?.news_item ?? []) as Answer[]).map(toDraft),
        })),
      };
    },

    async draftCount(): Promise<number> {
      const body = await call("/cgi-bin/draft/count", { method: "POST", json: {} });
      return Number(body.total_count ?? 0);
    },

    /** 发布 (not 群发): a permanent link, no message to followers. errcode 0 means only "accepted". */
    async publishSubmit(mediaId: string): Promise<{ publishId: string }> {
      const body = await call("/cgi-bin/freepublish/submit", { json: { media_id: mediaId } });
      const publishId = str(body.publish_id);
      if (!publishId) throw new WechatError(null, "公众号没有返回发布任务编号", false);
      return { publishId };
    },

    async publishGet(publishId: string): Promise<PublishStatus> {
      const body = await call("/cgi-bin/freepublish/get", { json: { publish_id: publishId } });
      const detail = (body.article_detail ?? {}) as Answer;
      const items = (Array.isArray(detail.item) ? detail.item : []) as Answer[];
      return {
        publishId,
        status: Number(body.publish_status ?? -1),
        articleId: body.article_id ? str(body.article_id) : null,
        urls: items.map((i) => str(i.article_url)),
        failIdx: (Array.isArray(body.fail_idx) ? body.fail_idx : []).map(Number),
      };
    },

    /**
     * The published articles (freepublish/batchget), newest first, `count` (1-20) publishes from
     * `offset`; with `content` their HTML too (no_content 0), else without it (no_content 1).
     */
    async publishBatchget(
      offset = 0,
      count = 20,
      content = false,
    ): Promise<{ total: number; items: PublishedItem[] }> {
      const body = await call("/cgi-bin/freepublish/batchget", {
        json: { offset, count, no_content: content ? 0 : 1 },
      });
      const items = (Array.isArray(body.item) ? body.item : []) as Answer[];
      return {
        total: Number(body.total_count ?? 0),
        items: items.map((i) => ({
          articleId: str(i.article_id),
          updateTime: Number(i.update_time ?? 0),
          articles: (((i.content as Answer | undefined)?.news_item ?? []) as Answer[]).map((a) => ({
            title: str(a.title),
            author: str(a.author),
            digest: str(a.digest),
            content: str(a.content),
            url: str(a.url),
            content_source_url: str(a.content_source_url),
            thumb_media_id: str(a.thumb_media_id),
            thumb_url: str(a.thumb_url),
            is_deleted: a.is_deleted === true,
          })),
        })),
      };
    },

    /** The JS-SDK ticket (sharing), with the same token. */
    async jsapiTicket(): Promise<{ ticket: string; expiresIn: number }> {
      const body = await call("/cgi-bin/ticket/getticket", { query: { type: "jsapi" } });
      return { ticket: str(body.ticket), expiresIn: Number(body.expires_in ?? 7200) };
    },
  };
}

export type WechatClient = ReturnType<typeof createWechatClient>;
