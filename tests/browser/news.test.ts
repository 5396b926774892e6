// Over a minute on a busy 2-core machine (README, "Tests"): sixteen journeys through the news screens,
// each on pages of its own, plus every screen rendered on desktop and on a phone and three pages checked
// with axe-core.
import path from "node:path";
import { describe, expect } from "vitest";
import type { TestServer } from "../helpers/server";
import { hydrated, screenshot } from "./browser";
import { test as base, type OpenOptions } from "./fixture";

interface Summary {
  contentId: number;
  title: string;
  columnId: number;
  tagList: { tagId: number; tagName: string }[];
}

const SUFFIX = " - 电商报 - 电商人的新闻资讯平台";

const api = async <T>(site: TestServer, p: string) => (await site.get<T>(p)).body.data;

/**
 * `latest`: the first page of the news list (11 articles), as the API gives it.
 * `openNews(url, opts)`: a page of a profile of its own at `url`, hydrated, with its script errors
 * and everything it logged to the console.
 */
const test = base
  .extend("latest", { scope: "file" }, async ({ site }) => {
    return (await api<{ result: Summary[] }>(site, "/api/product/content/list?page=1&pageSize=11")).result;
  })
  .extend("openNews", async ({ open }) => {
    // axe is injected as an inline script, which the page's Content-Security-Policy forbids: bypassCSP
    return async (url: string, opts: Pick<OpenOptions, "mobile" | "userAgent" | "bypassCSP"> = {}) => {
      const { page, errors } = await open(opts);
      const consoleMessages: { type: string; text: string }[] = [];
      page.on("console", (m) => consoleMessages.push({ type: m.type(), text: m.text() }));
      await page.goto(url);
      await hydrated(page);
      return { page, errors, consoleMessages };
    };
  });

// Generous per-test limits: these drive a real browser, and the machines are small and shared.
describe("news screens in Chromium", { timeout: 120_000 }, () => {
  test.for([
    ["desktop", false],
    ["phone", true],
  ] as const)(
    "renders every news screen on %s without script errors",
    async ([_name, mobile], { latest, open }) => {
      const a = latest[0]!;
      const tag = a.tagList[0]!;
      const screens: [string, string][] = [
        ["home", "/"],
        ["hot", "/news"],
        ["column", `/newlist/5?name=${encodeURIComponent("科技")}`],
        ["tag", `/taglist/${tag.tagId}?name=${encodeURIComponent(tag.tagName)}`],
        ["search", `/searchlist/${encodeURIComponent("直播")}?key=1`],
        ["search-empty", "/searchlist/"],
        ["article", `/articledetail/${a.contentId}`],
        ["cooperate", "/cooperate"],
        ["activity", "/activity"],
        ["404", "/no/such/page"],
      ];
      const { page, errors } = await open({ mobile });
      for (const [name, url] of screens) {
        await page.goto(url);
        await hydrated(page);
        await expect.poll(() => page.locator("main h1").first().isVisible(), { message: url }).toBe(true);
        await screenshot(page, `news-${name}-${mobile ? "375" : "1440"}`, { fullPage: !mobile });
      }
      expect(errors).toEqual([]);
    },
  );

  test("paginates on the client with shareable ?page=N URLs, and sets titles from route metadata", async ({
    site,
    openNews,
  }) => {
    const { page, errors } = await openNews("/");
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.getByRole("link", { name: "第 2 页" }).click();
    await page.waitForURL(/\/\?page=2$/);
    const second = (await api<{ result: Summary[] }>(site, "/api/product/content/list?page=2&pageSize=11"))
      .result;
    await expect.poll(() => page.locator(".article-title").first().textContent()).toBe(second[0]!.title);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect.poll(() => page.title()).toBe("第2页 - 电商报 - 电商人的新闻资讯平台");
    // an article opened from the list: its title is "title - site name - slogan"
    await page.locator(".article-title a").first().click();
    await page.waitForURL(/\/articledetail\/\d+$/);
    await expect.poll(() => page.title()).toBe(`${second[0]!.title}${SUFFIX}`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(errors).toEqual([]);
  });

  test("search overlay: 8 hot tags, body scroll locked while open, Enter goes to /searchlist/{kw}?key=timestamp", async ({
    latest,
    openNews,
  }) => {
    const { page } = await openNews("/");
    await page.getByRole("button", { name: "搜索" }).first().click();
    const dialog = page.locator("dialog.search-overlay");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    const expected: string[] = [];
    for (const a of latest.slice(0, 10))
      for (const t of a.tagList)
        if (!expected.includes(t.tagName) && expected.length < 8) expected.push(t.tagName);
    expect(await dialog.locator(".hot-tags .tag").allTextContents()).toEqual(expected);
    await dialog.getByRole("searchbox").fill("直播");
    await dialog.getByRole("searchbox").press("Enter");
    await page.waitForURL(/\/searchlist\/%E7%9B%B4%E6%92%AD\?key=\d{13}$/);
    await expect.poll(() => page.locator(".list-count").textContent()).toMatch(/共找到 \d+ 篇相关文章/);
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    // an empty keyword is allowed: the search page asks for one and offers the hot tags
    await page.getByRole("button", { name: "搜索" }).first().click();
    await page.locator("dialog.search-overlay").getByRole("searchbox").press("Enter");
    await page.waitForURL(/\/searchlist\/\?key=\d{13}$/);
    await expect.poll(() => page.locator(".search-prompt").isVisible()).toBe(true);
    // Escape closes the overlay and unlocks scrolling
    await page.getByRole("button", { name: "搜索" }).first().click();
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("dialog.search-overlay").count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
  });

  test("the left-menu search dialog shows the hot tags as 4 + 4", async ({ openNews }) => {
    const { page } = await openNews("/news");
    await page.locator(".left-menu").getByRole("button", { name: "搜索" }).click();
    const groups = page.locator("dialog.search-overlay .hot-tags");
    await expect.poll(() => groups.count()).toBe(2);
    expect(await groups.nth(0).locator(".tag").count()).toBe(4);
    expect(await groups.nth(1).locator(".tag").count()).toBe(4);
  });

  test("left menu: highlights the column of the article being read; fixed once scrolled, parked after 1600px", async ({
    site,
    openNews,
  }) => {
    const tech = (
      await api<{ result: Summary[] }>(site, "/api/product/content/list?page=1&pageSize=1&columnId=5")
    ).result[0]!;
    const { page } = await openNews(`/articledetail/${tech.contentId}`);
    const menu = page.locator(".left-menu");
    expect(await menu.locator('[aria-current="page"]').textContent()).toBe("科技");
    // a column of the More menu (index 3-5 of the column list) highlights 更多
    const columns = (
      await api<{ result: { columnId: number; columnName: string }[] }>(site, "/api/product/column/list")
    ).result;
    const more = columns[3]!;
    const moreArticle = (
      await api<{ result: Summary[] }>(
        site,
        `/api/product/content/list?page=1&pageSize=1&columnId=${more.columnId}`,
      )
    ).result[0]!;
    await page.goto(`/articledetail/${moreArticle.contentId}`);
    await hydrated(page);
    expect(await menu.locator(".menu-item.is-active").textContent()).toBe("更多");
    expect(await menu.locator(".more-list a").allTextContents()).toEqual(
      columns.slice(3, 6).map((c) => c.columnName),
    );
    await page.goto("/");
    await hydrated(page);
    expect(await menu.getAttribute("data-mode")).toBe("static");
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => menu.getAttribute("data-mode")).toBe("fixed");
    await page.evaluate(() => window.scrollTo(0, 1700));
    await expect.poll(() => menu.getAttribute("data-mode")).toBe("absolute");
  });

  test("currentPage: kept while reading an article, restored on return, cleared when leaving the list", async ({
    openNews,
  }) => {
    const { page } = await openNews("/?page=3");
    const stored = () => page.evaluate(() => sessionStorage.getItem("currentPage"));
    await expect.poll(stored).toBe("3");
    await page.locator(".article-title a").first().click();
    await page.waitForURL(/\/articledetail\//);
    expect(await stored()).toBe("3");
    // back to the list from the article through the menu: page 3 again
    await page.locator(".left-menu").getByRole("link", { name: "首页" }).click();
    await page.waitForURL(/\/\?page=3$/);
    await expect.poll(() => page.locator('.pagination [aria-current="page"]').textContent()).toBe("3");
    // the browser's back button from an article also lands on page 3
    await page.locator(".article-title a").first().click();
    await page.waitForURL(/\/articledetail\//);
    await page.goBack();
    await page.waitForURL(/\/\?page=3$/);
    // leaving the list for another screen clears it
    await page.locator(".left-menu").getByRole("link", { name: "商务合作" }).click();
    await page.waitForURL(/\/cooperate$/);
    await expect.poll(stored).toBeNull();
  });

  test("an article opened from outside navigates in the browser to its parent path, the home page", async ({
    latest,
    open,
  }) => {
    // The article's HTML renders through a handler of its own routes (server/http/ssr.ts); the
    // routes of its parent paths must still reach the browser in the page's own manifest. Route
    // discovery (`/__manifest`) is cut off here, as on a connection too slow for it to have
    // answered before the click: without the home route the browser matches `/` to the root alone.
    const { page, errors } = await open();
    await page.route(/\/__manifest/, (route) => route.abort());
    await page.goto(`/articledetail/${latest[1]!.contentId}`);
    await hydrated(page);
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
    await page.locator(".breadcrumb").getByRole("link", { name: "首页" }).click();
    await page.waitForURL(/\/$/);
    await expect.poll(() => page.locator(".article-title").first().textContent()).toBe(latest[0]!.title);
    expect(await page.locator(".article-title").count()).toBeGreaterThan(5);
    expect(documents).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("column pages reset to page 1 when only the column changes", async ({ site, openNews }) => {
    const { page } = await openNews(`/newlist/5?name=${encodeURIComponent("科技")}&page=2`);
    expect(await page.locator('.pagination [aria-current="page"]').textContent()).toBe("2");
    await page.locator(".left-menu").getByRole("link", { name: "生活" }).click();
    await page.waitForURL(/\/newlist\/6\?name=/);
    const life = (
      await api<{ result: Summary[] }>(site, "/api/product/content/list?page=1&pageSize=10&columnId=6")
    ).result;
    await expect.poll(() => page.locator(".article-title").first().textContent()).toBe(life[0]!.title);
    expect(await page.locator('.pagination [aria-current="page"]').textContent()).toBe("1");
    await expect.poll(() => page.title()).toBe(`生活${SUFFIX}`);
  });

  test("a failed list load is logged and the list on screen stays as it was", async ({ openNews }) => {
    const { page, consoleMessages } = await openNews("/news");
    const first = await page.locator(".article-title").first().textContent();
    await page.route(/\.data(\?|$)/, (route) => route.abort());
    await page.getByRole("link", { name: "第 2 页" }).click();
    await expect
      .poll(() => consoleMessages.some((m) => m.type === "error" && m.text.includes("列表加载失败")))
      .toBe(true);
    expect(await page.locator(".article-title").first().textContent()).toBe(first);
    expect(await page.locator(".error-view").count()).toBe(0);
  });

  test("activity: tabs reload at the stored page; on tab 17 only the listed events open their link", async ({
    openNews,
  }) => {
    const { page } = await openNews("/activity");
    const allowed = new Set([120, 119, 117, 116, 8]);
    for (let p = 1; p <= 3; p++) {
      if (p > 1) {
        await page.getByRole("link", { name: `第 ${p} 页` }).click();
        await page.waitForURL(new RegExp(`page=${p}$`));
        await expect
          .poll(() => page.locator('.pagination [aria-current="page"]').textContent())
          .toBe(String(p));
      }
      for (const card of await page.locator(".activity-card").all()) {
        const id = Number(await card.getAttribute("data-activity-id"));
        const links = await card.locator("a").count();
        expect(links > 0, `activity ${id}`).toBe(allowed.has(id));
      }
    }
    // clicking an event that does not open does nothing
    const closed = page.locator(".activity-card span.activity-name-link").first();
    const before = page.context().pages().length;
    await closed.click();
    expect(page.context().pages().length).toBe(before);
    // changing tab keeps the current page (3)
    await page.getByRole("tab", { name: "创新论坛" }).click();
    await page.waitForURL(/\/activity\?tab=18&page=3$/);
    await expect
      .poll(() => page.getByRole("tab", { name: "创新论坛" }).getAttribute("aria-selected"))
      .toBe("true");
    for (const card of await page.locator(".activity-card").all()) {
      expect(await card.locator("a").count()).toBeGreaterThan(0);
    }
    expect(await page.locator(".report-strip li").count()).toBeGreaterThan(0);
  });

  test("banners report their clicks to /api/banner/detail; trends toggle their intro; back to top after 1000px", async ({
    openNews,
  }) => {
    const { page } = await openNews("/");
    const request = page.waitForRequest((r) => /\/api\/banner\/detail\?bannerId=\d+$/.test(r.url()));
    await page.locator(".top-carousel .carousel-slide:not([inert]) a").click();
    await request;
    await page.goto("/");
    await hydrated(page);
    const trend = page.locator(".trend-title").first();
    await trend.click();
    expect(await trend.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator(".trend-intro").first().isVisible()).toBe(true);
    await trend.click();
    expect(await page.locator(".trend-intro").first().isVisible()).toBe(false);
    expect(await page.locator(".back-to-top").count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.locator(".back-to-top").count()).toBe(1);
    await page.locator(".back-to-top").click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("article share links: Weibo and QQ Zone with the page URL, WeChat as a QR code", async ({
    site,
    latest,
    openNews,
  }) => {
    const a = latest[1]!;
    const { page } = await openNews(`/articledetail/${a.contentId}`);
    const url = encodeURIComponent(`${site.url}/articledetail/${a.contentId}`);
    expect(await page.getByRole("link", { name: "微博" }).getAttribute("href")).toContain(`url=${url}`);
    expect(await page.getByRole("link", { name: "QQ空间" }).getAttribute("href")).toContain(`url=${url}`);
    await page.locator(".share-wechat summary").click();
    const qr = page.locator(".share-qr img");
    await expect.poll(() => qr.isVisible()).toBe(true);
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await qr.getAttribute("src")).toBe(
      `/qrcode.svg?path=${encodeURIComponent(`/articledetail/${a.contentId}`)}`,
    );
    // tags link to their tag lists
    const tag = a.tagList[0]!;
    await page.locator(".article-tags a").first().click();
    await page.waitForURL(new RegExp(`/taglist/${tag.tagId}\\?name=`));
    await expect.poll(() => page.title()).toBe(`${tag.tagName}${SUFFIX}`);
  });

  test("inside WeChat, a failed share signature is only logged", async ({ openNews }) => {
    const ua =
      "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47";
    const { page, errors, consoleMessages } = await openNews("/", { userAgent: ua });
    await expect
      .poll(() => consoleMessages.some((m) => m.type === "warning" && m.text.includes("微信分享")))
      .toBe(true);
    expect(errors).toEqual([]);
    expect(await page.locator(".article-row").count()).toBe(11);
  });

  test("phone: the menus live in a drawer opened from the header", async ({ openNews }) => {
    const { page } = await openNews("/", { mobile: true });
    const menu = page.locator(".left-menu");
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: "打开菜单" }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole("link", { name: "热点" }).click();
    await page.waitForURL(/\/news$/);
    await expect.poll(() => menu.isVisible()).toBe(false);
  });

  test("has no serious or critical accessibility violations on home, list and article (axe-core)", async ({
    latest,
    openNews,
  }) => {
    const axePath = path.resolve("node_modules/axe-core/axe.min.js");
    for (const url of ["/", "/news", `/articledetail/${latest[0]!.contentId}`]) {
      for (const mobile of [false, true]) {
        const { page } = await openNews(url, { mobile, bypassCSP: true });
        await page.addScriptTag({ path: axePath });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  o: unknown,
                ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
              };
            }
          ).axe;
          const r = await axe.run({ resultTypes: ["violations"] });
          return r.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map(
              (v) =>
                `${v.id}: ${v.nodes
                  .map((n) => n.target.join(" "))
                  .slice(0, 3)
                  .join(", ")}`,
            );
        });
        expect(violations, `${url} ${mobile ? "phone" : "desktop"}`).toEqual([]);
      }
    }
  });
});
