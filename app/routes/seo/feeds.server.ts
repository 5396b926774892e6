import type { AppLoadContext } from "react-router";

type Services = AppLoadContext["services"];

/** The public origin: PUBLIC_URL when configured, else the host the server checked (never the raw Host). */
export const originOf = (context: AppLoadContext) => context.origin;

export const xmlEscape = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** Search engines read at most 50,000 URLs per sitemap file. */
export const URLS_PER_SITEMAP = 50_000;

/** Cached like the pages (and cleared with them when content changes). */
export const FEED_HEADERS = { "Cache-Control": "public, max-age=300, s-maxage=300" };

export function xmlResponse(body: string, type = "application/xml") {
  return new Response(body, { headers: { "Content-Type": `${type}; charset=utf-8`, ...FEED_HEADERS } });
}

export function staticUrls(columns: { columnId: number; columnName: string }[]): string[] {
  return [
    "/",
    "/news",
    "/activity",
    "/cooperate",
    ...columns.map((c) => `/newlist/${c.columnId}?name=${encodeURIComponent(c.columnName)}`),
  ];
}

/** Published articles by id, one sitemap file's worth. */
export async function articleEntries(s: Services, offset: number, limit: number) {
  return s.database.db
    .selectFrom("articles")
    .select(["id", "updated_at"])
    .where("status", "=", "published")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export function urlset(origin: string, entries: { loc: string; lastmod?: string }[]) {
  const urls = entries
    .map(
      (e) =>
        `<url><loc>${xmlEscape(origin + e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * One file when everything fits in 50,000 URLs; above that a sitemap index of
 * /sitemaps/pages.xml (home, lists, columns) and /sitemaps/articles-N.xml (50,000 articles each).
 */
export function sitemapFiles(articleCount: number, perFile = URLS_PER_SITEMAP): string[] {
  const files = ["/sitemaps/pages.xml"];
  for (let i = 1; i <= Math.ceil(articleCount / perFile); i++) files.push(`/sitemaps/articles-${i}.xml`);
  return files;
}
