import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArticleInput } from "../../server/entities/articles";
import { renderPage } from "../../server/http/render-pool";
import { inlineScriptHashes } from "../../server/http/security";
import { productionSsr } from "../../server/http/ssr";
import type { Logger } from "../../server/logger";
import { startTestServer, type TestServer } from "../helpers/server";

/** The nonce attribute of a page's own scripts: a random marker per render, or the kept page's. */
const NONCE = /nonce="[^"]*"/g;

/**
 * Articles of every shape an article page shows: tags or none, intro or none, cover or none, the
 * editor's search and share fields, bodies with pictures and lists, text that HTML, JSON and
 * scripts must escape, in every column.
 */
function shapes(columns: number[]): ArticleInput[] {
  const base: ArticleInput = {
    columnId: columns[0]!,
    title: "形状测试",
    intro: "简介",
    content: "<p>正文</p>",
    thumb: "",
    author: "测试",
    hot: false,
    status: "published",
    createdAt: "2026-11-20T08:00:00.000Z",
    tags: [],
  };
  const hostile = `引号"单'与&符号 <b>粗</b> </script><script>alert(1)</script> \u2028\u2029 <!-- -->`;
  const list: ArticleInput[] = [
    { ...base, title: "无标签、无简介、无封面", intro: "" },
    {
      ...base,
      title: "三个标签",
      tags: ["京东", "直播带货", "新标签甲"],
      thumb: "/uploads/demo/article-2.svg",
    },
    {
      ...base,
      title: hostile,
      intro: hostile,
      author: hostile,
      tags: [`标签${hostile.slice(0, 12)}`],
      content: `<p>${"&lt;script&gt;"}x</p><p>第二段 &amp; 引号 &quot;</p>`,
    },
    {
      ...base,
      title: "搜索与分享字段",
      seoTitle: "搜索标题 & 分享",
      seoDescription: '搜索描述 <与> 引号"',
      shareImage: "https://img.example.com/share.png?a=1&b=2",
      thumb: "/uploads/demo/article-3.svg",
    },
    {
      ...base,
      title: "带图片的正文",
      content:
        '<h2>小标题</h2><p><img src="/uploads/demo/article-1.svg" alt="图"></p><ul><li>一</li><li>二</li></ul><blockquote>引用</blockquote>',
      hot: true,
    },
    { ...base, title: "很长的正文", content: `<p>${"长文本。".repeat(3000)}</p>` },
  ];
  for (const c of columns) list.push({ ...base, columnId: c, title: `栏目 ${c} 的文章`, tags: ["以旧换新"] });
  for (const c of columns) list.push({ ...base, columnId: c, title: `栏目 ${c} 的第二篇`, intro: "" });
  return list;
}

describe("article pages made from a page kept per column", () => {
  let site: TestServer;
  let build: ServerBuild;
  beforeAll(async () => {
    site = await startTestServer("sqlite");
    build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  });
  afterAll(() => site?.close());

  it("are byte for byte React Router's page for articles of every shape and column, scripts' hashes included", async () => {
    const columns = (await site.services.content.columns()).map((c) => c.columnId);
    const ids: number[] = [];
    for (const input of shapes(columns)) ids.push(await site.services.content.saveArticle(input));
    // and the demo articles
    for (const a of await site.services.content.list({ page: 1, pageSize: 40 })) ids.push(a.contentId);

    const full = productionSsr(build, { articleFrames: false });
    const errors: unknown[] = [];
    const logger = { error: (...a: unknown[]) => errors.push(a) } as unknown as Logger;
    const kept = productionSsr(build, { logger });
    const host = new URL(site.url).host;
    const request = (url: string) => new Request(`http://${host}${url}`, { headers: { host } });
    let n = 0;
    let madeFromKept = 0;
    const urls = ids.flatMap((id) => [
      `/articledetail/${id}`,
      `/articledetail/${id}?from=singlemessage&isappinstalled=0`,
    ]);
    for (const url of urls) {
      const marker = `m${n++}`;
      const a = await renderPage((r, sink) => full(r, site.services, marker, sink), request(url));
      const b = await renderPage((r, sink) => kept(r, site.services, marker, sink), request(url));
      expect(b.status, url).toBe(200);
      expect(b.headers, url).toEqual(a.headers);
      expect(b.body.toString().replace(NONCE, ""), url).toBe(a.body.toString().replace(NONCE, ""));
      const bMarker = /nonce="([^"]*)"/.exec(b.body.toString())![1]!;
      expect(b.hashes ?? inlineScriptHashes(b.body, marker), url).toEqual(inlineScriptHashes(a.body, marker));
      if (b.fromKept) {
        madeFromKept++;
        // a kept page's scripts carry the marker it was rendered with, and its hashes are theirs
        expect(bMarker, url).not.toBe(marker);
        expect(b.hashes, url).toEqual(inlineScriptHashes(b.body, bMarker));
      }
    }
    // Each column's first two pages render in full (one kept, one to confirm it); the rest are made.
    const groups = new Set(
      await Promise.all(ids.map(async (id) => (await site.services.content.detail(id)).columnId)),
    ).size;
    expect(errors).toEqual([]);
    expect(madeFromKept).toBeGreaterThanOrEqual(urls.length - 2 * groups);
  });

  it("start again with a new chrome, and a 404 stays React Router's", async () => {
    const full = productionSsr(build, { articleFrames: false });
    const kept = productionSsr(build);
    const host = new URL(site.url).host;
    const request = (url: string) => new Request(`http://${host}${url}`, { headers: { host } });
    const page = (ssr: typeof kept, id: number) =>
      renderPage((r, sink) => ssr(r, site.services, "mk", sink), request(`/articledetail/${id}`));
    const columnId = (await site.services.content.list({ page: 1, pageSize: 1 }))[0]!.columnId;
    const [a, b, c] = await site.services.content.list({ page: 1, pageSize: 3, columnId });
    expect(c).toBeDefined();
    await page(kept, a!.contentId);
    await page(kept, b!.contentId);
    expect((await page(kept, c!.contentId)).fromKept).toBe(true);
    // A publish changes the chrome (the side panel's trends): the next page shows it, never a page
    // kept under the old chrome.
    const trends = (await site.services.content.columns()).find((col) => col.columnName.includes("动态"));
    expect(trends).toBeDefined();
    await site.services.content.saveArticle({
      columnId: trends!.columnId,
      title: "侧栏动态里的新文章",
      intro: "新",
      content: "<p>新</p>",
      thumb: "",
      author: "测试",
      hot: false,
      status: "published",
      createdAt: new Date().toISOString(),
      tags: [],
    });
    const after = await page(kept, c!.contentId);
    expect(after.fromKept).toBeUndefined();
    expect(after.body.toString()).toContain("侧栏动态里的新文章");
    expect(after.body.toString()).toBe((await page(full, c!.contentId)).body.toString());
    const missing = await page(kept, 999_999_999);
    expect(missing.status).toBe(404);
    expect(missing.fromKept).toBeUndefined();
  });
});
