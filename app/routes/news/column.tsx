import { data } from "react-router";
import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import { idOf } from "../../../contract/params";
import { LIST_PAGE_SIZE } from "../../../contract/site";
import { ArticleList } from "../../components/ArticleRow";
import { Pagination } from "../../components/Pagination";
import { CACHED_PAGE_HEADERS, pageCount, pageOf } from "../../components/paging";
import { fullTitle, listPath, originFrom, pageMeta } from "../../components/seo";
import type { Hydrate } from "../../hydration";
import type { Route } from "./+types/column";
import { loadChrome } from "./chrome.server";

/**
 * Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts).
 * Drawn by the server alone: no React in the browser, only the islands (app/hydration.ts).
 */
export const handle: { cache: RouteCache; hydrate: Hydrate } = {
  cache: { query: ["name", "page"], tags: () => [ARTICLES] },
  hydrate: false,
};

const PAGE_SIZE = LIST_PAGE_SIZE.list;

export function headers() {
  return CACHED_PAGE_HEADERS;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const columnId = idOf(params.nid);
  const { columns } = await loadChrome(context.services);
  const column = columns.find((c) => c.columnId === columnId);
  if (!column || columnId === undefined) throw data(null, { status: 404 });
  const page = pageOf(url);
  const [articles, total] = await Promise.all([
    context.services.content.list({ page, pageSize: PAGE_SIZE, columnId }),
    context.services.content.count(columnId),
  ]);
  // docs/product.md §2: the name query sets the title; the column's own name when it is missing.
  const name = url.searchParams.get("name")?.trim().slice(0, 40) || column.columnName;
  return { column, name, articles, total, page, pages: pageCount(total, PAGE_SIZE) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { column, name, page } = loaderData;
  return pageMeta({
    title: fullTitle(page > 1 ? `${name}（第${page}页）` : name),
    description: `${column.columnName}栏目：电商报关于${column.columnName}的最新文章。`,
    origin: originFrom(matches),
    path: listPath(`/newlist/${column.columnId}`, page, { name: column.columnName }),
  });
}

export default function ColumnList({ loaderData }: Route.ComponentProps) {
  const { column, name, articles, page, pages } = loaderData;
  return (
    <section key={column.columnId} className="list-page" aria-labelledby="list-title">
      <h1 id="list-title" className="section-title">
        {name}
      </h1>
      <ArticleList articles={articles} empty="这个栏目还没有文章。" />
      <Pagination page={page} pages={pages} />
    </section>
  );
}

export { RouteErrorView as ErrorBoundary } from "../../components/ErrorView";
