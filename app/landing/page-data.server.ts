import type { AppLoadContext } from "react-router";
import type { ArticleListWithItems } from "./sections/ArticleListSection";
import type { Section } from "./types";

type Services = AppLoadContext["services"];
/** A stored page as a visitor sees it (its layout included). */
type StoredPage = NonNullable<Awaited<ReturnType<Services["landingPages"]["published"]>>>;

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
 * A stored landing page as its components draw it: its article lists found and its live frames
 * given their room. The public route and a preview link show the same thing this way.
 */
export async function landingPageData(s: Services, page: StoredPage): Promise<StoredPage> {
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
  return { ...page, sections: sections as Section[] };
}
