import type { ResourceName } from "./resources";

/**
 * What a stored answer shows, so that a content change can name exactly the answers it touches
 * (docs/architecture.md, "Serving"). A tag is one of these, and a misspelled one does not compile:
 *
 * - `article:<id>`: the article's own page and API answers;
 * - `articles`: any list of articles (home, column, tag, search, hot, RSS, sitemaps, list APIs);
 * - `products`, `product:<id>`: sign-up products and the pages that list them;
 * - a console resource's name (`banners`, `partners`, `columns`, …): answers listing it;
 * - `chrome`: the site chrome every page carries (latest and hot lists, banners, partners);
 * - `landing:<path>`: whatever answers at a landing page's path (lower case): the page, or the 404
 *   before it is published and after it is taken down;
 * - `landings`: any answer listing landing pages;
 * - `redirect:<old address>`: an editor's redirect, which each instance reloads (no answer carries it).
 */
export type CacheTag =
  | typeof CHROME
  | typeof ARTICLES
  | typeof PRODUCTS
  | `article:${number}`
  | `product:${number}`
  | `redirect:${string}`
  | `landing:${string}`
  | typeof LANDINGS
  | ResourceName;

export const CHROME = "chrome";
export const ARTICLES = "articles";
export const PRODUCTS = "products";
export const LANDINGS = "landings";
/** The answers at a path that a landing page holds or may hold (the path in lower case, no trailing slash). */
export const landingTag = (path: string): CacheTag => `landing:${landingPathKey(path)}`;
/** A landing path as pages are looked up by it: lower case, without a trailing slash. */
export const landingPathKey = (path: string) => {
  const p = path.toLowerCase().replace(/\/{2,}/g, "/");
  return p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p;
};
export const articleTag = (id: number): CacheTag => `article:${id}`;
export const productTag = (id: number): CacheTag => `product:${id}`;

/** A content change: stored answers tagged with any of `purge` are never served again. */
export interface ContentChange {
  purge: CacheTag[];
}

/** A published, edited, unpublished or deleted article: its own page and every list. */
export const articleChange = (id: number): ContentChange => ({ purge: [articleTag(id), ARTICLES] });

/** A landing page changed: the answers at each path it had or has now, and the lists of pages. */
export const landingChange = (paths: string[]): ContentChange => ({
  purge: [...new Set(paths.map(landingTag)), LANDINGS],
});

/** A product (or its questions) changed. */
export const productChange = (id: number): ContentChange => ({ purge: [productTag(id), PRODUCTS] });

/**
 * A console resource changed. Columns and tags also name article lists; banners, partners and
 * columns are part of the chrome every news page shows, so they purge every page (they change
 * rarely). Everything else purges the answers listing it.
 */
export const resourceChange = (name: ResourceName): ContentChange => {
  const purge: CacheTag[] = [name];
  if (name === "columns" || name === "tags") purge.push(ARTICLES);
  if (name === "banners" || name === "partners" || name === "columns") purge.push(CHROME);
  return { purge };
};

/**
 * A cacheable public GET declares what it shows, from its URL parameters (a page route's `handle`)
 * or its parsed query (an endpoint). `query` lists the parameters it reads: every other one (`utm_*`,
 * `from`, `spm`…) is dropped from the key and from the URL it is rendered from. `false`: never stored.
 */
export type RouteCache =
  | false
  | {
      query?: readonly string[];
      tags: (params: Record<string, string | undefined>) => CacheTag[];
    };

/**
 * An editor's redirect added or removed (server/services/redirects.ts): no stored answer shows it
 * (old addresses are answered before the store); every instance reloads that old address.
 */
export const redirectChange = (keys: string[]): ContentChange => ({
  purge: keys.map((k): CacheTag => `redirect:${k}`),
});
