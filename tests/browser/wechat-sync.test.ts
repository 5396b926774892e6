// Over a minute on a busy 2-core machine (README, "Tests"): whole syncs against the fake 公众号 (pictures
// uploaded, a draft made and published, previewed at phone width), the sync list with a retry, and an
// import of its articles.
import type { Page } from "playwright-core";
import { describe, expect, inject } from "vitest";
import type { AdminArticle } from "../../contract/answers";
import type { WechatJob } from "../../contract/wechat";
import { startFakeWechat } from "../../fakes/wechat-mp";
import { type AdminClient, CHIEF, firstAdmin } from "../../tools/admin-client";
import { onSite, pictureHost, pictures, publishOnFake } from "../helpers/wechat";
import { sawMessage, screenshot, visit } from "./browser";
import { test as base } from "./fixture";

const ORIGIN = "http://news.example.com";
const CALLBACK_TOKEN = "e2ePushToken";
/** antd may put a space between two Chinese characters of a button */
const label = (s: string) => new RegExp(`^${[...s].join("\\s?")}$`);

async function signIn(page: Page) {
  await page.goto("/admin/login");
  await page.locator("button[type=submit]:not([disabled])").waitFor();
  await page.getByLabel("用户名").fill(CHIEF.username);
  await page.getByLabel("密码").fill(CHIEF.password);
  await page.locator("button[type=submit]").click();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/admin");
}

/**
 * The fake 公众号 API, the pictures of the article (one of them, over 1 MB, on another host), and the
 * site configured for both.
 */
const test = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
  .extend("fake", { scope: "file" }, async ({}, { onCleanup }) => {
    const fake = await startFakeWechat({ publishDelayMs: 500 });
    onCleanup(() => fake.close());
    return fake;
  })
  .extend("pics", { scope: "file" }, () => pictures())
  .extend("host", { scope: "file" }, async ({ pics }, { onCleanup }) => {
    const host = await pictureHost({ "big.png": { bytes: pics.bigPng, type: "image/png" } });
    onCleanup(() => host.close());
    return host;
  });
test.override("siteEnv", { scope: "file" }, ({ fake }) => ({
  NODE_ENV: "test",
  PUBLIC_URL: ORIGIN,
  WECHAT_API_BASE: fake.url,
  WECHAT_APP_ID: fake.appId,
  WECHAT_APP_SECRET: fake.appSecret,
  WECHAT_CALLBACK_TOKEN: CALLBACK_TOKEN,
  WECHAT_SYNC_POLL_SECONDS: "1",
  REMOTE_IMAGES_ALLOW_LOOPBACK: "1",
}));

describe("同步到公众号 in Chromium", { timeout: 240_000 }, () => {
  let admin: AdminClient;
  let articleId: number;

  test.beforeAll(async ({ site, fake, pics, host }) => {
    fake.settings.callback = { url: `${site.url}/api/wechat/callback`, token: CALLBACK_TOKEN };
    admin = await firstAdmin(site.url);
    const dataDir = inject("dataDir");
    // Through the entity module (no console save, which would store the outside picture as a JPEG):
    // a WebP, a PNG over 1 MB on another host, a JPEG of the site's own, and an outside link.
    articleId = await site.services.content.saveArticle({
      columnId: 5,
      title: "618 大促复盘：直播间转化率提升的三个做法",
      intro: "今年 618，多家品牌直播间的转化率明显提升。我们访谈了三位操盘手，总结出三个可复制的做法。",
      content:
        `<p>今年 618，多家品牌直播间的转化率明显提升。以下是三位操盘手的做法，数据来自<a href="https://data.example.com/618">公开报告</a>。</p>` +
        `<h2>一、开播前的货盘</h2><p>货盘决定了直播间的上限。</p><p><img src="${onSite(dataDir, "a.webp", pics.webp)}" alt="货盘"></p>` +
        `<h2>二、直播中的节奏</h2><blockquote>每 15 分钟一个小高潮。</blockquote><p><img src="${host.url}/big.png" alt="节奏"></p>` +
        `<h2>三、复盘</h2><ul><li>看停留时长</li><li>看转化漏斗</li></ul>` +
        `<figure><img src="${onSite(dataDir, "c.jpg", pics.jpeg)}" alt="复盘"><figcaption>复盘会现场</figcaption></figure>`,
      thumb: "/uploads/demo/article-3.svg",
      author: "电商报记者",
      hot: false,
      status: "published",
      createdAt: new Date().toISOString(),
      tags: [],
    });
  });

  test("previews on a phone width, checks the limits, publishes once, and a second sync uploads nothing", async ({
    fake,
    page,
  }) => {
    await signIn(page);
    await visit(page, `/admin/articles/${articleId}`);
    await page.getByRole("button", { name: "同步到公众号" }).click();
    const dialog = page.locator(".wechat-sync-dialog");
    const frame = page.frameLocator("iframe[title=公众号文章预览]");
    await frame.getByText("参考链接").waitFor();
    // The phone frame is a phone's width (once the dialog's opening zoom has ended) and shows the
    // pictures as they will look.
    await expect
      .poll(() => page.locator(".wechat-phone-screen").evaluate((f) => f.getBoundingClientRect().width))
      .toBe(375);
    await expect.poll(() => frame.locator("img").count()).toBe(3);
    await frame
      .locator("img")
      .first()
      .evaluate((img: HTMLImageElement) => img.decode());
    // The title is too long for WeChat: the check says so and nothing can be sent.
    const checks = dialog.locator(".wechat-checks");
    await checks.getByText("标题 22/32 字").waitFor();
    await dialog.getByLabel("标题").fill("618 大促复盘：直播间转化率提升的三个做法，操盘手亲述完整方法论");
    await checks.getByText("标题不能超过 32 个字（公众号的限制）").waitFor();
    expect(await dialog.getByRole("button", { name: label("发布") }).isDisabled()).toBe(true);
    await dialog.getByLabel("标题").fill("618 复盘：直播间转化率的三个做法");
    await checks.getByText("标题 18/32 字").waitFor();
    await screenshot(page, "admin-wechat-sync-dialog");

    await dialog.getByRole("button", { name: label("发布") }).click();
    await page
      .locator(".ant-popconfirm")
      .getByRole("button", { name: label("发布") })
      .click();
    await sawMessage(page, "已开始同步并发布（已记录到操作日志）");
    await dialog.getByText("已发布到公众号").waitFor({ timeout: 90_000 });
    const link = dialog.getByRole("link", { name: "在公众号中查看" });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`^${fake.url}/s/`));
    await screenshot(page, "admin-wechat-sync-published");

    expect(fake.count("/cgi-bin/draft/add")).toBe(1);
    expect(fake.count("/cgi-bin/freepublish/submit")).toBe(1);
    expect(fake.published).toHaveLength(1);
    const sent = fake.published[0]!.articles[0]!;
    expect(sent.title).toBe("618 复盘：直播间转化率的三个做法");
    expect(sent.content_source_url).toBe(`${ORIGIN}/articledetail/${articleId}`);
    expect(sent.content).not.toMatch(/class=|<style|<script/);
    const srcs = [...sent.content.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs).toHaveLength(3);
    expect(srcs.every((s) => s.startsWith(`${fake.url}/mmbiz_`))).toBe(true);
    expect(sent.content).toContain("[1] 公开报告：https://data.example.com/618");
    expect(fake.media.get(sent.thumb_media_id)?.kind).toBe("thumb");

    // Again, as a draft: nothing is uploaded twice, and a published article gets a new draft.
    const uploads = fake.count("/cgi-bin/media/uploadimg") + fake.count("/cgi-bin/material/add_material");
    await dialog.getByRole("button", { name: "存入草稿箱" }).click();
    await dialog.getByText("已存入公众号草稿箱").waitFor({ timeout: 60_000 });
    expect(fake.count("/cgi-bin/media/uploadimg") + fake.count("/cgi-bin/material/add_material")).toBe(
      uploads,
    );
    expect(fake.drafts.size).toBe(1);
  });

  test("lists every sync under 系统 › 公众号同步, tests the connection, and retries a failed one", async ({
    fake,
    page,
  }) => {
    fake.fault({ kind: "quota", times: 1000 });
    const failed = await admin.req<WechatJob>("POST", `/api/admin/articles/${articleId}/wechat`, {
      action: "draft",
      title: "配额用尽时的同步",
      cover: "/uploads/demo/article-3.svg",
    });
    expect(failed.status).toBe(200);
    await expect
      .poll(
        async () =>
          (await admin.req<WechatJob>("GET", `/api/admin/wechat-sync/jobs/${failed.body.data.id}`)).body.data
            .state,
      )
      .toBe("failed");

    await signIn(page);
    await visit(page, "/admin/wechat-sync");
    await page.locator(".console-sider").getByText("公众号同步").waitFor();
    await page.getByText("AppID wxfa****789a").waitFor();
    await page.getByText(`${ORIGIN}/api/wechat/callback`).waitFor();
    const row = page.locator(".ant-table-row").filter({ hasText: "配额用尽时的同步" });
    await row.getByText("今日接口调用次数已用完（45009）", { exact: false }).waitFor();
    const link = page
      .locator(".ant-table-row")
      .filter({ hasText: "618 复盘：直播间转化率的三个做法" })
      .getByRole("link", { name: "在公众号中查看" });
    expect(await link.getAttribute("href")).toMatch(/\/s\//);

    await page.getByRole("button", { name: "测试连接" }).click();
    await page
      .locator(".wechat-test-result")
      .getByText(/今日接口调用次数已用完/)
      .waitFor();
    await screenshot(page, "admin-wechat-sync-list");

    fake.clearFaults();
    await page.getByRole("button", { name: "测试连接" }).click();
    await page
      .locator(".wechat-test-result")
      .getByText(/^连接正常/)
      .waitFor();
    await row.getByRole("button", { name: label("重试") }).click();
    await sawMessage(page, "已重新开始同步（已记录到操作日志）");
    await row.getByText("已完成").waitFor({ timeout: 60_000 });
  });

  test("imports articles the 公众号 published itself: 从公众号选择, 导入所选, then 已导入", async ({
    fake,
    page,
  }) => {
    fake.clearFaults();
    const pics = await pictures();
    const [first] = await publishOnFake(fake, [
      {
        title: "公众号原创：直播间的选品逻辑",
        author: "运营部",
        digest: "选品决定直播间的上限",
        paragraphs: ["选品先看毛利，再看复购。"],
        pictures: [pics.jpeg, pics.jpeg],
      },
    ]);
    const [second] = await publishOnFake(fake, [
      {
        title: "公众号原创：私域复购的三个抓手",
        author: "运营部",
        digest: "私域复购",
        paragraphs: ["社群、会员、内容。"],
        pictures: [],
      },
    ]);

    await signIn(page);
    await visit(page, "/admin/imports?tab=wechat");
    const picker = page.locator(".wechat-account-picker");
    const row = (title: string) => picker.locator(".ant-table-row").filter({ hasText: title });
    await row("公众号原创：直播间的选品逻辑").waitFor();
    // The article this site published there itself is marked and cannot be chosen.
    const own = row("618 复盘：直播间转化率的三个做法");
    await own.getByText("本站同步").waitFor();
    expect(await own.getByRole("checkbox").isDisabled()).toBe(true);

    await row("公众号原创：直播间的选品逻辑").getByRole("checkbox").check();
    await row("公众号原创：私域复购的三个抓手").getByRole("checkbox").check();
    await screenshot(page, "admin-import-wechat-account");
    await picker.getByRole("button", { name: /^导入所选（2 篇）$/ }).click();
    await page.locator(".import-progress").getByText("已完成").waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: "继续导入其他文章" }).click();
    await row("公众号原创：直播间的选品逻辑").getByText("已导入").waitFor();
    await row("公众号原创：私域复购的三个抓手").getByText("已导入").waitFor();

    const found = await admin.req<{ items: { id: number }[] }>(
      "GET",
      `/api/admin/articles?q=${encodeURIComponent("直播间的选品逻辑")}`,
    );
    const id = found.body.data.items[0]!.id;
    const a = (await admin.req<AdminArticle & { wechatUrl: string }>("GET", `/api/admin/articles/${id}`)).body
      .data;
    expect(a).toMatchObject({ status: "draft", author: "运营部", wechatUrl: first });
    const srcs = [...a.content.matchAll(/<img[^>]* src="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs).toHaveLength(2);
    expect(srcs.every((s) => s.startsWith("/uploads/"))).toBe(true);
    expect(second).toMatch(new RegExp(`^${fake.url}/s/`));
  });
});
