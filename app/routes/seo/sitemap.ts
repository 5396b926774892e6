import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import type { Route } from "./+types/sitemap";
import {
  articleEntries,
  originOf,
  sitemapFiles,
  staticUrls,
  URLS_PER_SITEMAP,
  urlset,
  xmlEscape,
  xmlResponse,
} from "./feeds.server";

/** Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { tags: () => [ARTICLES] } };

export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const origin = originOf(context);
  const [columns, count] = await Promise.all([s.content.columns(), s.content.count()]);
  const pages = staticUrls(columns);
  if (pages.length + count <= URLS_PER_SITEMAP) {
    const articles = await articleEntries(s, 0, URLS_PER_SITEMAP);
    return xmlResponse(
      urlset(origin, [
        ...pages.map((loc) => ({ loc })),
        ...articles.map((a) => ({ loc: `/articledetail/${a.id}`, lastmod: a.updated_at })),
      ]),
    );
  }
  const files = sitemapFiles(count)
    .map((f) => `<sitemap><loc>${xmlEscape(origin + f)}</loc></sitemap>`)
    .join("\n");
  return xmlResponse(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files}\n</sitemapindex>\n`,
  );
}
