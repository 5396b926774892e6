import crypto from "node:crypto";
import type { Element } from "domhandler";
import { findOne, getAttributeValue, getElementById, getInnerHTML, textContent } from "domutils";
import { decodeHTML } from "entities";
import { parseDocument } from "htmlparser2";
import type { Database } from "../db";
import { AppError } from "../services/errors";
import { FetchRefused } from "../services/remote-fetch";
import { IMPORT_LIMITS, plainText } from "./mapping";
import type { ItemReport, Writer } from "./writer";

/**
 * WeChat (公众号) articles brought in as drafts (docs/product.md, "Import"): from their public page
 * (mp.weixin.qq.com/s/…), or, through the same `importWechatArticle`, from the WeChat API's
 * published articles (freepublish/batchget gives title, author, time, cover, content and link).
 * Every picture is stored as our own: WeChat's hosts refuse to show them on other sites.
 */

export const WECHAT_SITE = "mp.weixin.qq.com";

/** An article as WeChat has it, however it was fetched. */
export interface WechatArticle {
  title: string;
  author: string;
  /** ISO time; undefined: now */
  publishedAt?: string;
  /** the cover picture's address ("" for none) */
  cover: string;
  /** the body's HTML (pictures may carry their address in data-src) */
  html: string;
  /** the article's WeChat link, kept on the article */
  link: string;
  /** the digest, when the source has one */
  digest?: string;
}

/** A page that is not an article we can read, with the sentence the report shows. */
export class WechatPageError extends Error {}

export const WECHAT_MESSAGES = {
  notArticle: "不是公众号文章页面（没有找到正文）",
  verify: "公众号要求验证（环境异常），暂时无法读取；请稍后再试，或在浏览器中打开后复制正文到编辑器",
  deleted: "该文章已被发布者删除或因违规无法查看",
  unreachable: (reason: string) => `无法打开文章链接：${reason}`,
} as const;

/** Fetches an article page's HTML (through the remote-fetch guard); throws FetchRefused. */
export type WechatFetch = (url: string) => Promise<string>;

/** A JavaScript string variable of the page (`var msg_title = '…';`, `var ct = "1700000000";`). */
function scriptVar(html: string, name: string): string | undefined {
  const m = new RegExp(`var\\s+${name}\\s*=\\s*(['"])((?:\\\\.|(?!\\1).)*)\\1`).exec(html);
  if (!m) return undefined;
  return m[2]!
    .replace(/\\x([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/\\u([0-9a-f]{4})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/\\(.)/g, "$1");
}

function meta(doc: ReturnType<typeof parseDocument>, key: string): string | undefined {
  const el = findOne(
    (e) => e.name === "meta" && (e.attribs.property === key || e.attribs.name === key),
    doc.children,
    true,
  );
  const v = el ? getAttributeValue(el, "content") : undefined;
  return v?.trim() ? v.trim() : undefined;
}

const text = (el: Element | null) => (el ? textContent(el).replace(/\s+/g, " ").trim() : "");

/** Reads an article page; throws WechatPageError when it is not one (verification, deleted, other). */
export function parseWechatPage(html: string, link: string): WechatArticle {
  const doc = parseDocument(html, { decodeEntities: true });
  const body = getElementById("js_content", doc.children, true);
  if (!body) {
    if (/环境异常|完成验证后即可继续访问|wappoc_appmsgcaptcha/.test(html))
      throw new WechatPageError(WECHAT_MESSAGES.verify);
    if (/该内容已被发布者删除|此内容因违规无法查看|内容已删除/.test(html))
      throw new WechatPageError(WECHAT_MESSAGES.deleted);
    throw new WechatPageError(WECHAT_MESSAGES.notArticle);
  }
  const title =
    text(getElementById("activity-name", doc.children, true)) ||
    plainText(scriptVar(html, "msg_title") ?? "") ||
    meta(doc, "og:title") ||
    "";
  const account = text(getElementById("js_name", doc.children, true)) || scriptVar(html, "nickname") || "";
  const author = meta(doc, "author") || account;
  const ct = Number(scriptVar(html, "ct") ?? /var\s+ct\s*=\s*(\d{9,11})/.exec(html)?.[1] ?? Number.NaN);
  const cover = meta(doc, "og:image") || scriptVar(html, "msg_cdn_url") || "";
  const digest = meta(doc, "og:description") || meta(doc, "description") || scriptVar(html, "msg_desc") || "";
  // WeChat writes the link HTML-escaped inside its script (`&amp;` between the parameters).
  const msgLink = scriptVar(html, "msg_link");
  const canonical = msgLink ? decodeHTML(msgLink) : undefined;
  return {
    title: decodeHTML(title).trim(),
    author: decodeHTML(author).trim(),
    publishedAt: Number.isFinite(ct) && ct > 0 ? new Date(ct * 1000).toISOString() : undefined,
    cover: cover.trim(),
    html: getInnerHTML(body),
    link:
      canonical && /^https?:\/\/mp\.weixin\.qq\.com\//.test(canonical)
        ? canonical.replace(/^http:/, "https:")
        : link,
    digest: decodeHTML(digest).trim(),
  };
}

/**
 * The key of an article on WeChat: its account, message and index when the link names them
 * (`/s?__biz=…&mid=…&idx=…`), otherwise its short link's token (`/s/AbC…`).
 */
export function wechatSourceId(link: string): string {
  try {
    const u = new URL(link);
    const biz = u.searchParams.get("__biz");
    const mid = u.searchParams.get("mid") ?? u.searchParams.get("appmsgid");
    if (biz && mid)
      return `${biz}:${mid}:${u.searchParams.get("idx") ?? u.searchParams.get("itemidx") ?? "1"}`;
    const m = /^\/s\/([A-Za-z0-9_-]+)/.exec(u.pathname);
    if (m) return `s/${m[1]}`;
  } catch {}
  return `url:${crypto.createHash("sha256").update(link).digest("hex").slice(0, 40)}`;
}

/**
 * One WeChat article written as a draft: pictures re-hosted, the WeChat link kept. Idempotent by its
 * WeChat key: the same article again updates its draft (unless an editor changed it since) rather
 * than making a second one. The WeChat API's batch import calls this with what it fetched.
 */
export async function importWechatArticle(
  a: WechatArticle,
  deps: { writer: Writer; database: Database; jobId: number | null; columnId?: number },
): Promise<ItemReport> {
  const columnId =
    deps.columnId ??
    (
      await deps.database.db
        .selectFrom("columns")
        .select("id")
        .orderBy("sort_order")
        .orderBy("id")
        .executeTakeFirst()
    )?.id;
  if (columnId === undefined) throw new AppError(400, "请先建立至少一个栏目");
  const title = plainText(a.title).slice(0, IMPORT_LIMITS.title) || "（无标题）";
  const sourceId = wechatSourceId(a.link);
  const fields = {
    title,
    intro: plainText(a.digest ?? "").slice(0, IMPORT_LIMITS.intro),
    content: a.html,
    cover: a.cover,
    author: plainText(a.author).slice(0, IMPORT_LIMITS.author),
    createdAt: a.publishedAt ?? "",
    link: a.link,
  };
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify({ ...fields, columnId }))
    .digest("hex");
  return deps.writer.write(
    {
      sourceId,
      hash,
      title,
      intro: fields.intro,
      content: a.html,
      cover: a.cover,
      author: fields.author,
      hot: false,
      // A draft for the editor to check before it goes out.
      status: "draft",
      createdAt: a.publishedAt ?? new Date().toISOString(),
      columnId,
      tags: [],
      slug: null,
      sourceUrl: a.link,
      wechatUrl: a.link,
      oldPaths: [],
      notes: [],
    },
    { site: WECHAT_SITE, kind: "wechat", jobId: deps.jobId },
  );
}

/** Fetches and imports one article by its address: a page that is not one is reported, nothing written. */
export async function importWechatUrl(
  url: string,
  deps: { writer: Writer; database: Database; jobId: number | null; wechat: WechatFetch; columnId?: number },
): Promise<ItemReport> {
  const failed = (message: string): ItemReport => ({
    sourceId: url,
    title: url,
    outcome: "failed",
    notes: [message],
  });
  let html: string;
  try {
    html = await deps.wechat(url);
  } catch (err) {
    if (err instanceof FetchRefused) return failed(WECHAT_MESSAGES.unreachable(err.reason));
    return failed(WECHAT_MESSAGES.unreachable("网络错误"));
  }
  let article: WechatArticle;
  try {
    article = parseWechatPage(html, url);
  } catch (err) {
    if (err instanceof WechatPageError) return failed(err.message);
    throw err;
  }
  const report = await importWechatArticle(article, deps);
  return { ...report, sourceId: url };
}
