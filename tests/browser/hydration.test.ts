import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { hydrated, visit } from "./browser";
import { test as base, type OpenPage } from "./fixture";

interface Article {
  contentId: number;
  columnId: number;
  columnName: string;
  content: string;
}

/** What React says when the browser's render differs from the server's markup (dev and production). */
const HYDRATION_TROUBLE = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)|recoverable/i;

/** The body's text as the browser shows it: tags dropped, whitespace collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, "")
    .trim();

/** A page, and what it has said about hydration so far: its script errors and React's complaints. */
async function watched(open: OpenPage): Promise<{ page: Page; trouble: () => string[] }> {
  const { page, errors } = await open();
  const complaints: string[] = [];
  page.on("console", (m) => {
    if ((m.type() === "error" || m.type() === "warning") && HYDRATION_TROUBLE.test(m.text()))
      complaints.push(`${m.type()}: ${m.text()}`);
  });
  return { page, trouble: () => [...errors.map((e) => `pageerror: ${e}`), ...complaints] };
}

const bodyText = async (page: Page) =>
  textOf(await page.locator(".article-content").evaluate((el) => el.innerHTML));

/** The first article of the list, as the API gives it. */
const test = base.extend("article", { scope: "file" }, async ({ site }) => {
  const list = (
    await site.get<{ result: { contentId: number }[] }>("/api/product/content/list?page=1&pageSize=1")
  ).body.data.result;
  return (await site.get<Article>(`/api/product/content/detail?contentId=${list[0]!.contentId}`)).body.data;
});

// The server renders the article body and the site chrome apart from React's tree walk (memoised
// markup, the body kept out of the hydration data): the browser must hydrate them without complaint.
describe("hydration of the news screens in Chromium", { timeout: 120_000 }, () => {
  test("hydrates home, a column list and an article without warnings", async ({ article, open }) => {
    const { page, trouble } = await watched(open);
    for (const url of [
      "/",
      `/newlist/${article.columnId}?name=${encodeURIComponent(article.columnName)}`,
      `/articledetail/${article.contentId}`,
    ]) {
      // hydrated: the commit (where React reports a mismatch) and its effects have run
      await visit(page, url);
    }
    expect(await bodyText(page)).toBe(textOf(article.content));
    expect(trouble()).toEqual([]);
  });

  test("shows the whole body after client navigations, home → article → home → back", async ({
    article,
    open,
  }) => {
    const { page, trouble } = await watched(open);
    await visit(page, "/");
    const link = page.locator(`main a[href="/articledetail/${article.contentId}"]`).first();
    await link.click();
    await page.waitForURL(`**/articledetail/${article.contentId}`);
    await page.locator(".article-content").waitFor();
    expect(await bodyText(page)).toBe(textOf(article.content));

    await page.locator(".breadcrumb a", { hasText: "首页" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.goBack();
    await page.waitForURL(`**/articledetail/${article.contentId}`);
    await page.locator(".article-content").waitFor();
    expect(await bodyText(page)).toBe(textOf(article.content));
    expect(trouble()).toEqual([]);
  });

  test("keeps the body of an article opened directly through client navigations away and back", async ({
    article,
    open,
  }) => {
    const { page, trouble } = await watched(open);
    await visit(page, `/articledetail/${article.contentId}`);
    const served = await bodyText(page);
    expect(served).toBe(textOf(article.content));
    await page.locator(".breadcrumb a", { hasText: "首页" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.goBack();
    await page.waitForURL(`**/articledetail/${article.contentId}`);
    await hydrated(page);
    await page.locator(".article-content").waitFor();
    expect(await bodyText(page)).toBe(served);
    expect(trouble()).toEqual([]);
  });
});
