// Over a minute on a busy 2-core machine (README, "Tests"): both lead forms of /wxmcn checked field by
// field, with uploads and submits, and the page's carousel, tabs and videos, on desktop and on a phone.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect } from "vitest";
import type { TestServer } from "../helpers/server";
import { forgetMessages, sawMessage, screenshot, visit } from "./browser";
import { test as base } from "./fixture";

let ipSeq = 0;

/**
 * `openMcn(url, opts)`: a page from a visitor of its own (own IP for the rate limits, trusted from
 * this machine), and its script errors and console errors, which the tests expect none of.
 */
const test = base.extend("openMcn", async ({ open }) => {
  return async (url: string, opts: { mobile?: boolean } = {}) => {
    const { page, errors } = await open({
      ...opts,
      extraHTTPHeaders: { "x-forwarded-for": `192.0.2.${++ipSeq}` },
    });
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await visit(page, url);
    return { page, errors };
  };
});
test.override("siteEnv", { scope: "file" }, { TRUST_PROXY: "true" });

describe("MCN page /wxmcn in Chromium", () => {
  const active = (page: Page) => page.locator(".mcn-menu a[aria-current=page]");
  const visibleForm = (page: Page, name: "business" | "expert") => page.locator(`form#mcn-${name}`);
  const errorOf = (page: Page, form: "business" | "expert", field: string) =>
    page.locator(`form#mcn-${form} .ant-form-item:has(#mcn-${form}_${field}) .ant-form-item-explain-error`);
  const leads = async (site: TestServer, phone: string) =>
    (await site.services.mcn.list({ limit: 1000 })).filter((l) => l.phone === phone);

  test("server-renders the menu with exactly one item active, and switches between the three", async ({
    site,
    openMcn,
  }) => {
    for (const [url, label] of [
      ["/wxmcn", "MCN 介绍"],
      ["/wxmcn?tab=business", "商家合作"],
      ["/wxmcn?tab=expert", "达人合作"],
    ] as const) {
      const res = await fetch(site.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("s-maxage=60");
      const html = await res.text();
      expect(html.match(/aria-current="page"/g)).toHaveLength(1);
      expect(html).toMatch(new RegExp(`aria-current="page"[^>]*>${label}<`));
    }

    const { page, errors } = await openMcn("/wxmcn");
    await expect.poll(() => page.title()).toContain("电商报 MCN");
    expect(await page.locator(".mcn-menu a").allTextContents()).toEqual(["MCN 介绍", "商家合作", "达人合作"]);
    expect(await active(page).allTextContents()).toEqual(["MCN 介绍"]);
    expect(await page.getByRole("heading", { name: "商家痛点" }).isVisible()).toBe(true);
    expect(await visibleForm(page, "business").isVisible()).toBe(false);

    await page.locator(".mcn-menu a", { hasText: "商家合作" }).click();
    await page.waitForURL(/\?tab=business$/);
    await expect.poll(() => active(page).allTextContents()).toEqual(["商家合作"]);
    expect(await visibleForm(page, "business").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "商家痛点" }).isVisible()).toBe(false);

    await page.locator(".mcn-menu a", { hasText: "达人合作" }).click();
    await page.waitForURL(/\?tab=expert$/);
    await expect.poll(() => active(page).allTextContents()).toEqual(["达人合作"]);
    expect(await visibleForm(page, "expert").isVisible()).toBe(true);
    expect(await visibleForm(page, "business").isVisible()).toBe(false);

    await page.locator(".mcn-menu a", { hasText: "MCN 介绍" }).click();
    await page.waitForURL(/\/wxmcn$/);
    await expect.poll(() => active(page).allTextContents()).toEqual(["MCN 介绍"]);
    expect(errors).toEqual([]);
  });

  test("shows the intro: carousel, pain points, advantages, platform tabs, process, cases, PDFs, contact, statistics", async ({
    site,
    openMcn,
  }) => {
    const { page, errors } = await openMcn("/wxmcn");
    for (const h of ["商家痛点", "我们的优势", "达人资源", "合作流程", "合作案例", "合作品牌", "联系我们"]) {
      expect(await page.getByRole("heading", { name: h, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toBe(
      "电商报 MCN · 内容种草一站式服务",
    );
    // docs/product.md §9 statistics
    const stats = (await page.locator(".mcn-intro .mcn-stats li").allInnerTexts()).map((t) =>
      t.replace(/\s+/g, ""),
    );
    expect(stats).toEqual([
      "6000+小红书生活方式账号",
      "5000+微博账号",
      "2000+抖音视频账号",
      "500+签约绑定账号",
      "200+内容写手",
      "10+拍摄人员",
      "200万+粉丝总量",
    ]);
    // Top carousel: next slide on click.
    const top = page.locator(".mcn-top");
    await top.getByRole("button", { name: "第 2 屏" }).click();
    await expect
      .poll(() => top.getByRole("button", { name: "第 2 屏" }).getAttribute("aria-current"))
      .toBe("true");
    // Resources: platform tabs swap the accounts, the carousel pages through them.
    expect(await page.locator(".mcn-account b").first().textContent()).toBe("小鹿爱护肤");
    await page.getByRole("tab", { name: "微博" }).click();
    expect(await page.getByRole("tab", { name: "微博" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.locator(".mcn-account b").first().textContent()).toBe("电商观察员");
    await page.locator(".mcn-resources").getByRole("button", { name: "下一屏" }).click();
    await expect
      .poll(() => page.locator(".mcn-resources .mcn-carousel-slide").nth(1).getAttribute("aria-hidden"))
      .toBe("false");
    // Partner PDFs: ours, opened in a new tab.
    const pdfLinks = page.locator(".mcn-pdfs a");
    expect(await pdfLinks.count()).toBe(3);
    for (const a of await pdfLinks.all()) {
      expect(await a.getAttribute("target")).toBe("_blank");
      const href = (await a.getAttribute("href"))!;
      expect(href).toMatch(/^\/mcn\/pdf\/.+\.pdf$/);
      const res = await fetch(site.url + href);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    const [popup] = await Promise.all([page.context().waitForEvent("page"), pdfLinks.first().click()]);
    expect(popup.url()).toMatch(/\/mcn\/pdf\/yuefu-case\.pdf$/);
    await popup.close();
    expect(await page.locator(".mcn-contact").textContent()).toContain("mcn@example.com");
    expect(errors).toEqual([]);
  });

  test("plays a case video on click, and says so when a video cannot load", async ({ openMcn }) => {
    const { page } = await openMcn("/wxmcn");
    const first = page.locator(".mcn-cases li").first();
    expect(await first.locator("video").count()).toBe(0);
    expect(await first.locator("img").getAttribute("src")).toBe("/mcn/case-beauty.svg");
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.locator("img").evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(640);
    await first.getByRole("button", { name: /播放视频/ }).click();
    const video = first.locator("video");
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 && !v.paused))
      .toBe(true);

    await page.route("**/mcn/case-food.mp4", (r) => r.fulfill({ status: 404, body: "" }));
    const second = page.locator(".mcn-cases li").nth(1);
    await second.getByRole("button", { name: /播放视频/ }).click();
    await expect.poll(() => second.getByRole("alert").textContent()).toContain("视频加载失败");
    expect(await second.getByRole("button", { name: "重新加载" }).isVisible()).toBe(true);
  });

  test("checks every merchant field on blur with the Chinese messages", async ({ openMcn }) => {
    const { page } = await openMcn("/wxmcn?tab=business");
    const fields = [
      ["contactName", "请填写联系人"],
      ["contactPhone", "请填写电话"],
      ["brand", "请填写品牌名"],
      ["role", "请填写角色"],
    ] as const;
    for (const [field, msg] of fields) {
      await page.locator(`#mcn-business_${field}`).focus();
      await page.locator(`#mcn-business_${field}`).blur();
      await expect.poll(() => errorOf(page, "business", field).textContent()).toBe(msg);
    }
    await page.locator("#mcn-business_contactPhone").fill("12345");
    await page.locator("#mcn-business_contactPhone").blur();
    await expect
      .poll(() => errorOf(page, "business", "contactPhone").textContent())
      .toBe("请填写正确的电话号码（手机号或带区号的座机号）");
    await screenshot(page, "mcn-business-errors-desktop", { fullPage: true });
    // Submitting an empty form shows every message and opens no dialog.
    await page.locator("#mcn-business_contactPhone").fill("");
    await page.locator("form#mcn-business button[type=submit]").click();
    for (const [field, msg] of fields)
      await expect.poll(() => errorOf(page, "business", field).textContent()).toBe(msg);
    expect(await page.locator(".ant-modal-confirm").count()).toBe(0);
  });

  async function fillBusiness(page: Page, phone: string) {
    await page.locator("#mcn-business_contactName").fill("张三");
    await page.locator("#mcn-business_contactPhone").fill(phone);
    await page.locator("#mcn-business_brand").fill("好物铺子");
    await page.locator("#mcn-business_role").fill("品牌负责人");
  }
  const businessValues = (page: Page) =>
    Promise.all(
      ["contactName", "contactPhone", "brand", "role"].map((f) =>
        page.locator(`#mcn-business_${f}`).inputValue(),
      ),
    );

  test("confirms before submitting: cancel keeps the values, OK submits, success clears the form", async ({
    site,
    openMcn,
  }) => {
    const { page, errors } = await openMcn("/wxmcn?tab=business");
    const phone = "13600001111";
    await fillBusiness(page, phone);
    await page.locator("form#mcn-business button[type=submit]").click();

    const dialog = page.locator(".ant-modal-confirm");
    await dialog.waitFor();
    expect(await dialog.locator(".ant-modal-confirm-title").textContent()).toBe("提示");
    expect(await dialog.locator(".ant-modal-confirm-content").textContent()).toBe("是否确认提交?");
    expect(await dialog.locator("button").allTextContents()).toEqual(["取消", "确定"]);
    // Warning style: the exclamation icon in the warning colour.
    expect(await dialog.getAttribute("class")).toContain("ant-modal-confirm-confirm");
    expect(await dialog.locator(".anticon-exclamation-circle").count()).toBe(1);
    await screenshot(page, "mcn-confirm-desktop");

    await dialog.getByRole("button", { name: "取消" }).click();
    await sawMessage(page, "已取消提交");
    expect(await businessValues(page)).toEqual(["张三", phone, "好物铺子", "品牌负责人"]);
    expect(await leads(site, phone)).toEqual([]);

    // The cancelled dialog must be gone before the next one opens (its closing animation).
    await dialog.waitFor({ state: "detached" });
    await page.locator("form#mcn-business button[type=submit]").click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "确定" }).click();
    await sawMessage(page, "提交成功");
    expect(await businessValues(page)).toEqual(["", "", "", ""]);
    expect(await leads(site, phone)).toMatchObject([
      { form: "business", name: "张三", brand: "好物铺子", role: "品牌负责人", sourcePage: "/wxmcn" },
    ]);
    expect(errors).toEqual([]);
  });

  test("says 提交失败 and keeps the values when the submit fails", async ({ site, openMcn }) => {
    const { page } = await openMcn("/wxmcn?tab=business");
    await page.route("**/api/mcn/insertMcnBusiness", (r) =>
      r.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ statusCode: 500, message: "服务器开小差了，请稍后再试", data: null }),
      }),
    );
    await fillBusiness(page, "13600002222");
    await page.locator("form#mcn-business button[type=submit]").click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "确定" }).click();
    await sawMessage(page, "提交失败");
    expect(await businessValues(page)).toEqual(["张三", "13600002222", "好物铺子", "品牌负责人"]);

    // No network at all: the same.
    await page.locator(".ant-modal-confirm").waitFor({ state: "hidden" });
    await page.unroute("**/api/mcn/insertMcnBusiness");
    await page.route("**/api/mcn/insertMcnBusiness", (r) => r.abort("connectionrefused"));
    await forgetMessages(page);
    await page.locator("form#mcn-business button[type=submit]").click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "确定" }).click();
    await sawMessage(page, "提交失败");
    expect(await businessValues(page)).toEqual(["张三", "13600002222", "好物铺子", "品牌负责人"]);
    expect(await leads(site, "13600002222")).toEqual([]);
  });

  test("checks the influencer form, binds nickname and link to their own fields, uploads the ID copy and submits", async ({
    site,
    openMcn,
  }) => {
    const { page, errors } = await openMcn("/wxmcn?tab=expert");
    for (const [field, msg] of [
      ["name", "请填写姓名"],
      ["phone", "请填写电话"],
    ] as const) {
      await page.locator(`#mcn-expert_${field}`).focus();
      await page.locator(`#mcn-expert_${field}`).blur();
      await expect.poll(() => errorOf(page, "expert", field).textContent()).toBe(msg);
    }
    const phone = "13600003333";
    await page.locator("#mcn-expert_name").fill("李四");
    await page.locator("#mcn-expert_phone").fill(phone);
    await page.locator("#mcn-expert_channelNickname").fill("李四的生活志");
    await page.locator("#mcn-expert_channelLink").fill("www.douyin.com/user/abc");
    await page.locator("#mcn-expert_channelLink").blur();
    await expect
      .poll(() => errorOf(page, "expert", "channelLink").textContent())
      .toBe("请填写以 http:// 或 https:// 开头的主页链接");
    await page.locator("#mcn-expert_channelLink").fill("https://www.douyin.com/user/abc");
    await page.locator("#mcn-expert_channelLink").blur();
    // Each input holds its own value (the original bound both to the phone).
    expect(await page.locator("#mcn-expert_phone").inputValue()).toBe(phone);
    expect(await page.locator("#mcn-expert_channelNickname").inputValue()).toBe("李四的生活志");
    expect(await page.locator("#mcn-expert_channelLink").inputValue()).toBe(
      "https://www.douyin.com/user/abc",
    );

    // A text file is refused before upload; a real picture uploads.
    const fileInput = page.locator("form#mcn-expert input[type=file]");
    await fileInput.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("不是图片"),
    });
    await sawMessage(page, "仅支持 JPG、PNG、WebP 格式的图片");
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/upload"));
    await fileInput.setInputFiles({ name: "身份证.png", mimeType: "image/png", buffer: png });
    expect((await uploaded).status()).toBe(200);
    await page.locator("form#mcn-expert .ant-upload-list-item-done").waitFor();
    await screenshot(page, "mcn-expert-filled-desktop", { fullPage: true });

    await page.locator("form#mcn-expert button[type=submit]").click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "确定" }).click();
    await sawMessage(page, "提交成功");
    const [lead] = await leads(site, phone);
    expect(lead).toMatchObject({
      form: "expert",
      name: "李四",
      channelNickname: "李四的生活志",
      channelLink: "https://www.douyin.com/user/abc",
    });
    expect(lead!.idCopyPic).toMatch(/^\/uploads\/mcn\/[0-9a-f]{32}\.png$/);
    const stored = path.join(
      site.services.config.DATA_DIR,
      "private",
      "mcn",
      path.basename(lead!.idCopyPic!),
    );
    expect(fs.existsSync(stored)).toBe(true);
    // Cleared, picture included.
    for (const f of ["name", "phone", "channelNickname", "channelLink"]) {
      expect(await page.locator(`#mcn-expert_${f}`).inputValue()).toBe("");
    }
    await page.locator("form#mcn-expert .mcn-upload-btn").waitFor();
    expect(await page.locator("#mcn-expert_idCopyPic").inputValue()).toBe("");
    expect(errors).toEqual([]);
  });

  test("shows the server's reason when it refuses an upload", async ({ openMcn }) => {
    const { page } = await openMcn("/wxmcn?tab=expert");
    await page.locator("form#mcn-expert input[type=file]").setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("这是一个改了扩展名的文本文件"),
    });
    await sawMessage(page, "仅支持 JPG、PNG、WebP 格式的图片");
    // Nothing kept: the picture field stays empty and the upload control is back for another try.
    await page.locator("form#mcn-expert .mcn-upload-btn").waitFor();
    expect(await page.locator("#mcn-expert_idCopyPic").inputValue()).toBe("");
  });

  test("keeps typed values when switching the menu, and looks right on a phone", async ({ openMcn }) => {
    const { page, errors } = await openMcn("/wxmcn?tab=business", { mobile: true });
    await page.locator("#mcn-business_contactName").fill("王五");
    await page.locator(".mcn-menu a", { hasText: "达人合作" }).click();
    await page.waitForURL(/tab=expert/);
    await page.locator(".mcn-menu a", { hasText: "商家合作" }).click();
    await page.waitForURL(/tab=business/);
    expect(await page.locator("#mcn-business_contactName").inputValue()).toBe("王五");
    await screenshot(page, "mcn-business-phone", { fullPage: true });
    await page.locator(".mcn-menu a", { hasText: "达人合作" }).click();
    await screenshot(page, "mcn-expert-phone", { fullPage: true });
    await page.locator(".mcn-menu a", { hasText: "MCN 介绍" }).click();
    await page.waitForURL(/\/wxmcn$/);
    await screenshot(page, "mcn-intro-phone", { fullPage: true });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);

    const desktop = await openMcn("/wxmcn");
    await screenshot(desktop.page, "mcn-intro-desktop", { fullPage: true });
  });

  test("the same form on a landing page, on a phone, records that page as the lead's source", async ({
    site,
    openMcn,
  }) => {
    const lp = site.services.landingPages;
    const made = await lp.create(
      {
        path: "/hz/zebra/join",
        title: "达人招募 - 电商报",
        name: "达人招募",
        description: "达人招募页",
        sections: [
          {
            type: "hero",
            title: "达人招募",
            image: { src: "/landing/hz-zzc/hero.svg", alt: "招募主视觉", w: 1440, h: 520 },
          },
          {
            type: "leadForm",
            id: "apply",
            form: "business",
            title: "填写合作信息",
            intro: "1 个工作日内联系你",
          },
          {
            type: "buyButton",
            label: "立即报名",
            source: "link",
            href: "https://shop.example.com/x",
            priceNote: "¥99",
          },
        ],
      },
      "tester",
    );
    await lp.publish(made.id, "tester");
    const { page, errors } = await openMcn("/hz/zebra/join?utm_source=wechat", { mobile: true });
    const form = page.locator(".lp-lead-form form");
    const id = await form.getAttribute("id");
    expect(id).toMatch(/^lead-business-/);
    const phone = "13600009999";
    for (const [field, value] of [
      ["contactName", "王五"],
      ["contactPhone", phone],
      ["brand", "招募品牌"],
      ["role", "店长"],
    ])
      await page.locator(`#${id}_${field}`).fill(value!);
    await screenshot(page, "landing-lead-form-phone", { fullPage: true });
    await form.locator("button[type=submit]").click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "确定" }).click();
    await sawMessage(page, "提交成功");
    expect(await leads(site, phone)).toMatchObject([{ form: "business", sourcePage: "/hz/zebra/join" }]);
    expect(errors).toEqual([]);
  });
});
