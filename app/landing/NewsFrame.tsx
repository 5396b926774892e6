import { type ReactNode, useEffect, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { BackToTop } from "../components/BackToTop";
import { LeftMenu } from "../components/LeftMenu";
import newsCss from "../components/news.css?url";
import { SearchOverlay } from "../components/SearchOverlay";
import { SiteFooter } from "../components/SiteFooter";
import { SiteHeader } from "../components/SiteHeader";
import type { loader as layoutLoader } from "../routes/news/layout";

/** A page in the news chrome: header, left side bar, footer and search overlay (the layout's chrome data). */
export function NewsFrame({ children }: { children: ReactNode }) {
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
            {children}
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
