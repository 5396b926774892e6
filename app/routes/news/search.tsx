import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import { LIST_PAGE_SIZE } from "../../../contract/site";
import { ArticleList } from "../../components/ArticleRow";
import { Pagination } from "../../components/Pagination";
import { CACHED_PAGE_HEADERS, pageCount, pageOf } from "../../components/paging";
import { HotTags } from "../../components/SearchOverlay";
import { fullTitle, originFrom, pageMeta } from "../../components/seo";
import type { Hydrate } from "../../hydration";
import type { Route } from "./+types/search";
import { loadChrome } from "./chrome.server";

/**
 * Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts).
 * Drawn by the server alone: no React in the browser, only the islands (app/hydration.ts).
 */
export const handle: { cache: RouteCache; hydrate: Hydrate } = {
  cache: { query: ["kw", "page"], tags: () => [ARTICLES] },
  hydrate: false,
};

const PAGE_SIZE = LIST_PAGE_SIZE.list;

// Every search link carries its own timestamp (?key=…, docs/product.md §2); the loader does not read it, so the page
// cache keys searches by keyword and page alone.
export function headers() {
  return CACHED_PAGE_HEADERS;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  // /searchlist/?kw= is where the search form lands without JavaScript.
  const keyword = (params.keywords ?? url.searchParams.get("kw") ?? "").trim().slice(0, 100);
  const page = pageOf(url);
  if (!keyword) {
    const { hotTags } = await loadChrome(context.services);
    return { keyword, hotTags, articles: [], total: 0, page: 1, pages: 1 };
  }
  const { content } = context.services;
  const [articles, total] = await Promise.all([
    content.search({ keyword, page, pageSize: PAGE_SIZE }),
    content.searchCount(keyword),
  ]);
  return { keyword, hotTags: [], articles, total, page, pages: pageCount(total, PAGE_SIZE) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const keyword = loaderData?.keyword ?? "";
  return [
    ...pageMeta({
      title: fullTitle(keyword ? `“${keyword}”的搜索结果` : "搜索"),
      description: keyword ? `电商报中与“${keyword}”相关的文章。` : "搜索电商报的文章。",
      origin: originFrom(matches),
      path: "/searchlist/",
    }),
    { name: "robots", content: "noindex, follow" },
  ];
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { keyword, hotTags, articles, total, page, pages } = loaderData;
  return (
    <section className="list-page" aria-labelledby="list-title">
      <h1 id="list-title" className="section-title">
        {keyword ? `“${keyword}”的搜索结果` : "搜索"}
      </h1>
      {/* Enter goes to /searchlist/{kw}?key=… through the island app/islands/chrome.ts */}
      <form role="search" className="search-inline" action="/searchlist/" method="get" data-search-form="">
        <input
          key={keyword}
          type="search"
          name="kw"
          defaultValue={keyword}
          maxLength={100}
          placeholder="请输入关键词"
          aria-label="搜索关键词"
        />
        <button type="submit" className="button-primary">
          搜索
        </button>
      </form>
      {keyword ? (
        <>
          <p className="list-count">
            共找到 <strong>{total}</strong> 篇相关文章
          </p>
          <ArticleList articles={articles} empty="没有找到相关文章，换个关键词试试。" />
          <Pagination page={page} pages={pages} />
        </>
      ) : (
        <div className="search-prompt">
          <p>请输入关键词搜索文章，或者看看大家都在关注的热门标签：</p>
          <HotTags tags={hotTags} />
        </div>
      )}
    </section>
  );
}

export { RouteErrorView as ErrorBoundary } from "../../components/ErrorView";
