// Over a minute on a busy 2-core machine (README, "Tests"): journeys through the news screens, each on
// pages of its own, plus every screen rendered on desktop and on a phone (with no framework script)
// and three pages checked with axe-core. The news screens do not hydrate: what a reader does on them
// is the islands bundle (app/islands/), which marks <html data-hydrated> once it has attached.
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
 * `openNews(url, opts)`: a page of a profile of its own at `url`, its islands attached, with its
 * script errors and everything it logged to the console.
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
    "renders every news screen on %s without script errors, and loads no framework script there",
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
      const scripts: string[] = [];
      page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
      for (const [name, url] of screens) {
        scripts.length = 0;
        await page.goto(url);
        await hydrated(page);
        await expect.poll(() => page.locator("main h1").first().isVisible(), { message: url }).toBe(true);
        // the islands bundle is the one script: no React, no React Router, no route data
        expect(scripts, url).toEqual([expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/)]);
        expect(
          await page.evaluate(() => ({
            context: "__reactRouterContext" in window,
            preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
            inline: [...document.scripts].filter((s) => !s.src && s.type !== "application/ld+json").length,
          })),
          url,
        ).toEqual({ context: false, preloads: 0, inline: 0 });
        await screenshot(page, `news-${name}-${mobile ? "375" : "1440"}`, { fullPage: !mobile });
      }
      expect(errors).toEqual([]);
    },
  );

  test("paginates with shareable ?page=N URLs, each a page load, and sets titles from route metadata", async ({
    site,
    openNews,
  }) => {
    const { page, errors } = await openNews("/");
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(new URL(r.url()).pathname));
    await page.getByRole("link", { name: "第 2 页" }).click();
    await page.waitForURL(/\/\?page=2$/);
    const second = (await api<{ result: Summary[] }>(site, "/api/product/content/list?page=2&pageSize=11"))
      .result;
    await expect.poll(() => page.locator(".article-title").first().textContent()).toBe(second[0]!.title);
    await expect.poll(() => page.title()).toBe("第2页 - 电商报 - 电商人的新闻资讯平台");
    // an article opened from the list: its title is "title - site name - slogan"
    await page.locator(".article-title a").first().click();
    await page.waitForURL(/\/articledetail\/\d+$/);
    await expect.poll(() => page.title()).toBe(`${second[0]!.title}${SUFFIX}`);
    // a link is a normal page load, served from the store
    expect(documents).toEqual(["/", `/articledetail/${second[0]!.contentId}`]);
    expect(errors).toEqual([]);
  });

  test("search overlay: 8 hot tags, body scroll locked while open, Enter goes to /searchlist/{kw}?key=timestamp", async ({
    latest,
    openNews,
  }) => {
    const { page } = await openNews("/");
    await page.getByRole("button", { name: "搜索" }).first().click();
    const dialog = page.locator("dialog.search-overlay[open]");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    // focus is in the keyword box
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("kw");
    const expected: string[] = [];
    for (const a of latest.slice(0, 10))
      for (const t of a.tagList)
        if (!expected.includes(t.tagName) && expected.length < 8) expected.push(t.tagName);
    expect(await dialog.locator(".hot-tags .tag").allTextContents()).toEqual(expected);
    await dialog.getByRole("searchbox").fill("直播");
    await dialog.getByRole("searchbox").press("Enter");
    await page.waitForURL(/\/searchlist\/%E7%9B%B4%E6%92%AD\?key=\d{13}$/);
    await expect.poll(() => page.locator(".list-count").textContent()).toMatch(/共找到 \d+ 篇相关文章/);
    await hydrated(page);
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    // an empty keyword is allowed: the search page asks for one and offers the hot tags
    await page.getByRole("button", { name: "搜索" }).first().click();
    await dialog.getByRole("searchbox").press("Enter");
    await page.waitForURL(/\/searchlist\/\?key=\d{13}$/);
    await expect.poll(() => page.locator(".search-prompt").isVisible()).toBe(true);
    await hydrated(page);
    // Escape closes the overlay and unlocks scrolling
    await page.getByRole("button", { name: "搜索" }).first().click();
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("");
    // the search page's own box goes to the search route too
    await page.locator(".search-inline input").fill("直播");
    await page.locator(".search-inline input").press("Enter");
    await page.waitForURL(/\/searchlist\/%E7%9B%B4%E6%92%AD\?key=\d{13}$/);
  });

  test("the left-menu search dialog shows the hot tags as 4 + 4", async ({ openNews }) => {
    const { page } = await openNews("/news");
    await page.locator(".left-menu").getByRole("button", { name: "搜索" }).click();
    const groups = page.locator("dialog.search-overlay[open] .hot-tags");
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
    // 更多 opens its list by a click too (not only on hover)
    const moreButton = menu.getByRole("button", { name: "更多" });
    expect(await moreButton.getAttribute("aria-expanded")).toBe("false");
    await moreButton.click();
    expect(await moreButton.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => menu.locator(".more-list").isVisible()).toBe(true);
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
          .poll(() => page.getByRole("tabpanel").locator('.pagination [aria-current="page"]').textContent())
          .toBe(String(p));
      }
      for (const card of await page.getByRole("tabpanel").locator(".activity-card").all()) {
        const id = Number(await card.getAttribute("data-activity-id"));
        const links = await card.locator("a").count();
        expect(links > 0, `activity ${id}`).toBe(allowed.has(id));
      }
    }
    // clicking an event that does not open does nothing
    const closed = page.getByRole("tabpanel").locator(".activity-card span.activity-name-link").first();
    const before = page.context().pages().length;
    await closed.click();
    expect(page.context().pages().length).toBe(before);
    // changing tab keeps the current page (3), in place: no page load, no jump to the top
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
      window.scrollTo(0, 200);
    });
    await page.getByRole("tab", { name: "创新论坛" }).click();
    await page.waitForURL(/\/activity\?tab=18&page=3$/);
    await expect
      .poll(() => page.getByRole("tab", { name: "创新论坛" }).getAttribute("aria-selected"))
      .toBe("true");
    expect(await page.getByRole("tab", { name: "峰会" }).getAttribute("aria-selected")).toBe("false");
    const panel = page.getByRole("tabpanel");
    expect(await panel.count()).toBe(1);
    expect(await panel.getAttribute("aria-labelledby")).toBe("activity-tab-18");
    for (const card of await panel.locator(".activity-card").all()) {
      expect(await card.locator("a").count()).toBeGreaterThan(0);
    }
    expect(await panel.locator('.pagination [aria-current="page"]').textContent()).toBe("3");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(200);
    expect(await page.evaluate(() => sessionStorage.getItem("currentPageList"))).toBe("/activity?tab=18");
    // the browser's back button brings the first tab back
    await page.goBack();
    await page.waitForURL(/\/activity\?page=3$/);
    await expect
      .poll(() => page.getByRole("tab", { name: "峰会" }).getAttribute("aria-selected"))
      .toBe("true");
    expect(await page.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe("activity-tab-17");
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
    expect(await page.locator(".back-to-top").isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.locator(".back-to-top").isVisible()).toBe(true);
    await page.locator(".back-to-top").click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("carousels: every slide drawn, only the shown one reachable; dots move them; they move on by themselves", async ({
    openNews,
  }) => {
    const { page, errors } = await openNews("/");
    const top = page.locator(".top-carousel");
    const slides = top.locator(".carousel-slide");
    const count = await slides.count();
    expect(count).toBeGreaterThan(1);
    const shown = () =>
      slides.evaluateAll((els) =>
        els.flatMap((el, i) => (el.getAttribute("aria-hidden") === "false" ? [i] : [])),
      );
    expect(await shown()).toEqual([0]);
    expect(await top.locator(".carousel-slide[inert]").count()).toBe(count - 1);
    await top.getByRole("button", { name: "第 2 张" }).click();
    expect(await shown()).toEqual([1]);
    expect(await top.locator(".carousel-slide[inert]").count()).toBe(count - 1);
    expect(await top.getByRole("button", { name: "第 2 张" }).getAttribute("aria-current")).toBe("true");
    expect(await top.locator(".carousel-track").evaluate((t: HTMLElement) => t.style.transform)).toBe(
      "translateX(-100%)",
    );
    // paused while the pointer is on it; once it leaves, the next slide comes by itself
    await page.mouse.move(1, 1);
    await expect.poll(shown).toEqual([2 % count]);
    // the partners' carousel is attached too
    const partners = page.locator(".partners-carousel");
    if ((await partners.locator(".carousel-dot").count()) > 1) {
      await partners.getByRole("button", { name: "第 2 张" }).click();
      expect(await partners.locator(".carousel-slide").nth(1).getAttribute("aria-hidden")).toBe("false");
    }
    expect(errors).toEqual([]);
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

  test("phone: the menus live in a drawer opened from the header, closed by Escape and the backdrop", async ({
    openNews,
  }) => {
    const { page } = await openNews("/", { mobile: true });
    const menu = page.locator(".left-menu");
    const toggle = page.getByRole("button", { name: "打开菜单" });
    expect(await menu.isVisible()).toBe(false);
    await toggle.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.isVisible()).toBe(false);
    await toggle.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.locator(".drawer-backdrop").click({ position: { x: 340, y: 400 } });
    await expect.poll(() => menu.isVisible()).toBe(false);
    // the drawer's search item opens the menu's search dialog
    await toggle.click();
    await menu.getByRole("button", { name: "搜索" }).click();
    await expect.poll(() => page.locator("#search-menu").isVisible()).toBe(true);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.keyboard.press("Escape");
    await toggle.click();
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
