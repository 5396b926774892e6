import crypto from "node:crypto";
import { decodeHTML } from "entities";
import { oldAddress } from "../services/redirects";
import type { WxrChannel, WxrItem } from "./wordpress";
import { wxrDate } from "./wordpress";
import { wpautop } from "./wpautop";
import type { ImportArticle } from "./writer";

/**
 * From a WordPress item to an article of ours (docs/product.md, "Import"): what is kept, what is
 * changed to fit, and the old addresses that answer 301 afterwards. Pure: the writer
 * (server/import/writer.ts) stores what this returns.
 */

/** What the console's article form accepts, so an imported article can be edited and saved as it is. */
export const IMPORT_LIMITS = {
  title: 200,
  intro: 500,
  author: 100,
  tag: 20,
  tags: 10,
  columnName: 20,
  slug: 200,
  content: 500_000,
};

export const UNTITLED = "（无标题）";

export type ArticleStatus = "published" | "scheduled" | "draft";

/** A source site's key: host and path of its address, lower case, without a trailing slash. */
export function siteKeyOf(channel: Pick<WxrChannel, "baseBlogUrl" | "link" | "baseSiteUrl">): string {
  const address = channel.baseBlogUrl || channel.link || channel.baseSiteUrl;
  try {
    const u = new URL(address);
    return `${u.host}${u.pathname}`.replace(/\/+$/, "").toLowerCase();
  } catch {
    return address.trim().toLowerCase().slice(0, 200);
  }
}

/** The blog's own address (where `/?p=ID` and `/archives/ID` live). */
function blogBase(channel: Pick<WxrChannel, "baseBlogUrl" | "link" | "baseSiteUrl">): URL | undefined {
  for (const a of [channel.baseBlogUrl, channel.link, channel.baseSiteUrl]) {
    try {
      if (a) return new URL(a.endsWith("/") ? a : `${a}/`);
    } catch {}
  }
  return undefined;
}

export interface MapContext {
  channel: WxrChannel;
  /** attachment post id → its file's address (featured images, galleries) */
  attachments: Map<string, string>;
  /** login → display name */
  authors: Map<string, string>;
  /** the column of a post from its categories (slugs in the file's order); the others become tags */
  columnOf(categories: { slug: string; name: string }[]): number;
}

/**
 * A post as the writer takes it (a WordPress post has no WeChat link). Its body is paragraphed, not
 * yet sanitised, and its pictures are still those of the old site.
 */
export type MappedPost = Omit<ImportArticle, "wechatUrl">;

export type Mapped = { kind: "post"; post: MappedPost } | { kind: "skip"; what: SkipKind };

/** Items that are not articles, by what they are (counted in the report). */
export type SkipKind = "page" | "attachment" | "menu" | "other" | "trash";

const STATUS: Record<string, ArticleStatus | "trash"> = {
  publish: "published",
  future: "scheduled",
  draft: "draft",
  pending: "draft",
  private: "draft",
  "auto-draft": "trash",
  trash: "trash",
  inherit: "trash",
};

/** Text from a title or excerpt: tags out, entities decoded (`&amp;`, `&#8217;`), white space collapsed. */
export function plainText(html: string): string {
  return decodeHTML(html.replace(/<\/?(br|p|div|li|h\d|tr|td)\b[^>]*>/gi, " ").replace(/<[^>]*>/g, ""))
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A percent-encoded slug (WordPress stores Chinese slugs that way) decoded. */
export function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug.trim());
  } catch {
    return slug.trim();
  }
}

/**
 * Shortcodes WordPress would have expanded when showing the post: [caption] becomes a figure,
 * [gallery ids=…] its pictures, [embed]/[video]/[audio] a link to the media. Others stay as text,
 * as WordPress shows a shortcode nobody handles.
 */
export function expandShortcodes(content: string, attachments: Map<string, string>): string {
  let out = content.replace(
    /\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/gi,
    (_m, _attrs: string, inner: string) => {
      const img = /(<a\b[^>]*>\s*)?<img\b[^>]*>(\s*<\/a>)?/i.exec(inner);
      if (!img) return inner;
      const caption = inner.replace(img[0], "").trim();
      return `<figure>${img[0]}${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`;
    },
  );
  out = out.replace(/\[gallery([^\]]*)\]/gi, (m, attrs: string) => {
    const ids = /ids=["']?([\d,\s]+)/i.exec(attrs)?.[1];
    if (!ids) return m;
    const pictures = ids
      .split(",")
      .map((id) => attachments.get(id.trim()))
      .filter((u): u is string => Boolean(u));
    return pictures.map((u) => `<figure><img src="${escapeAttr(u)}" alt="" /></figure>`).join("\n");
  });
  out = out.replace(/\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/gi, (_m, url: string) => link(url.trim()));
  out = out.replace(/\[(video|audio)([^\]]*)\](?:[\s\S]*?\[\/\1\])?/gi, (m, _kind: string, attrs: string) => {
    const src = /(?:src|mp4|m4v|webm|ogv|mp3|m4a|ogg|wav)=["']([^"']+)["']/i.exec(attrs)?.[1];
    return src ? link(src) : m;
  });
  return out;
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const link = (url: string) =>
  /^https?:\/\//i.test(url) ? `<p><a href="${escapeAttr(url)}">${escapeAttr(url)}</a></p>` : "";

/** Site-relative addresses of pictures and links made absolute on the old site. */
function absolutise(html: string, base: URL | undefined): string {
  if (!base) return html;
  return html.replace(
    /(\s(?:src|href|data-src)\s*=\s*)(["'])(\/(?!\/)[^"']*)\2/gi,
    (_m, lead: string, q: string, path: string) => `${lead}${q}${base.origin}${path}${q}`,
  );
}

/**
 * The body as WordPress shows it: shortcodes expanded, paragraphs made by wpautop for classic posts
 * (block-editor posts carry their own and WordPress does not run wpautop on them).
 */
export function bodyOf(content: string, ctx: Pick<MapContext, "attachments" | "channel">): string {
  const text = content.replace(/\r\n?/g, "\n");
  const blocks = text.includes("<!-- wp:");
  const expanded = expandShortcodes(text, ctx.attachments);
  return absolutise(blocks ? expanded : wpautop(expanded), blogBase(ctx.channel));
}

/** The old addresses of a post: its permalink (and query, for `?p=` links), `/?p=ID`, `/archives/ID`. */
export function oldPathsOf(item: WxrItem, channel: WxrChannel): { path: string; query: string }[] {
  const base = blogBase(channel);
  const prefix = base ? base.pathname.replace(/\/+$/, "") : "";
  const found = new Map<string, { path: string; query: string }>();
  const add = (a: { path: string; query: string } | undefined) => {
    if (a) found.set(`${a.path}?${a.query}`, a);
  };
  if (item.link) {
    try {
      const u = new URL(item.link, base);
      add(oldAddress(u.pathname, u.search));
    } catch {}
  }
  if (/^\d+$/.test(item.postId)) {
    add(oldAddress(`${prefix}/`, `?p=${item.postId}`));
    add(oldAddress(`${prefix}/archives/${item.postId}`, ""));
  }
  return [...found.values()];
}

/** The fields of an item, as the report names one whose text passed its limit (WXR_LIMITS). */
const FIELD_NAMES: Record<string, string> = {
  "content:encoded": "正文",
  "excerpt:encoded": "摘要",
  title: "标题",
  "wp:meta_value": "自定义字段",
  category: "分类或标签",
};

/** The report's note for a post too large to import (the reader let its text go). */
export function oversizedNote(o: { element: string; limit: number }): string {
  const limit = `${(o.limit / 10_000).toLocaleString("en-US")} 万字符`;
  if (o.element === "content:encoded") return `文章内容过大（正文超过 ${limit}），已跳过`;
  const field = FIELD_NAMES[o.element] ?? `<${o.element}>`;
  return `文章内容过大（${field}超过 ${limit}），已跳过`;
}

/** One item: an article to write, or why it is not one. */
export function mapItem(item: WxrItem, ctx: MapContext): Mapped {
  const type = item.postType || "post";
  if (type === "page") return { kind: "skip", what: "page" };
  if (type === "attachment") return { kind: "skip", what: "attachment" };
  if (type === "nav_menu_item") return { kind: "skip", what: "menu" };
  if (type !== "post") return { kind: "skip", what: "other" };
  const mapped = STATUS[item.status] ?? "draft";
  if (mapped === "trash") return { kind: "skip", what: "trash" };

  const notes: string[] = [];
  let status: ArticleStatus = mapped;
  if (item.password && status !== "draft") {
    // A password-protected post is never public here: an editor decides what to do with it.
    status = "draft";
    notes.push("原文有密码保护，已导入为草稿");
  }
  if (item.status === "private") notes.push("原文为私密文章，已导入为草稿");

  let title = plainText(item.title);
  if (!title) {
    title = UNTITLED;
    notes.push("原文没有标题");
  } else if (title.length > IMPORT_LIMITS.title) {
    title = cut(title, IMPORT_LIMITS.title);
    notes.push(`标题超过 ${IMPORT_LIMITS.title} 字，已截断`);
  }

  const categories = item.terms.filter((t) => t.domain === "category");
  const columnId = ctx.columnOf(categories.map((c) => ({ slug: c.slug, name: plainText(c.name) })));
  // A post in several categories: the first mapped one is its column, the others stay as tags.
  const tagNames = [
    ...categories.slice(1).map((c) => plainText(c.name)),
    ...item.terms.filter((t) => t.domain === "post_tag").map((t) => plainText(t.name)),
  ];
  const tags: string[] = [];
  for (const name of tagNames) {
    const t = cut(name, IMPORT_LIMITS.tag);
    if (t && !tags.includes(t)) tags.push(t);
  }
  if (tags.length > IMPORT_LIMITS.tags) {
    notes.push(`标签超过 ${IMPORT_LIMITS.tags} 个，只保留前 ${IMPORT_LIMITS.tags} 个`);
    tags.length = IMPORT_LIMITS.tags;
  }

  let content = bodyOf(item.content, ctx);
  if (content.length > IMPORT_LIMITS.content) notes.push("正文超过 50 万字符，编辑时需要删减才能保存");
  if (!content.trim()) {
    content = "";
    notes.push("原文正文为空");
  }

  const dated = wxrDate(item);
  const thumbnailId = item.meta._thumbnail_id?.trim();
  const cover = thumbnailId ? (ctx.attachments.get(thumbnailId) ?? "") : "";
  if (thumbnailId && !cover) notes.push(`特色图片（附件 ${thumbnailId}）不在导出文件中`);

  const slugText = decodeSlug(item.postName);
  const post: Omit<MappedPost, "hash"> = {
    sourceId: item.postId,
    title,
    intro: cut(plainText(item.excerpt), IMPORT_LIMITS.intro),
    content,
    cover,
    author: cut(ctx.authors.get(item.creator.trim()) || item.creator.trim(), IMPORT_LIMITS.author),
    hot: item.sticky,
    status,
    // An undated post (none in a real export) is dated by its import; its hash leaves the date out.
    createdAt: dated ?? "",
    columnId,
    tags,
    slug: slugText ? slugText.slice(0, IMPORT_LIMITS.slug) : null,
    sourceUrl: item.link.trim().slice(0, 1000),
    oldPaths: oldPathsOf(item, ctx.channel),
    notes,
  };
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify({ ...post, notes: undefined, oldPaths: undefined }))
    .digest("hex");
  return { kind: "post", post: { ...post, createdAt: dated ?? new Date().toISOString(), hash } };
}
