import { useEffect, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { BackToTop } from "../components/BackToTop";
import { LeftMenu } from "../components/LeftMenu";
import newsCss from "../components/news.css?url";
import { SearchOverlay } from "../components/SearchOverlay";
import { SiteFooter } from "../components/SiteFooter";
import { SiteHeader } from "../components/SiteHeader";
import type { loader as layoutLoader } from "../routes/news/layout";
import { LandingShell } from "./kit";
import { RenderSections } from "./RenderSections";
import type { Section } from "./types";

/** A stored page drawn in its frame (the public route and a preview link). */
export function LandingBody({
  page,
}: {
  page: { name: string; layout: "landing" | "news"; sections: Section[] };
}) {
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
