import { scriptJson } from "../../components/script-json";
import type { Chrome } from "./chrome.server";

/**
 * The chrome's data travels once per page, as plain JSON: a page's HTML carries it in one
 * `<script type="application/json">` whose text is made once per chrome data (not encoded again into
 * the hydration data on every render), and the hydrating browser reads it back from there. Client
 * navigations that load the layout get it in their data as usual. The same scheme as the article
 * body (app/components/article-body.ts); see docs/architecture.md, "Render cost".
 */
export const CHROME_DATA_ID = "chrome-data";

const kept = new WeakMap<object, Chrome>();
const texts = new WeakMap<Chrome, string>();
let fromPage: { chrome: Chrome; text: string } | undefined;

/** Server, document requests: the loader's data without the chrome, which the layout still renders. */
export function withChromeAside<T extends object>(data: T, chrome: Chrome): T {
  kept.set(data, chrome);
  return data;
}

/** The chrome of the layout's data, and the text of its script element, wherever it was kept. */
export function chromeOf(data: { chrome?: Chrome }): { chrome: Chrome; text: string } {
  const chrome = data.chrome ?? kept.get(data);
  if (chrome) {
    let text = texts.get(chrome);
    if (text === undefined) {
      text = scriptJson(chrome);
      texts.set(chrome, text);
    }
    return { chrome, text };
  }
  if (typeof document === "undefined") throw new Error("the news layout's chrome data is missing");
  // Only the layout of the page the browser opened comes without it: it is on the page.
  if (!fromPage) {
    const text = document.getElementById(CHROME_DATA_ID)?.textContent ?? "";
    fromPage = { chrome: JSON.parse(text) as Chrome, text };
  }
  return fromPage;
}
