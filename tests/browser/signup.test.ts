import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page, Request } from "playwright-core";
import { describe, expect } from "vitest";
import { AUTO_SUBMIT_SCRIPT } from "../../server/payments/types";
import { sawMessage, screenshot } from "./browser";
import { test } from "./fixture";

const require = createRequire(import.meta.url);
const ID = "11010519491231002X";

const errors = (page: Page) => page.locator(".ant-form-item-explain-error").allInnerTexts();
const toast = sawMessage;
const field = (page: Page, name: string) => page.locator(`#signup_${name}`);

/** Waits until the form shows exactly these messages (in any order). */
async function expectErrors(page: Page, expected: string[]) {
  await expect.poll(async () => (await errors(page)).sort()).toEqual([...expected].sort());
}

/** axe-core, evaluated through the debugger protocol (the page's CSP would refuse an injected script). */
async function axeViolations(page: Page) {
  await page.evaluate(fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
  return page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string }[] }> };
      }
    ).axe.run({ resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
  });
}

test.override("siteEnv", { scope: "file" }, { TRUST_PROXY: "true" });

describe("sign-up and payment in Chromium", () => {
  test("product 278: every message, quantity and total, agreement, then the dev payment to 支付成功", async ({
    site,
    page,
    errors: pageErrors,
  }) => {
    const commits: Request[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/onlineApply/payCommit")) commits.push(r);
    });

    const res = await page.goto("/tzyx/zebra/product/278?shop_id=S-278&shop_name=星河旗舰店");
    expect(res?.headers()["cache-control"]).toBe("no-store");
    // the form is made for one visitor: its own scripts are allowed by this request's nonce, the
    // payment page written into this document later by its hash, nothing else (no 'unsafe-inline')
    const csp = res?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'( 'sha256-[^']+')+;/);
    const autoSubmit = crypto.createHash("sha256").update(AUTO_SUBMIT_SCRIPT).digest("base64");
    expect(csp).toContain(`'sha256-${autoSubmit}'`);
    await expect.poll(() => page.title()).toContain("直播电商实战训练营");
    await page.getByText("¥99.00").first().waitFor();
    await page.waitForFunction(() => document.querySelector("#signup_orderNum") !== null);
    expect(await field(page, "orderNum").inputValue()).toBe("1");
    await expect.poll(() => page.locator(".signup-total").textContent()).toContain("¥99.00");
    expect(await axeViolations(page)).toEqual([]);

    // Submitting the empty form: every required field and question says what it needs.
    await page.getByRole("button", { name: /提交并支付/ }).click();
    await expectErrors(page, [
      "请输入签约人",
      "请输入身份证号码",
      "手机号不能为空",
      "请输入付款人/方",
      "请选择粉丝量级",
      "请选择直播平台",
    ]);
    await screenshot(page, "signup-278-errors-desktop", { fullPage: true });

    // Blur-triggered format rules.
    await field(page, "contact").fill("12345678901");
    await field(page, "contact").blur();
    await page.getByText("请输入正确的手机号").waitFor();
    await field(page, "idCardNumber").fill("110105194912310021");
    await field(page, "idCardNumber").blur();
    await page.getByText("请输入正确的身份证号").waitFor();

    // Quantity keeps digits only and drives the total; emptied, it asks for a number.
    await field(page, "orderNum").fill("");
    await field(page, "orderNum").pressSequentially("3a");
    expect(await field(page, "orderNum").inputValue()).toBe("3");
    await expect.poll(() => page.locator(".signup-total").textContent()).toContain("¥297.00");
    await field(page, "orderNum").fill("");
    await field(page, "orderNum").blur();
    await page.getByText("请输入下单份数").waitFor();
    await field(page, "orderNum").fill("3");

    // COMPANY swaps the fields and clears every message.
    await page.getByText("企业签约").click();
    await expectErrors(page, []);
    expect(await field(page, "idCardNumber").count()).toBe(0);
    await page.getByText("付款方", { exact: true }).waitFor();
    await page.getByRole("button", { name: /提交并支付/ }).click();
    await page.getByText("请输入企业名称").first().waitFor();
    await page.getByText("个人签约").click();
    await expectErrors(page, []);

    // A valid form without the agreement ticked: warning, nothing sent.
    await field(page, "signer").fill("张三");
    await field(page, "idCardNumber").fill(ID.toLowerCase());
    await field(page, "contact").fill("16612345678");
    await field(page, "payer").fill("张三");
    await page.getByText("1万至10万").click();
    await page.getByText("快手", { exact: true }).click();
    await page.getByText("其他平台").click();
    await page.getByLabel("其他平台说明").fill("小红书");
    await page.getByRole("button", { name: /提交并支付/ }).click();
    await toast(page, "请先阅读合同条款！");
    expect(commits).toHaveLength(0);

    await page.getByText("我已阅读并同意上述合同条款").click();
    await screenshot(page, "signup-278-filled-desktop", { fullPage: true });
    await page.getByRole("button", { name: /提交并支付/ }).click();
    await toast(page, "操作成功~");
    expect(commits).toHaveLength(1);
    const sent = commits[0]!;
    expect(sent.headers()["idempotency-key"]).toMatch(/^su-[0-9a-f]{32}$/);
    const payload = JSON.parse(sent.postData()!) as Record<string, unknown>;
    expect(payload).toMatchObject({
      productId: 278,
      shopId: "S-278",
      shopName: "星河旗舰店",
      signWay: "INDIVIDUAL",
      signer: "张三",
      orderNum: "3",
    });
    expect(payload.questionList).toEqual([
      { questionId: 112, answer: "1万至10万" },
      { questionId: 113, answer: "快手,其他平台:小红书" },
      { questionId: 1, answer: "主播" },
      { questionId: 23, answer: "理事" },
    ]);

    // The returned payment page replaces the document and its script posts to the dev cashier.
    await page.waitForURL(/\/pay\/cashier\?/);
    await page.getByText("¥297.00").waitFor();
    const cashierText = await page.locator("main").textContent();
    expect(cashierText).toContain("110***********002X");
    expect(cashierText).toContain("166****5678");
    expect(cashierText).not.toContain(ID);
    expect(await page.content()).not.toContain(ID);
    await screenshot(page, "signup-cashier-desktop", { fullPage: true });
    await page.getByRole("button", { name: "确认支付" }).click();
    await page.waitForURL(/\/pay\/result\?orderNo=/);
    await page.getByRole("heading", { name: "支付成功" }).waitFor();
    await expect.poll(() => page.title()).toContain("支付成功");
    await screenshot(page, "signup-result-desktop", { fullPage: true });

    const orderNo = new URL(page.url()).searchParams.get("orderNo")!;
    const row = (await site.services.signup.order(orderNo))!;
    expect(row).toMatchObject({ status: "PAID", shop_id: "S-278", quantity: 3, signer: "张三" });
    expect(Number(row.total_fen)).toBe(29700);
    expect(site.services.signup.pii.decrypt(row.id_card_enc!)).toBe(ID);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test("product 210 on /txws as a company of profession OTHER: failures re-enable the button, the retry keeps its key", async ({
    open,
  }) => {
    const { page } = await open({ mobile: true });
    const keys: string[] = [];
    const bodies: Record<string, unknown>[] = [];
    let mode: "reason" | "network" | "real" = "reason";
    await page.route("**/api/onlineApply/payCommit", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      bodies.push(JSON.parse(route.request().postData() ?? "{}") as Record<string, unknown>);
      if (mode === "reason")
        return route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ statusCode: 503, message: "支付通道维护中", data: null }),
        });
      if (mode === "network") return route.abort("connectionreset");
      return route.continue();
    });

    await page.goto("/txws/zebra/product/210?shop_id=S-1&shop_name=星河");
    await page.getByText("¥2999.00").first().waitFor();
    await page.waitForFunction(() => document.querySelector("#signup_orderNum") !== null);
    expect(await field(page, "orderNum").inputValue()).toBe("");
    await screenshot(page, "signup-210-phone", { fullPage: true });

    await page.getByText("其他", { exact: true }).first().click();
    await page.getByLabel("其他平台账号 1").fill("小红书 @星河");
    await page.getByRole("button", { name: "添加账号" }).click();
    await page.getByLabel("其他平台账号 2").fill("   ");
    await page.getByRole("button", { name: "添加账号" }).click();
    await page.getByLabel("其他平台账号 3").fill("抖音 @xinghe");

    await page.getByText("企业签约").click();
    await field(page, "companyName").fill("杭州星河电子商务有限公司");
    await field(page, "contact").fill("19912345678");
    await field(page, "payer").fill("杭州星河电子商务有限公司");
    await field(page, "q_101").fill("");
    await field(page, "q_101").blur();
    await page.getByText("请输入企业名称").first().waitFor();
    await field(page, "q_101").fill("星河电商");
    await page.getByText("京东", { exact: true }).click();
    await page.getByText("美妆个护").click();
    await field(page, "orderNum").fill("2");
    await expect.poll(() => page.locator(".signup-total").textContent()).toContain("¥5998.00");
    await page.getByText("我已阅读并同意上述合同条款").click();
    await screenshot(page, "signup-210-company-phone", { fullPage: true });

    const submit = page.getByRole("button", { name: /提交并支付/ });
    await submit.click();
    await toast(page, "操作失败，原因：支付通道维护中");
    await expect.poll(() => submit.isEnabled()).toBe(true);

    mode = "network";
    await submit.click();
    await toast(page, "操作失败，原因：网络连接失败，请检查网络后重试");
    await expect.poll(() => submit.isEnabled()).toBe(true);

    mode = "real";
    await submit.click();
    await toast(page, "操作成功~");
    await page.waitForURL(/\/pay\/cashier\?/);
    await screenshot(page, "signup-cashier-phone", { fullPage: true });

    expect(new Set(keys).size).toBe(1); // one form load, one key: a retry can never store twice
    const payload = bodies.at(-1)!;
    expect(payload.shopId).toBeUndefined();
    expect(payload).toMatchObject({
      shopName: "星河",
      signWay: "COMPANY",
      signer: "杭州星河电子商务有限公司",
      idCardNumber: "",
      menberProfession: "OTHER",
    });
    expect(payload.questionList).toEqual([
      { questionId: 101, answer: "星河电商" },
      { questionId: 102, answer: "京东" },
      { questionId: 103, answer: "美妆个护" },
      { questionId: 24, answer: "小红书 @星河" },
      { questionId: 24, answer: "抖音 @xinghe" },
      { questionId: 1, answer: "其他" },
      { questionId: 23, answer: "会员" },
    ]);
    await page.getByRole("button", { name: "确认支付" }).click();
    await page.getByRole("heading", { name: "支付成功" }).waitFor();
    await screenshot(page, "signup-result-phone", { fullPage: true });
  }, 120_000);

  test("product 415 asks no agreement; the result page shows the pending state until paid", async ({
    site,
    page,
  }) => {
    await page.goto("/tzyx/zebra/product/415");
    await page.waitForFunction(() => document.querySelector("#signup_orderNum") !== null);
    expect(await page.getByText("我已阅读并同意上述合同条款").count()).toBe(0);
    await expect.poll(() => page.locator(".signup-total").textContent()).toContain("¥0.00");

    await field(page, "q_121").fill(" ");
    await field(page, "q_121").blur();
    await page.getByText("请输入公司或机构").waitFor();
    await field(page, "q_121").fill("星河研究院");
    await field(page, "signer").fill("李四");
    await field(page, "idCardNumber").fill("440524188001010014");
    await field(page, "contact").fill("13800138000");
    await field(page, "payer").fill("李四");
    await field(page, "orderNum").fill("1");
    await page.getByRole("button", { name: /提交并支付/ }).click();
    await toast(page, "操作成功~");
    await page.waitForURL(/\/pay\/cashier\?/);
    await page.getByRole("link", { name: "暂不支付" }).click();
    await page.waitForURL(/\/pay\/result\?/);
    await page.getByRole("heading", { name: "等待支付确认" }).waitFor();
    await screenshot(page, "signup-result-pending-desktop", { fullPage: true });

    const res = await fetch(`${site.url}/pay/result?orderNo=nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("订单不存在");
    expect((await fetch(`${site.url}/tzyx/zebra/product/9999`)).status).toBe(404);
    expect((await fetch(`${site.url}/pay/cashier?orderNo=x&token=y`)).status).toBe(404);
  }, 120_000);
});
