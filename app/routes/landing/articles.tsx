import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import { ArticleList } from "../../components/ArticleRow";
import { BackToTop } from "../../components/BackToTop";
import { LeftMenu } from "../../components/LeftMenu";
import { SearchOverlay } from "../../components/SearchOverlay";
import { SiteFooter } from "../../components/SiteFooter";
import { SiteHeader } from "../../components/SiteHeader";
import { useWechatShare } from "../../components/useWechatShare";
import "../../components/news.css";
import "../../landing/landing.css";
import { ARTICLE_LIST } from "../../landing/definitions.server";
import { CtaLink, DATA_LANDING_HEADERS, landingMeta } from "../../landing/kit";
import { loadChrome } from "../news/chrome.server";
import type { Route } from "./+types/articles";

/** Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { tags: () => [ARTICLES] } };

/** docs/product.md §9: the marketing article list requests 10 articles and shows the first 4. */
const REQUESTED = 10;
const SHOWN = 4;

/**
 * The marketing article list (/market/products/yingxiao) in the news chrome: home header, left side
 * bar, footer and search overlay; the articles found for the definition's keyword, each linking to
 * its /articledetail page. A failed search leaves an empty list (docs/product.md §8: only logged).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const s = context.services;
  const page = ARTICLE_LIST;
  const [chrome, found] = await Promise.all([
    loadChrome(s),
    s.content.search({ keyword: page.keyword, page: 1, pageSize: REQUESTED }).catch((err: Error) => {
      s.logger.warn({ err: err.message }, "marketing article list unavailable");
      return [];
    }),
  ]);
  const articles = found
    .slice(0, SHOWN)
    .map(({ contentId, title, intro, thumb, author, createTime, tagList }) => ({
      contentId,
      title,
      intro,
      thumb,
      author,
      createTime,
      tagList,
    }));
  return {
    page,
    articles,
    moreColumns: chrome.columns.slice(3, 6),
    hotTags: chrome.hotTags,
    origin: context.origin,
  };
}

export function headers() {
  return DATA_LANDING_HEADERS;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, origin } = loaderData;
  return landingMeta({ ...page, origin });
}

export default function MarketingArticles({ loaderData }: Route.ComponentProps) {
  const { page, articles, moreColumns, hotTags } = loaderData;
  const location = useLocation();
  const [search, setSearch] = useState<"header" | "menu" | null>(null);
  const [drawer, setDrawer] = useState(false);
  useWechatShare();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to navigation only
  useEffect(() => {
    setSearch(null);
    setDrawer(false);
  }, [location.key]);

  return (
    <>
      <a href="#main" className="skip-link">
        跳到正文
      </a>
      <SiteHeader onSearch={() => setSearch("header")} onMenu={() => setDrawer(true)} />
      <div className="news-shell">
        <LeftMenu
          active={null}
          activeColumnId={null}
          moreColumns={moreColumns}
          open={drawer}
          onClose={() => setDrawer(false)}
          onSearch={() => {
            setDrawer(false);
            setSearch("menu");
          }}
        />
        <div className="news-content">
          <main id="main" className="news-main">
            <section aria-labelledby="ma-title">
              <h1 id="ma-title" className="section-title">
                {page.name}
              </h1>
              <p className="muted ma-intro">{page.intro}</p>
              <ArticleList articles={articles} empty="暂时没有相关文章，去首页看看最新资讯吧。" />
            </section>
            <p className="lp-actions ma-ctas">
              {page.ctas.map((c) => (
                <CtaLink key={c.href} cta={c} />
              ))}
            </p>
          </main>
        </div>
      </div>
      <SiteFooter />
      <BackToTop />
      {search && <SearchOverlay variant={search} tags={hotTags} onClose={() => setSearch(null)} />}
    </>
  );
}
