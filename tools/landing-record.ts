import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { AnyNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";

/**
 * What a visitor sees of a landing page, read from its server-rendered HTML: the head's title,
 * description and share tags, the visible text, every link and every picture. The landing
 * baseline (tests/fixtures/landing-baseline.json) holds one record per landing page; it is written
 * by `npm run landing:baseline` and checked by tests/e2e/landing-baseline.test.ts.
 */

export const BASELINE_FILE = path.join("tests", "fixtures", "landing-baseline.json");

/** The live room the record's /flybird/live frame shows: the recorder and the test start the site with it. */
export const BASELINE_ENV = { LIVE_ROOM_URL: "https://live.example.com/room/baseline" } as const;

export interface RecordedLink {
  href: string;
  target?: string;
  rel?: string;
}

export interface RecordedPicture {
  /** the element (and attribute) it came from: img, source, video, iframe, track, or `div[style]` … */
  el: string;
  src: string;
  alt?: string;
}

export interface PageRecord {
  status: number;
  head: {
    title: string;
    /** description, canonical and og:* / twitter:* tags, by name */
    meta: Record<string, string>;
  };
  /** text blocks in document order, whitespace collapsed */
  text: string[];
  /** text of hidden elements (other tabs' panels, closed panels): seen after a click */
  hiddenText: string[];
  links: RecordedLink[];
  pictures: RecordedPicture[];
}

export interface Baseline {
  about: string;
  pages: Record<string, PageRecord>;
}

/** Elements whose text is a block of its own: those that end a line, and links (one block per link). */
const BLOCKS = new Set([
  "a",
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "br",
  "button",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "iframe",
  "img",
  "li",
  "main",
  "nav",
  "ol",
  "option",
  "p",
  "pre",
  "section",
  "select",
  "summary",
  "table",
  "tbody",
  "td",
  "textarea",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
  "video",
]);

/** Never shown as text. */
const SKIPPED = new Set(["script", "style", "noscript", "template", "head"]);

/**
 * What must not count as a change: the origin the site listens on, the content hashes of built
 * assets, and the current year of a copyright line.
 */
export function normalise(s: string, origin: string): string {
  let out = origin ? s.split(origin).join("{origin}") : s;
  out = out.replace(/(\/assets\/[^"'\s)?#]*?)-[A-Za-z0-9_-]{8}(\.[a-z0-9]+)/g, "$1$2");
  return out.replace(/© \d{4} /g, "© {year} ");
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

function isHidden(el: Element): boolean {
  const a = el.attribs;
  if (a.hidden !== undefined) return true;
  // a closed dialog (the news frame's search overlays) shows after a click
  if (el.name === "dialog" && a.open === undefined) return true;
  if (el.name === "input" && a.type === "hidden") return true;
  const style = (a.style ?? "").replace(/\s+/g, "").toLowerCase();
  return style.includes("display:none") || style.includes("visibility:hidden");
}

/** The url(...) addresses of an inline style. */
function styleUrls(style: string): string[] {
  return [...style.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/g)].map((m) => m[2]!);
}

/** The record of one server-rendered page. `origin` is the address the page was fetched from. */
export function recordPage(html: string, status: number, origin: string): PageRecord {
  const n = (s: string) => normalise(s, origin);
  const doc = parseDocument(html);
  const record: PageRecord = {
    status,
    head: { title: "", meta: {} },
    text: [],
    hiddenText: [],
    links: [],
    pictures: [],
  };

  const visitHead = (node: AnyNode) => {
    if (node.type !== "tag") {
      if ("children" in node) for (const c of node.children) visitHead(c);
      return;
    }
    const el = node as Element;
    const a = el.attribs;
    if (el.name === "title" && !record.head.title)
      record.head.title = collapse(el.children.map((c) => ("data" in c ? c.data : "")).join(""));
    if (el.name === "meta") {
      const key = a.property ?? a.name;
      if (key && a.content !== undefined && /^(description|keywords|robots|og:|twitter:)/.test(key))
        record.head.meta[key] = n(a.content);
    }
    if (el.name === "link" && a.rel === "canonical" && a.href) record.head.meta.canonical = n(a.href);
    if (el.name === "body") return;
    for (const c of el.children) visitHead(c);
  };
  visitHead(doc);

  let buffer = "";
  let bufferHidden = false;
  const flush = () => {
    const t = collapse(buffer);
    if (t) (bufferHidden ? record.hiddenText : record.text).push(n(t));
    buffer = "";
  };

  const visit = (node: AnyNode, hidden: boolean) => {
    if (node.type === "text") {
      if (hidden !== bufferHidden) {
        flush();
        bufferHidden = hidden;
      }
      buffer += node.data;
      return;
    }
    if (node.type !== "tag" && node.type !== "script" && node.type !== "style") {
      if ("children" in node) for (const c of node.children) visit(c, hidden);
      return;
    }
    const el = node as Element;
    if (SKIPPED.has(el.name)) return;
    const a = el.attribs;
    const hide = hidden || isHidden(el);
    if ((el.name === "a" || el.name === "area") && a.href !== undefined) {
      record.links.push({
        href: n(a.href),
        ...(a.target !== undefined ? { target: a.target } : {}),
        ...(a.rel !== undefined ? { rel: a.rel } : {}),
      });
    }
    const pic = (attr: string, extra: Partial<RecordedPicture> = {}) => {
      if (a[attr]) record.pictures.push({ el: `${el.name}[${attr}]`, src: n(a[attr]), ...extra });
    };
    switch (el.name) {
      case "img":
        pic("src", { alt: a.alt ?? "" });
        pic("srcset");
        break;
      case "source":
        pic("srcset");
        pic("src");
        break;
      case "video":
        pic("poster");
        pic("src");
        break;
      case "iframe":
      case "track":
      case "embed":
        pic("src");
        break;
      case "object":
        pic("data");
        break;
      case "image":
        pic("href");
        break;
    }
    if (a.style)
      for (const u of styleUrls(a.style)) record.pictures.push({ el: `${el.name}[style]`, src: n(u) });
    const block = BLOCKS.has(el.name) || hide !== hidden;
    if (block) flush();
    for (const c of el.children) visit(c, hide);
    if (block) flush();
  };
  const body = doc.children
    .flatMap((c) => ("children" in c ? c.children : []))
    .find((c): c is Element => c.type === "tag" && (c as Element).name === "body");
  if (body) visit(body, false);
  flush();
  return record;
}

/** The first differences between a page's record and what it renders now, one readable line each. */
export function diffPage(expected: PageRecord, actual: PageRecord, max = 6): string[] {
  const out: string[] = [];
  if (expected.status !== actual.status) out.push(`status: ${expected.status} → ${actual.status}`);
  if (expected.head.title !== actual.head.title)
    out.push(`<title>: ${JSON.stringify(expected.head.title)} → ${JSON.stringify(actual.head.title)}`);
  const keys = [...new Set([...Object.keys(expected.head.meta), ...Object.keys(actual.head.meta)])];
  for (const k of keys) {
    const e = expected.head.meta[k];
    const a = actual.head.meta[k];
    if (e !== a) out.push(`meta ${k}: ${JSON.stringify(e)} → ${JSON.stringify(a)}`);
  }
  const lists = [
    ["text", expected.text, actual.text],
    ["hidden text", expected.hiddenText, actual.hiddenText],
    ["links", expected.links, actual.links],
    ["pictures", expected.pictures, actual.pictures],
  ] as const;
  for (const [name, e, a] of lists) {
    const es = e.map((x) => JSON.stringify(x));
    const as = a.map((x) => JSON.stringify(x));
    let i = 0;
    while (i < es.length && i < as.length && es[i] === as[i]) i++;
    if (i === es.length && i === as.length) continue;
    // The end of the lists that still match, to show only the changed stretch.
    let j = 0;
    while (j < es.length - i && j < as.length - i && es[es.length - 1 - j] === as[as.length - 1 - j]) j++;
    const removed = es.slice(i, es.length - j);
    const added = as.slice(i, as.length - j);
    out.push(`${name} (${es.length} recorded, ${as.length} now), from item ${i + 1}:`);
    for (const r of removed.slice(0, max)) out.push(`  - ${r}`);
    if (removed.length > max) out.push(`  - … ${removed.length - max} more`);
    for (const r of added.slice(0, max)) out.push(`  + ${r}`);
    if (added.length > max) out.push(`  + … ${added.length - max} more`);
  }
  return out;
}

/** Fetches and records every path from a running site. */
export async function recordPages(origin: string, paths: string[]): Promise<Record<string, PageRecord>> {
  const pages: Record<string, PageRecord> = {};
  for (const p of [...paths].sort()) {
    const res = await fetch(origin + p, { redirect: "manual" });
    pages[p] = recordPage(await res.text(), res.status, origin);
  }
  return pages;
}

/** Writes the baseline as pretty JSON, formatted as the project's formatter (Biome) keeps it. */
export function writeBaseline(root: string, baseline: Baseline): string {
  const file = path.join(root, BASELINE_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
  const biome = path.join(root, "node_modules", ".bin", "biome");
  const r = spawnSync(biome, ["format", "--write", file], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`biome format failed: ${r.stderr || r.stdout}`);
  return file;
}

export function readBaseline(root: string): Baseline {
  return JSON.parse(fs.readFileSync(path.join(root, BASELINE_FILE), "utf8")) as Baseline;
}
