import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server";
import { launchBrowser, newContext, startSite } from "./browser";

describe("production build in Chromium", () => {
  let site: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("server-renders the home page and hydrates it", async () => {
    const html = await (await fetch(site.url)).text();
    expect(html).toContain("<title>电商报");
    const ctx = await newContext(browser, site);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/");
    await expect.poll(() => page.title()).toContain("电商报");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("answers unknown routes with a Chinese 404 page", async () => {
    const res = await fetch(`${site.url}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("页面不存在");
  });
});
