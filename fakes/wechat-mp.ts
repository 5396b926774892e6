import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import * as cheerio from "cheerio";
import { fileTypeFromBuffer } from "file-type";
import { type Context, Hono } from "hono";
import sharp from "sharp";

/**
 * A fake 公众号 API on loopback, for the tests and for trying 同步到公众号 without an account
 * (`npm run wechat:fake`, then WECHAT_API_BASE=<its URL>). It follows the real API as its
 * documentation describes it, not our client:
 *
 * - every answer is HTTP 200; a refusal is `{errcode, errmsg}`;
 * - stable_token checks the appid (40013) and secret (40125) and, in normal mode, answers the same
 *   token to every caller while it is valid, a new one in its last five minutes (the old one still
 *   valid until it expires); force_refresh replaces it at once. Tokens expire (42001); an unknown
 *   or replaced one is 40001, a missing one 41001;
 * - uploads are multipart `media` fields whose type is checked by their bytes: media/uploadimg takes
 *   JPEG/PNG under 1 MB (40005, 40009) and answers an address on the fake's CDN; add_material
 *   answers permanent media ids (a thumb: JPEG ≤ 64 KB);
 * - draft/add and draft/update check the field limits (45003 title, 45110 author, 45004 digest,
 *   45002 content, 45005 阅读原文, 44003 empty, 40007 a thumb_media_id that is not a permanent
 *   material) and store the content without <script> and without pictures from other hosts;
 * - freepublish/submit starts a publish that is 1 (publishing) for `publishDelayMs`, then 0 (the
 *   draft leaves the draft box and the article gets a link) or the status a fault asked for; the
 *   PUBLISHJOBFINISH event is pushed, signed, to `callback` when one is set;
 * - faults can be injected: a token revoked once, the token expired, quota exhausted (45009), system
 *   busy (-1), HTTP 500, latency, publish status 2/3/4, an IP not on the whitelist (40164), an
 *   account without 认证 (48001).
 */

export type Fault =
  /** the current token is replaced (as by a forced refresh elsewhere): the next call with it is 40001 */
  | { kind: "revokeToken" }
  /** the current token expires now: the next call with it is 42001 */
  | { kind: "expireToken" }
  /** API calls (not stable_token) answer 45009 */
  | { kind: "quota"; times?: number }
  /** API calls answer -1 (system busy) */
  | { kind: "busy"; times?: number; path?: string }
  /** API calls answer HTTP 500 */
  | { kind: "http500"; times?: number; path?: string }
  /** the answer comes `ms` late, after the call has done its work */
  | { kind: "latency"; ms: number; times?: number; path?: string }
  /** the next publishes end with this status (2 原创失败, 3 常规失败, 4 审核不通过) */
  | { kind: "publishStatus"; status: 2 | 3 | 4; times?: number }
  /** stable_token answers 40164 for this IP */
  | { kind: "ipNotWhitelisted"; ip?: string; times?: number }
  /** freepublish/submit answers 48001 (the account has no 认证) */
  | { kind: "notVerified"; times?: number };

type Active = Fault & { left: number };

export interface FakeArticle {
  title: string;
  author: string;
  digest: string;
  content: string;
  content_source_url: string;
  thumb_media_id: string;
  need_open_comment: number;
  only_fans_can_comment: number;
  url?: string;
}

export interface FakeMedia {
  mediaId: string | null;
  kind: "uploadimg" | "image" | "thumb";
  mime: string;
  bytes: Buffer;
  url: string;
}

export interface FakeDraft {
  mediaId: string;
  articles: FakeArticle[];
  createTime: number;
  updateTime: number;
}

export interface FakePublish {
  publishId: string;
  mediaId: string;
  status: number;
  articleId: string | null;
  urls: string[];
  articles: FakeArticle[];
  updateTime: number;
}

export interface FakeWechatOptions {
  appId?: string;
  appSecret?: string;
  /** how long a token lives (WeChat: 7200) */
  tokenTtlSeconds?: number;
  /** how long a publish stays 1 (publishing) */
  publishDelayMs?: number;
  /** where PUBLISHJOBFINISH is pushed, signed with `token` (the 公众号's server configuration) */
  callback?: { url: string; token: string };
  port?: number;
}

export const FAKE_APP_ID = "wxfake0123456789a";
export const FAKE_APP_SECRET = "fake-secret-0123456789abcdef0123";

const LIMITS = { title: 32, author: 16, digest: 128, content: 20_000, contentBytes: 1_000_000, url: 1024 };
const chars = (s: string) => [...s].length;
const now = () => Math.floor(Date.now() / 1000);
const rand = (n: number) => crypto.randomBytes(n).toString("base64url");

/** sha1 of token, timestamp and nonce sorted, as WeChat signs a push to the server configuration. */
export function wechatPushSignature(token: string, timestamp: string, nonce: string): string {
  return crypto.createHash("sha1").update([token, timestamp, nonce].sort().join("")).digest("hex");
}

export async function startFakeWechat(opts: FakeWechatOptions = {}) {
  const appId = opts.appId ?? FAKE_APP_ID;
  const appSecret = opts.appSecret ?? FAKE_APP_SECRET;
  const ttl = opts.tokenTtlSeconds ?? 7200;
  const settings = { publishDelayMs: opts.publishDelayMs ?? 300, callback: opts.callback };
  let base = "";

  const tokens = new Map<string, { expiresAt: number; replaced: boolean }>();
  let current: string | null = null;
  const media = new Map<string, FakeMedia>();
  const cdn = new Map<string, FakeMedia>();
  const drafts = new Map<string, FakeDraft>();
  const publishes = new Map<string, FakePublish>();
  const published: FakePublish[] = [];
  const calls: { path: string; at: number }[] = [];
  const pushes: { status: number; ok: boolean }[] = [];
  let faults: Active[] = [];
  let forcedAt = 0;
  let publishSeq = 2247503000;

  function take<K extends Fault["kind"]>(kind: K, path?: string): Extract<Active, { kind: K }> | undefined {
    const f = faults.find((x) => x.kind === kind && (!("path" in x) || !x.path || x.path === path)) as
      | Extract<Active, { kind: K }>
      | undefined;
    if (!f) return undefined;
    f.left -= 1;
    if (f.left <= 0) faults = faults.filter((x) => x !== f);
    return f;
  }

  function fault(f: Fault) {
    if (f.kind === "revokeToken" || f.kind === "expireToken") {
      if (current) {
        const t = tokens.get(current)!;
        if (f.kind === "revokeToken") t.replaced = true;
        else t.expiresAt = now() - 1;
        current = null;
      }
      return;
    }
    const times = "times" in f && f.times !== undefined ? f.times : 1;
    faults.push({ ...f, left: times } as Active);
  }

  const err = (c: Context, errcode: number, errmsg: string) =>
    c.json({ errcode, errmsg: `${errmsg} rid: ${rand(6)}` });

  const issue = () => {
    const token = `FAKE_${rand(48)}`;
    tokens.set(token, { expiresAt: now() + ttl, replaced: false });
    current = token;
    return token;
  };

  const app = new Hono();

  app.use("*", async (c, next) => {
    calls.push({ path: c.req.path, at: Date.now() });
    await next();
  });

  app.post("/cgi-bin/stable_token", async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return err(c, 47001, "data format error");
    if (body.grant_type !== "client_credential") return err(c, 40002, "invalid grant_type");
    if (body.appid !== appId) return err(c, 40013, "invalid appid");
    if (body.secret !== appSecret) return err(c, 40125, "invalid appsecret");
    const ip = take("ipNotWhitelisted");
    if (ip) {
      const addr = ip.ip ?? "203.0.113.7";
      return err(c, 40164, `invalid ip ${addr} ipv6 ::ffff:${addr}, not in whitelist`);
    }
    if (body.force_refresh === true) {
      if (Date.now() - forcedAt < 30_000) return err(c, 45009, "reach max api daily quota limit");
      forcedAt = Date.now();
      if (current) tokens.get(current)!.replaced = true;
      const token = issue();
      return c.json({ access_token: token, expires_in: ttl });
    }
    const t = current ? tokens.get(current) : undefined;
    // Normal mode: the same token while valid; in its last five minutes a new one (both valid).
    if (!current || !t || t.replaced || t.expiresAt - now() <= 300 || t.expiresAt <= now()) {
      const token = issue();
      return c.json({ access_token: token, expires_in: ttl });
    }
    return c.json({ access_token: current, expires_in: t.expiresAt - now() });
  });

  // Every other API call: the token, then the faults.
  app.use("/cgi-bin/*", async (c, next) => {
    if (c.req.path === "/cgi-bin/stable_token") return next();
    const token = c.req.query("access_token");
    if (!token) return err(c, 41001, "access_token missing");
    const t = tokens.get(token);
    if (!t || t.replaced) return err(c, 40001, "invalid credential, access_token is invalid or not latest");
    if (t.expiresAt <= now()) return err(c, 42001, "access_token expired");
    if (take("http500", c.req.path)) return c.text("Internal Server Error", 500);
    if (take("busy", c.req.path)) return c.json({ errcode: -1, errmsg: "system error" });
    if (take("quota")) return err(c, 45009, "reach max api daily quota limit");
    await next();
    const slow = take("latency", c.req.path);
    if (slow) await new Promise((r) => setTimeout(r, slow.ms));
  });

  async function mediaField(c: Context): Promise<Buffer | null> {
    const form = await c.req.parseBody().catch(() => null);
    const file = form?.media;
    if (!file || typeof file === "string") return null;
    return Buffer.from(await file.arrayBuffer());
  }

  function keep(kind: FakeMedia["kind"], bytes: Buffer, mime: string, mediaId: string | null): FakeMedia {
    const fmt = mime === "image/png" ? "png" : mime === "image/gif" ? "gif" : "jpeg";
    const path = `/mmbiz_${fmt === "jpeg" ? "jpg" : fmt}/${rand(24)}/0`;
    const m: FakeMedia = { mediaId, kind, mime, bytes, url: `${base}${path}?wx_fmt=${fmt}` };
    cdn.set(path, m);
    if (mediaId) media.set(mediaId, m);
    return m;
  }

  app.post("/cgi-bin/media/uploadimg", async (c) => {
    const bytes = await mediaField(c);
    if (!bytes) return err(c, 41005, "media data missing");
    const type = await fileTypeFromBuffer(bytes);
    if (type?.mime !== "image/jpeg" && type?.mime !== "image/png") return err(c, 40005, "invalid file type");
    if (bytes.length >= 1024 * 1024) return err(c, 40009, "invalid image size");
    return c.json({ url: keep("uploadimg", bytes, type.mime, null).url });
  });

  app.post("/cgi-bin/material/add_material", async (c) => {
    const kind = c.req.query("type");
    if (kind !== "image" && kind !== "thumb") return err(c, 40004, "invalid media type");
    const bytes = await mediaField(c);
    if (!bytes) return err(c, 41005, "media data missing");
    const type = await fileTypeFromBuffer(bytes);
    const allowed = kind === "thumb" ? ["image/jpeg"] : ["image/jpeg", "image/png", "image/gif", "image/bmp"];
    if (!type || !allowed.includes(type.mime)) return err(c, 40005, "invalid file type");
    if (bytes.length > (kind === "thumb" ? 64 * 1024 : 10 * 1024 * 1024))
      return err(c, 40009, "invalid image size");
    const m = keep(kind, bytes, type.mime, rand(32));
    return c.json({ media_id: m.mediaId, url: m.url, item: [] });
  });

  /** The article as stored, or the errcode and errmsg of its first broken limit. */
  function article(raw: unknown): FakeArticle | [number, string] {
    if (!raw || typeof raw !== "object") return [47001, "data format error"];
    const a = raw as Record<string, unknown>;
    const s = (k: string) => (typeof a[k] === "string" ? (a[k] as string) : "");
    if (!s("title")) return [44003, "empty news data"];
    if (chars(s("title")) > LIMITS.title) return [45003, "title size out of limit"];
    if (chars(s("author")) > LIMITS.author) return [45110, "author size out of limit"];
    if (chars(s("digest")) > LIMITS.digest) return [45004, "description size out of limit"];
    if (!s("content")) return [44003, "empty content"];
    if (s("content").length >= LIMITS.content || Buffer.byteLength(s("content")) >= LIMITS.contentBytes)
      return [45002, "content size out of limit"];
    if (Buffer.byteLength(s("content_source_url")) > LIMITS.url) return [45005, "url size out of limit"];
    const thumb = media.get(s("thumb_media_id"));
    if (!thumb || (thumb.kind !== "thumb" && thumb.kind !== "image")) return [40007, "invalid media_id"];
    // WeChat drops scripts and pictures that are not on its own CDN.
    const $ = cheerio.load(s("content"), null, false);
    $("script").remove();
    $("img").each((_i, el) => {
      const src = $(el).attr("src") ?? "";
      if (!src.startsWith(`${base}/mmbiz_`)) $(el).remove();
    });
    return {
      title: s("title"),
      author: s("author"),
      digest: s("digest"),
      content: $.html(),
      content_source_url: s("content_source_url"),
      thumb_media_id: s("thumb_media_id"),
      need_open_comment: a.need_open_comment === 1 ? 1 : 0,
      only_fans_can_comment: a.only_fans_can_comment === 1 ? 1 : 0,
    };
  }

  /** An article as WeChat answers it: with its cover's address on the CDN (thumb_url). */
  const withThumbUrl = (a: FakeArticle) => ({ ...a, thumb_url: media.get(a.thumb_media_id)?.url ?? "" });

  const jsonBody = async (c: Context) =>
    ((await c.req.json().catch(() => null)) as Record<string, unknown> | null) ?? null;

  app.post("/cgi-bin/draft/add", async (c) => {
    const body = await jsonBody(c);
    const list = Array.isArray(body?.articles) ? body.articles : null;
    if (!list || list.length === 0) return err(c, 44003, "empty news data");
    const articles: FakeArticle[] = [];
    for (const raw of list) {
      const a = article(raw);
      if (Array.isArray(a)) return err(c, a[0], a[1]);
      articles.push(a);
    }
    const mediaId = rand(32);
    drafts.set(mediaId, { mediaId, articles, createTime: now(), updateTime: now() });
    return c.json({ media_id: mediaId });
  });

  app.post("/cgi-bin/draft/update", async (c) => {
    const body = await jsonBody(c);
    const d = drafts.get(String(body?.media_id ?? ""));
    if (!d) return err(c, 40007, "invalid media_id");
    const index = Number(body?.index ?? 0);
    if (!Number.isInteger(index) || index < 0 || index >= d.articles.length)
      return err(c, 40007, "invalid index");
    const a = article(body?.articles);
    if (Array.isArray(a)) return err(c, a[0], a[1]);
    d.articles[index] = a;
    d.updateTime = now();
    return c.json({ errcode: 0, errmsg: "ok" });
  });

  app.post("/cgi-bin/draft/get", async (c) => {
    const d = drafts.get(String((await jsonBody(c))?.media_id ?? ""));
    if (!d) return err(c, 40007, "invalid media_id");
    return c.json({ news_item: d.articles.map(withThumbUrl) });
  });

  app.post("/cgi-bin/draft/delete", async (c) => {
    const id = String((await jsonBody(c))?.media_id ?? "");
    if (!drafts.delete(id)) return err(c, 40007, "invalid media_id");
    return c.json({ errcode: 0, errmsg: "ok" });
  });

  app.post("/cgi-bin/draft/count", (c) => c.json({ total_count: drafts.size }));

  app.post("/cgi-bin/draft/batchget", async (c) => {
    const body = await jsonBody(c);
    const offset = Number(body?.offset ?? 0);
    const count = Number(body?.count ?? 0);
    if (!(count >= 1 && count <= 20) || !(offset >= 0)) return err(c, 40097, "invalid args");
    const noContent = body?.no_content === 1;
    // Newest first: by the time of the last change, the later made first within one second.
    const list = [...drafts.values()].reverse().sort((a, b) => b.updateTime - a.updateTime);
    const page = list.slice(offset, offset + count);
    return c.json({
      total_count: list.length,
      item_count: page.length,
      item: page.map((d) => ({
        media_id: d.mediaId,
        content: {
          news_item: d.articles.map((a) => ({ ...withThumbUrl(a), content: noContent ? "" : a.content })),
          create_time: d.createTime,
          update_time: d.updateTime,
        },
        update_time: d.updateTime,
      })),
    });
  });

  async function pushEvent(p: FakePublish) {
    const cb = settings.callback;
    if (!cb) return;
    const timestamp = String(now());
    const nonce = String(crypto.randomInt(1e9));
    const signature = wechatPushSignature(cb.token, timestamp, nonce);
    const items = p.urls
      .map((u, i) => `<item><idx>${i + 1}</idx><article_url><![CDATA[${u}]]></article_url></item>`)
      .join("");
    const xml =
      `<xml><ToUserName><![CDATA[gh_fake]]></ToUserName><FromUserName><![CDATA[oFakeOpenId]]></FromUserName>` +
      `<CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[event]]></MsgType>` +
      `<Event><![CDATA[PUBLISHJOBFINISH]]></Event><PublishEventInfo><publish_id>${p.publishId}</publish_id>` +
      `<publish_status>${p.status}</publish_status>` +
      (p.articleId
        ? `<article_id><![CDATA[${p.articleId}]]></article_id><article_detail><count>${p.urls.length}</count>${items}</article_detail>`
        : "<fail_idx>1</fail_idx>") +
      `</PublishEventInfo></xml>`;
    const url = new URL(cb.url);
    url.searchParams.set("signature", signature);
    url.searchParams.set("timestamp", timestamp);
    url.searchParams.set("nonce", nonce);
    try {
      const res = await fetch(url, { method: "POST", headers: { "content-type": "text/xml" }, body: xml });
      pushes.push({ status: p.status, ok: res.ok && (await res.text()) === "success" });
    } catch {
      pushes.push({ status: p.status, ok: false });
    }
  }

  function settle(p: FakePublish, status: number) {
    p.status = status;
    p.updateTime = now();
    if (status === 0) {
      p.articleId = rand(30);
      p.urls = p.articles.map(() => `${base}/s/${rand(16)}`);
      p.articles = p.articles.map((a, i) => ({ ...a, url: p.urls[i]! }));
      drafts.delete(p.mediaId);
      published.unshift(p);
    }
    void pushEvent(p);
  }

  app.post("/cgi-bin/freepublish/submit", async (c) => {
    const body = await jsonBody(c);
    if (take("notVerified")) return err(c, 48001, "api unauthorized");
    const d = drafts.get(String(body?.media_id ?? ""));
    if (!d) return err(c, 40007, "invalid media_id");
    const publishId = String(publishSeq++);
    const p: FakePublish = {
      publishId,
      mediaId: d.mediaId,
      status: 1,
      articleId: null,
      urls: [],
      articles: d.articles.map((a) => ({ ...a })),
      updateTime: now(),
    };
    publishes.set(publishId, p);
    const outcome = take("publishStatus")?.status ?? 0;
    setTimeout(() => settle(p, outcome), settings.publishDelayMs).unref();
    return c.json({ errcode: 0, errmsg: "ok", publish_id: publishId, msg_data_id: publishSeq + 1000 });
  });

  app.post("/cgi-bin/freepublish/get", async (c) => {
    const p = publishes.get(String((await jsonBody(c))?.publish_id ?? ""));
    if (!p) return err(c, 40007, "invalid publish_id");
    return c.json({
      publish_id: p.publishId,
      publish_status: p.status,
      article_id: p.articleId ?? "",
      article_detail: { count: p.urls.length, item: p.urls.map((u, i) => ({ idx: i + 1, article_url: u })) },
      fail_idx: p.status >= 2 && p.status <= 4 ? [1] : [],
    });
  });

  app.post("/cgi-bin/freepublish/batchget", async (c) => {
    const body = await jsonBody(c);
    const offset = Number(body?.offset ?? 0);
    const count = Number(body?.count ?? 0);
    if (!(count >= 1 && count <= 20) || !(offset >= 0)) return err(c, 40097, "invalid args");
    const noContent = body?.no_content === 1;
    const page = published.slice(offset, offset + count);
    return c.json({
      total_count: published.length,
      item_count: page.length,
      item: page.map((p) => ({
        article_id: p.articleId,
        content: {
          news_item: p.articles.map((a) => ({
            ...withThumbUrl(a),
            content: noContent ? "" : a.content,
            is_deleted: false,
          })),
          create_time: p.updateTime,
          update_time: p.updateTime,
        },
        update_time: p.updateTime,
      })),
    });
  });

  app.get("/cgi-bin/ticket/getticket", (c) => {
    if (c.req.query("type") !== "jsapi") return err(c, 40097, "invalid args");
    return c.json({ errcode: 0, errmsg: "ok", ticket: `FAKE_TICKET_${appId}`, expires_in: 7200 });
  });

  app.all("/cgi-bin/*", (c) => err(c, 48001, "api unauthorized (the fake does not have this call)"));

  // The CDN and the published articles.
  app.get("/:dir{mmbiz_[a-z]+}/:id/0", (c) => {
    const m = cdn.get(c.req.path);
    if (!m) return c.text("Not Found", 404);
    return c.body(new Uint8Array(m.bytes), 200, { "content-type": m.mime });
  });
  app.get("/s/:id", (c) => {
    const url = `${base}${c.req.path}`;
    const p = published.find((x) => x.urls.includes(url));
    const a = p?.articles[p.urls.indexOf(url)];
    if (!a) return c.text("该内容已被发布者删除", 404);
    return c.html(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${a.title}</title></head>` +
        `<body style="margin:0;background:#fff"><div style="max-width:677px;margin:0 auto;padding:20px 16px"><h1 style="font-size:22px;line-height:1.4">${a.title}</h1>` +
        `<p style="color:#8f959e;font-size:15px">${a.author} · 公众号（模拟）</p>${a.content}</div></body></html>`,
    );
  });

  // For trying it by hand: inject a fault, read what the fake holds.
  app.post("/__fake/faults", async (c) => {
    const f = (await c.req.json().catch(() => null)) as Fault | null;
    if (!f?.kind) return c.json({ ok: false }, 400);
    fault(f);
    return c.json({ ok: true, faults });
  });
  app.delete("/__fake/faults", (c) => {
    faults = [];
    return c.json({ ok: true });
  });
  app.get("/__fake/state", (c) =>
    c.json({
      drafts: [...drafts.values()].map((d) => ({
        mediaId: d.mediaId,
        titles: d.articles.map((a) => a.title),
      })),
      published: published.map((p) => ({ articleId: p.articleId, urls: p.urls })),
      uploads: [...cdn.values()].map((m) => ({ kind: m.kind, bytes: m.bytes.length, url: m.url })),
      calls: calls.length,
    }),
  );

  const server = http.createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    appId,
    appSecret,
    /** what the fake holds, for assertions */
    drafts,
    published,
    publishes,
    media,
    cdn,
    calls,
    /** PUBLISHJOBFINISH pushes sent, and whether the site answered success */
    pushes,
    settings,
    fault,
    clearFaults() {
      faults = [];
    },
    /** calls to `path` from the `mark`th call on (calls.length before an action) */
    count(path: string, mark = 0) {
      return calls.slice(mark).filter((x) => x.path === path).length;
    },
    /** the uploads (body pictures and materials) on the CDN */
    uploads: () => [...cdn.values()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeWechat = Awaited<ReturnType<typeof startFakeWechat>>;

/** An article the 公众号 published itself (made in its own editor), for the import tests. */
export interface AccountArticle {
  title: string;
  author: string;
  digest: string;
  /** the body's paragraphs, and its pictures after them */
  paragraphs: string[];
  pictures: Buffer[];
}

/**
 * Publishes articles on the fake 公众号 through its API as the account's own editor would (body
 * pictures through media/uploadimg, the cover a permanent thumb, draft/add, freepublish/submit),
 * all in one publish; waits until the publish settled. Answers the published articles' links.
 * The tests use it, and `npm run wechat:fake -- --seed` for articles to import by hand.
 */
export async function publishOnFake(
  fake: { url: string; appId: string; appSecret: string },
  articles: AccountArticle[],
): Promise<string[]> {
  const post = async (path: string, token: string, body: unknown, query = "") => {
    const res = await fetch(`${fake.url}${path}?access_token=${token}${query}`, {
      method: "POST",
      ...(body instanceof FormData
        ? { body }
        : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (typeof answer.errcode === "number" && answer.errcode !== 0)
      throw new Error(`${path}: ${answer.errcode} ${answer.errmsg}`);
    return answer;
  };
  const form = (bytes: Buffer, name: string, type: string) => {
    const f = new FormData();
    f.append("media", new Blob([new Uint8Array(bytes)], { type }), name);
    return f;
  };
  const tokenAnswer = await fetch(`${fake.url}/cgi-bin/stable_token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "client_credential", appid: fake.appId, secret: fake.appSecret }),
  });
  const token = String(((await tokenAnswer.json()) as { access_token: string }).access_token);
  const thumb = await sharp({
    create: { width: 300, height: 128, channels: 3, background: { r: 232, g: 56, b: 13 } },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
  const thumbId = String(
    (
      await post(
        "/cgi-bin/material/add_material",
        token,
        form(thumb, "cover.jpg", "image/jpeg"),
        "&type=thumb",
      )
    ).media_id,
  );
  const drafts = [];
  for (const a of articles) {
    const urls: string[] = [];
    for (const [i, p] of a.pictures.entries()) {
      const type = p[0] === 0x89 ? "image/png" : "image/jpeg";
      urls.push(String((await post("/cgi-bin/media/uploadimg", token, form(p, `p${i}`, type))).url));
    }
    drafts.push({
      article_type: "news",
      title: a.title,
      author: a.author,
      digest: a.digest,
      content:
        a.paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join("") +
        urls.map((u) => `<p><img src="${u}" style="max-width:100%"></p>`).join(""),
      content_source_url: "",
      thumb_media_id: thumbId,
      need_open_comment: 0,
      only_fans_can_comment: 0,
    });
  }
  const mediaId = String((await post("/cgi-bin/draft/add", token, { articles: drafts })).media_id);
  const publishId = String(
    (await post("/cgi-bin/freepublish/submit", token, { media_id: mediaId })).publish_id,
  );
  for (;;) {
    const s = await post("/cgi-bin/freepublish/get", token, { publish_id: publishId });
    if (s.publish_status === 0)
      return ((s.article_detail as { item: { article_url: string }[] }).item ?? []).map((i) => i.article_url);
    if (s.publish_status !== 1) throw new Error(`publish ended with status ${s.publish_status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
