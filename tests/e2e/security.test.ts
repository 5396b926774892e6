import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server";
import { launchBrowser, newContext, startSite, visit } from "./browser";

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("security headers", () => {
  let site: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("serves every page with a fresh nonce, also from the micro-cache", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${site.url}/`);
      const csp = res.headers.get("content-security-policy");
      const nonce = nonceOf(csp);
      expect(nonce).toBeTruthy();
      expect(seen.has(nonce!)).toBe(false);
      seen.add(nonce!);
      const html = await res.text();
      expect(html).not.toContain("__CSP_NONCE__");
      expect(html).toContain(`nonce="${nonce}"`);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
    const api = await fetch(`${site.url}/api/product/column/list`);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("strict-transport-security")).toBeNull();
  });

  it("renders pages that are never cached (a visitor with cookies) with the request's own nonce", async () => {
    const seen = new Set<string>();
    for (const path of ["/", "/news", "/market/products/strawBag", "/wxmcn"]) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(site.url + path, { headers: { cookie: "visitor=1" } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get("x-cache"), path).toBeNull();
        expect(res.headers.get("x-csp-nonce-applied"), path).toBeNull();
        const nonce = nonceOf(res.headers.get("content-security-policy"));
        expect(nonce, path).toBeTruthy();
        expect(seen.has(nonce!), path).toBe(false);
        seen.add(nonce!);
        const html = await res.text();
        expect(html, path).not.toContain("__CSP_NONCE__");
        expect(
          html.match(/nonce="([^"]+)"/g)?.every((n) => n === `nonce="${nonce}"`),
          path,
        ).toBe(true);
      }
    }
  });

  it.each([
    ["anonymous", undefined],
    ["with a cookie", "visitor=1"],
  ])("hydrates under the policy without violations (%s)", async (_name, cookie) => {
    const ctx = await newContext(browser, site);
    if (cookie) {
      const [name, value] = cookie.split("=") as [string, string];
      await ctx.addCookies([{ name, value, url: site.url }]);
    }
    // Every violation the page reports, also those the code catches (which leave no console line).
    await ctx.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`),
      );
    });
    const page = await ctx.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text());
    });
    // The news chrome, a landing page, and the pages whose forms validate with zod in the browser.
    for (const path of [
      "/",
      "/market/products/strawBag",
      "/wxmcn",
      "/tzyx/zebra/product/278",
      "/admin/login",
    ]) {
      await visit(page, path);
      // Chunks loaded after hydration (forms, dialogs) are checked too: wait until nothing loads.
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(true);
      violations.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)));
      expect(violations, path).toEqual([]);
    }
    await ctx.close();
  });
});
