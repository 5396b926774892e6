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

  it("compresses pages and serves hashed assets pre-gzipped and immutable", async () => {
    const res = await fetch(site.url, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const html = await res.text();
    const asset = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(html);
    const path = asset?.[1] ?? asset?.[2];
    expect(path).toBeTruthy();
    const js = await fetch(site.url + path, { headers: { "accept-encoding": "gzip" } });
    expect(js.headers.get("content-encoding")).toBe("gzip");
    expect(js.headers.get("cache-control")).toContain("immutable");
  });

  it("answers unknown routes with a Chinese 404 page", async () => {
    const res = await fetch(`${site.url}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("页面不存在");
  });
});
