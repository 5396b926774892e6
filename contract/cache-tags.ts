/**
 * What a cached answer shows, so that a content change can name exactly the answers it touches
 * (docs: README "Response store").
 *
 * - `article:<id>`: the article's own page and API answers;
 * - `articles`: any list of articles (home, column, tag, search, hot, RSS, sitemaps, list APIs);
 * - `products`, `product:<id>`: sign-up products and the pages that list them;
 * - a console resource's name (`banners`, `partners`, `columns`, …): answers listing it;
 * - `chrome`: the site chrome every page carries (latest and hot lists, banners, partners).
 */
export type CacheTag = string;

export const CHROME: CacheTag = "chrome";
export const ARTICLES: CacheTag = "articles";
export const PRODUCTS: CacheTag = "products";
export const articleTag = (id: number | string): CacheTag => `article:${id}`;
export const productTag = (id: number | string): CacheTag => `product:${id}`;

/**
 * A content change: answers tagged with a `purge` tag are never served again (the next request
 * renders afresh); answers tagged with a `stale` tag may be served for at most
 * CACHE_STALE_SECONDS more while one background render refreshes them.
 */
export interface ContentChange {
  purge: CacheTag[];
  stale: CacheTag[];
}

/**
 * A published, edited, unpublished or deleted article: its own page and every list are fresh on
 * the next request (a new article shows on the home at once, a removed one answers 404 at once);
 * other pages only show it in their chrome.
 */
export const articleChange = (id: number): ContentChange => ({
  purge: [articleTag(id), ARTICLES],
  stale: [CHROME],
});

/** A product (or its questions) changed. */
export const productChange = (id: number): ContentChange => ({
  purge: [productTag(id), PRODUCTS],
  stale: [CHROME],
});

/**
 * A console resource changed (banners, partners, columns, tags, landing data, …): answers listing
 * it are fresh at once; columns and tags also name article lists. Everything else carries it only
 * in the chrome.
 */
export const resourceChange = (name: string): ContentChange => ({
  purge: name === "columns" || name === "tags" ? [name, ARTICLES] : [name],
  stale: [CHROME],
});

/** Tags every cached answer carries besides its own. */
export const withChrome = (tags: readonly CacheTag[]): CacheTag[] =>
  tags.includes(CHROME) ? [...tags] : [...tags, CHROME];

/**
 * A route's caching declaration (its `handle.cache`): the query parameters its loader reads (all
 * others, such as `utm_*`, `from` or `spm`, are ignored for the cache key), and the tags of what it
 * shows, from its URL parameters.
 */
export interface RouteCache {
  query?: readonly string[];
  tags?: (params: Record<string, string | undefined>) => CacheTag[];
}
