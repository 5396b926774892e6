// Over a minute on a busy 2-core machine (README, "Tests"): a WordPress export imported twice through
// the console, once with the server process killed (SIGKILL) mid-import and started again on the same
// data.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, inject } from "vitest";
import type { ImportJob } from "../../contract/imports";
import { AdminClient, CHIEF, firstAdmin } from "../../tools/admin-client";
import { writeWxr } from "../../tools/wxr";
import { type SiteProcess, startSiteProcess } from "../helpers/site-process";
import { screenshot, visit } from "./browser";
import { test as base, pageOpener } from "./fixture";

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

/** The built server as a process of its own, so a test can SIGKILL it and start it again on the same data. */
interface ServerProcess {
  /** Its data directory, with the database (site.db) a test reads beside it. */
  dir: string;
  process: SiteProcess;
  /** The first admin (CHIEF), signed in to the running process. */
  admin: AdminClient;
  /** The running process's address. */
  readonly url: string;
  /** Starts the server again on the same data (after a kill) and signs the admin in to it. */
  restart(): Promise<void>;
}

/**
 * The old site's pictures, and the server as a process on a private copy of the seeded database,
 * whose pages `open` opens (this file has no `site`).
 */
const test = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
  .extend("hosts", { scope: "file" }, async ({}, { onCleanup }) => {
    const hosts = await pictureHost();
    onCleanup(() => hosts.close());
    return hosts;
  })
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
  .extend("server", { scope: "file" }, async ({}, { onCleanup }): Promise<ServerProcess> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dsn-import-e2e-"));
    fs.copyFileSync(inject("sqliteTemplate"), path.join(dir, "site.db"));
    const env = { NODE_ENV: "test", REMOTE_IMAGES_ALLOW_LOOPBACK: "1", DATA_DIR: dir, RENDER_THREADS: "1" };
    let stderr = "";
    const start = async () => {
      const started = await startSiteProcess(env);
      started.child.stderr?.on("data", (d) => {
        stderr += d;
      });
      return started;
    };
    let running: SiteProcess | undefined;
    onCleanup(async () => {
      // The server's own words, for whoever reads a failed run (test-results/ is not committed).
      fs.mkdirSync("test-results", { recursive: true });
      fs.writeFileSync("test-results/import-e2e-server.log", `${running?.out() ?? ""}\n${stderr}`);
      await running?.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    });
    running = await start();
    const server: ServerProcess = {
      dir,
      process: running,
      admin: await firstAdmin(running.url),
      get url() {
        return this.process.url;
      },
      async restart() {
        running = this.process = await start();
        this.admin = new AdminClient(this.url);
        await this.admin.login(CHIEF.username, CHIEF.password);
      },
    };
    return server;
  });
test.override("open", async ({ browser, server }, { onCleanup }) => pageOpener(browser, server, onCleanup));

describe("importing an archive from the console, then killing an import", { timeout: 420_000 }, () => {
  test("uploads an export, maps its categories, follows the progress bar and shows the report", async ({
    hosts,
    server,
    page,
    open,
  }) => {
    const { admin } = server;
    const file = path.join(server.dir, "old-site.xml");
    fs.writeFileSync(
      file,
      fs
        .readFileSync("tests/fixtures/wordpress/edge-cases.xml", "utf8")
        .replaceAll("{{PICTURES}}", hosts.base),
    );
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
    const { page: visitor } = await open();
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
    const old = await fetch(`${server.url}/?p=101`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/articledetail/${first!.articleId}`);
    // The home page is still the home page; the sitemap lists the new addresses only.
    expect((await fetch(`${server.url}/`, { redirect: "manual" })).status).toBe(200);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
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

    // 旧地址跳转, a screen of its own (系统 in the menu), lists the old addresses and takes an editor's own.
    await page.getByRole("link", { name: "旧地址跳转" }).click();
    await page.locator(".redirect-list .ant-table-row").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/redirects");
    await page.getByRole("textbox", { name: "旧地址", exact: true }).fill("/html/2019/0101/123.html");
    await page.getByRole("textbox", { name: "跳转目标", exact: true }).fill(String(first!.articleId));
    await page.getByRole("button", { name: "添加跳转" }).click();
    await page.locator(".redirect-list", { hasText: "/html/2019/0101/123.html" }).waitFor();
    await screenshot(page, "admin-import-redirects", { fullPage: true });
    await expect
      .poll(async () =>
        (await fetch(`${server.url}/html/2019/0101/123.html`, { redirect: "manual" })).headers.get(
          "location",
        ),
      )
      .toBe(`/articledetail/${first!.articleId}`);
    // A link to the imports screen's old tab opens the screen at its own address, search kept.
    await visit(page, "/admin/imports?tab=redirects&q=/html/2019");
    expect(new URL(page.url()).pathname).toBe("/admin/redirects");
    await expect.poll(() => page.locator(".redirect-list .ant-table-row").count()).toBe(1);
    expect(await page.locator(".ant-card-head-title").textContent()).toBe("旧地址跳转");
  });

  test("leaves whole articles only when killed mid-import, and the next run goes on", async ({
    server,
    open,
  }) => {
    const POSTS = 2500;
    const { dir, admin } = server;
    const file = path.join(dir, "big.xml");
    await writeWxr(file, { posts: POSTS, site: "https://big.example.com" });
    const up = await fetch(`${server.url}/api/admin/imports/wordpress?name=big.xml`, {
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
    await server.process.kill("SIGKILL");
    const killed = counts(db, "big.example.com");
    expect(killed.items).toBeLessThan(POSTS);
    // Every article recorded is whole: its row, tags, revision, its three old addresses; and no
    // article exists without its record.
    expect(killed.articles).toBe(killed.items);
    expect(killed.bySource).toBe(killed.items);
    expect(killed.tags).toBe(2 * killed.items);
    expect(killed.revisions).toBe(killed.items);
    expect(killed.redirects).toBe(3 * killed.items);

    await server.restart();
    // The job shows as interrupted once its heartbeat is old; 继续导入 goes on from there.
    const { page } = await open();
    await signIn(page);
    await page.goto(`/admin/imports?tab=wordpress&job=${jobId}`);
    await page.getByRole("button", { name: "继续导入" }).waitFor({ timeout: 60_000 });
    await screenshot(page, "admin-import-interrupted", { fullPage: true });
    await page.getByRole("button", { name: "继续导入" }).click();
    await expect
      .poll(() => page.locator(".import-progress .ant-tag").first().textContent(), { timeout: 180_000 })
      .toBe("已完成");
    const done = (await server.admin.req<ImportJob>("GET", `/api/admin/imports/${jobId}`)).body.data;
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
    const last = await fetch(`${server.url}/archives/${1000 + POSTS - 1}`, { redirect: "manual" });
    expect(last.status).toBe(301);
  });
});
