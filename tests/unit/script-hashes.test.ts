import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "../../server/http/security";

const sha = (s: string) => `sha256-${crypto.createHash("sha256").update(s).digest("base64")}`;

describe("script hashes of public pages", () => {
  it("hashes only the page's own inline scripts, never markup injected into it", () => {
    const html = [
      '<script nonce="m4rk">window.__reactRouterContext = {"a":"</scr\\u0069pt>"};</script>',
      '<script type="module" nonce="m4rk">import "/assets/entry.js";</script>',
      '<script type="application/ld+json" nonce="m4rk">{"@type":"NewsArticle"}</script>',
      '<script src="/assets/x.js" nonce="m4rk"></script>',
      // What a payload that escaped into the markup would look like: no marker, or another one.
      "<script>alert(1)</script>",
      '<script nonce="guess">alert(2)</script>',
    ].join("");
    expect(inlineScriptHashes(html, "m4rk")).toEqual([
      sha('window.__reactRouterContext = {"a":"</scr\\u0069pt>"};'),
      sha('import "/assets/entry.js";'),
    ]);
  });

  it("hashes a page's bytes as the browser hashes its UTF-8 text, Chinese included", () => {
    const script = 'window.__data = {"title":"电商报：直播带货新规","emoji":"🛒"};';
    const page = Buffer.from(`<p>正文</p><script nonce="m4rk">${script}</script>`, "utf8");
    expect(inlineScriptHashes(page, "m4rk")).toEqual([sha(script)]);
    expect(inlineScriptHashes(page.toString("utf8"), "m4rk")).toEqual([sha(script)]);
  });

  it("builds a policy from hashes that is as strict as the nonce one", () => {
    const csp = contentSecurityPolicy({ hashes: [sha("a()")] }, { scriptSrc: [sha("pay()")] });
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).toBe(`'self' '${sha("a()")}' ${sha("pay()")}`);
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("object-src 'none'");
  });
});
