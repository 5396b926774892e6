import { describe, expect } from "vitest";
import { test } from "./fixture";

describe("production build in Chromium", () => {
  test("server-renders the home page and attaches its islands", async ({ site, page, errors }) => {
    const html = await (await fetch(site.url)).text();
    expect(html).toContain("<title>电商报");
    await page.goto("/");
    await expect.poll(() => page.title()).toContain("电商报");
    expect(errors).toEqual([]);
  });

  test("compresses pages and serves hashed assets pre-gzipped and immutable", async ({ site }) => {
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

  test("answers unknown routes with a Chinese 404 page", async ({ site }) => {
    const res = await fetch(`${site.url}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("页面不存在");
  });
});
