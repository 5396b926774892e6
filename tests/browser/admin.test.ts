// Over a minute on a busy 2-core machine (README, "Tests"): the console's journeys in Chromium from the
// first-run setup on: each change is followed to the public pages that show it (home, column, tag,
// search), and the dashboard is drawn on desktop and on a phone.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { Paged } from "../../contract/admin";
import { AdminClient, testPicture } from "../../tools/admin-client";
import { screenshot } from "./browser";
import { test as base, openPage } from "./fixture";

const ADMIN = { username: "chief", displayName: "总编辑", password: "e2e-admin-password" };
const EDITOR = { username: "writer", displayName: "小编", password: "e2e-editor-password" };
const ID_CARD = "11010519491231002X";
const TITLE = "浏览器测试：直播电商控制台发布的新文章";
const TAG = "端到端新标签";

/** Picks an option of an antd Select opened by clicking `trigger`. */
async function pick(page: Page, trigger: ReturnType<Page["locator"]>, option: string) {
  await trigger.click();
  await page
    .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option", {
      hasText: option,
    })
    .first()
    .click();
}

async function signIn(page: Page, who: { username: string; password: string }) {
  if (new URL(page.url()).pathname !== "/admin/login") await page.goto("/admin/login");
  // The button is enabled once the page is hydrated: fill the fields after that.
  await page.locator("button[type=submit]:not([disabled])").waitFor();
  await page.getByLabel("用户名").fill(who.username);
  await page.getByLabel("密码").fill(who.password);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/admin/login")),
    page.locator("button[type=submit]").click(),
  ]);
  return res.status();
}

/**
 * The admin's console tab, kept for the whole file: the tests go on in order from where the one
 * before left off (set up, signed in, …). In this file `page` and `errors` are that tab's.
 */
const test = base
  .extend("desk", { scope: "file" }, async ({ browser, site }, { onCleanup }) => {
    const desk = await openPage(browser, site);
    onCleanup(() => desk.context.close());
    return desk;
  })
  .extend("coverFile", { scope: "file" }, async ({ site }, { onCleanup }) => {
    const file = path.join(site.services.config.DATA_DIR, `e2e-cover-${process.pid}.png`);
    fs.writeFileSync(file, await testPicture(1280, 720));
    onCleanup(() => fs.rmSync(file, { force: true }));
    return file;
  });
test.override("page", ({ desk }) => desk.page);
test.override("errors", ({ desk }) => desk.errors);

describe("editors' console in Chromium", { timeout: 180_000 }, () => {
  test("first run: /admin leads to the setup page, which creates the admin and then disappears", async ({
    site,
    page,
    errors,
  }) => {
    await page.goto("/admin");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/setup");
    await page.locator("button[type=submit]:not([disabled])").waitFor();
    await page.getByLabel("用户名").fill(ADMIN.username);
    await page.getByLabel("姓名").fill(ADMIN.displayName);
    await page.getByLabel("密码", { exact: true }).fill(ADMIN.password);
    await page.getByLabel("确认密码").fill(ADMIN.password);
    await page.getByRole("button", { name: "创建管理员并登录" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin");
    await page.getByTestId("console-user").waitFor();
    expect(await page.getByTestId("console-user").textContent()).toBe(ADMIN.displayName);
    expect((await fetch(`${site.url}/admin/setup`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  test("signs out and signs in again", async ({ page }) => {
    await page.getByRole("button", { name: /退出登录/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/login");
    await page.goto("/admin/articles");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/admin/articles");
    await signIn(page, ADMIN);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/articles");
    await page.locator(".ant-table-row").first().waitFor();
    await screenshot(page, "admin-articles-desktop");
  });

  test("creates an article with a new tag and a cover; it shows on home, its column, its tag page and in search", async ({
    site,
    page,
    open,
    coverFile,
  }) => {
    await page.goto("/admin/articles/new");
    await page.locator("#title").fill(TITLE);
    await page.locator("#intro").fill("控制台端到端测试的摘要");
    await page.locator(".rte-content").click();
    await page.keyboard.type("第一段正文，介绍直播电商的新变化。");
    await page.getByRole("button", { name: "加粗" }).click();
    await page.keyboard.type("重点内容");
    await pick(page, page.locator(".ant-select").filter({ has: page.locator("#columnId") }), "科技");
    const tags = page.locator("#tags");
    await tags.click();
    await tags.fill(TAG);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await page.locator(".image-field input[type=file]").setInputFiles(coverFile);
    await page.locator(".image-field-preview").waitFor();
    await screenshot(page, "admin-article-edit-desktop", { fullPage: true });
    await page
      .getByRole("button", { name: "保 存" })
      .or(page.getByRole("button", { name: "保存" }))
      .click();
    await expect.poll(() => /^\/admin\/articles\/\d+$/.test(new URL(page.url()).pathname)).toBe(true);
    const id = Number(new URL(page.url()).pathname.split("/").pop());

    const client = new AdminClient(site.url);
    await client.login(ADMIN.username, ADMIN.password);
    const saved = (
      await client.req<{ content: string; thumb: string; tags: { tagId: number; tagName: string }[] }>(
        "GET",
        `/api/admin/articles/${id}`,
      )
    ).body.data;
    expect(saved.content).toContain("<strong>重点内容</strong>");
    expect(saved.thumb).toMatch(/^\/uploads\/cover\/.+-480\.jpg$/);
    const tag = saved.tags.find((t) => t.tagName === TAG)!;
    expect(tag).toBeDefined();

    const { page: visitor } = await open();
    for (const url of [
      "/",
      "/newlist/5?name=科技",
      `/taglist/${tag.tagId}?name=${encodeURIComponent(TAG)}`,
      `/searchlist/${encodeURIComponent("控制台发布的新文章")}?key=${Date.now()}`,
    ]) {
      await visitor.goto(url);
      await visitor.getByRole("link", { name: TITLE }).first().waitFor();
    }
    await visitor.getByRole("link", { name: TITLE }).first().click();
    await visitor.locator("h1", { hasText: TITLE }).waitFor();
  });

  test("stores an article body with a script without the script", async ({ site, open }) => {
    const client = new AdminClient(site.url);
    await client.login(ADMIN.username, ADMIN.password);
    const columns = await client.req<Paged<{ id: number }>>("GET", "/api/admin/columns");
    const res = await client.req<{ id: number; content: string }>("POST", "/api/admin/articles", {
      title: "带脚本的正文",
      content:
        '<p>安全</p><script>window.__pwned = 1</script><img src="/x.png" onerror="window.__pwned = 2">',
      thumb: "/uploads/demo/article-1.svg",
      columnId: columns.body.data.items[0]!.id,
      status: "published",
      createdAt: new Date().toISOString(),
    });
    expect(res.body.data.content).not.toMatch(/script|onerror|__pwned/);
    const { page: visitor } = await open();
    await visitor.goto(`/articledetail/${res.body.data.id}`);
    await visitor.locator("h1", { hasText: "带脚本的正文" }).waitFor();
    expect(await visitor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await visitor.content()).not.toContain("__pwned");
  });

  test("edits a banner; the home carousel shows the change at once", async ({ page, open }) => {
    await page.goto("/admin/banners");
    await page.locator(".ant-table-row").first().waitFor();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/admin/banners?") && r.url().includes("group=11")),
      pick(page, page.locator(".console-filters .ant-select").first(), "首页轮播图"),
    ]);
    await page.locator(".ant-table-row").first().waitFor();
    await page.locator(".ant-spin-spinning").waitFor({ state: "detached" });
    await page
      .locator(".ant-table-row")
      .first()
      .getByRole("button", { name: "编 辑" })
      .or(page.locator(".ant-table-row").first().getByRole("button", { name: "编辑" }))
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("#name").fill("控制台修改后的头条轮播");
    await dialog.getByRole("button", { name: /保\s?存/ }).click();
    await dialog.waitFor({ state: "hidden" }).catch(async (err) => {
      await screenshot(page, "admin-banner-dialog-failure");
      throw err;
    });
    await screenshot(page, "admin-banners-desktop");
    const { page: home } = await open();
    await home.goto("/");
    await expect
      .poll(() => home.locator('.top-carousel img[alt="控制台修改后的头条轮播"]').count())
      .toBeGreaterThan(0);
  });

  test("a lead and an order appear, export to CSV, and the admin reveals an ID (audited)", async ({
    site,
    page,
  }) => {
    await fetch(
      `${site.url}/api/mcn/insertMcnBusiness?${new URLSearchParams({ contactName: "赵经理", contactPhone: "13700001111", brand: "浏览器测试品牌", role: "运营总监" })}`,
      { method: "POST" },
    );
    const commit = await fetch(`${site.url}/api/onlineApply/payCommit`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": `e2e-admin-${Date.now()}` },
      body: JSON.stringify({
        productId: 278,
        menberProfession: "MERCHANT",
        signWay: "INDIVIDUAL",
        signer: "钱多多",
        idCardNumber: ID_CARD,
        contact: "13600002222",
        payer: "钱多多",
        orderNum: "1",
        questionList: [
          { questionId: 112, answer: "1万至10万" },
          { questionId: 113, answer: "抖音" },
        ],
      }),
    });
    expect(commit.status).toBe(200);

    await page.goto("/admin/leads");
    await page.getByRole("cell", { name: "浏览器测试品牌（运营总监）" }).waitFor();
    const leadDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: /导出 CSV/ }).click();
    const leadCsv = fs.readFileSync((await (await leadDownload).path())!);
    expect([...leadCsv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(leadCsv.toString("utf8")).toContain("浏览器测试品牌");
    await screenshot(page, "admin-leads-desktop");

    await page.goto("/admin/orders");
    const row = page.locator(".ant-table-row", { hasText: "13600002222" });
    await row.waitFor();
    expect(await row.textContent()).toContain("110***********002X");
    const orderDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: /导出 CSV/ }).click();
    const orderCsv = fs.readFileSync((await (await orderDownload).path())!).toString("utf8");
    expect(orderCsv.charCodeAt(0)).toBe(0xfeff);
    expect(orderCsv).toContain("13600002222");
    expect(orderCsv).not.toContain(ID_CARD);

    await row.getByText("详情").click();
    await page.getByRole("button", { name: /查看完整号码/ }).click();
    await page.getByRole("button", { name: /^查\s?看$/ }).click();
    await expect.poll(() => page.getByTestId("order-id-card").textContent()).toBe(ID_CARD);
    await screenshot(page, "admin-order-detail-desktop");

    await page.goto("/admin/audit");
    await page.getByRole("cell", { name: /查看订单 .* 的完整身份证号/ }).waitFor();
    expect(await page.locator(".ant-table-row").count()).toBeGreaterThanOrEqual(4);
  });

  test("an editor cannot manage users or reveal an ID", async ({ site, open }) => {
    const client = new AdminClient(site.url);
    await client.login(ADMIN.username, ADMIN.password);
    expect((await client.req("POST", "/api/admin/users", { ...EDITOR, role: "editor" })).status).toBe(200);

    const { page: ed } = await open();
    await signIn(ed, EDITOR);
    await expect.poll(() => new URL(ed.url()).pathname).toBe("/admin");
    await ed.getByTestId("console-user").waitFor();
    expect(await ed.locator(".console-sider").textContent()).not.toMatch(/用户|报名订单|MCN 线索/);
    await ed.goto("/admin/users");
    await ed.getByText("没有权限执行此操作").first().waitFor();
    const csrf = await ed.evaluate(async () => {
      const r = await fetch("/api/admin/session");
      return ((await r.json()) as { data: { csrfToken: string } }).data.csrfToken;
    });
    const reveal = await ed.request.post("/api/admin/orders/1/reveal-id", {
      headers: { "x-csrf-token": csrf },
    });
    expect(reveal.status()).toBe(403);
    const create = await ed.request.post("/api/admin/users", {
      headers: { "x-csrf-token": csrf },
      data: { username: "sneaky", displayName: "x", password: "0123456789ab", role: "admin" },
    });
    expect(create.status()).toBe(403);
  });

  test("refuses a change without the CSRF token", async ({ site, page }) => {
    const res = await page.request.post("/api/admin/columns", { data: { name: "无令牌栏目" } });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe("安全校验失败，请刷新页面后重试");
    const cols = await (await fetch(`${site.url}/api/product/column/list`)).json();
    expect(JSON.stringify(cols)).not.toContain("无令牌栏目");
  });

  test("rate-limits wrong passwords on the sign-in page", async ({ open }) => {
    const { page: p } = await open();
    await p.goto("/admin/login");
    for (let i = 0; i < 5; i++) {
      expect(await signIn(p, { username: EDITOR.username, password: `wrong-${i}-password` })).toBe(401);
      await p.getByRole("alert").filter({ hasText: "用户名或密码错误" }).waitFor();
    }
    expect(await signIn(p, EDITOR)).toBe(429);
    await p.getByRole("alert").filter({ hasText: "登录失败次数过多，请 15 分钟后再试" }).waitFor();
    expect(new URL(p.url()).pathname).toBe("/admin/login");
    await screenshot(p, "admin-login-limited-phone");
  });

  test("lists page and filter through the address: articles and the audit log", async ({ site, page }) => {
    const published = await site.services.database.db
      .selectFrom("articles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "published")
      .executeTakeFirstOrThrow();
    await page.goto("/admin/articles?status=published&pageSize=10");
    await page.getByText(`共 ${Number(published.n)} 篇`).waitFor();
    const firstPage = await page.locator(".ant-table-row").first().getAttribute("data-row-key");
    await page.locator(".ant-pagination-item-2").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(new URL(page.url()).searchParams.get("status")).toBe("published");
    await expect
      .poll(() => page.locator(".ant-table-row").first().getAttribute("data-row-key"))
      .not.toBe(firstPage);
    expect(await page.locator(".ant-table-row").count()).toBe(10);
    // A new filter starts again at page 1.
    await page.getByPlaceholder("搜索标题").fill("不存在的标题关键词");
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("不存在的标题关键词");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    await page.locator(".ant-table-placeholder .ant-empty").waitFor();
    expect(await page.locator(".ant-table-row").count()).toBe(0);

    await page.goto("/admin/audit?pageSize=10");
    await page.locator(".ant-table-row").first().waitFor();
    await page.getByText(/^共 \d+ 条$/).waitFor();
  });

  test("dashboard with charts on desktop and phone; public pages load none of the console's code", async ({
    page,
    desk,
    open,
  }) => {
    await page.goto("/admin");
    await page.locator(".recharts-surface").first().waitFor();
    await screenshot(page, "admin-dashboard-desktop", { fullPage: true });

    const { context: phone, page: pp } = await open({ mobile: true });
    await phone.addCookies(await desk.context.cookies());
    await pp.goto("/admin/articles");
    await pp.locator(".ant-table-row").first().waitFor();
    await screenshot(pp, "admin-articles-phone");
    await pp.goto("/admin");
    await pp.locator(".recharts-surface").first().waitFor();
    await screenshot(pp, "admin-dashboard-phone", { fullPage: true });
    await phone.close();

    const { page: visitor } = await open();
    const scripts: string[] = [];
    visitor.on("response", (r) => {
      if (r.url().endsWith(".js")) scripts.push(r.url());
    });
    await visitor.goto("/");
    await visitor.waitForLoadState("networkidle");
    const code = (await Promise.all(scripts.map(async (u) => (await fetch(u)).text()))).join("\n");
    expect(code).not.toContain("ProseMirror");
    expect(code).not.toContain("recharts");
    expect(code).not.toContain("/api/admin/");
  });
});
