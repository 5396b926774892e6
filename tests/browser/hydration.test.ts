import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { AdminArticle } from "../../contract/admin";
import { articleForm, firstAdmin } from "../../tools/admin-client";
import { SIGNUP_278 } from "../../tools/money-pages";
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

/** What runs in the page: React Router's hydration data, and the islands bundle. */
const scriptsOf = (page: Page) =>
  page.evaluate(() => ({
    router: "__reactRouterContext" in window,
    islands: [...document.scripts].some((s) => /\/assets\/islands-/.test(s.src)),
  }));

/** The first article of the list, as the API gives it. */
const test = base.extend("article", { scope: "file" }, async ({ site }) => {
  const list = (
    await site.get<{ result: { contentId: number }[] }>("/api/product/content/list?page=1&pageSize=1")
  ).body.data.result;
  return (await site.get<Article>(`/api/product/content/detail?contentId=${list[0]!.contentId}`)).body.data;
});

// The news screens do not hydrate (app/root.tsx, app/hydration.ts): the server's markup is the page
// and the islands attach to it. The pages with forms hydrate as before, without complaint.
describe("hydration in Chromium", { timeout: 120_000 }, () => {
  test("news screens are the server's markup, the whole article body included, with the islands only", async ({
    article,
    open,
  }) => {
    const { page, trouble } = await watched(open);
    for (const url of [
      "/",
      `/newlist/${article.columnId}?name=${encodeURIComponent(article.columnName)}`,
      `/articledetail/${article.contentId}`,
    ]) {
      await visit(page, url);
      expect(await scriptsOf(page), url).toEqual({ router: false, islands: true });
    }
    expect(await bodyText(page)).toBe(textOf(article.content));
    // back from the home page: the article is whole again
    await page.locator(".breadcrumb a", { hasText: "首页" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.goBack();
    await page.waitForURL(`**/articledetail/${article.contentId}`);
    await page.locator(".article-content").waitFor();
    expect(await bodyText(page)).toBe(textOf(article.content));
    expect(trouble()).toEqual([]);
  });

  test("the sign-up form and the MCN page still hydrate, without warnings", async ({ open }) => {
    const { page, trouble } = await watched(open);
    for (const url of [SIGNUP_278, "/wxmcn"]) {
      await visit(page, url);
      expect(await scriptsOf(page), url).toEqual({ router: true, islands: false });
    }
    // the MCN page's carousel is the same island, attached by its effect
    const next = page.locator(".mcn-top .mcn-carousel-arrow.next");
    await next.click();
    await expect
      .poll(() => page.locator(".mcn-top .mcn-carousel-slide").nth(1).getAttribute("aria-hidden"))
      .toBe("false");
    expect(trouble()).toEqual([]);
  });

  test("an article preview still hydrates; the news layout's effect attaches the same islands there", async ({
    site,
    open,
  }) => {
    const admin = await firstAdmin(site.url);
    const draft = (
      await admin.req<AdminArticle>("POST", "/api/admin/articles", articleForm({ title: "预览里的新闻框架" }))
    ).body.data;
    const link = await admin.req<{ path: string }>("POST", `/api/admin/articles/${draft.id}/previews`, {});
    const { page, trouble } = await watched(open);
    await visit(page, link.body.data.path);
    expect(await scriptsOf(page)).toEqual({ router: true, islands: false });
    expect(await page.locator(".article-heading").textContent()).toBe("预览里的新闻框架");
    // the chrome's behaviour: the carousel's dots, the trends, the search overlay
    const top = page.locator(".top-carousel");
    await top.getByRole("button", { name: "第 2 张" }).click();
    expect(await top.locator(".carousel-slide").nth(1).getAttribute("aria-hidden")).toBe("false");
    const trend = page.locator(".trend-title").first();
    await trend.click();
    expect(await trend.getAttribute("aria-expanded")).toBe("true");
    await page.locator(".site-header").getByRole("button", { name: "搜索" }).click();
    await expect.poll(() => page.locator("dialog.search-overlay[open]").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    expect(trouble()).toEqual([]);
  });

  test("a landing page in the news frame: its header search works, hydrated or not", async ({ open }) => {
    const { page, trouble } = await watched(open);
    await visit(page, "/market/products/yingxiao");
    await page.locator(".site-header").getByRole("button", { name: "搜索" }).click();
    const dialog = page.locator("dialog.search-overlay[open]");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("searchbox").fill("直播");
    await dialog.getByRole("searchbox").press("Enter");
    await page.waitForURL(/\/searchlist\/%E7%9B%B4%E6%92%AD\?key=\d{13}$/);
    await hydrated(page);
    expect(trouble()).toEqual([]);
  });
});
