import { data } from "react-router";
import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import { idOf } from "../../../contract/params";
import { SITE_NAME, SITE_SLOGAN } from "../../root";
import type { Route } from "./+types/rss";
import { originOf, xmlEscape, xmlResponse } from "./feeds.server";

/** Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { tags: () => [ARTICLES] } };

const ITEMS = 30;

/** /rss.xml: the latest articles; /rss/{columnId}.xml: one column's. RSS 2.0. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const s = context.services;
  const origin = originOf(context);
  let column: { columnId: number; columnName: string } | undefined;
  if (params.file !== undefined) {
    const id = idOf(/^(\d+)\.xml$/.exec(params.file)?.[1]) ?? 0;
    column = (await s.content.columns()).find((c) => c.columnId === id);
    if (!column) throw data("Not found", { status: 404 });
  }
  const articles = await s.content.list({ page: 1, pageSize: ITEMS, columnId: column?.columnId });
  const title = column ? `${column.columnName} - ${SITE_NAME}` : `${SITE_NAME} - ${SITE_SLOGAN}`;
  const self = column ? `/rss/${column.columnId}.xml` : "/rss.xml";
  const home = column ? `/newlist/${column.columnId}?name=${encodeURIComponent(column.columnName)}` : "/";
  const items = articles
    .map((a) => {
      const link = `${origin}/articledetail/${a.contentId}`;
      return `<item><title>${xmlEscape(a.title)}</title><link>${xmlEscape(link)}</link><guid isPermaLink="true">${xmlEscape(link)}</guid><description>${xmlEscape(a.intro)}</description><author>${xmlEscape(a.author)}</author>${a.tagList.map((t) => `<category>${xmlEscape(t.tagName)}</category>`).join("")}<pubDate>${new Date(a.createTime).toUTCString()}</pubDate></item>`;
    })
    .join("\n");
  return xmlResponse(
    `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${xmlEscape(title)}</title>
<link>${xmlEscape(origin + home)}</link>
<description>${xmlEscape(SITE_SLOGAN)}</description>
<language>zh-CN</language>
<atom:link href="${xmlEscape(origin + self)}" rel="self" type="application/rss+xml"/>
${items}
</channel>
</rss>
`,
    "application/rss+xml",
  );
}
