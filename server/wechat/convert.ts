import { lazily } from "../lazily";
import { sanitizeRichText } from "../services/html";

const cheerio = lazily<typeof import("cheerio")>("cheerio");
const juice = lazily<typeof import("juice")>("juice");

/**
 * An article's sanitised HTML as the 公众号 keeps it (docs/product.md, "WeChat sync"): WeChat drops
 * <style>, classes and scripts, and takes links only to mp.weixin.qq.com. So every style is inlined
 * from the theme below (juice, a CSS inliner), classes and ids are removed, and other links become
 * numbered notes under 参考链接 at the end. Pictures keep the site's addresses here; the sync
 * uploads them and puts WeChat's addresses in (replacePictures).
 */

const FONT = `"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif`;

/**
 * The site's article typography (docs/visual.md: articles 16 px / 1.75, ink #1F2329, secondary
 * #646A73, brand #E8380D, section headings 20 px / 600, radius 8 on pictures) for a phone. The
 * text's font, size, colour and line height sit on the one wrapping <section> and are inherited:
 * WeChat counts every character of the HTML, styles included, against its 20,000.
 */
export const WECHAT_THEME_CSS = `
.wx-article { font-family: ${FONT}; font-size: 16px; line-height: 1.75; color: #1f2329; letter-spacing: 0.5px; word-wrap: break-word; }
p { margin: 0 0 16px; }
h2 { margin: 32px 0 16px; padding-left: 10px; border-left: 3px solid #e8380d; font-size: 20px; font-weight: 600; line-height: 1.4; }
h3 { margin: 24px 0 12px; font-size: 18px; font-weight: 600; line-height: 1.4; }
h4 { margin: 24px 0 8px; font-size: 16px; font-weight: 600; }
img { display: block; max-width: 100%; height: auto; margin: 0 auto; border-radius: 8px; }
blockquote { margin: 0 0 16px; padding: 12px 16px; background: #f5f6f7; border-left: 3px solid #e8380d; border-radius: 4px; color: #646a73; }
ul, ol { margin: 0 0 16px; padding-left: 24px; }
li { margin: 4px 0; }
strong, b { font-weight: 600; }
a { color: #c92f0a; text-decoration: none; }
hr { margin: 24px 0; border: 0; border-top: 1px solid #e5e6eb; }
table { width: 100%; margin: 0 0 16px; border-collapse: collapse; font-size: 14px; }
th, td { padding: 6px 10px; border: 1px solid #e5e6eb; }
th { background: #f5f6f7; font-weight: 600; }
pre { margin: 0 0 16px; padding: 12px 16px; background: #f5f6f7; border-radius: 8px; overflow-x: auto; font-size: 14px; line-height: 1.6; }
code { font-family: Menlo, Consolas, monospace; font-size: 14px; }
.wx-figure { margin: 0 0 16px; }
.wx-caption { margin: 8px 0 0; color: #8f959e; font-size: 14px; line-height: 1.6; text-align: center; }
.wx-ref { color: #c92f0a; font-size: 12px; }
.wx-notes { margin-top: 32px; padding-top: 16px; border-top: 1px solid #e5e6eb; color: #646a73; font-size: 14px; line-height: 1.6; }
.wx-notes-title { margin: 0 0 8px; color: #1f2329; font-weight: 600; }
.wx-note { margin: 0 0 4px; word-break: break-all; }
`;

/** Links WeChat keeps as links: other 公众号 articles. */
export function isWechatLink(href: string): boolean {
  try {
    const u = new URL(href);
    return u.protocol === "https:" || u.protocol === "http:" ? u.hostname === "mp.weixin.qq.com" : false;
  } catch {
    return false;
  }
}

export interface Converted {
  /** what is sent, but for the pictures' addresses */
  html: string;
  /** the pictures' addresses as the article has them, in order, each once */
  pictures: string[];
  /** the links that became notes, numbered from 1 */
  notes: { text: string; url: string }[];
}

/**
 * The article's body for the 公众号. `origin`: the site's public origin, for links to its own
 * pages written as paths (/articledetail/12).
 */
export function toWechatHtml(body: string, opts: { origin?: string } = {}): Converted {
  // A stored body (already checked when saved): every picture it has goes, each loaded through the guard.
  const $ = cheerio().load(sanitizeRichText(body, "keep"), null, false);
  const notes: Converted["notes"] = [];
  const numbered = new Map<string, number>();

  $("a").each((_i, el) => {
    const a = $(el);
    const raw = (a.attr("href") ?? "").trim();
    let href = raw;
    if (raw.startsWith("/") && !raw.startsWith("//") && opts.origin) href = opts.origin + raw;
    if (isWechatLink(href)) {
      a.attr("href", href).removeAttr("target").removeAttr("rel").removeAttr("title");
      return;
    }
    const text = a.text().trim();
    if (!/^https?:\/\//i.test(href)) {
      // mailto:, tel:, an unusable address: the text stays, the link goes.
      a.replaceWith(a.contents());
      return;
    }
    let n = numbered.get(href);
    if (n === undefined) {
      n = notes.length + 1;
      numbered.set(href, n);
      notes.push({ text: text === href ? "" : text, url: href });
    }
    a.after(`<sup class="wx-ref">[${n}]</sup>`);
    a.replaceWith(a.contents());
  });

  const pictures: string[] = [];
  $("img").each((_i, el) => {
    const img = $(el);
    const src = (img.attr("src") ?? "").trim();
    if (!src) {
      img.remove();
      return;
    }
    if (!pictures.includes(src)) pictures.push(src);
    img.removeAttr("loading").removeAttr("width").removeAttr("height");
  });

  $("figure").each((_i, el) => {
    el.tagName = "section";
    $(el).addClass("wx-figure");
  });
  $("figcaption").each((_i, el) => {
    el.tagName = "p";
    $(el).addClass("wx-caption");
  });
  // Empty paragraphs the editor leaves behind would each be a blank line on a phone.
  $("p").each((_i, el) => {
    const p = $(el);
    if (p.text().trim() === "" && p.find("img, br").length === 0) p.remove();
  });

  let html = `<section class="wx-article">${$.html()}`;
  if (notes.length > 0) {
    html += `<section class="wx-notes"><p class="wx-notes-title">参考链接</p>${notes
      .map((n, i) => `<p class="wx-note">[${i + 1}] ${n.text ? `${esc(n.text)}：` : ""}${esc(n.url)}</p>`)
      .join("")}</section>`;
  }
  html += "</section>";

  const inlined = juice().inlineContent(html, WECHAT_THEME_CSS, {
    inlinePseudoElements: true,
    applyWidthAttributes: false,
    applyHeightAttributes: false,
    applyAttributesTableElements: false,
    removeStyleTags: true,
    preserveImportant: false,
  });
  const out = cheerio().load(inlined, null, false);
  out("style, script, link").remove();
  out("[class]").removeAttr("class");
  out("[id]").removeAttr("id");
  return { html: out.html(), pictures, notes };
}

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The HTML with each picture's address replaced by `map`'s (WeChat's CDN, after the upload). */
export function replacePictures(html: string, map: Record<string, string>): string {
  const $ = cheerio().load(html, null, false);
  $("img").each((_i, el) => {
    const img = $(el);
    const next = map[(img.attr("src") ?? "").trim()];
    if (next) img.attr("src", next);
  });
  return $.html();
}

/** What WeChat counts against its 20,000: the characters of the HTML sent. */
export const contentLength = (html: string) => html.length;
