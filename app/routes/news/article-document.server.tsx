import { createElement, Fragment, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { type AppLoadContext, MemoryRouter, type MetaDescriptor } from "react-router";
import { articleText } from "../../components/article-data";
import { orNotFound } from "../../components/paging";
import { ArticleView, articleMeta } from "./article";
import { loadChrome } from "./chrome.server";

/**
 * An article's page in parts (docs/architecture.md, "Article pages kept per column"): what sets it
 * apart from the page of any other article of its column under the same chrome, rendered alone.
 * The server keeps one page per column and chrome and puts these parts in it
 * (server/http/article-frames.ts); everything else on the page (the chrome, the scripts, the
 * hydration data, which holds `{}` in the article's place: app/components/article-data.ts) is the
 * same for all of them.
 */
export interface ArticleDocument {
  /** the chrome the page shows: a kept page serves while this object is the chrome in use */
  chrome: object;
  /** pages whose parts alone differ: the article's column (the left menu marks it) */
  group: string;
  /** the article's own parts, in page order: head tags, JSON-LD, the markup in `<main>` */
  parts: string[];
}

/**
 * The parts of the published article `contentId` (undefined when there is none: its page is a 404,
 * which React Router renders). The same services and the same components as the page's own render.
 */
export async function articleDocument(
  services: AppLoadContext["services"],
  contentId: number,
  origin: string,
): Promise<ArticleDocument | undefined> {
  const [chrome, article] = await Promise.all([
    loadChrome(services),
    orNotFound(services.content.detail(contentId)),
  ]);
  if (!article) return undefined;
  const meta = articleMeta(article, origin);
  const head = meta.filter((m) => !("script:ld+json" in m)).map(metaElement);
  const ld = meta.filter((m) => "script:ld+json" in m).map(metaElement);
  const main = createElement(
    MemoryRouter,
    { initialEntries: [`/articledetail/${article.contentId}`] },
    createElement(ArticleView, { article, origin, data: articleText(article) }),
  );
  return {
    chrome,
    group: String(article.columnId),
    parts: [
      renderToString(createElement(Fragment, null, ...head)),
      renderToString(createElement(Fragment, null, ...ld)),
      renderToString(main),
    ],
  };
}

/** One meta descriptor as React Router's `<Meta />` renders it (the kinds an article's page uses). */
function metaElement(m: MetaDescriptor, i: number): ReactElement {
  if ("title" in m) return createElement("title", { key: i }, String(m.title));
  if ("script:ld+json" in m) {
    const json = JSON.stringify(m["script:ld+json"]);
    return createElement("script", {
      key: i,
      type: "application/ld+json",
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped as React Router's <Meta /> does
      dangerouslySetInnerHTML: { __html: escapeScriptJson(json) },
    });
  }
  if ("tagName" in m) {
    const { tagName, ...rest } = m as { tagName: string } & Record<string, unknown>;
    return createElement(tagName, { key: i, ...rest });
  }
  return createElement("meta", { key: i, ...m });
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON-LD text escaped as React Router escapes it in `<Meta />`. */
function escapeScriptJson(json: string): string {
  return json.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}
