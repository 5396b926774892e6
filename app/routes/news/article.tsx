import { data } from "react-router";
import { articleTag, type RouteCache } from "../../../contract/cache-tags";
import { idOf } from "../../../contract/params";
import { ArticleShare } from "../../components/ArticleShare";
import { formatTime } from "../../components/format";
import { CACHED_PAGE_HEADERS, orNotFound } from "../../components/paging";
import { TagList } from "../../components/SearchOverlay";
import { absolute, fullTitle, originFrom, pageMeta } from "../../components/seo";
import type { Hydrate } from "../../hydration";
import { SITE_NAME } from "../../root";
import type { Route } from "./+types/article";

/**
 * Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts).
 * Drawn by the server alone: no React in the browser, only the islands (app/hydration.ts).
 */
export const handle: { cache: RouteCache; hydrate: Hydrate } = {
  cache: { tags: (p) => [articleTag(idOf(p.cid) ?? 0)] },
  hydrate: false,
};

export function headers() {
  return CACHED_PAGE_HEADERS;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const contentId = idOf(params.cid);
  if (contentId === undefined) throw data(null, { status: 404 });
  const article = await orNotFound(context.services.content.detail(contentId));
  if (!article) throw data(null, { status: 404 });
  return { article };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return articleMeta(loaderData.article, originFrom(matches));
}

type ArticleData = Route.ComponentProps["loaderData"]["article"];

/** The head of an article's page: title, description, Open Graph and JSON-LD. */
export function articleMeta(a: ArticleData, origin: string) {
  const path = `/articledetail/${a.contentId}`;
  return [
    // The editor's search and share fields, where set, replace the title, intro and cover here, in
    // Open Graph and JSON-LD, and so in WeChat's share card (docs/product.md, "SEO and share fields").
    ...pageMeta({
      title: fullTitle(a.seoTitle || a.title),
      description: a.seoDescription || a.intro,
      origin,
      path,
      image: a.shareImage || a.thumb || undefined,
      type: "article",
    }),
    { property: "article:published_time", content: a.createTime },
    { property: "article:section", content: a.columnName },
    ...a.tagList.map((t) => ({ property: "article:tag", content: t.tagName })),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        headline: a.seoTitle || a.title,
        description: a.seoDescription || a.intro,
        image: [absolute(origin, a.shareImage || a.thumb || "/favicon.svg")],
        datePublished: a.createTime,
        author: [{ "@type": "Person", name: a.author }],
        publisher: {
          "@type": "Organization",
          name: SITE_NAME,
          logo: { "@type": "ImageObject", url: absolute(origin, "/favicon.svg") },
        },
        mainEntityOfPage: absolute(origin, path),
        articleSection: a.columnName,
        keywords: a.tagList.map((t) => t.tagName).join(","),
      },
    },
  ];
}

export default function ArticleDetail({ loaderData, matches }: Route.ComponentProps) {
  return <ArticleView article={loaderData.article} origin={originFrom(matches)} />;
}

/** An article as its page shows it (the preview shows a draft the same way). */
function ArticleView({ article: a, origin }: { article: ArticleData; origin: string }) {
  const path = `/articledetail/${a.contentId}`;
  return (
    <article className="article-detail">
      <nav className="breadcrumb" aria-label="当前位置">
        <a href="/">首页</a>
        <span aria-hidden="true"> / </span>
        <a href={`/newlist/${a.columnId}?name=${encodeURIComponent(a.columnName)}`}>{a.columnName}</a>
      </nav>
      <h1 className="article-heading">{a.title}</h1>
      <p className="article-byline">
        <span className="article-author">{a.author}</span>
        <time dateTime={a.createTime}>{formatTime(a.createTime)}</time>
      </p>
      {a.tagList.length > 0 && <TagList tags={a.tagList} className="article-tags" label="标签" />}
      {a.intro && (
        <p className="article-summary">
          <strong>摘要：</strong>
          {a.intro}
        </p>
      )}
      {/* sanitised by the allow-list when it was stored */}
      <div
        className="article-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitised on write
        dangerouslySetInnerHTML={{ __html: a.content }}
      />
      <ArticleShare
        url={absolute(origin, path)}
        path={path}
        title={a.seoTitle || a.title}
        summary={a.seoDescription || a.intro}
        image={absolute(origin, a.shareImage || a.thumb || "/favicon.svg")}
      />
    </article>
  );
}

export { RouteErrorView as ErrorBoundary } from "../../components/ErrorView";
