import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { BackToTop } from "../components/BackToTop";
import { LeftMenu } from "../components/LeftMenu";
import newsCss from "../components/news.css?url";
import { SearchOverlay } from "../components/SearchOverlay";
import { SiteFooter } from "../components/SiteFooter";
import { SiteHeader } from "../components/SiteHeader";
import type { loader as layoutLoader } from "../routes/news/layout";

/**
 * A page in the news chrome: header, left side bar, footer and search overlays (the layout's chrome
 * data). Their behaviour is the islands' (app/islands/chrome.ts), attached by the islands bundle or,
 * when the page hydrates, by the news layout's effect.
 */
export function NewsFrame({ children }: { children: ReactNode }) {
  const chrome = useRouteLoaderData<typeof layoutLoader>("routes/news/layout")?.chrome;
  const tags = chrome?.hotTags ?? [];
  return (
    <>
      <link rel="stylesheet" href={newsCss} precedence="news" />
      <a href="#main" className="skip-link">
        跳到正文
      </a>
      <SiteHeader />
      <div className="news-shell">
        <LeftMenu active={null} activeColumnId={null} moreColumns={chrome?.columns.slice(3, 6) ?? []} />
        <div className="news-content">
          <main id="main" className="news-main lp-page-news">
            {children}
          </main>
        </div>
      </div>
      <SiteFooter />
      <BackToTop />
      <SearchOverlay variant="header" tags={tags} />
      <SearchOverlay variant="menu" tags={tags} />
    </>
  );
}
