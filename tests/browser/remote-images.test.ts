import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect } from "vitest";
import type { SavedArticle } from "../../contract/answers";
import { AdminClient, CHIEF, firstAdmin, testPicture } from "../../tools/admin-client";
import { sawMessage, screenshot, visit } from "./browser";
import { test as base } from "./fixture";

const TITLE = "公众号转载：带外链图片的定时文章";

async function signIn(page: Page) {
  await page.goto("/admin/login");
  await page.locator("button[type=submit]:not([disabled])").waitFor();
  await page.getByLabel("用户名").fill(CHIEF.username);
  await page.getByLabel("密码").fill(CHIEF.password);
  await page.locator("button[type=submit]").click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe("/admin/login");
}

/** A picture host on 127.0.0.1 that, like WeChat's, refuses requests carrying a Referer. */
async function pictureHost() {
  const png = await sharp({
    create: { width: 640, height: 360, channels: 3, background: { r: 30, g: 160, b: 90 } },
  })
    .png()
    .toBuffer();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.headers.referer) return void res.writeHead(403).end();
    if (req.url?.startsWith("/mmbiz_png/wx.png"))
      return void res.writeHead(200, { "content-type": "image/png" }).end(png);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The picture host and a cover picture to upload; the site fetches pictures from loopback addresses
 * and looks for articles due every second.
 */
const test = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
  .extend("host", { scope: "file" }, async ({}, { onCleanup }) => {
    const host = await pictureHost();
    onCleanup(() => host.close());
    return host;
  })
  .extend("coverFile", { scope: "file" }, async ({ site }, { onCleanup }) => {
    const file = path.join(site.services.config.DATA_DIR, `e2e-remote-cover-${process.pid}.png`);
    fs.writeFileSync(file, await testPicture(960, 540));
    onCleanup(() => fs.rmSync(file, { force: true }));
    return file;
  });
test.override(
  "siteEnv",
  { scope: "file" },
  {
    NODE_ENV: "test",
    REMOTE_IMAGES_ALLOW_LOOPBACK: "1",
    SCHEDULE_POLL_SECONDS: "1",
  },
);

describe("a pasted WeChat article with pictures, scheduled, in Chromium", { timeout: 240_000 }, () => {
  // The first admin (CHIEF), whom the test signs in as.
  test.beforeAll(async ({ site }) => {
    await firstAdmin(site.url);
  });

  test("stores the pasted pictures as our own, reports the one it could not, and publishes on time", async ({
    site,
    host,
    coverFile,
    page,
    open,
  }) => {
    await signIn(page);
    await visit(page, "/admin/articles/new");
    await page.locator("#title").fill(TITLE);
    await page.locator("#intro").fill("从公众号复制过来的文章");

    // Paste as from a WeChat article: the real address in data-src, a placeholder in src.
    const good = `${host.base}/mmbiz_png/wx.png?wx_fmt=png&from=appmsg`;
    const missing = `${host.base}/mmbiz_png/gone.png`;
    const pasted =
      `<section><p>公众号正文第一段。</p>` +
      `<p><img data-src="${good}" src="data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E" data-ratio="0.5625"></p>` +
      `<p><img data-src="${missing}" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></p>` +
      `<p>公众号正文第二段。</p></section>`;
    await page.locator(".rte-content").click();
    await page.evaluate((html) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", "公众号正文");
      const target = document.querySelector(".rte-content")!;
      target.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, pasted);
    await expect.poll(() => page.locator(".rte-content img").count()).toBe(2);
    // The editor shows the picture from its own address before the save.
    expect(await page.locator(".rte-content img").first().getAttribute("src")).toBe(good);

    await page
      .locator(".ant-select")
      .filter({ has: page.locator("#columnId") })
      .click();
    await page
      .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option", {
        hasText: "科技",
      })
      .first()
      .click();
    await page.locator(".image-field input[type=file]").first().setInputFiles(coverFile);
    await page.locator(".image-field-preview").first().waitFor();

    // 定时发布, about 20 seconds from now (set last, so filling the form does not eat into it).
    await page.getByText("定时发布", { exact: true }).click();
    const at = new Date(Date.now() + 20_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    const typed = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    const picker = page.locator("#createdAt");
    await picker.click();
    await picker.fill(typed);
    // The panel's OK button takes the typed time (Enter in the field would also submit the form).
    await page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button").click();
    await expect.poll(() => picker.inputValue()).toBe(typed);

    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/admin/articles") && r.request().method() === "POST"),
      page.locator("form button[type=submit]").click(),
    ]);
    expect(res.status()).toBe(200);
    const saved = ((await res.json()) as { data: SavedArticle }).data;
    expect(saved.status).toBe("scheduled");
    // Not on the home page (nor at its own address) before its time.
    const onHome = async () =>
      (await (await fetch(`${site.url}/`)).text()).includes(`/articledetail/${saved.id}"`);
    expect(await onHome()).toBe(false);
    expect((await fetch(`${site.url}/articledetail/${saved.id}`)).status).toBe(404);
    expect(saved.remoteImages).toEqual({
      stored: 1,
      failed: [{ url: missing, reason: "无法下载（HTTP 404）" }],
    });
    const [stored, left] = [...saved.content.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
    expect(stored).toMatch(/^\/uploads\/body\/[0-9a-f]{24}-960\.jpg$/);
    expect(left).toBe(missing);

    // The editor says so: a short note, and a warning listing the address that was not kept.
    await sawMessage(page, "已转存 1 张外部图片");
    const report = page.locator(".remote-images-report");
    await report.waitFor();
    expect(await report.textContent()).toContain(missing);
    expect(await report.textContent()).toContain("无法下载（HTTP 404）");
    await expect.poll(() => /^\/admin\/articles\/\d+$/.test(new URL(page.url()).pathname)).toBe(true);
    await expect.poll(() => page.locator(".rte-content img").first().getAttribute("src")).toBe(stored);
    await screenshot(page, "admin-remote-images-report", { fullPage: true });

    // A preview link, opened by someone without a session: the picture is ours and shows.
    await page.getByRole("button", { name: "生成预览链接" }).click();
    const link = (await page.locator(".preview-fresh").textContent())?.replace(/复制$/, "").trim() ?? "";
    expect(link).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
    const { page: visitor } = await open();
    await visitor.goto(new URL(link).pathname);
    await visitor.locator("h1", { hasText: TITLE }).waitFor();
    const body = visitor.locator(".article-detail img").first();
    expect(await body.getAttribute("src")).toBe(stored);
    await expect
      .poll(() =>
        body.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    // Then the scheduler publishes it.
    await expect.poll(onHome, { timeout: 90_000, interval: 500 }).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(Math.floor(at.getTime() / 1000) * 1000);

    await visitor.goto(`/articledetail/${saved.id}`);
    await visitor.locator("h1", { hasText: TITLE }).waitFor();
    expect(await visitor.locator(".article-detail img").first().getAttribute("src")).toBe(stored);
    // The pasted picture was fetched once, on the save; visitors never reach the other site.
    expect(host.hits.filter((h) => h.startsWith("/mmbiz_png/wx.png"))).toHaveLength(1);

    // One save, one article.
    const admin = new AdminClient(site.url);
    await admin.login(CHIEF.username, CHIEF.password);
    const listed = await admin.req<{ total: number }>(
      "GET",
      `/api/admin/articles?q=${encodeURIComponent(TITLE)}`,
    );
    expect(listed.body.data.total).toBe(1);
    const audit = await admin.req<{ items: { entityId: string; action: string }[] }>(
      "GET",
      "/api/admin/audit?entity=article",
    );
    expect(
      audit.body.data.items
        .filter((e) => e.entityId === String(saved.id))
        .map((e) => e.action)
        .sort(),
    ).toEqual(["create", "publish"]);
  });
});
