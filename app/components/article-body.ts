/**
 * The article body travels once: a page's HTML has it in its markup only, not again in the hydration
 * data (the article loader leaves it out of document requests); client navigations get it in their
 * data. On the server the loader hands it to the component beside the data; in the browser the
 * hydrating component takes it back from the markup the server rendered.
 */
const kept = new WeakMap<object, string>();
const fromPage = new Map<number, string>();

/** Server: `article` without its body, which the component still renders (articleBody). */
export function withBodyAside<T extends object>(article: T, body: string): T {
  kept.set(article, body);
  return article;
}

/** The body HTML of an article from the loader, wherever it was kept. */
export function articleBody(a: { contentId: number; content?: string }): string {
  if (a.content !== undefined) return a.content;
  const body = kept.get(a);
  if (body !== undefined || typeof document === "undefined") return body ?? "";
  // Only the article of the page the browser opened comes without its body: the one on the page.
  let html = fromPage.get(a.contentId);
  if (html === undefined) {
    html = document.querySelector(".article-content")?.innerHTML ?? "";
    fromPage.set(a.contentId, html);
  }
  return html;
}
