import { scriptJson } from "./script-json";

/**
 * The article's data travels once per page, beside React Router's hydration data rather than in it
 * (docs/architecture.md, "Render cost"): a page's HTML carries it in one
 * `<script type="application/json">` that the article's own markup holds, and its body only in that
 * markup (article-body.ts). The hydration data of every article page then reads the same, `{}` in the
 * article's place, so the server can keep one page per column and chrome version and put each
 * article's own parts in it (server/http/article-frames.ts) instead of rendering the whole page
 * again. Client navigations get the article in their data as usual.
 */
export const ARTICLE_DATA_ID = "article-data";

/** What an article page needs of an article; `content` is the body's HTML. */
export interface ArticleLike {
  contentId: number;
  content?: string;
}

const kept = new WeakMap<object, ArticleLike>();
const texts = new WeakMap<ArticleLike, string>();
let fromPage: { article: ArticleLike; text: string } | undefined;

/**
 * Server, document requests: what the loader returns in the article's place, an empty object (the
 * same in every article page's hydration data), by which `articleOf` finds the article.
 */
export function withArticleAside<A extends ArticleLike>(article: A): A {
  const aside = {};
  kept.set(aside, article);
  return aside as A;
}

/** The text of the page's script element: the article without its body. */
export function articleText(article: ArticleLike): string {
  let text = texts.get(article);
  if (text === undefined) {
    const { content: _body, ...rest } = article;
    text = scriptJson(rest);
    texts.set(article, text);
  }
  return text;
}

/**
 * The article of a loader's data, wherever it was kept, and the text of the page's script element
 * when the page carries one (documents and their hydration; not client navigations).
 */
export function articleOf<A extends ArticleLike>(data: A): { article: A; text?: string } {
  if ("contentId" in data) return { article: data };
  const article = kept.get(data) as A | undefined;
  if (article) return { article, text: articleText(article) };
  if (typeof document === "undefined") throw new Error("the article's data is missing");
  // Only the article of the page the browser opened comes without it: it is on the page.
  if (!fromPage) {
    const text = document.getElementById(ARTICLE_DATA_ID)?.textContent ?? "";
    fromPage = { article: JSON.parse(text) as ArticleLike, text };
  }
  return fromPage as { article: A; text: string };
}
