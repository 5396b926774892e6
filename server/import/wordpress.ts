import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { decodeHTMLStrict } from "entities";
import { SaxesParser } from "saxes";

/**
 * A streaming reader of WordPress's export format (WXR 1.1 and 1.2, wp-admin/includes/export.php):
 * the file is parsed as it is read, each `<item>` handed over and forgotten once handled, so a
 * 200 MB export never sits in memory whole (docs/product.md, "Import").
 */

export const WXR_VERSIONS = ["1.1", "1.2"] as const;

/** A file the reader refuses, with the Chinese sentence the console and the CLI show. */
export class WxrError extends Error {
  /** the parser's own words, for the log */
  detail?: string;
}

export interface WxrAuthor {
  login: string;
  displayName: string;
}

export interface WxrTerm {
  /** category, post_tag */
  domain: string;
  slug: string;
  name: string;
  parent: string;
}

/** What the channel says before its items. */
export interface WxrChannel {
  version: string;
  title: string;
  /** the site's address (`<link>`) */
  link: string;
  baseSiteUrl: string;
  baseBlogUrl: string;
  authors: WxrAuthor[];
  /** categories and tags the export lists (posts name theirs again, each with its slug) */
  terms: WxrTerm[];
}

export interface WxrItem {
  title: string;
  link: string;
  pubDate: string;
  creator: string;
  guid: string;
  /** the body as stored (empty in a light read) */
  content: string;
  excerpt: string;
  postId: string;
  postDate: string;
  postDateGmt: string;
  postName: string;
  status: string;
  postType: string;
  password: string;
  sticky: boolean;
  attachmentUrl: string;
  /** `<category domain=… nicename=…>name</category>`, in the file's order */
  terms: { domain: string; slug: string; name: string }[];
  meta: Record<string, string>;
  comments: number;
  /** the first element of the item whose text passed its limit (WXR_LIMITS): the item is not imported */
  oversized: { element: string; limit: number } | null;
}

export interface ReadOptions {
  /** skip the bodies, excerpts and comments (the first pass only counts and collects attachments) */
  light?: boolean;
  /** told after each chunk with the bytes read so far */
  progress?: (bytes: number) => void;
}

const emptyItem = (): WxrItem => ({
  title: "",
  link: "",
  pubDate: "",
  creator: "",
  guid: "",
  content: "",
  excerpt: "",
  postId: "",
  postDate: "",
  postDateGmt: "",
  postName: "",
  status: "",
  postType: "",
  password: "",
  sticky: false,
  attachmentUrl: "",
  terms: [],
  meta: {},
  comments: 0,
  oversized: null,
});

/** Item fields read as text, by element name. */
const ITEM_TEXT: Record<string, keyof WxrItem> = {
  title: "title",
  link: "link",
  pubDate: "pubDate",
  "dc:creator": "creator",
  guid: "guid",
  "content:encoded": "content",
  "excerpt:encoded": "excerpt",
  "wp:post_id": "postId",
  "wp:post_date": "postDate",
  "wp:post_date_gmt": "postDateGmt",
  "wp:post_name": "postName",
  "wp:status": "status",
  "wp:post_type": "postType",
  "wp:post_password": "password",
  "wp:attachment_url": "attachmentUrl",
};
const HEAVY = new Set(["content:encoded", "excerpt:encoded"]);

/**
 * The most text (characters) one element may hold, so that a huge node never sits in memory whole,
 * in either pass: a post's body, its excerpt, a custom field's value (page builders keep a page
 * there) and any element the reader does not use up to `body`; every other field (titles, names,
 * dates, addresses, statuses) up to `field`. Past it, the text read so far is let go and the rest
 * is not kept: inside an item, the item is marked `oversized` (the import reports it and skips it);
 * elsewhere, the file is refused. Deeper nesting than `depth` is refused too.
 */
export const WXR_LIMITS = { body: 5_000_000, field: 100_000, depth: 64 };
const BODY_ELEMENTS = new Set(["content:encoded", "excerpt:encoded", "wp:meta_value"]);

/** Text is handed to the parser in pieces of at most this many characters, checked after each. */
const PIECE = 1 << 20;

/**
 * The parser's own buffer: saxes collects a text node or CDATA section whole before handing it
 * over (and an attribute value, a comment), so a node's size is checked, and the buffer emptied, in
 * there. saxes is pinned (package.json); the import's tests read a 64 MB node.
 */
interface SaxesBuffers {
  text: string;
  /** a tag's or attribute's name, an entity's name, a processing instruction's target */
  name: string;
  entity: string;
  piTarget: string;
}

/**
 * HTML's named entities (`&nbsp;`, `&hellip;`…) besides XML's five: older exports wrote titles
 * through filters that leave them, and WordPress's own importer reads them.
 */
const HTML_ENTITIES = new Proxy({} as Record<string, string>, {
  get(_t, name) {
    if (typeof name !== "string" || !/^[A-Za-z][A-Za-z0-9]{1,31}$/.test(name)) return undefined;
    const decoded = decodeHTMLStrict(`&${name};`);
    return decoded === `&${name};` ? undefined : decoded;
  },
});

/** "12:7: unexpected end" → its line number, for the message. */
const lineOf = (message: string) => /^(?:[^:]*:)?(\d+):\d+:/.exec(message)?.[1];

/**
 * Reads a WXR stream: `channel` once (before the first item, or at the end of an export without
 * items), then `item` for every `<item>`, awaited before the next chunk is parsed. Refuses, with a
 * WxrError, what is not XML, what is cut short, and what is not a WXR of a known version.
 */
export async function readWxr(
  input: Readable,
  handlers: {
    channel?: (c: WxrChannel) => void | Promise<void>;
    item: (i: WxrItem) => void | Promise<void>;
  },
  opts: ReadOptions = {},
): Promise<{ channel: WxrChannel; items: number }> {
  const parser = new SaxesParser({ position: true });
  Object.setPrototypeOf(parser.ENTITIES, HTML_ENTITIES);

  const channel: WxrChannel = {
    version: "",
    title: "",
    link: "",
    baseSiteUrl: "",
    baseBlogUrl: "",
    authors: [],
    terms: [],
  };
  let channelSent = false;
  const ready: WxrItem[] = [];
  let items = 0;
  let failure: Error | undefined;

  // Open elements, outermost first, with the text collected for each (only where it is kept), the
  // length of text seen in it, and whether it passed its limit (nothing more is kept of it).
  interface Open {
    name: string;
    text: string[] | null;
    size: number;
    over: boolean;
    attrs: Record<string, string>;
  }
  const stack: Open[] = [];
  const buffers = parser as unknown as SaxesBuffers;
  let item: WxrItem | null = null;
  let meta: { key: string; value: string } | null = null;
  let author: WxrAuthor | null = null;
  let term: WxrTerm | null = null;
  let rootSeen = false;

  parser.on("opentag", (tag) => {
    const name = tag.name;
    const attrs = tag.attributes as Record<string, string>;
    if (!rootSeen) {
      rootSeen = true;
      if (name !== "rss") throw new WxrError("不是 WordPress 导出文件（WXR）：根元素不是 rss");
    }
    const parent = stack[stack.length - 1]?.name;
    let keep = false;
    if (item) {
      if (parent === "item") {
        if (name === "category") {
          keep = true;
        } else if (name === "wp:postmeta") {
          meta = { key: "", value: "" };
        } else if (name === "wp:comment") {
          item.comments++;
        } else if (name === "wp:is_sticky") {
          keep = true;
        } else if (ITEM_TEXT[name] !== undefined) {
          keep = !(opts.light && HEAVY.has(name));
        }
      } else if (parent === "wp:postmeta") {
        keep = name === "wp:meta_key" || name === "wp:meta_value";
      }
    } else if (name === "item" && parent === "channel") {
      if (!channel.version) throw new WxrError(versionMessage(""));
      item = emptyItem();
    } else if (parent === "channel") {
      if (name === "wp:author") author = { login: "", displayName: "" };
      else if (name === "wp:category") term = { domain: "category", slug: "", name: "", parent: "" };
      else if (name === "wp:tag") term = { domain: "post_tag", slug: "", name: "", parent: "" };
      else if (name === "wp:term") term = { domain: "", slug: "", name: "", parent: "" };
      else keep = ["title", "link", "wp:wxr_version", "wp:base_site_url", "wp:base_blog_url"].includes(name);
    } else if (author || term) {
      keep = true;
    }
    if (stack.length >= WXR_LIMITS.depth)
      throw new WxrError(`导出文件的标签嵌套超过 ${WXR_LIMITS.depth} 层，无法读取`);
    stack.push({ name, text: keep ? [] : null, size: 0, over: false, attrs });
  });

  const limitOf = (el: Open | undefined) =>
    el && !BODY_ELEMENTS.has(el.name) && el.text ? WXR_LIMITS.field : WXR_LIMITS.body;

  /** The innermost open element passed its limit: what it holds is let go. */
  const overflow = (el: Open | undefined) => {
    const limit = limitOf(el);
    if (!item || !el) throw new WxrError(oversizedMessage(el?.name, limit));
    el.over = true;
    el.text = null;
    item.oversized ??= { element: el.name, limit };
  };

  const collect = (t: string) => {
    const top = stack[stack.length - 1];
    if (!top || top.over) return;
    top.size += t.length;
    if (top.size > limitOf(top)) overflow(top);
    else if (top.text) top.text.push(t);
  };

  /** After each piece: the text the parser holds for the open element, within its limit. */
  const checkBuffers = () => {
    if (buffers.name.length + buffers.entity.length + buffers.piTarget.length > WXR_LIMITS.field)
      throw new WxrError(
        `导出文件中有超过 ${WXR_LIMITS.field.toLocaleString("en-US")} 个字符的名称（标签、属性或实体），无法读取`,
      );
    const pending = buffers.text.length;
    if (pending === 0) return;
    const top = stack[stack.length - 1];
    if (top?.over) buffers.text = "";
    else if ((top?.size ?? 0) + pending > limitOf(top)) {
      buffers.text = "";
      overflow(top);
    }
  };
  parser.on("text", collect);
  // A body holding "]]>" is written as several CDATA sections in a row: their texts join up.
  parser.on("cdata", collect);

  parser.on("closetag", (tag) => {
    const el = stack.pop()!;
    const text = el.text ? el.text.join("") : "";
    const parent = stack[stack.length - 1]?.name;
    if (item) {
      if (tag.name === "item" && parent === "channel") {
        ready.push(item);
        item = null;
        return;
      }
      if (parent === "item") {
        if (el.over) {
          // Passed its limit: the item is reported, not imported; nothing of the field is kept.
        } else if (tag.name === "category") {
          item.terms.push({
            domain: el.attrs.domain ?? "category",
            slug: el.attrs.nicename ?? "",
            name: text,
          });
        } else if (tag.name === "wp:postmeta") {
          if (meta?.key) item.meta[meta.key] = meta.value;
          meta = null;
        } else if (tag.name === "wp:is_sticky") {
          item.sticky = text.trim() === "1";
        } else {
          const field = ITEM_TEXT[tag.name];
          if (field && el.text) (item as unknown as Record<string, string>)[field] = text;
        }
      } else if (parent === "wp:postmeta" && meta) {
        if (tag.name === "wp:meta_key") meta.key = text;
        else if (tag.name === "wp:meta_value") meta.value = text;
      }
      return;
    }
    if (parent === "channel") {
      if (tag.name === "title") channel.title = text;
      else if (tag.name === "link") channel.link = text.trim();
      else if (tag.name === "wp:base_site_url") channel.baseSiteUrl = text.trim();
      else if (tag.name === "wp:base_blog_url") channel.baseBlogUrl = text.trim();
      else if (tag.name === "wp:wxr_version") {
        channel.version = text.trim();
        if (!(WXR_VERSIONS as readonly string[]).includes(channel.version))
          throw new WxrError(versionMessage(channel.version));
      } else if (tag.name === "wp:author" && author) {
        channel.authors.push(author);
        author = null;
      } else if ((tag.name === "wp:category" || tag.name === "wp:tag" || tag.name === "wp:term") && term) {
        if (term.domain) channel.terms.push(term);
        term = null;
      }
      return;
    }
    if (author) {
      if (tag.name === "wp:author_login") author.login = text.trim();
      else if (tag.name === "wp:author_display_name") author.displayName = text.trim();
    } else if (term) {
      if (tag.name === "wp:category_nicename" || tag.name === "wp:tag_slug" || tag.name === "wp:term_slug")
        term.slug = text.trim();
      else if (tag.name === "wp:cat_name" || tag.name === "wp:tag_name" || tag.name === "wp:term_name")
        term.name = text;
      else if (tag.name === "wp:category_parent" || tag.name === "wp:term_parent") term.parent = text.trim();
      else if (tag.name === "wp:term_taxonomy") term.domain = text.trim();
    }
  });

  parser.on("error", (err) => {
    failure ??= err;
  });

  const flush = async () => {
    if (!channelSent && (ready.length > 0 || channel.version)) {
      // The channel's own elements all come before its first item.
      if (ready.length > 0) {
        channelSent = true;
        await handlers.channel?.(channel);
      }
    }
    while (ready.length > 0) {
      const next = ready.shift()!;
      items++;
      await handlers.item(next);
    }
  };

  let bytes = 0;
  // Chunks may end inside a character: the decoder keeps the partial bytes for the next one.
  const decoder = new StringDecoder("utf8");
  const write = (text: string) => {
    for (let at = 0; at < text.length || at === 0; at += PIECE) {
      try {
        parser.write(text.length > PIECE ? text.slice(at, at + PIECE) : text);
        checkBuffers();
      } catch (err) {
        failure ??= err as Error;
      }
      if (failure) throw describe(failure);
    }
  };
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    write(typeof chunk === "string" ? chunk : decoder.write(chunk));
    await flush();
    opts.progress?.(bytes);
  }
  write(decoder.end());
  try {
    parser.close();
  } catch (err) {
    throw truncated(err);
  }
  if (!rootSeen) throw new WxrError("文件是空的，或不是 XML，请上传 WordPress 导出的 .xml 文件");
  if (failure) throw truncated(failure);
  if (!channel.version) throw new WxrError(versionMessage(""));
  if (!channelSent) {
    channelSent = true;
    await handlers.channel?.(channel);
  }
  await flush();
  return { channel, items };
}

/** A file refused for one huge node outside its posts, with the limit it passed. */
function oversizedMessage(element: string | undefined, limit: number): string {
  const what = element ? ` <${element.slice(0, 50)}> 的内容` : "有一段内容";
  return `导出文件中${what}超过 ${limit.toLocaleString("en-US")} 个字符，无法读取`;
}

function versionMessage(version: string): string {
  return version
    ? `不支持的 WordPress 导出版本（WXR ${version.slice(0, 20)}），仅支持 WXR ${WXR_VERSIONS.join("、")}`
    : "不是 WordPress 导出文件（WXR）：没有 wp:wxr_version";
}

/** The parser's complaint, in Chinese with its line (the parser's own words go to `detail`). */
function describe(err: unknown): Error {
  if (err instanceof WxrError) return err;
  const message = (err as Error).message ?? String(err);
  const line = lineOf(message);
  const e = new WxrError(
    `文件不是有效的 XML${line ? `（第 ${line} 行有误）` : ""}，请上传 WordPress 导出的 .xml 文件`,
  );
  e.detail = message;
  return e;
}

/** An error at the end of the file: it stopped in the middle of the export. */
function truncated(err: unknown): Error {
  if (err instanceof WxrError) return err;
  return new WxrError("导出文件不完整：文件在中途结束，可能下载或上传时被截断，请重新导出后再试");
}

/** A WordPress date: the GMT one when set, else the site's local one read as Beijing time, else pubDate. */
export function wxrDate(item: Pick<WxrItem, "postDateGmt" | "postDate" | "pubDate">): string | undefined {
  const gmt = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(item.postDateGmt.trim());
  if (gmt && !gmt[1]!.startsWith("0000")) {
    const t = Date.parse(`${gmt[1]}T${gmt[2]}Z`);
    if (!Number.isNaN(t)) return new Date(t).toISOString();
  }
  const local = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(item.postDate.trim());
  if (local && !local[1]!.startsWith("0000")) {
    const t = Date.parse(`${local[1]}T${local[2]}+08:00`);
    if (!Number.isNaN(t)) return new Date(t).toISOString();
  }
  const pub = Date.parse(item.pubDate);
  return Number.isNaN(pub) ? undefined : new Date(pub).toISOString();
}
