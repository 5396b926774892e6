import { createElement } from "react";
import { preload } from "react-dom";
import { renderToString } from "react-dom/server";
import { type AppLoadContext, MemoryRouter } from "react-router";
import { ARTICLE_COLUMN, BANNER_GROUP } from "../../../contract/columns";
import type { Column, Partner, Tag } from "../../../contract/entities";
import { chromeMarkup, type Markup } from "../../components/Prerendered";

type Services = AppLoadContext["services"];

/** What every news screen shows around its own content (docs/product.md §1). */
export interface Chrome {
  columns: Column[];
  topBanners: { bannerId: number; bannerName: string; bannerLink: string; image: string }[];
  adBanners: { bannerId: number; bannerName: string; bannerLink: string; thumb: string }[];
  trends: { contentId: number; title: string; intro: string }[];
  partners: Partner[];
  hotTags: Tag[];
}

/** Hot tags: the first 8 distinct tags of the latest 10 articles (docs/product.md §2, §9). */
export function gatherTags(articles: { tagList: Tag[] }[], max = 8): Tag[] {
  const seen = new Set<number>();
  const tags: Tag[] = [];
  for (const a of articles) {
    for (const t of a.tagList) {
      if (tags.length >= max) return tags;
      if (seen.has(t.tagId)) continue;
      seen.add(t.tagId);
      tags.push(t);
    }
  }
  return tags;
}

async function fetchChrome(s: Services): Promise<Chrome> {
  const [columns, top, ads, trends, partners, latest] = await Promise.all([
    s.content.columns(),
    s.site.banners({ columnId: BANNER_GROUP.carousel, page: 1, pageSize: 4 }),
    s.site.banners({ columnId: BANNER_GROUP.ads, page: 1, pageSize: 6 }),
    s.content.list({ columnId: ARTICLE_COLUMN.trends, page: 1, pageSize: 5 }),
    s.site.partners(),
    s.content.list({ page: 1, pageSize: 10 }),
  ]);
  return {
    columns,
    topBanners: top.map(({ bannerId, bannerName, bannerLink, image }) => ({
      bannerId,
      bannerName,
      bannerLink,
      image,
    })),
    adBanners: ads.map(({ bannerId, bannerName, bannerLink, thumb }) => ({
      bannerId,
      bannerName,
      bannerLink,
      thumb,
    })),
    trends: trends.map(({ contentId, title, intro }) => ({ contentId, title, intro })),
    partners: partners.slice(0, 30),
    hotTags: gatherTags(latest),
  };
}

/**
 * The version of what the chrome shows: its data and its markup are kept while this stays the same.
 * Today any content change moves it; this is the one place to point at a narrower signal.
 */
export function chromeVersion(s: Services): number {
  return s.events.version;
}

const TTL_MS = 60_000;
const cache = new WeakMap<Services, { version: number; at: number; value: Promise<Chrome> }>();

/**
 * The chrome is the same on every page, so it is read once and kept until content changes (the
 * content-change version moves) or for a minute, whichever comes first.
 */
export function loadChrome(s: Services): Promise<Chrome> {
  const hit = cache.get(s);
  const version = chromeVersion(s);
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = fetchChrome(s);
  cache.set(s, { version, at: Date.now(), value });
  value.catch(() => {
    if (cache.get(s)?.value === value) cache.delete(s);
  });
  return value;
}

/** A picture the markup asks the browser to fetch early (an eager, high-priority `<img>`). */
interface ImagePreload {
  href: string;
  fetchPriority?: "high" | "low" | "auto";
}

type Memo = Markup & { preloads: ImagePreload[] };

const markup = new Map<string, { deps: readonly unknown[]; memo: Memo | undefined }>();

/** The image preloads React puts ahead of markup rendered apart (an eager, high-priority <img>). */
const IMAGE_PRELOAD =
  /^<link rel="preload" as="image" href="([^"]*)"(?: fetchPriority="(high|low|auto)")?\/>/;

const unescapeHtml = (s: string) =>
  s.replace(/&(amp|quot|#x27|lt|gt);/g, (_, e: string) =>
    e === "amp" ? "&" : e === "quot" ? '"' : e === "#x27" ? "'" : e === "lt" ? "<" : ">",
  );

// The chrome's markup, rendered once per chrome data (see Prerendered). Links render the same
// markup in any router, so a MemoryRouter stands in for the page's.
chromeMarkup.render = (key, deps, children) => {
  const hit = markup.get(key);
  if (hit && hit.deps.length === deps.length && hit.deps.every((d, i) => d === deps[i]))
    return withPreloads(hit.memo);
  let html = renderToString(createElement(MemoryRouter, null, children));
  // Image preloads lead the output: they are asked for again on every page the markup is part of.
  const preloads: ImagePreload[] = [];
  for (let m = IMAGE_PRELOAD.exec(html); m; m = IMAGE_PRELOAD.exec(html)) {
    preloads.push({ href: unescapeHtml(m[1]!), fetchPriority: m[2] as ImagePreload["fetchPriority"] });
    html = html.slice(m[0].length);
  }
  // Anything else hoisted into <head> (a stylesheet, a title) must come from the page's render.
  const usable = /<(link|meta|title|style|script|base)[\s>]/.test(html)
    ? undefined
    : { html, bytes: Buffer.from(html), preloads };
  markup.set(key, { deps, memo: usable });
  return withPreloads(usable);
};

/**
 * Asks for the memo's picture preloads in the page being rendered (this runs inside its render), as
 * the <img> would have, and answers its markup.
 */
function withPreloads(memo: Memo | undefined): Markup | undefined {
  for (const p of memo?.preloads ?? []) preload(p.href, { as: "image", fetchPriority: p.fetchPriority });
  return memo;
}
