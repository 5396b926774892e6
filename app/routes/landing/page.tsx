import { data, type HeadersArgs } from "react-router";
import { landingTag, type RouteCache } from "../../../contract/cache-tags";
import { ErrorView } from "../../components/ErrorView";
import { DATA_LANDING_HEADERS, LandingShell, landingMeta } from "../../landing/kit";
import { NewsFrame } from "../../landing/NewsFrame";
import { RenderSections } from "../../landing/RenderSections";
import type { ArticleListWithItems } from "../../landing/sections/ArticleListSection";
import type { Section } from "../../landing/types";
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
  // Hidden sections stay in the console only: not drawn, and not sent in the page's data either.
  const sections = await Promise.all(
    page.sections
      .filter((sec) => !sec.hidden)
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
  if (page.layout === "news")
    return (
      <NewsFrame>
        <RenderSections sections={page.sections} />
      </NewsFrame>
    );
  return (
    <LandingShell name={page.name}>
      <RenderSections sections={page.sections} />
    </LandingShell>
  );
}

export function ErrorBoundary() {
  return <ErrorView notFound />;
}
