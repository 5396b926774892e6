import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { AdminArticle } from "../../contract/admin";
import { firstAdmin } from "../../tools/admin-client";
import { newContext, sawMessage, visit } from "./browser";
import { test as base } from "./fixture";

const ADMIN = { username: "chief", displayName: "总编辑", password: "e2e-admin-password" };
const EDITOR = { username: "writer", displayName: "小编", password: "e2e-editor-password" };

async function signIn(page: Page, who: { username: string; password: string }) {
  await page.goto("/admin/login");
  await page.locator("button[type=submit]:not([disabled])").waitFor();
  await page.getByLabel("用户名").fill(who.username);
  await page.getByLabel("密码").fill(who.password);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/admin/login")),
    page.locator("button[type=submit]").click(),
  ]);
  expect(res.status()).toBe(200);
  await expect.poll(() => new URL(page.url()).pathname).not.toBe("/admin/login");
}

const saveButton = (page: Page) => page.locator("form button[type=submit]");

/** The file's draft (written by the admin, whom an editor joins), and one browser profile per person. */
const test = base
  .extend("article", { scope: "file" }, async ({ site }) => {
    const admin = await firstAdmin(site.url, ADMIN);
    await admin.req("POST", "/api/admin/users", { ...EDITOR, role: "editor" });
    return (
      await admin.req<AdminArticle>("POST", "/api/admin/articles", {
        title: "两个人同时编辑的文章",
        intro: "原来的摘要",
        content: "<p>原来的第一段</p><p>原来的第二段</p>",
        thumb: "/uploads/demo/article-1.svg",
        author: "小编",
        columnId: 5,
        tags: ["编辑部"],
        hot: false,
        status: "draft",
        createdAt: new Date().toISOString(),
      })
    ).body.data;
  })
  .extend("contexts", { scope: "file" }, async ({ browser, site }, { onCleanup }) => {
    const contexts = [await newContext(browser, site), await newContext(browser, site)];
    onCleanup(async () => {
      for (const c of contexts) await c.close();
    });
    return contexts;
  });

describe("the newsroom's editor in Chromium", { timeout: 180_000 }, () => {
  test("a second editor's save from an older version is refused and shows the other version; history restores", async ({
    site,
    article,
    contexts,
  }) => {
    const [a, b] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
    await signIn(a, ADMIN);
    await signIn(b, EDITOR);
    const url = `/admin/articles/${article.id}`;
    await visit(a, url);
    await visit(b, url);
    const titleOf = (p: Page) => p.locator("input#title");
    await expect.poll(() => titleOf(a).inputValue()).toBe("两个人同时编辑的文章");
    await expect.poll(() => titleOf(b).inputValue()).toBe("两个人同时编辑的文章");

    await titleOf(a).fill("总编改过的标题");
    await saveButton(a).click();
    await sawMessage(a, "草稿已保存");

    await titleOf(b).fill("小编改过的标题");
    await saveButton(b).click();
    const dialog = b.getByRole("dialog");
    await dialog.getByText("文章已被他人修改，请查看对方的版本后再保存").waitFor();
    await dialog.getByText("总编改过的标题").waitFor();
    await dialog.getByText("小编改过的标题").waitFor();
    await dialog.getByRole("button", { name: "采用对方的版本" }).click();
    // The dialog closes when its button took the click; the form then shows the other version.
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => titleOf(b).inputValue()).toBe("总编改过的标题");

    // Saving again from the version now loaded goes through.
    await titleOf(b).fill("小编在总编之后改的标题");
    await saveButton(b).click();
    await sawMessage(b, "草稿已保存");

    // History: three versions; compare the first and the last, then restore the first.
    await b.getByRole("button", { name: "版本历史" }).click();
    const drawer = b.locator(".ant-drawer-body");
    await drawer.getByText("版本 3").waitFor();
    await drawer.getByLabel("选择版本 1").check();
    await drawer.getByLabel("选择版本 3").check();
    const diff = drawer.getByTestId("revision-diff");
    await diff.getByText("两个人同时编辑的文章").waitFor();
    await diff.getByText("小编在总编之后改的标题").waitFor();
    await drawer
      .locator(".ant-list-item")
      .filter({ hasText: "版本 1" })
      .getByRole("button", { name: "恢复此版本" })
      .click();
    await b
      .locator(".ant-popconfirm")
      .getByRole("button", { name: /确\s?定|OK/ })
      .click();
    await sawMessage(b, "已恢复版本 1");
    await expect.poll(() => titleOf(b).inputValue()).toBe("两个人同时编辑的文章");
    await drawer.getByText("版本 4").waitFor();

    // The first editor, still on version 2, keeps their own change on top of the newer one.
    await titleOf(a).fill("总编坚持的标题");
    await saveButton(a).click();
    const again = a.getByRole("dialog").filter({ hasText: "文章已被他人修改，请查看对方的版本后再保存" });
    await again.getByRole("button", { name: "仍然保存我的修改" }).click();
    await sawMessage(a, "草稿已保存");
    const stored = await fetch(`${site.url}/api/admin/articles/${article.id}`, {
      headers: { cookie: (await contexts[0]!.cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
    });
    expect(((await stored.json()) as { data: AdminArticle }).data).toMatchObject({
      title: "总编坚持的标题",
      version: 5,
    });
  });

  test("keeps unsaved changes through a closed tab, offers them back, and asks before leaving", async ({
    article,
    contexts,
  }) => {
    const page = await contexts[0]!.newPage();
    const url = `/admin/articles/${article.id}`;
    await visit(page, url);
    const title = page.locator("input#title");
    await expect.poll(() => title.inputValue()).not.toBe("");
    await title.fill("关掉页面前没保存的标题");
    const key = `console:article-draft:${article.id}`;
    await expect
      .poll(() => page.evaluate((k) => window.localStorage.getItem(k) ?? "", key), { timeout: 15_000 })
      .toContain("关掉页面前没保存的标题");
    await page.close();

    const again = await contexts[0]!.newPage();
    await visit(again, url);
    const ask = again.locator(".ant-modal-confirm").filter({ hasText: "是否恢复未保存的内容？" });
    await ask.waitFor();
    await ask.getByRole("button", { name: /恢\s?复/ }).click();
    await expect.poll(() => again.locator("input#title").inputValue()).toBe("关掉页面前没保存的标题");

    // Leaving inside the console asks first; staying keeps the changes.
    await again.getByRole("link", { name: "返回列表" }).click();
    const leave = again.locator(".ant-modal-confirm").filter({ hasText: "有未保存的修改，确定离开吗？" });
    await leave.waitFor();
    await leave.getByRole("button", { name: /留\s?下/ }).click();
    expect(new URL(again.url()).pathname).toBe(url);

    // A save forgets what was kept.
    await again.locator("form button[type=submit]").click();
    await sawMessage(again, "草稿已保存");
    await expect.poll(() => again.evaluate((k) => window.localStorage.getItem(k), key)).toBeNull();
    await again.getByRole("link", { name: "返回列表" }).click();
    await expect.poll(() => new URL(again.url()).pathname).toBe("/admin/articles");
  });
});
