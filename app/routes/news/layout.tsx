import { useEffect } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { AdBanners } from "../../components/AdBanners";
import { BackToTop } from "../../components/BackToTop";
import { LeftMenu, menuKeyFor } from "../../components/LeftMenu";
// Rendered with a precedence, so React puts it in <head> ahead of the script preloads: on slow
// connections the stylesheet does not queue behind a dozen module downloads (first paint).
import newsCss from "../../components/news.css?url";
import { PartnersCarousel } from "../../components/PartnersCarousel";
import { SearchOverlay } from "../../components/SearchOverlay";
import { SiteFooter } from "../../components/SiteFooter";
import { DrawerNav, SiteHeader } from "../../components/SiteHeader";
import { TopCarousel } from "../../components/TopCarousel";
import { TrendsTimeline } from "../../components/TrendsTimeline";
import { attachNews } from "../../islands/attach";
import type { Route } from "./+types/layout";
import { loadChrome } from "./chrome.server";

export async function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin, chrome: await loadChrome(context.services) };
}

/** The chrome does not change between news screens: client navigations load only the page's data. */
export function shouldRevalidate() {
  return false;
}

/**
 * The news screens' frame (docs/product.md §1, §2). The server draws all of it, the closed search
 * overlays and drawer included; what a reader does with it is the islands' (app/islands/): the
 * bundle of the pages that do not hydrate (app/root.tsx), or, on the pages of this layout that do
 * (previews, landing pages with a form), this component's effect, which attaches the same code.
 */
export default function NewsLayout({ loaderData }: Route.ComponentProps) {
  const { columns, topBanners, adBanners, trends, partners, hotTags } = loaderData.chrome;
  const location = useLocation();
  const matches = useMatches();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page (location.key)
  useEffect(() => attachNews(document, () => import("weixin-js-sdk")), [location.key]);

  // A landing page (the catch-all's page, or one a preview link opens) brings its own frame: only
  // the page is drawn.
  const landing = matches.some(
    (m) =>
      (m.id === "routes/landing/page" && (m.loaderData as { page?: unknown } | undefined)?.page) ||
      (m.id === "routes/news/preview" && (m.loaderData as { landing?: unknown } | undefined)?.landing),
  );
  const shown = matches.find((m) => m.id === "routes/news/article" || m.id === "routes/news/preview")
    ?.loaderData as { article?: { contentId: number; columnId: number } | null } | undefined;
  const article = shown?.article ?? undefined;
  const listed = /^\/newlist\/(\d+)/.exec(location.pathname);
  const activeColumnId = article?.columnId ?? (listed ? Number(listed[1]) : null);
  const moreColumns = columns.slice(3, 6);

  if (landing) return <Outlet />;
  return (
    <>
      <link rel="stylesheet" href={newsCss} precedence="news" />
      <a href="#main" className="skip-link">
        跳到正文
      </a>
      <SiteHeader />
      <div className="news-shell">
        <LeftMenu
          active={menuKeyFor(location.pathname, activeColumnId, moreColumns)}
          activeColumnId={activeColumnId}
          moreColumns={moreColumns}
          extra={<DrawerNav />}
        />
        <div className="news-content">
          <div>
            <TopCarousel banners={topBanners} />
          </div>
          <div className="news-columns">
            <main id="main" className="news-main">
              <Outlet />
            </main>
            <aside className="side-panel" aria-label="侧栏">
              <AdBanners banners={adBanners} />
              <TrendsTimeline trends={trends} />
            </aside>
          </div>
        </div>
      </div>
      <PartnersCarousel partners={partners} />
      <SiteFooter />
      <BackToTop />
      <SearchOverlay variant="header" tags={hotTags} />
      <SearchOverlay variant="menu" tags={hotTags} />
    </>
  );
}
