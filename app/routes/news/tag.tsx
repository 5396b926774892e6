import { data } from "react-router";
import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import { idOf } from "../../../contract/params";
import { LIST_PAGE_SIZE } from "../../../contract/site";
import { ArticleList } from "../../components/ArticleRow";
import { Pagination } from "../../components/Pagination";
import { CACHED_PAGE_HEADERS, orNotFound, pageCount, pageOf } from "../../components/paging";
import { fullTitle, listPath, originFrom, pageMeta } from "../../components/seo";
import type { Hydrate } from "../../hydration";
import type { Route } from "./+types/tag";

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
  const tagId = idOf(params.tid);
  if (tagId === undefined) throw data(null, { status: 404 });
  const { content } = context.services;
  const page = pageOf(url);
  const [tag, articles, total] = await Promise.all([
    orNotFound(content.tag(tagId)),
    content.byTag({ tagId, page, pageSize: PAGE_SIZE }),
    content.byTagCount(tagId),
  ]);
  if (!tag) throw data(null, { status: 404 });
  const name = url.searchParams.get("name")?.trim().slice(0, 40) || tag.tagName;
  return { tag, name, articles, total, page, pages: pageCount(total, PAGE_SIZE) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { tag, name, page } = loaderData;
  return pageMeta({
    title: fullTitle(page > 1 ? `${name}（第${page}页）` : name),
    description: `标签「${tag.tagName}」的相关文章。`,
    origin: originFrom(matches),
    path: listPath(`/taglist/${tag.tagId}`, page, { name: tag.tagName }),
  });
}

export default function TagList({ loaderData }: Route.ComponentProps) {
  const { tag, name, articles, total, page, pages } = loaderData;
  return (
    <section key={tag.tagId} className="list-page" aria-labelledby="list-title">
      <h1 id="list-title" className="section-title">
        <span className="title-tag">#</span>
        {name}
      </h1>
      <p className="list-count">
        共 <strong>{total}</strong> 篇相关文章
      </p>
      <ArticleList articles={articles} empty="这个标签下还没有文章。" />
      <Pagination page={page} pages={pages} />
    </section>
  );
}

export { RouteErrorView as ErrorBoundary } from "../../components/ErrorView";
