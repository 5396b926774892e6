import crypto from "node:crypto";
import { describe, expect } from "vitest";
import { visit } from "./browser";
import { test } from "./fixture";

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("security headers", () => {
  test("allows the inline scripts of public pages by hash, so every visitor gets the same bytes", async ({
    site,
  }) => {
    const article = (
      await site.get<{ result: { contentId: number }[] }>("/api/product/content/list?page=1&pageSize=1")
    ).body.data.result[0]!.contentId;
    // The sign-up form is never stored (it is made for one order): see the nonce test below. The
    // news pages have no inline script at all (no hydration: app/root.tsx), the others some.
    const news = ["/", "/news", `/articledetail/${article}`];
    const stored = [...news, "/market/products/strawBag", "/wxmcn"];
    for (const path of stored) {
      const plain = await fetch(site.url + path);
      const browserLike = await fetch(site.url + path, {
        headers: {
          cookie: "Hm_lvt_8f2d1c=1764000000; Hm_lpvt_8f2d1c=1764000100",
          "accept-encoding": "gzip, deflate, br",
        },
      });
      expect(plain.status, path).toBe(200);
      const [a, b] = [await plain.text(), await browserLike.text()];
      expect(b, path).toBe(a);
      const csp = plain.headers.get("content-security-policy") ?? "";
      expect(browserLike.headers.get("content-security-policy"), path).toBe(csp);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
      expect(scriptSrc, path).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/);
      // The nonce attributes only mark the page's own scripts for hashing: the policy lists none.
      const markers = new Set([...a.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
      expect(markers.size, path).toBeLessThanOrEqual(1);
      // Every inline script is allowed by its own hash (JSON data blocks are not scripts).
      const inline = [...a.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attrs]) => !/\bsrc=|application\/(ld\+)?json/.test(attrs ?? ""),
      );
      if (news.includes(path)) {
        expect(inline, path).toEqual([]);
        expect(scriptSrc.trim(), path).toBe("'self'");
      } else expect(inline.length, path).toBeGreaterThan(0);
      for (const [, , code] of inline) {
        const hash = crypto
          .createHash("sha256")
          .update(code ?? "")
          .digest("base64");
        expect(scriptSrc, path).toContain(`'sha256-${hash}'`);
      }
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
      expect(plain.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(plain.headers.get("set-cookie"), path).toBeNull();
      expect(browserLike.headers.get("set-cookie"), path).toBeNull();
    }
    // A page made for one visitor (the sign-up form) allows its scripts by that request's nonce.
    const form = await fetch(`${site.url}/tzyx/zebra/product/278`);
    const formHtml = await form.text();
    const formNonce = /script-src 'self' 'nonce-([^']+)'/.exec(
      form.headers.get("content-security-policy") ?? "",
    )?.[1];
    expect(formNonce).toBeTruthy();
    expect(/script-src ([^;]+)/.exec(form.headers.get("content-security-policy") ?? "")?.[1]).not.toMatch(
      /unsafe-inline|unsafe-eval/,
    );
    expect(formHtml).toContain(`nonce="${formNonce}"`);
    const api = await fetch(`${site.url}/api/product/column/list`);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("strict-transport-security")).toBeNull();
  });

  test("renders the console, and public pages for a signed-in editor, with the request's own nonce, never stored", async ({
    site,
  }) => {
    const seen = new Set<string>();
    for (const [path, cookie] of [
      ["/admin/login", undefined],
      ["/", "dsn_admin=some-session"],
      ["/news", "Hm_lvt_1=1; dsn_admin=some-session"],
      ["/wxmcn", "dsn_admin=some-session"],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(site.url + path, { headers: cookie ? { cookie } : {} });
        expect(res.status, path).toBe(200);
        expect(res.headers.get("x-cache"), path).toBeNull();
        const nonce = nonceOf(res.headers.get("content-security-policy"));
        expect(nonce, path).toBeTruthy();
        expect(seen.has(nonce!), path).toBe(false);
        seen.add(nonce!);
        const html = await res.text();
        // the news pages carry no inline script (nothing to mark); the others mark theirs with it
        const marks = html.match(/nonce="([^"]+)"/g) ?? [];
        expect(marks.length > 0, path).toBe(path === "/admin/login" || path === "/wxmcn");
        expect(
          marks.every((n) => n === `nonce="${nonce}"`),
          path,
        ).toBe(true);
      }
    }
  });

  test.for([
    ["anonymous", undefined],
    ["with analytics cookies", "Hm_lvt_8f2d1c=1764000000"],
    ["signed in to the console", "dsn_admin=some-session"],
  ] as const)("runs under the policy without violations (%s)", async ([, cookie], { site, open }) => {
    const { context: ctx, page } = await open();
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
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text());
    });
    // The news chrome (islands, no hydration), a landing page, and the pages whose forms validate
    // with zod in the browser.
    for (const [path, hydrates] of [
      ["/", false],
      ["/market/products/strawBag", true],
      ["/wxmcn", true],
      ["/tzyx/zebra/product/278", true],
      ["/admin/login", true],
    ] as const) {
      await visit(page, path);
      // Chunks loaded after hydration (forms, dialogs) are checked too: wait until nothing loads.
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(hydrates);
      violations.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)));
      expect(violations, path).toEqual([]);
    }
  });
});
