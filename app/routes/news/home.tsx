import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import { LIST_PAGE_SIZE } from "../../../contract/site";
import { ArticleList } from "../../components/ArticleRow";
import { Pagination } from "../../components/Pagination";
import { CACHED_PAGE_HEADERS, pageCount, pageOf } from "../../components/paging";
import { listPath, originFrom, pageMeta, SITE_DESCRIPTION } from "../../components/seo";
import type { Hydrate } from "../../hydration";
import { SITE_NAME, SITE_SLOGAN } from "../../root";
import type { Route } from "./+types/home";

/**
 * Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts).
 * Drawn by the server alone: no React in the browser, only the islands (app/hydration.ts).
 */
export const handle: { cache: RouteCache; hydrate: Hydrate } = {
  cache: { query: ["page"], tags: () => [ARTICLES] },
  hydrate: false,
};

const PAGE_SIZE = LIST_PAGE_SIZE.home;

export function headers() {
  return CACHED_PAGE_HEADERS;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const page = pageOf(url);
  const [articles, total] = await Promise.all([
    context.services.content.list({ page, pageSize: PAGE_SIZE }),
    context.services.content.count(),
  ]);
  return { articles, page, pages: pageCount(total, PAGE_SIZE) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  const title = `${SITE_NAME} - ${SITE_SLOGAN}`;
  return pageMeta({
    title: page > 1 ? `第${page}页 - ${title}` : title,
    description: SITE_DESCRIPTION,
    origin: originFrom(matches),
    path: listPath("/", page),
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <section className="list-page" aria-labelledby="list-title">
      <h1 id="list-title" className="section-title">
        最新资讯
      </h1>
      <ArticleList articles={loaderData.articles} empty="没有更多文章了。" />
      <Pagination page={loaderData.page} pages={loaderData.pages} />
    </section>
  );
}

export { RouteErrorView as ErrorBoundary } from "../../components/ErrorView";
