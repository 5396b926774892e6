import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ImportJob } from "../../contract/imports";
import { AdminClient, CHIEF, firstAdmin } from "../../tools/admin-client";
import { writeWxr } from "../../tools/wxr";
import { type SiteProcess, startSiteProcess } from "../helpers/site-process";
import { launchBrowser, NAVIGATION_TIMEOUT, STEP_TIMEOUT, screenshot, visit } from "./browser";

/** The old site's uploads on 127.0.0.1 (one of them missing). */
async function pictureHost() {
  const png = await sharp({
    create: { width: 800, height: 450, channels: 3, background: { r: 232, g: 56, b: 13 } },
  })
    .png()
    .toBuffer();
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/wp-content/uploads/") && !req.url.includes("missing"))
      return void res.writeHead(200, { "content-type": "image/png" }).end(png);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function signIn(page: Page) {
  await page.goto("/admin/login");
  await page.locator("button[type=submit]:not([disabled])").waitFor();
  await page.getByLabel("用户名").fill(CHIEF.username);
  await page.getByLabel("密码").fill(CHIEF.password);
  await page.locator("button[type=submit]").click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe("/admin/login");
}

/** What the database holds for an imported site, read beside the running (or killed) server. */
function counts(file: string, site: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get(site) as { n: number }).n;
    return {
      items: one("SELECT count(*) AS n FROM import_items WHERE site = ?"),
      articles: one(
        "SELECT count(*) AS n FROM articles WHERE id IN (SELECT article_id FROM import_items WHERE site = ?)",
      ),
      bySource: one("SELECT count(*) AS n FROM articles WHERE source_url LIKE 'https://' || ? || '/%'"),
      redirects: one("SELECT count(*) AS n FROM redirects WHERE site = ?"),
      tags: one(
        "SELECT count(*) AS n FROM article_tags WHERE article_id IN (SELECT article_id FROM import_items WHERE site = ?)",
      ),
      revisions: one(
        "SELECT count(*) AS n FROM article_revisions WHERE article_id IN (SELECT article_id FROM import_items WHERE site = ?)",
      ),
    };
  } finally {
    db.close();
  }
}

describe("importing an archive from the console, then killing an import", { timeout: 420_000 }, () => {
  let dir: string;
  let site: SiteProcess;
  let browser: Browser;
  let hosts: Awaited<ReturnType<typeof pictureHost>>;
  let admin: AdminClient;
  let env: Record<string, string>;
  let stderr = "";

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "dsn-import-e2e-"));
    fs.copyFileSync(inject("sqliteTemplate"), path.join(dir, "site.db"));
    hosts = await pictureHost();
    env = { NODE_ENV: "test", REMOTE_IMAGES_ALLOW_LOOPBACK: "1", DATA_DIR: dir, RENDER_THREADS: "1" };
    [site, browser] = await Promise.all([startSiteProcess(env), launchBrowser()]);
    site.child.stderr?.on("data", (d) => {
      stderr += d;
    });
    admin = await firstAdmin(site.url);
  });
  afterAll(async () => {
    // The server's own words, for whoever reads a failed run (test-results/ is not committed).
    fs.mkdirSync("test-results", { recursive: true });
    fs.writeFileSync("test-results/import-e2e-server.log", `${site?.out() ?? ""}\n${stderr}`);
    await browser?.close();
    await site?.kill("SIGKILL");
    await hosts?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const newPage = async () => {
    const context = await browser.newContext({
      baseURL: site.url,
      locale: "zh-CN",
      viewport: { width: 1440, height: 900 },
    });
    context.setDefaultTimeout(STEP_TIMEOUT);
    context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT);
    return context.newPage();
  };

  it("uploads an export, maps its categories, follows the progress bar and shows the report", async () => {
    const file = path.join(dir, "old-site.xml");
    fs.writeFileSync(
      file,
      fs
        .readFileSync("tests/fixtures/wordpress/edge-cases.xml", "utf8")
        .replaceAll("{{PICTURES}}", hosts.base),
    );
    const page = await newPage();
    await signIn(page);
    await visit(page, "/admin/imports");
    await page.getByLabel("WordPress 导出文件").setInputFiles(file);
    await page.getByRole("button", { name: "上传并读取" }).click();

    // The file is read: what it holds, and a column for each category.
    const mapping = page.locator(".import-columns");
    await mapping.waitFor();
    await expect.poll(() => page.locator(".ant-descriptions").textContent()).toContain("老电商观察 & 评论");
    expect(await page.locator(".ant-descriptions").textContent()).toContain("6 篇");
    expect(await mapping.textContent()).toContain("行业观察");
    expect(await mapping.textContent()).toContain("新建栏目“行业观察”");
    await screenshot(page, "admin-import-mapping", { fullPage: true });

    // Uncategorized posts go to an existing column (the demo's 科技) instead of a new one.
    await page.getByLabel("分类“未分类”导入到的栏目").click();
    await page
      .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option", {
        hasText: "科技",
      })
      .first()
      .click();

    const [res] = await Promise.all([
      page.waitForResponse((r) => /\/api\/admin\/imports\/\d+\/start$/.test(r.url())),
      page.getByRole("button", { name: "开始导入" }).click(),
    ]);
    expect(res.status()).toBe(200);
    const jobId = ((await res.json()) as { data: ImportJob }).data.id;
    // The progress bar follows the job until it is done.
    await page.getByLabel("导入进度").waitFor();
    await page.locator(".import-report").waitFor({ timeout: 90_000 });
    await expect.poll(() => page.locator(".import-progress .ant-tag").first().textContent()).toBe("已完成");
    expect(await page.getByLabel("导入进度").textContent()).toContain("6 / 6");
    const report = (await page.locator(".import-report").textContent()) ?? "";
    expect(report).toContain("原文有密码保护，已导入为草稿");
    expect(report).toContain("missing.png");
    await screenshot(page, "admin-import-report", { fullPage: true });

    // The public pages: the article at its new address, its pictures ours; the old addresses 301.
    const job = (await admin.req<ImportJob>("GET", `/api/admin/imports/${jobId}`)).body.data;
    const first = job.report.find((n) => n.title.startsWith("直播电商的第三年"));
    expect(first?.articleId).toBeTruthy();
    const visitor = await newPage();
    await visitor.goto(`/articledetail/${first!.articleId}`);
    await visitor.locator("h1", { hasText: "直播电商的第三年" }).waitFor();
    const body = visitor.locator(".article-detail img").first();
    expect(await body.getAttribute("src")).toMatch(/^\/uploads\/body\//);
    await expect
      .poll(() =>
        body.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(visitor, "import-article-page", { fullPage: true });
    await visitor.goto("/2013/01/11/live-commerce-year-three/");
    await visitor.locator("h1", { hasText: "直播电商的第三年" }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe(`/articledetail/${first!.articleId}`);
    const old = await fetch(`${site.url}/?p=101`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/articledetail/${first!.articleId}`);
    // The home page is still the home page; the sitemap lists the new addresses only.
    expect((await fetch(`${site.url}/`, { redirect: "manual" })).status).toBe(200);
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/articledetail/${first!.articleId}</loc>`);
    expect(sitemap).not.toContain("live-commerce-year-three");
    expect(sitemap).not.toContain("?p=101");

    // The same file again, from the console: nothing added.
    await page.getByRole("button", { name: "导入另一个文件" }).click();
    await page.getByLabel("WordPress 导出文件").setInputFiles(file);
    await page.getByRole("button", { name: "上传并读取" }).click();
    await page.locator(".import-columns").waitFor();
    await page.getByRole("button", { name: "开始导入" }).click();
    await expect
      .poll(() => page.locator(".import-progress .ant-tag").first().textContent(), { timeout: 90_000 })
      .toBe("已完成");
    const stats = (await page.locator(".import-progress").textContent()) ?? "";
    expect(stats).toMatch(/新建0/);
    expect(stats).toMatch(/未变化6/);

    // The redirects tab lists the old addresses and takes an editor's own.
    await page.getByRole("tab", { name: "旧地址跳转" }).click();
    await page.locator(".redirect-list .ant-table-row").first().waitFor();
    await page.getByRole("textbox", { name: "旧地址", exact: true }).fill("/html/2019/0101/123.html");
    await page.getByRole("textbox", { name: "跳转目标", exact: true }).fill(String(first!.articleId));
    await page.getByRole("button", { name: "添加跳转" }).click();
    await page.locator(".redirect-list", { hasText: "/html/2019/0101/123.html" }).waitFor();
    await screenshot(page, "admin-import-redirects", { fullPage: true });
    await expect
      .poll(async () =>
        (await fetch(`${site.url}/html/2019/0101/123.html`, { redirect: "manual" })).headers.get("location"),
      )
      .toBe(`/articledetail/${first!.articleId}`);
  });

  it("leaves whole articles only when killed mid-import, and the next run goes on", async () => {
    const POSTS = 2500;
    const file = path.join(dir, "big.xml");
    await writeWxr(file, { posts: POSTS, site: "https://big.example.com" });
    const up = await fetch(`${site.url}/api/admin/imports/wordpress?name=big.xml`, {
      method: "POST",
      headers: { cookie: admin.cookie, "x-csrf-token": admin.csrf, "content-type": "application/xml" },
      body: fs.readFileSync(file),
    });
    const jobId = ((await up.json()) as { data: ImportJob }).data.id;
    await expect
      .poll(async () => (await admin.req<ImportJob>("GET", `/api/admin/imports/${jobId}`)).body.data.status)
      .toBe("analysed");
    await admin.req("POST", `/api/admin/imports/${jobId}/start`, {});
    const db = path.join(dir, "site.db");
    // Somewhere in the middle: SIGKILL.
    await expect
      .poll(() => counts(db, "big.example.com").items, { timeout: 120_000, interval: 50 })
      .toBeGreaterThan(200);
    await site.kill("SIGKILL");
    const killed = counts(db, "big.example.com");
    expect(killed.items).toBeLessThan(POSTS);
    // Every article recorded is whole: its row, tags, revision, its three old addresses; and no
    // article exists without its record.
    expect(killed.articles).toBe(killed.items);
    expect(killed.bySource).toBe(killed.items);
    expect(killed.tags).toBe(2 * killed.items);
    expect(killed.revisions).toBe(killed.items);
    expect(killed.redirects).toBe(3 * killed.items);

    site = await startSiteProcess(env);
    admin = new AdminClient(site.url);
    await admin.login(CHIEF.username, CHIEF.password);
    // The job shows as interrupted once its heartbeat is old; 继续导入 goes on from there.
    const page = await newPage();
    await signIn(page);
    await page.goto(`/admin/imports?tab=wordpress&job=${jobId}`);
    await page.getByRole("button", { name: "继续导入" }).waitFor({ timeout: 60_000 });
    await screenshot(page, "admin-import-interrupted", { fullPage: true });
    await page.getByRole("button", { name: "继续导入" }).click();
    await expect
      .poll(() => page.locator(".import-progress .ant-tag").first().textContent(), { timeout: 180_000 })
      .toBe("已完成");
    const done = (await admin.req<ImportJob>("GET", `/api/admin/imports/${jobId}`)).body.data;
    expect(done.processed).toBe(POSTS);
    expect(done.unchanged).toBeGreaterThanOrEqual(killed.items);
    expect(done.created + done.unchanged).toBe(POSTS);
    const after = counts(db, "big.example.com");
    expect(after).toEqual({
      items: POSTS,
      articles: POSTS,
      bySource: POSTS,
      redirects: 3 * POSTS,
      tags: 2 * POSTS,
      revisions: POSTS,
    });
    const last = await fetch(`${site.url}/archives/${1000 + POSTS - 1}`, { redirect: "manual" });
    expect(last.status).toBe(301);
  });
});
