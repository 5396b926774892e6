import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server";
import { launchBrowser, newContext, startSite } from "./browser";

/** OWASP-cheat-sheet-style payloads; each sets window.__xss or opens a dialog if it ever runs. */
const XSS_PAYLOADS = [
  "<script>window.__xss=1</script>",
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '<img src=x onerror="window.__xss=1">',
  "<svg onload=window.__xss=1>",
  "<svg><script>window.__xss=1</script></svg>",
  '<iframe src="javascript:window.__xss=1"></iframe>',
  "<body onload=window.__xss=1>",
  '<a href="javascript:window.__xss=1">点我</a>',
  "javascript:window.__xss=1",
  "</title><script>window.__xss=1</script>",
  "</textarea><script>window.__xss=1</script>",
  "<details open ontoggle=window.__xss=1>",
  "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>",
  "<scr<script>ipt>window.__xss=1</scr</script>ipt>",
  "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>",
  "<input autofocus onfocus=window.__xss=1>",
  "{{constructor.constructor('window.__xss=1')()}}",
  "'-alert(1)-'",
  '<object data="data:text/html,<script>parent.__xss=1</script>"></object>',
  "<style>@import 'javascript:alert(1)';</style>",
  '<meta http-equiv=refresh content="0;url=javascript:alert(1)">',
];

async function ranAnything(page: Page, dialogs: string[]) {
  await page.waitForTimeout(150);
  const flag = await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0);
  return flag !== 0 || dialogs.length > 0;
}

describe("XSS payloads do not execute", () => {
  let site: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function visit(path: string) {
    const ctx = await newContext(browser, site);
    const page = await ctx.newPage();
    const dialogs: string[] = [];
    page.on("dialog", async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const ran = await ranAnything(page, dialogs);
    await ctx.close();
    return ran;
  }

  it("in an article body saved through the content service", async () => {
    const id = await site.services.content.saveArticle({
      columnId: 5,
      title: `安全测试 ${XSS_PAYLOADS[1]}`,
      intro: XSS_PAYLOADS[3]!,
      content: XSS_PAYLOADS.map((p) => `<p>${p}</p>`).join("") + XSS_PAYLOADS.join(""),
      thumb: "javascript:window.__xss=1",
      author: XSS_PAYLOADS[0]!,
      hot: true,
      status: "published",
      createdAt: new Date().toISOString(),
      tags: [XSS_PAYLOADS[4]!],
    });
    expect(await visit(`/articledetail/${id}`)).toBe(false);
    expect(await visit("/")).toBe(false);
    expect(await visit("/news")).toBe(false);
  });

  it.each(XSS_PAYLOADS.map((p) => [p]))("in URLs the pages echo: %s", async (payload) => {
    const p = encodeURIComponent(payload);
    expect(await visit(`/searchlist/${p}?key=1`)).toBe(false);
    expect(await visit(`/newlist/5?name=${p}`)).toBe(false);
    expect(await visit(`/taglist/1?name=${p}`)).toBe(false);
  });
});
