import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { AdminArticle } from "../../contract/admin";
import { firstAdmin } from "../../tools/admin-client";
import { fakeEngines } from "../helpers/fake-engines";
import { sawMessage, screenshot, visit } from "./browser";
import { test } from "./fixture";

const ADMIN = { username: "chief", displayName: "总编", password: "e2e-admin-password" };
const EDITOR = { username: "writer", displayName: "小编", password: "e2e-editor-password" };
const ORIGIN = "http://news.example.com";
const KEY = "e2e-indexnow-key-0001";

async function signIn(page: Page, who: { username: string; password: string }) {
  await page.goto("/admin/login");
  await page.locator("button[type=submit]:not([disabled])").waitFor();
  await page.getByLabel("用户名").fill(who.username);
  await page.getByLabel("密码").fill(who.password);
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/admin/login")),
    page.locator("button[type=submit]").click(),
  ]);
  await expect.poll(() => new URL(page.url()).pathname).toBe("/admin");
}

const fake = fakeEngines();
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
test.override("siteEnv", { scope: "file" }, async ({}, { onCleanup }) => {
  const base = await fake.start();
  onCleanup(() => fake.close());
  return {
    PUBLIC_URL: ORIGIN,
    BAIDU_PUSH_URL: `${base}/urls?site=${encodeURIComponent(ORIGIN)}&token=e2e-token`,
    INDEXNOW_KEY: KEY,
    INDEXNOW_ENDPOINT: `${base}/indexnow`,
    PUSH_POLL_SECONDS: "0",
  };
});

describe("the search-engine push screen in Chromium", { timeout: 180_000 }, () => {
  let refused: AdminArticle;
  let accepted: AdminArticle;

  test.beforeAll(async ({ site }) => {
    const admin = await firstAdmin(site.url, ADMIN);
    expect((await admin.req("POST", "/api/admin/users", { ...EDITOR, role: "editor" })).status).toBe(200);
    const publish = async (title: string) =>
      (
        await admin.req<AdminArticle>("POST", "/api/admin/articles", {
          title,
          intro: "推送页面测试",
          content: "<p>正文</p>",
          thumb: "/uploads/demo/article-1.svg",
          author: "小编",
          columnId: 5,
          tags: [],
          hot: false,
          status: "published",
          createdAt: new Date().toISOString(),
        })
      ).body.data;
    fake.replies.baidu.push({ status: 401, body: { error: 401, message: "token is not valid" } });
    refused = await publish("推送页面：百度拒绝");
    await site.services.pushes.tick();
    accepted = await publish("推送页面：推送成功");
    await site.services.pushes.tick();
  });
  test("shows admins the engines, the log in Chinese, and sends a failed row again", async ({
    site,
    page,
  }) => {
    await signIn(page, ADMIN);
    await visit(page, "/admin/search-push");
    await page.locator(".console-sider").getByText("搜索引擎推送").waitFor();
    await page.getByText("百度链接提交").waitFor();
    expect(await page.locator(".ant-descriptions").textContent()).toContain(ORIGIN);
    const row = (id: number, engine: string) =>
      page
        .locator(".ant-table-row")
        .filter({ has: page.locator(`a[href="${ORIGIN}/articledetail/${id}"]`) })
        .filter({ hasText: engine });
    await row(refused.id, "百度").getByText("失败").waitFor();
    expect(await row(refused.id, "百度").textContent()).toContain("token is not valid");
    await row(accepted.id, "百度").getByText("已推送").waitFor();
    await row(accepted.id, "IndexNow").getByText("已推送").waitFor();
    await screenshot(page, "admin-search-push");

    await row(refused.id, "百度").getByRole("button", { name: "重新推送" }).click();
    await sawMessage(page, "已重新加入推送队列（已记录到操作日志）");
    await row(refused.id, "百度").getByText("待推送").waitFor();
    await site.services.pushes.tick();
    await visit(page, "/admin/search-push?status=done&engine=baidu");
    await row(refused.id, "百度").getByText("已推送").waitFor();
  });

  test("hides the screen from editors", async ({ page }) => {
    await signIn(page, EDITOR);
    await page.getByTestId("console-user").waitFor();
    expect(await page.locator(".console-sider").textContent()).not.toContain("搜索引擎推送");
    await page.goto("/admin/search-push");
    await page.getByText("没有权限执行此操作").first().waitFor();
  });

  test("serves the key file on the built site; another key is an unknown page", async ({ site }) => {
    const res = await fetch(`${site.url}/${KEY}.txt`);
    expect([res.status, await res.text()]).toEqual([200, KEY]);
    expect((await fetch(`${site.url}/e2e-indexnow-key-0002.txt`)).status).toBe(404);
  });
});
