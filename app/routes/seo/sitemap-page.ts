import { data } from "react-router";
import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import type { Route } from "./+types/sitemap-page";
import { articleEntries, originOf, staticUrls, URLS_PER_SITEMAP, urlset, xmlResponse } from "./feeds.server";

/** Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { tags: () => [ARTICLES] } };

/** The files a sitemap index points to (only above 50,000 URLs). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const s = context.services;
  const origin = originOf(context);
  if (params.file === "pages.xml") {
    const columns = await s.content.columns();
    return xmlResponse(
      urlset(
        origin,
        staticUrls(columns).map((loc) => ({ loc })),
      ),
    );
  }
  const n = /^articles-(\d{1,6})\.xml$/.exec(params.file ?? "");
  const index = n ? Number(n[1]) : 0;
  if (index < 1) throw data("Not found", { status: 404 });
  const articles = await articleEntries(s, (index - 1) * URLS_PER_SITEMAP, URLS_PER_SITEMAP);
  if (articles.length === 0) throw data("Not found", { status: 404 });
  return xmlResponse(
    urlset(
      origin,
      articles.map((a) => ({ loc: `/articledetail/${a.id}`, lastmod: a.updated_at })),
    ),
  );
}
