import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cashierPath, MCN, SIGNUP_278, SIGNUP_415 } from "../../tools/money-pages";
import type { TestServer } from "../helpers/server";
import { startSite } from "../helpers/server";

/**
 * antd's styles are static stylesheets made at build time (scripts/antd-css.ts): no page may carry
 * them inline. What @ant-design/cssinjs writes when it inlines: <style> tags marked with these
 * attributes, holding `.ant-…` rules and the `--ant-…` theme variables.
 */
const INLINE_ANTD = [
  /<style[^>]*\bdata-(rc-order|rc-priority|css-hash|token-hash|cache-path|ant-cssinjs[\w-]*)\b/i,
  /<style[^>]*>[^<]*(\.ant-[a-z]|--ant-)/i,
];

const get = async (site: TestServer, path: string) => {
  const res = await fetch(site.url + path);
  return { status: res.status, body: await res.text() };
};

describe("antd's styles are never inlined", () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startSite("sqlite", { TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await site?.close();
  });

  it("in any kind of visitor page: news, landing, sign-up, MCN, cashier and result", async () => {
    const list = await site.get<{ result: { contentId: number }[] }>(
      "/api/product/content/list?page=1&pageSize=1",
    );
    const cashier = await cashierPath(site.url, "198.51.100.201");
    const orderNo = new URL(cashier, site.url).searchParams.get("orderNo")!;
    const pages = [
      "/",
      "/news",
      `/articledetail/${list.body.data.result[0]!.contentId}`,
      "/activity",
      "/activity/wsfh/summit",
      "/tzyx/zebra/zzc",
      "/flybird/stroll",
      "/market/products/yingxiao",
      "/market/products/strawBag",
      "/activity/caicai/list",
      SIGNUP_278,
      "/txws/zebra/product/210",
      SIGNUP_415,
      MCN,
      `${MCN}?tab=business`,
      `${MCN}?tab=expert`,
      cashier,
      `/pay/result?orderNo=${orderNo}`,
      "/no-such-page",
    ];
    for (const path of pages) {
      const { status, body } = await get(site, path);
      expect([200, 404], path).toContain(status);
      for (const re of INLINE_ANTD) expect(body, `${path} inlines antd styles`).not.toMatch(re);
    }
  });

  it("the sign-up and MCN pages load no antd code up front; the console links its static stylesheet", async () => {
    for (const path of [SIGNUP_278, MCN, `${MCN}?tab=expert`]) {
      const { body } = await get(site, path);
      const scripts = [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
      for (const src of scripts) {
        const js = await (await fetch(site.url + src)).text();
        // antd's style runtime and its component registry; the lazy chunks are fetched on use only
        expect(js, `${path}: ${src}`).not.toContain("data-token-hash");
        expect(js, `${path}: ${src}`).not.toContain("ant-form-item-control-input");
      }
      expect(body).not.toMatch(/antd-(visitor|console|feedback)[^"]*\.css/);
    }
    const login = await get(site, "/admin/login");
    for (const re of INLINE_ANTD) expect(login.body).not.toMatch(re);
    expect(login.body).toMatch(/<link\b[^>]*rel="stylesheet"[^>]*href="\/assets\/antd-console-[\w-]+\.css"/);
  });
});
