import { useEffect, useState } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { AdBanners } from "../../components/AdBanners";
import { BackToTop } from "../../components/BackToTop";
import { LeftMenu, menuKeyFor } from "../../components/LeftMenu";
import { useListPageMemory } from "../../components/list-memory";
// Rendered with a precedence, so React puts it in <head> ahead of the script preloads: on slow
// connections the stylesheet does not queue behind a dozen module downloads (first paint).
import newsCss from "../../components/news.css?url";
import { PartnersCarousel } from "../../components/PartnersCarousel";
import { ProgressBar } from "../../components/ProgressBar";
import { SearchOverlay } from "../../components/SearchOverlay";
import { SiteFooter } from "../../components/SiteFooter";
import { DrawerNav, SiteHeader } from "../../components/SiteHeader";
import { TopCarousel } from "../../components/TopCarousel";
import { TrendsTimeline } from "../../components/TrendsTimeline";
import { useWechatShare } from "../../components/useWechatShare";
import type { Route } from "./+types/layout";
import { loadChrome } from "./chrome.server";

export async function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin, chrome: await loadChrome(context.services) };
}

/** The chrome does not change between news screens: client navigations load only the page's data. */
export function shouldRevalidate() {
  return false;
}

export default function NewsLayout({ loaderData }: Route.ComponentProps) {
  const { columns, topBanners, adBanners, trends, partners, hotTags } = loaderData.chrome;
  const location = useLocation();
  const matches = useMatches();
  const [search, setSearch] = useState<"header" | "menu" | null>(null);
  const [drawer, setDrawer] = useState(false);
  useListPageMemory();
  useWechatShare();

  // Navigating closes the overlay (which unlocks scrolling) and the phone drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to navigation only
  useEffect(() => {
    setSearch(null);
    setDrawer(false);
  }, [location.key]);

  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setDrawer(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawer]);

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
      <ProgressBar />
      <SiteHeader onSearch={() => setSearch("header")} onMenu={() => setDrawer(true)} />
      <div className="news-shell">
        <LeftMenu
          active={menuKeyFor(location.pathname, activeColumnId, moreColumns)}
          activeColumnId={activeColumnId}
          moreColumns={moreColumns}
          open={drawer}
          extra={<DrawerNav />}
          onClose={() => setDrawer(false)}
          onSearch={() => {
            setDrawer(false);
            setSearch("menu");
          }}
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
      {search && <SearchOverlay variant={search} tags={hotTags} onClose={() => setSearch(null)} />}
    </>
  );
}
