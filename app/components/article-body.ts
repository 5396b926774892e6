/**
 * The article body travels once: a page's HTML has it in its markup only, not again in any data
 * (article-data.ts keeps it out of the page's script element); client navigations get it in their
 * data. On the server the loader's article holds it; in the browser the hydrating component takes it
 * back from the markup the server rendered.
 */
const fromPage = new Map<number, string>();

/** The body HTML of an article from the loader, wherever it was kept. */
export function articleBody(a: { contentId: number; content?: string }): string {
  if (a.content !== undefined) return a.content;
  if (typeof document === "undefined") return "";
  // Only the article of the page the browser opened comes without its body: the one on the page.
  let html = fromPage.get(a.contentId);
  if (html === undefined) {
    html = document.querySelector(".article-content")?.innerHTML ?? "";
    fromPage.set(a.contentId, html);
  }
  return html;
}
