import { useEffect, useState } from "react";
import { data, type HeadersArgs, useLocation, useRouteLoaderData } from "react-router";
import { landingTag, type RouteCache } from "../../../contract/cache-tags";
import { BackToTop } from "../../components/BackToTop";
import { ErrorView } from "../../components/ErrorView";
import { LeftMenu } from "../../components/LeftMenu";
import newsCss from "../../components/news.css?url";
import { SearchOverlay } from "../../components/SearchOverlay";
import { SiteFooter } from "../../components/SiteFooter";
import { SiteHeader } from "../../components/SiteHeader";
import { DATA_LANDING_HEADERS, LandingShell, landingMeta } from "../../landing/kit";
import { RenderSections } from "../../landing/RenderSections";
import type { ArticleListWithItems } from "../../landing/sections/ArticleListSection";
import type { Section } from "../../landing/types";
import type { loader as layoutLoader } from "../news/layout";
import type { Route } from "./+types/page";

/**
 * Page cache: what answers at a path is the landing page published there, or the 404; a change of
 * the page at that path purges it (contract/cache-tags.ts). Pages with article lists are tagged with
 * them too, by the serving keys.
 */
export const handle: { cache: RouteCache } = {
  cache: { tags: (p) => [landingTag(`/${p["*"] ?? ""}`)] },
};

/** How many articles an article-list section shows at most (contract/landing.ts). */
type Services = Route.LoaderArgs["context"]["services"];

/** An article-list section's articles: the latest of its column, tag or keyword (a failed search: none). */
async function articlesFor(s: Services, sec: Extract<Section, { type: "articleList" }>) {
  const size = { page: 1, pageSize: sec.count };
  const found = await (sec.source === "keyword"
    ? s.content.search({ keyword: sec.keyword ?? "", ...size })
    : sec.source === "column"
      ? s.content.list({ ...size, columnId: sec.columnId })
      : s.content.byTag({ ...size, tagId: sec.tagId ?? 0 })
  ).catch((err: Error) => {
    s.logger.warn({ err: err.message }, "landing article list unavailable");
    return [];
  });
  return found.slice(0, sec.count).map(({ contentId, title, intro, thumb, author, createTime, tagList }) => ({
    contentId,
    title,
    intro,
    thumb,
    author,
    createTime,
    tagList,
  }));
}

/**
 * Any path no other route claims (docs/product.md, "Landing pages"): the landing page published at
 * it, with its article lists found and its live frames given their room, or a Chinese 404 inside
 * the news chrome.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const s = context.services;
  const page = await s.landingPages.published(url.pathname);
  if (!page) throw data(null, { status: 404 });
  const sold = await s.products.existing(
    page.sections.flatMap((sec) => (sec.type === "buyButton" && sec.productId ? [sec.productId] : [])),
  );
  const sections = await Promise.all(
    page.sections
      // A buy button whose 报名产品 is gone is left out rather than lead to a dead sign-up page.
      .filter((sec) => sec.type !== "buyButton" || sec.source !== "product" || sold.has(sec.productId ?? 0))
      .map(async (sec): Promise<Section | ArticleListWithItems> => {
        if (sec.type === "articleList") return { ...sec, articles: await articlesFor(s, sec) };
        if (sec.type === "liveFrame") return { ...sec, src: sec.src ?? s.config.LIVE_ROOM_URL };
        return sec;
      }),
  );
  return { page: { ...page, sections: sections as Section[] }, origin: context.origin };
}

/** Pages change in the console: the news pages' short micro-cache; a 404 keeps its own headers. */
export function headers({ errorHeaders }: HeadersArgs) {
  return errorHeaders ?? DATA_LANDING_HEADERS;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ name: "robots", content: "noindex" }];
  const { page, origin } = loaderData;
  return landingMeta({ ...page, origin });
}

export default function LandingPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (page.layout === "news") return <NewsFrame sections={page.sections} />;
  return (
    <LandingShell name={page.name}>
      <RenderSections sections={page.sections} />
    </LandingShell>
  );
}

/** A page in the news chrome: header, left side bar, footer and search overlay (the layout's chrome data). */
function NewsFrame({ sections }: { sections: Section[] }) {
  const chrome = useRouteLoaderData<typeof layoutLoader>("routes/news/layout")?.chrome;
  const location = useLocation();
  const [search, setSearch] = useState<"header" | "menu" | null>(null);
  const [drawer, setDrawer] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to navigation only
  useEffect(() => {
    setSearch(null);
    setDrawer(false);
  }, [location.key]);

  return (
    <>
      <link rel="stylesheet" href={newsCss} precedence="news" />
      <a href="#main" className="skip-link">
        跳到正文
      </a>
      <SiteHeader onSearch={() => setSearch("header")} onMenu={() => setDrawer(true)} />
      <div className="news-shell">
        <LeftMenu
          active={null}
          activeColumnId={null}
          moreColumns={chrome?.columns.slice(3, 6) ?? []}
          open={drawer}
          onClose={() => setDrawer(false)}
          onSearch={() => {
            setDrawer(false);
            setSearch("menu");
          }}
        />
        <div className="news-content">
          <main id="main" className="news-main lp-page-news">
            <RenderSections sections={sections} />
          </main>
        </div>
      </div>
      <SiteFooter />
      <BackToTop />
      {search && (
        <SearchOverlay variant={search} tags={chrome?.hotTags ?? []} onClose={() => setSearch(null)} />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorView notFound />;
}
