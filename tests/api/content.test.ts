import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Article, ArticleSummary, Column } from "../../contract/entities";
import { MAX_PAGE_SIZE } from "../../contract/params";
import { engines, startTestServer, type TestServer } from "../helpers/server";

describe.each(engines())("content API on %s", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Every page of a list, pageSize 100, until a short page. */
  async function allPages(path: string): Promise<ArticleSummary[]> {
    const out: ArticleSummary[] = [];
    for (let page = 1; ; page++) {
      const sep = path.includes("?") ? "&" : "?";
      const r = await s.get<{ result: ArticleSummary[] }>(`${path}${sep}page=${page}&pageSize=100`);
      expect(r.status).toBe(200);
      out.push(...r.body.data.result);
      if (r.body.data.result.length < 100) return out;
    }
  }

  it("lists the latest articles in the envelope, newest first, with tags", async () => {
    const r = await s.get<{ result: ArticleSummary[] }>("/api/product/content/list?page=1&pageSize=11");
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe(1000);
    expect(r.body.data.result).toHaveLength(11);
    const times = r.body.data.result.map((a) => a.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const a = r.body.data.result[0]!;
    expect(a).toMatchObject({
      contentId: expect.any(Number),
      title: expect.any(String),
      hot: expect.any(Boolean),
    });
    expect(a.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(a.tagList.length).toBeGreaterThan(0);
    expect(a.tagList[0]).toEqual({ tagId: expect.any(Number), tagName: expect.any(String) });
  });

  it("has at least 300 articles in at least 8 columns, a third of them hot", async () => {
    const total = (await s.get<{ result: number }>("/api/product/content/count")).body.data.result;
    expect(total).toBeGreaterThanOrEqual(300);
    const hot = (await s.get<{ result: number }>("/api/product/content/newsCount")).body.data.result;
    expect(hot / total).toBeGreaterThan(0.25);
    expect(hot / total).toBeLessThan(0.42);
    const columns = (await s.get<{ result: Column[] }>("/api/product/column/list")).body.data.result;
    expect(columns.length).toBeGreaterThanOrEqual(8);
    for (const id of [4, 5, 6, 21, 26]) expect(columns.map((c) => c.columnId)).toContain(id);
    // The More menu shows indexes 3–5: three columns the left menu does not already show.
    expect(columns.slice(3, 6).map((c) => c.columnId)).not.toContain(4);
    expect(columns.slice(0, 3).map((c) => c.columnId)).toEqual([4, 5, 6]);
  });

  it("every count equals what its list pages return", async () => {
    const cases: [string, string][] = [
      ["/api/product/content/count", "/api/product/content/list"],
      ["/api/product/content/count?columnId=21", "/api/product/content/list?columnId=21"],
      ["/api/product/content/newsCount", "/api/product/content/newsList"],
    ];
    const first = (await s.get<{ result: ArticleSummary[] }>("/api/product/content/list?page=1&pageSize=1"))
      .body.data.result[0]!;
    const tagId = first.tagList[0]!.tagId;
    cases.push([
      `/api/product/content/getContentListByTagIdCount?tagId=${tagId}`,
      `/api/product/content/getContentListByTagId?tagId=${tagId}`,
    ]);
    for (const kw of ["直播", "电", "618", "商家 直播"]) {
      const k = encodeURIComponent(kw);
      cases.push([
        `/api/product/content/searchArticleByKeywordCount?keyword=${k}`,
        `/api/product/content/searchArticleByKeyword?keyword=${k}`,
      ]);
    }
    for (const [countPath, listPath] of cases) {
      const count = (await s.get<{ result: number }>(countPath)).body.data.result;
      const items = await allPages(listPath);
      expect(items.length, listPath).toBe(count);
      expect(new Set(items.map((a) => a.contentId)).size, listPath).toBe(count);
    }
  });

  it("hot news are the hot articles; column and tag lists hold only their own", async () => {
    const hot = await allPages("/api/product/content/newsList");
    expect(hot.every((a) => a.hot)).toBe(true);
    const trends = await allPages("/api/product/content/list?columnId=21");
    expect(trends.length).toBeGreaterThanOrEqual(5);
    expect(trends.every((a) => a.columnId === 21)).toBe(true);
    const tagId = trends[0]!.tagList[0]!.tagId;
    const tagged = await allPages(`/api/product/content/getContentListByTagId?tagId=${tagId}`);
    expect(tagged.every((a) => a.tagList.some((t) => t.tagId === tagId))).toBe(true);
  });

  it("serves an article with its body, and 404 for an unknown one", async () => {
    const first = (await s.get<{ result: ArticleSummary[] }>("/api/product/content/list?page=1&pageSize=1"))
      .body.data.result[0]!;
    const r = await s.get<Article>(`/api/product/content/detail?contentId=${first.contentId}`);
    expect(r.status).toBe(200);
    expect(r.body.data.contentId).toBe(first.contentId);
    expect(r.body.data.content.length).toBeGreaterThan(1500);
    expect(r.body.data.content).not.toMatch(/<script/i);
    const missing = await s.get("/api/product/content/detail?contentId=99999999");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, message: "文章不存在", data: null });
  });

  it.each([
    ["/api/product/content/list?page=abc&pageSize=10", "参数 page"],
    ["/api/product/content/list?page=1&pageSize=-1", "参数 pageSize"],
    ["/api/product/content/list?page=0&pageSize=10", "参数 page"],
    ["/api/product/content/list?pageSize=10", "缺少参数 page"],
    ["/api/product/content/list?page=1", "缺少参数 pageSize"],
    ["/api/product/content/list?page=1.5&pageSize=10", "参数 page"],
    ["/api/product/content/list?page=1&pageSize=10&columnId=x", "参数 columnId"],
    ["/api/product/content/detail?contentId=abc", "参数 contentId"],
    ["/api/product/content/detail", "缺少参数 contentId"],
    ["/api/product/content/getContentListByTagId?tagId=1&page=1&pageSize=1e3", "参数 pageSize"],
    ["/api/product/content/searchArticleByKeyword?page=1&pageSize=10", "缺少参数 keyword"],
    ["/api/product/activity/list?page=1&pageSize=10&columnId=-17", "参数 columnId"],
    ["/api/product/banner/list?columnId=11", "缺少参数 page"],
    ["/api/product/question/list?menberProfession=NONE", "缺少参数 productId"],
    ["/api/product/question/list?menberProfession=KING&productId=210", "menberProfession"],
    ["/api/product/wechat/getSign", "缺少参数 url"],
    ["/api/product/wechat/getSign?url=javascript:alert(1)", "参数 url"],
  ])("answers 400 in Chinese for %s", async (url, fragment) => {
    const r = await s.get(url);
    expect(r.status).toBe(400);
    expect(r.body.statusCode).toBe(400);
    expect(r.body.message).toContain(fragment);
    expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("caps a huge pageSize at the documented maximum", async () => {
    const r = await s.get<{ result: ArticleSummary[] }>("/api/product/content/list?page=1&pageSize=10000");
    expect(r.status).toBe(200);
    expect(r.body.data.result).toHaveLength(MAX_PAGE_SIZE);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const r = await s.get("/api/product/nothing");
    expect(r.status).toBe(404);
    expect(r.body.message).toBe("接口不存在");
  });

  it("serves the OpenAPI document and a docs page", async () => {
    const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters: { name: string; required: boolean }[] }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    const list = doc.paths["/api/product/content/list"]!.get!;
    expect(list.parameters.map((p) => [p.name, p.required])).toEqual([
      ["page", true],
      ["pageSize", true],
      ["columnId", false],
    ]);
    for (const p of [
      "/api/product/content/count",
      "/api/product/content/newsList",
      "/api/product/content/detail",
      "/api/product/content/getContentListByTagIdCount",
      "/api/product/content/searchArticleByKeyword",
      "/api/product/activity/count",
      "/api/product/activity/list",
      "/api/product/column/list",
      "/api/product/banner/list",
      "/api/banner/detail",
      "/api/product/fliggy/list",
      "/api/product/question/list",
      "/api/product/detail",
      "/api/product/wechat/getSign",
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    const docs = await fetch(`${s.url}/api/docs`);
    expect(docs.headers.get("content-type")).toContain("text/html");
    expect(await docs.text()).toContain("/api/product/content/searchArticleByKeyword");
  });

  it("reports health and readiness", async () => {
    expect((await (await fetch(`${s.url}/healthz`)).json()) as object).toEqual({ status: "ok" });
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, db: true });
  });
});

describe("API micro-cache", () => {
  it("shows a new article at once although the list was cached", async () => {
    const s = await startTestServer("sqlite");
    try {
      const url = "/api/product/content/list?page=1&pageSize=5";
      const before = (await s.get<{ result: ArticleSummary[] }>(url)).body.data.result;
      expect((await s.get<{ result: ArticleSummary[] }>(url)).body.data.result).toEqual(before);
      const id = await s.services.content.saveArticle({
        columnId: 5,
        title: "缓存失效测试文章",
        intro: "简介",
        content: "<p>正文</p>",
        thumb: "",
        author: "测试",
        hot: false,
        status: "published",
        createdAt: new Date().toISOString(),
        tags: [],
      });
      const after = (await s.get<{ result: ArticleSummary[] }>(url)).body.data.result;
      expect(after[0]!.contentId).toBe(id);
    } finally {
      await s.close();
    }
  });
});
