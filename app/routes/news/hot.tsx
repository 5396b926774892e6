import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import { LIST_PAGE_SIZE } from "../../../contract/site";
import { ArticleList } from "../../components/ArticleRow";
import { Pagination } from "../../components/Pagination";
import { CACHED_PAGE_HEADERS, pageCount, pageOf } from "../../components/paging";
import { fullTitle, listPath, originFrom, pageMeta } from "../../components/seo";
import type { Hydrate } from "../../hydration";
import type { Route } from "./+types/hot";

/**
 * Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts).
 * Drawn by the server alone: no React in the browser, only the islands (app/hydration.ts).
 */
export const handle: { cache: RouteCache; hydrate: Hydrate } = {
  cache: { query: ["page"], tags: () => [ARTICLES] },
  hydrate: false,
};

const PAGE_SIZE = LIST_PAGE_SIZE.list;

export function headers() {
  return CACHED_PAGE_HEADERS;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const page = pageOf(url);
  const [articles, total] = await Promise.all([
    context.services.content.hotList({ page, pageSize: PAGE_SIZE }),
    context.services.content.hotCount(),
  ]);
  return { articles, page, pages: pageCount(total, PAGE_SIZE) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return pageMeta({
    title: fullTitle(page > 1 ? `热点（第${page}页）` : "热点"),
    description: "电商行业热点新闻：平台政策、直播电商、品牌营销与跨境电商的最新动态。",
    origin: originFrom(matches),
    path: listPath("/news", page),
  });
}

export default function HotNews({ loaderData }: Route.ComponentProps) {
  return (
    <section className="list-page" aria-labelledby="list-title">
      <h1 id="list-title" className="section-title">
        热点
      </h1>
      <ArticleList articles={loaderData.articles} empty="没有更多热点了。" />
      <Pagination page={loaderData.page} pages={loaderData.pages} />
    </section>
  );
}

export { RouteErrorView as ErrorBoundary } from "../../components/ErrorView";
