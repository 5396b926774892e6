// Over a minute on a busy 2-core machine (README, "Tests"): every interactive part of the landing pages
// (panels, tabs, carousels, clipboard, redirects, reveals) driven by hand, and screenshots of the pages
// at 1440 and 375 px.
import { describe, expect } from "vitest";
import { hydrated, screenshot } from "./browser";
import { test as base } from "./fixture";

/**
 * The script errors of every page the tests below open with `openLanding` (by path) or check
 * themselves: the screenshot tests at the end check that there were none in the whole file.
 */
const pages: { path?: string; errors: string[] }[] = [];
const scriptErrors = () =>
  pages.flatMap(({ path, errors }) => errors.map((e) => (path ? `${path}: ${e}` : e)));

/**
 * `openLanding(path, opts)`: a landing page, hydrated, in a desktop profile of its own (reduced
 * motion: no smooth scrolling, no auto-scroll) whose outside hosts answer locally.
 */
const test = base.extend("openLanding", async ({ open, site }) => {
  return async (
    path: string,
    opts: {
      reducedMotion?: boolean;
      mobile?: boolean;
      viewport?: { width: number; height: number };
      clipboard?: boolean;
    } = {},
  ) => {
    const { context, page, errors } = await open({
      mobile: opts.mobile,
      ...(opts.viewport ? { viewport: opts.viewport } : {}),
      reducedMotion: opts.reducedMotion ? "reduce" : "no-preference",
    });
    pages.push({ path, errors });
    if (opts.clipboard)
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
    await context.route(/^https:\/\/[\w.-]+\.example\.com\//, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html; charset=utf-8",
        body: "<title>外部页面</title>外部页面",
      }),
    );
    await page.goto(path);
    await hydrated(page);
    return { page, context };
  };
});

/**
 * The landing pages' behaviour in Chromium against the production build: the floating panel, the
 * solution tabs, the package page, the travel lists, the conference menu and the two redirects.
 */
describe("landing pages in Chromium", () => {
  test("floating panel: arrow hides and shows it; the phone shows only while visible and after the consult toggle", async ({
    openLanding,
  }) => {
    const { page } = await openLanding("/market/products/linkage");
    const panel = page.locator(".lp-float");
    const consult = page.getByRole("button", { name: "课程咨询" });
    const phone = page.locator(".lp-float-phone");
    const arrow = page.locator(".lp-float-arrow");
    expect(await panel.getAttribute("data-state")).toBe("visible");
    expect(await phone.count()).toBe(0);
    await consult.click();
    await expect.poll(() => phone.isVisible()).toBe(true);
    expect(await phone.textContent()).toContain("400-000-6600");
    await arrow.click();
    await expect.poll(() => panel.getAttribute("data-state")).toBe("hidden");
    expect(await phone.count()).toBe(0);
    expect(await consult.isVisible()).toBe(false);
    expect(await arrow.getAttribute("aria-expanded")).toBe("false");
    await arrow.click();
    await expect.poll(() => phone.isVisible()).toBe(true);
    await consult.click();
    await expect.poll(() => phone.count()).toBe(0);
    expect(await page.getByRole("link", { name: "免费诊断店铺" }).getAttribute("target")).toBe("_blank");
    expect(await page.getByRole("link", { name: "立即报名" }).getAttribute("rel")).toBe(
      "noopener noreferrer",
    );
  });

  test("solution tabs: each tab shows its package with intro, channels, note, price and buy link", async ({
    openLanding,
  }) => {
    const { page } = await openLanding("/market/products/nryx");
    const visiblePanel = page.locator('[role="tabpanel"]:not([hidden])');
    expect(await visiblePanel.textContent()).toContain("9,900");
    await page.getByRole("tab", { name: "视频种草套餐" }).click();
    await expect.poll(() => visiblePanel.textContent()).toContain("14,800");
    expect(await visiblePanel.textContent()).toContain("投放渠道");
    expect(await visiblePanel.textContent()).toContain("补充说明");
    expect(await page.locator('[role="tabpanel"]:not([hidden])').count()).toBe(1);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => visiblePanel.textContent()).toContain("7,600");
    expect(await page.getByRole("tab", { name: "视频服务套餐" }).getAttribute("aria-selected")).toBe("true");
    expect(await visiblePanel.getByRole("link", { name: "购买服务套餐" }).getAttribute("target")).toBe(
      "_blank",
    );
  });

  test("package page: toggle, hover switcher, hover scroll, hover video, popovers and the case carousel", async ({
    openLanding,
  }) => {
    const { page } = await openLanding("/market/products/strawBag");

    // Public / private toggle swaps the pictures.
    const gallery = page.locator(".lp-toggle-panel");
    expect(await gallery.getAttribute("data-active")).toBe("public");
    await page.getByRole("button", { name: "私域转化" }).click();
    await expect.poll(() => gallery.getAttribute("data-active")).toBe("private");
    expect(await gallery.locator("img").first().getAttribute("alt")).toBe("详情页买家秀");

    // Six-item hover switcher: hovering item 4 shows picture 4.
    const switcher = page.locator(".lp-switcher");
    expect(await switcher.locator(".lp-switcher-list button").count()).toBe(6);
    await switcher.locator(".lp-switcher-list button").nth(3).hover();
    await expect.poll(() => switcher.getAttribute("data-active")).toBe("3");
    expect(await switcher.locator(".lp-switcher-view img").getAttribute("alt")).toBe("多平台投放");
    await switcher.locator(".lp-switcher-list button").nth(5).hover();
    await expect.poll(() => switcher.getAttribute("data-active")).toBe("5");

    // Hover scrolling: the frame scrolls while hovered and returns to the top when left.
    const frame = page.locator(".lp-scroll-frame").first();
    await frame.scrollIntoViewIfNeeded();
    await frame.hover();
    await expect.poll(() => frame.evaluate((el) => el.scrollTop)).toBeGreaterThan(5);
    await page.mouse.move(5, 5);
    await expect.poll(() => frame.evaluate((el) => el.scrollTop)).toBe(0);

    // Hover-playing video.
    const video = page.locator(".lp-hover-video video").first();
    await video.scrollIntoViewIfNeeded();
    await video.hover();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await page.mouse.move(5, 5);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    // Package cards and their popovers: premium 12800 / 60 items, VIP 30000 / 118 items.
    const premium = page.locator('[data-package="premium"]');
    const vip = page.locator('[data-package="vip"]');
    expect(await premium.textContent()).toMatch(/12,800.*60/);
    expect(await vip.textContent()).toMatch(/30,000.*118/);
    const premiumDetails = premium.locator(".lp-popover-body");
    expect(await premiumDetails.isVisible()).toBe(false);
    await premium.getByRole("button", { name: "查看服务详情" }).hover();
    await expect.poll(() => premiumDetails.isVisible()).toBe(true);
    expect(await premiumDetails.textContent()).toContain("达人图文笔记 20 篇");
    await page.mouse.move(5, 5);
    await expect.poll(() => premiumDetails.isVisible()).toBe(false);
    const remarks = page.locator(".lp-remarks .lp-popover-body");
    await page.getByRole("button", { name: "备注：内容替换规则" }).hover();
    await expect.poll(() => remarks.isVisible()).toBe(true);
    const rules = (await remarks.textContent()) ?? "";
    for (const rule of ["至少 3 张", "750 像素", "3:4 或 9:16", "15 至 60 秒"]) expect(rules).toContain(rule);
    expect(await page.locator(".lp-service").textContent()).toContain("1 个月");

    // Four-slide case carousel: advances on its own, dots jump, more-cases link and consult button.
    const carousel = page.locator(".lp-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await page.mouse.move(5, 5);
    expect(await carousel.locator(".lp-carousel-slide").count()).toBe(4);
    await expect.poll(() => carousel.getAttribute("data-index")).not.toBe("0");
    await carousel.getByRole("button", { name: "第 4 个案例" }).click();
    expect(await carousel.getAttribute("data-index")).toBe("3");
    await carousel.getByRole("button", { name: "下一个案例" }).click();
    expect(await carousel.getAttribute("data-index")).toBe("0");
    expect(await page.getByRole("link", { name: "查看更多案例" }).getAttribute("target")).toBe("_blank");
    expect(await page.getByRole("link", { name: "咨询客服" }).first().getAttribute("href")).toMatch(
      /^\/wang\/w\//,
    );
    await screenshot(page, "landing-strawBag-desktop", { fullPage: true });
  });

  test("travel list: copying puts the code on the clipboard and opens the dialog, closed by 确定", async ({
    openLanding,
  }) => {
    const { page } = await openLanding("/activity/caicai/list", { clipboard: true });
    const firstButton = page.getByRole("button", { name: "复制口令" }).first();
    await firstButton.click();
    const dialog = page.locator("dialog.tl-dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator("h2").textContent()).toBe("复制成功");
    const code = (await dialog.locator(".tl-code").textContent()) ?? "";
    expect(code).toMatch(/^[A-Z0-9]{6,8}$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(await dialog.getByRole("link", { name: "去购买" }).getAttribute("target")).toBe("_blank");
    await dialog.getByRole("button", { name: "确定" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  test("travel list: without the Clipboard API the textarea fallback copies the code", async ({
    site,
    open,
  }) => {
    const { context, page } = await open();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined, configurable: true });
    });
    await page.goto("/activity/caicai/list2");
    await hydrated(page);
    await page.getByRole("button", { name: "复制口令" }).nth(1).click();
    const dialog = page.locator("dialog.tl-dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator("h2").textContent()).toBe("复制成功");
    const code = (await dialog.locator(".tl-code").textContent()) ?? "";
    // Read back through a page that still has the Clipboard API.
    const { context: reader, page: rp } = await open();
    await reader.grantPermissions(["clipboard-read"], { origin: site.url });
    await rp.goto("/favicon.svg");
    expect(await rp.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test("travel list: the list is doubled for the endless loop and changing tab resets its scroll", async ({
    openLanding,
  }) => {
    const { page } = await openLanding("/activity/caicai/list2", { reducedMotion: true });
    const box = page.getByTestId("travel-scroll");
    const rows = await box.locator(".tl-row").count();
    expect(rows % 2).toBe(0);
    expect(
      await box
        .locator(".tl-row")
        .first()
        .evaluate((el) => el.getBoundingClientRect().height),
    ).toBe(100);
    expect(await box.locator(".tl-dest").first().textContent()).not.toBe("");
    const loop = (rows / 2) * 100;
    // Passing the first copy jumps back by one copy: the loop has no end.
    await box.evaluate((el, y) => {
      el.scrollTop = y;
    }, loop + 40);
    await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBe(40);
    await box.evaluate((el) => {
      el.scrollTop = 250;
    });
    await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBe(250);
    await page.getByRole("tab", { name: "全国通兑" }).click();
    await expect
      .poll(() => page.getByRole("tab", { name: "全国通兑" }).getAttribute("aria-selected"))
      .toBe("true");
    expect(await box.evaluate((el) => el.scrollTop)).toBe(0);
    expect(await box.locator(".tl-dest").first().textContent()).toBe("全国");
  });

  test("conference menu scrolls to its sections, marks the current one, and the review button opens the review", async ({
    openLanding,
  }) => {
    const { page } = await openLanding("/activity/wsfh/newispower", { reducedMotion: true });
    const nav = page.locator(".lp-scrollnav");
    expect(await nav.locator('a[aria-current="location"]').textContent()).toBe("首页");
    for (const [label, id] of [
      ["议程", "agenda"],
      ["早鸟票", "tickets"],
      ["联系我们", "contact"],
      ["嘉宾", "guests"],
    ] as const) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect.poll(() => nav.locator('a[aria-current="location"]').textContent()).toBe(label);
      const top = await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top);
      const navHeight = await nav.evaluate((el) => el.getBoundingClientRect().height);
      const atBottom = await page.evaluate(
        () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2,
      );
      // The section sits right under the stuck menu (or the page cannot scroll any further).
      if (!atBottom) expect(Math.abs(top - navHeight)).toBeLessThan(12);
      else expect(top).toBeLessThan(900);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
    }
    // 2020 summit tickets: ordinary 580 all-day, VIP 980 limited to 100 seats.
    const tickets = (await page.locator("#tickets").textContent()) ?? "";
    expect(tickets).toMatch(/普通票580/);
    expect(tickets).toMatch(/VIP 票980/);
    expect(tickets).toContain("限 100 席");
    await nav.getByRole("link", { name: "精彩回顾" }).click();
    await page.waitForURL("**/activity/wsfh/newispower/review");
    for (const id of ["highlights", "talks", "news", "awards"])
      expect(await page.locator(`#${id}`).count()).toBe(1);
  });

  test("video summit: scroll buttons, and the remould button navigates the same window", async ({
    openLanding,
  }) => {
    const { page } = await openLanding("/activity/wsfh/wowback", { reducedMotion: true });
    for (const id of ["main1", "spoiler", "review", "information", "highlights", "last"])
      expect(await page.locator(`#${id}`).count()).toBe(1);
    expect(await page.locator("#spoiler video[poster]").count()).toBe(3);
    await page.getByRole("link", { name: "往下看 ↓" }).click();
    await expect
      .poll(() => page.locator("#spoiler").evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(80);
    const remould = page.getByRole("link", { name: "前往重塑峰会" }).first();
    expect(await remould.getAttribute("target")).toBeNull();
    await remould.click();
    await page.waitForURL("**/activity/wsfh/remould");
  });

  test("class redirect: class 2 goes to banner 98's link, others to banner 13's, and a missing link says 跳转失败", async ({
    site,
    open,
  }) => {
    // The banners point at pages of the test site, so the browser can follow the server's redirect.
    const { db } = site.services.database;
    await db
      .updateTable("banners")
      .set({ link: `${site.url}/news?from=banner98` })
      .where("id", "=", 98)
      .execute();
    await db
      .updateTable("banners")
      .set({ link: `${site.url}/cooperate?from=banner13` })
      .where("id", "=", 13)
      .execute();
    const { page } = await open();
    await page.goto("/idaxue/class/2");
    expect(page.url()).toBe(`${site.url}/news?from=banner98`);
    await page.goto("/idaxue/class/5");
    expect(page.url()).toBe(`${site.url}/cooperate?from=banner13`);

    await db.updateTable("banners").set({ link: "" }).where("id", "=", 13).execute();
    await page.goto("/idaxue/class/5");
    expect(new URL(page.url()).pathname).toBe("/idaxue/class/5");
    expect(await page.locator("h1").textContent()).toBe("跳转失败");
  });

  test("chat redirect: tells the visitor what is opening and to install the client", async ({
    openLanding,
  }) => {
    const { page } = await openLanding(`/wang/w/${encodeURIComponent("电商报小二")}`);
    // The page hands the messenger link to the browser at once; read the page as it stays.
    await expect.poll(() => page.title()).toBe("旺旺客服管理平台");
    await expect.poll(() => page.locator("h1").textContent()).toContain("「电商报小二」");
    await expect.poll(() => page.locator(".lp-message").textContent()).toContain("请先安装阿里旺旺客户端");
    expect(await page.getByRole("link", { name: "打开阿里旺旺" }).getAttribute("href")).toBe(
      `aliim:sendmsg?uid=cntaobao&siteid=cntaobao&touid=cntaobao${encodeURIComponent("电商报小二")}`,
    );
  });

  test("reveals marked sections as they come within 600px of the viewport, hydrated or not", async ({
    openLanding,
  }) => {
    const { page, context } = await openLanding("/market/products/strawBag");
    const far = page.locator('[data-section="hoverSwitcher"] .lp-reveal');
    await expect.poll(() => far.getAttribute("data-reveal")).toBe("pending");
    await far.evaluate((el) =>
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight - 500),
    );
    await expect.poll(() => far.getAttribute("data-reveal")).toBe("shown");
    await context.close();

    // Reduced motion: nothing is ever hidden or animated.
    const calm = await openLanding("/market/products/strawBag", { reducedMotion: true });
    expect(await calm.page.locator("[data-reveal]").count()).toBe(0);

    // A page whose sections need no script does not hydrate: the islands reveal its sections (on a
    // small phone, where its last one starts far enough down).
    const plain = await openLanding("/market/products/foodie", {
      mobile: true,
      viewport: { width: 375, height: 667 },
    });
    expect(await plain.page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    const last = plain.page.locator(".lp-reveal").last();
    await expect.poll(() => last.getAttribute("data-reveal")).toBe("pending");
    await last.evaluate((el) =>
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight - 500),
    );
    await expect.poll(() => last.getAttribute("data-reveal")).toBe("shown");
  });

  test.for([
    ["1440px", false],
    ["375px", true],
  ] as const)(
    "looks finished at %s (screenshots), without script errors",
    { timeout: 300_000 },
    async ([_width, mobile], { open }) => {
      {
        const { context, page, errors } = await open({ mobile });
        pages.push({ errors });
        await context.route(/^https:\/\/[\w.-]+\.example\.com\//, (route) =>
          route.fulfill({
            status: 200,
            contentType: "text/html; charset=utf-8",
            body: "<title>直播间</title>直播间",
          }),
        );
        for (const path of [
          "/market/products/strawBag",
          "/activity/wsfh/newispower",
          "/market/products/yljzt",
          "/activity/caicai/list2",
          "/flybird/stroll",
          "/flybird/live",
        ]) {
          await page.goto(path);
          await hydrated(page);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `${path} overflows sideways`).toBeLessThanOrEqual(mobile ? 375 : 1440);
          await screenshot(page, `landing${path.replace(/\//g, "-")}-${mobile ? "375" : "1440"}`, {
            fullPage: true,
          });
        }
        await context.close();
      }
      expect(scriptErrors()).toEqual([]);
    },
  );
});
