import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { startFakeWechat } from "../../fakes/wechat-mp";
import { jsapiSignature } from "../../server/wechat/sign";
import { MCN, SIGNUP_278, SIGNUP_415 } from "../../tools/money-pages";
import { hydrated, sawMessage, screenshot } from "./browser";
import { test as base } from "./fixture";

/** WeChat's in-app browser on Android (XWeb), as it introduces itself. */
const WECHAT_ANDROID =
  "Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) " +
  "Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 " +
  "MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64";
const PHONE = { width: 375, height: 667 };
/** What is left of the screen above a phone keyboard. */
const ABOVE_KEYBOARD = { width: 375, height: 360 };

const toast = sawMessage;

/** Font sizes (px) of the visible text inputs of a form: every one ≥ 16 keeps the page from zooming on focus. */
const inputFontSizes = (page: Page, form: string) =>
  page.locator(`form#${form}`).evaluate((f) =>
    [...f.querySelectorAll("input, textarea")]
      .filter((el) => {
        const input = el as HTMLInputElement;
        return !["hidden", "radio", "checkbox", "file"].includes(input.type) && input.offsetParent !== null;
      })
      .map((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
  );

/** True when the button, scrolled into view, is the element under its own centre (nothing covers it). */
const reachable = (page: Page, selector: string) =>
  page.locator(selector).evaluate((b) => {
    b.scrollIntoView({ block: "nearest" });
    const r = b.getBoundingClientRect();
    const inView = r.top >= -1 && r.bottom <= window.innerHeight + 1;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return inView && (hit === b || b.contains(hit))
      ? true
      : `top ${r.top} bottom ${r.bottom} innerHeight ${window.innerHeight} hit ${hit?.outerHTML.slice(0, 80)}`;
  });

/**
 * antd style rules injected at runtime: none (antd runs with zeroRuntime; its rules come from the
 * static stylesheet). What antd still sets at runtime are its theme's CSS custom properties only.
 */
const runtimeComponentRules = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("style")]
      .map((s) => s.textContent ?? "")
      .filter((css) => /\.ant-/.test(css) && /[{;]\s*(?!--)[a-z-]+\s*:/.test(css))
      .map((css) => css.slice(0, 150)),
  );

/**
 * WeChat's own bridge, as its browser gives pages: the JS-SDK calls it. This one records every call
 * (name and arguments) in `window.__bridge` and answers each with success.
 */
function fakeBridge() {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  (window as unknown as { __bridge: typeof calls }).__bridge = calls;
  (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
    invoke(name: string, args: Record<string, unknown>, done?: (r: unknown) => void) {
      calls.push({ name, args });
      done?.({ err_msg: `${name}:ok`, errMsg: `${name}:ok` });
    },
    on() {},
  };
}

/**
 * `fake`: the fake 公众号 API the site signs share links with.
 * `openInWechat(path, ip)`: `path` in WeChat's browser on the phone, hydrated (or its islands
 * attached), for a visitor at 192.0.2.`ip` (trusted from this machine), with WeChat's bridge
 * (fakeBridge) and the page's script errors.
 */
const test = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
  .extend("fake", { scope: "file" }, async ({}, { onCleanup }) => {
    const fake = await startFakeWechat();
    onCleanup(() => fake.close());
    return fake;
  })
  .extend("openInWechat", async ({ open }) => {
    return async (path: string, ip: number) => {
      const { page, errors } = await open({
        mobile: true,
        viewport: PHONE,
        userAgent: WECHAT_ANDROID,
        extraHTTPHeaders: { "x-forwarded-for": `192.0.2.${ip}` },
      });
      await page.addInitScript(fakeBridge);
      await page.goto(path);
      await hydrated(page);
      return { page, errors };
    };
  });
test.override("siteEnv", { scope: "file" }, ({ fake }) => ({
  TRUST_PROXY: "true",
  WECHAT_API_BASE: fake.url,
  WECHAT_APP_ID: fake.appId,
  WECHAT_APP_SECRET: fake.appSecret,
}));

/** The calls the page made to WeChat's bridge so far (fakeBridge). */
const bridgeCalls = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __bridge: { name: string; args: Record<string, unknown> }[] }).__bridge,
  );

describe("sharing from WeChat's browser", () => {
  test("a news page (islands) and the MCN page (hydrated) register their share card with a valid signature", async ({
    site,
    fake,
    openInWechat,
  }) => {
    const list = (
      await site.get<{ result: { contentId: number; title: string }[] }>(
        "/api/product/content/list?page=1&pageSize=1",
      )
    ).body.data.result;
    const article = `/articledetail/${list[0]!.contentId}`;
    for (const [path, ip] of [
      [article, 21],
      [MCN, 22],
    ] as const) {
      const { page, errors } = await openInWechat(`${path}?from=timeline#top`, ip);
      await expect
        .poll(async () => (await bridgeCalls(page)).map((c) => c.name), { message: path })
        .toEqual(
          expect.arrayContaining(["preVerifyJSAPI", "updateAppMessageShareData", "updateTimelineShareData"]),
        );
      const calls = await bridgeCalls(page);
      const verify = calls.find((c) => c.name === "preVerifyJSAPI")!.args;
      expect(verify.verifyAppId).toBe(fake.appId);
      expect(verify.verifyJsApiList).toEqual(["updateAppMessageShareData", "updateTimelineShareData"]);
      // signed by the server for this URL without its fragment, with the 公众号's ticket
      const url = `${site.url}${path}?from=timeline`;
      expect(verify.verifySignature).toBe(
        jsapiSignature({
          ticket: `FAKE_TICKET_${fake.appId}`,
          noncestr: String(verify.verifyNonceStr),
          timestamp: Number(verify.verifyTimestamp),
          url,
        }),
      );
      const card = calls.find((c) => c.name === "updateAppMessageShareData")!.args;
      expect(card.link).toBe(url);
      expect(card.title).toBe(await page.title());
      expect(card.desc).toBe(await page.locator('meta[name="description"]').getAttribute("content"));
      expect(errors).toEqual([]);
    }
  }, 120_000);
});

describe("the money pages in WeChat's browser on an Android phone (375 × 667)", () => {
  test("sign-up 278: keyboards by field, 16px inputs, the submit button reachable above the keyboard", async ({
    openInWechat,
  }) => {
    const { page, errors } = await openInWechat(SIGNUP_278, 11);
    expect(await page.locator('meta[name="viewport"]').getAttribute("content")).toContain(
      "width=device-width",
    );
    expect(await page.locator("#signup_contact").getAttribute("inputmode")).toBe("tel");
    expect(await page.locator("#signup_idCardNumber").getAttribute("inputmode")).toBe("text");
    expect(await page.locator("#signup_orderNum").getAttribute("inputmode")).toBe("numeric");
    const sizes = await inputFontSizes(page, "signup");
    expect(sizes.length).toBeGreaterThan(5);
    for (const s of sizes) expect(s).toBeGreaterThanOrEqual(16);
    // an ID number ending in X can be typed as it is
    await page.locator("#signup_idCardNumber").fill("11010519491231002X");
    await page.locator("#signup_idCardNumber").blur();
    expect(await page.locator("#signup_idCardNumber").inputValue()).toBe("11010519491231002X");
    expect(await page.locator(".ant-form-item-explain-error").count()).toBe(0);
    await screenshot(page, "wechat-signup-278-phone", { fullPage: true });

    // The keyboard takes the lower half of the screen: the focused field and the submit button
    // can still be brought into view and tapped.
    await page.locator("#signup_payer").focus();
    await page.setViewportSize(ABOVE_KEYBOARD);
    expect(await reachable(page, ".signup-submit")).toBe(true);
    await page.locator(".signup-submit").tap();
    await page.getByText("请输入签约人").waitFor();
    expect(await runtimeComponentRules(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  test("sign-up 415: bad input in Chinese, then the order goes to the cashier once", async ({
    openInWechat,
  }) => {
    const { page, errors } = await openInWechat(SIGNUP_415, 12);
    const commits: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/onlineApply/payCommit")) commits.push(r.headers()["idempotency-key"] ?? "");
    });
    await page.locator("#signup_contact").fill("2345");
    await page.locator("#signup_contact").blur();
    await page.getByText("请输入正确的手机号").waitFor();
    await page.locator("#signup_orderNum").pressSequentially("1a");
    expect(await page.locator("#signup_orderNum").inputValue()).toBe("1");
    await page.locator("#signup_q_121").fill("星河研究院");
    await page.locator("#signup_signer").fill("李四");
    await page.locator("#signup_idCardNumber").fill("440524188001010014");
    await page.locator("#signup_contact").fill("13800138000");
    await page.locator("#signup_payer").fill("李四");
    await page.locator(".signup-submit").tap();
    await toast(page, "操作成功~");
    await page.waitForURL(/\/pay\/cashier\?/);
    await page.getByRole("button", { name: "确认支付" }).waitFor();
    await screenshot(page, "wechat-cashier-phone", { fullPage: true });
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatch(/^su-[0-9a-f]{32}$/);
    expect(errors).toEqual([]);
  }, 120_000);

  test("/wxmcn merchant form: tel keyboard, 16px inputs, confirm and submit", async ({ openInWechat }) => {
    const { page, errors } = await openInWechat(`${MCN}?tab=business`, 13);
    expect(await page.locator("#mcn-business_contactPhone").getAttribute("inputmode")).toBe("tel");
    for (const s of await inputFontSizes(page, "mcn-business")) expect(s).toBeGreaterThanOrEqual(16);
    await page.locator("#mcn-business_contactPhone").fill("12345");
    await page.locator("#mcn-business_contactPhone").blur();
    await page.getByText("请填写正确的电话号码（手机号或带区号的座机号）").waitFor();
    await page.locator("#mcn-business_contactName").fill("王五");
    await page.locator("#mcn-business_contactPhone").fill("13912345678");
    await page.locator("#mcn-business_brand").fill("星河好物");
    await page.locator("#mcn-business_role").fill("品牌负责人");
    await page.locator("#mcn-business_role").focus();
    await page.setViewportSize(ABOVE_KEYBOARD);
    expect(await reachable(page, "form#mcn-business button[type=submit]")).toBe(true);
    await page.setViewportSize(PHONE);
    await page.locator("form#mcn-business button[type=submit]").tap();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "确定" }).tap();
    await sawMessage(page, "提交成功");
    expect(await page.locator("#mcn-business_contactName").inputValue()).toBe("");
    expect(await runtimeComponentRules(page)).toEqual([]);
    await screenshot(page, "wechat-mcn-business-phone", { fullPage: true });

    // the influencer form: tel keyboard and the upload control, loaded once the form shows
    await page.locator(".mcn-menu a", { hasText: "达人合作" }).tap();
    expect(await page.locator("#mcn-expert_phone").getAttribute("inputmode")).toBe("tel");
    await page.locator("form#mcn-expert input[type=file]").waitFor({ state: "attached" });
    for (const s of await inputFontSizes(page, "mcn-expert")) expect(s).toBeGreaterThanOrEqual(16);
    await screenshot(page, "wechat-mcn-expert-phone", { fullPage: true });
    expect(errors).toEqual([]);
  }, 120_000);
});
