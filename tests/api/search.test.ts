import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArticleSummary } from "../../contract/entities";
import { engines, startTestServer, type TestServer } from "../helpers/server";

const body = (text: string) => `<p>${text}</p><p>${"平台商家持续关注行业变化。".repeat(20)}</p>`;

describe.each(engines())("keyword search on %s", (engine) => {
  let s: TestServer;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    s = await startTestServer(engine);
    const save = (
      key: string,
      title: string,
      text: string,
      createdAt: string,
      status: "published" | "draft" = "published",
    ) =>
      s.services.content
        .saveArticle({
          columnId: 5,
          title,
          intro: "测试文章",
          content: body(text),
          thumb: "",
          author: "测试",
          hot: false,
          status,
          createdAt,
          tags: ["测试标签"],
        })
        .then((id) => {
          ids[key] = id;
        });
    // Newest first: a body that merely contains the characters is newer than the title match.
    await save("titleWord", "鲸鱼直播间正式上线", "今天的内容与主题无关。", "2020-01-01T00:00:00.000Z");
    await save("bodyOnly", "一篇普通的行业观察", "海边的蓝鲸鱼群出现在镜头里。", "2020-06-01T00:00:00.000Z");
    await save("split", "另一篇行业观察", "鲸的故事，鱼的故事。", "2020-07-01T00:00:00.000Z");
    await save(
      "fragment",
      "政策解读合集",
      "监管部门发布了新政策的细则，商家需要注意。",
      "2020-03-01T00:00:00.000Z",
    );
    await save("draft", "鲸鱼草稿不应出现", "鲸鱼", "2020-08-01T00:00:00.000Z", "draft");
    await save(
      "ascii",
      "Zebrax 增长背后的 AI 工具",
      "品牌用Qwertyx工具提升 GMV。",
      "2020-02-01T00:00:00.000Z",
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  const search = async (kw: string, page = 1, pageSize = 10) => {
    const k = encodeURIComponent(kw);
    const list = await s.get<{ result: ArticleSummary[] }>(
      `/api/product/content/searchArticleByKeyword?keyword=${k}&page=${page}&pageSize=${pageSize}`,
    );
    const count = await s.get<{ result: number }>(
      `/api/product/content/searchArticleByKeywordCount?keyword=${k}`,
    );
    expect(list.status).toBe(200);
    expect(count.status).toBe(200);
    return { ids: list.body.data.result.map((a) => a.contentId), count: count.body.data.result };
  };

  it("ranks a title with the whole word above a body that merely contains it", async () => {
    const r = await search("鲸鱼");
    expect(r.ids).toEqual([ids.titleWord, ids.bodyOnly]);
    expect(r.count).toBe(2);
  });

  it("finds fragments that straddle words, like LIKE '%kw%'", async () => {
    expect((await search("政策的细")).ids).toEqual([ids.fragment]);
    expect((await search("布了新政")).ids).toEqual([ids.fragment]);
  });

  it("does not match characters separated by punctuation", async () => {
    expect((await search("鲸的故事")).ids).toEqual([ids.split]);
    expect((await search("故事鱼")).ids).toEqual([]);
  });

  it("matches one character in titles", async () => {
    const r = await search("鲸");
    expect(r.ids).toContain(ids.titleWord);
    expect(r.ids).not.toContain(ids.bodyOnly);
  });

  it("matches ASCII words whole and case-insensitively", async () => {
    expect((await search("ZEBRAX")).ids).toEqual([ids.ascii]);
    expect((await search("qwertyx工具")).ids).toEqual([ids.ascii]);
    expect((await search("Zebrax 工具")).ids).toEqual([ids.ascii]);
    expect((await search("zebr")).ids).toEqual([]);
  });

  it("treats SQL- and query-syntax-looking keywords as text", async () => {
    for (const kw of [
      "' OR 1=1 --",
      '"鲸鱼" OR *',
      "NEAR(鲸鱼 直播)",
      "t_words:鲸鱼",
      "%",
      "_",
      ";DROP TABLE articles;",
    ]) {
      const r = await search(kw);
      expect(Array.isArray(r.ids)).toBe(true);
      expect(r.ids.length).toBe(Math.min(r.count, 10));
    }
    expect((await search("   ")).count).toBe(0);
    expect((await search("")).count).toBe(0);
  });

  it("agrees with a LIKE scan of the published articles for two-character keywords", async () => {
    const { db } = s.services.database;
    for (const kw of ["直播", "商家", "政策", "品牌"]) {
      const like = await db
        .selectFrom("articles")
        .select("id")
        .where("status", "=", "published")
        .where((eb) =>
          eb.or([
            eb("title", "like", `%${kw}%`),
            eb("intro", "like", `%${kw}%`),
            eb("content", "like", `%${kw}%`),
          ]),
        )
        .execute();
      const r = await search(kw);
      expect(r.count, kw).toBe(like.length);
    }
  });

  it("pages through ranked results without gaps or repeats", async () => {
    const { count } = await search("商家");
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(count / 7); page++)
      seen.push(...(await search("商家", page, 7)).ids);
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
  });

  it("keeps the ranked order when the pages start inside or beyond a tier", async () => {
    for (const kw of ["鲸鱼", "商家", "政策", "工具"]) {
      const first = (await search(kw, 1, 40)).ids;
      const ones: number[] = [];
      const threes: number[] = [];
      for (let page = 1; page <= first.length; page++) ones.push(...(await search(kw, page, 1)).ids);
      for (let page = 1; page <= Math.ceil(first.length / 3); page++)
        threes.push(...(await search(kw, page, 3)).ids);
      expect(ones, kw).toEqual(first);
      expect(threes.slice(0, first.length), kw).toEqual(first);
    }
  });

  it("follows edits: unpublishing removes an article from the results", async () => {
    const id = ids.bodyOnly!;
    await s.services.content.saveArticle(
      {
        columnId: 5,
        title: "一篇普通的行业观察",
        intro: "测试文章",
        content: body("海边的蓝鲸鱼群出现在镜头里。"),
        thumb: "",
        author: "测试",
        hot: false,
        status: "draft",
        createdAt: "2020-06-01T00:00:00.000Z",
        tags: [],
      },
      id,
    );
    expect((await search("鲸鱼")).ids).toEqual([ids.titleWord]);
  });
});
