import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server";

const PATHS = [
  "/api/product/content/list?page=1&pageSize=20",
  "/api/product/content/list?page=3&pageSize=10&columnId=5",
  "/api/product/content/newsList?page=2&pageSize=10",
  "/api/product/content/detail?contentId=7",
  "/api/product/content/getContentListByTagId?tagId=3&page=1&pageSize=10",
  "/api/product/content/searchArticleByKeyword?keyword=%E7%9B%B4%E6%92%AD&page=1&pageSize=20",
  "/api/product/content/searchArticleByKeyword?keyword=%E5%95%86&page=2&pageSize=10",
  "/api/product/content/searchArticleByKeyword?keyword=%E7%9B%B4%E6%92%AD&page=3&pageSize=7",
  "/api/product/content/searchArticleByKeyword?keyword=%E7%9B%B4%E6%92%AD%E7%94%B5%E5%95%86&page=1&pageSize=10",
  "/api/product/content/searchArticleByKeyword?keyword=%E7%94%B5%E5%95%86%20%E7%9B%B4%E6%92%AD&page=2&pageSize=5",
  "/api/product/content/searchArticleByKeyword?keyword=%E5%93%81%E7%89%8C&page=2&pageSize=9",
  "/api/product/content/searchArticleByKeyword?keyword=%E5%95%86%E5%AE%B6&page=5&pageSize=20",
  "/api/product/activity/list?page=1&pageSize=5&columnId=17",
  "/api/product/column/list",
  "/api/product/banner/list?columnId=11&page=1&pageSize=4",
  "/api/product/fliggy/list",
  "/api/product/question/list?menberProfession=NONE&productId=210",
  "/api/product/detail?productId=278",
];

/** The same seeded content read through SQLite and PostgreSQL gives byte-identical answers. */
describe.skipIf(!inject("pgTemplate"))("SQLite and PostgreSQL answer identically", () => {
  let lite: TestServer;
  let pg: TestServer;
  beforeAll(async () => {
    [lite, pg] = await Promise.all([startTestServer("sqlite"), startTestServer("postgres")]);
  });
  afterAll(async () => {
    await Promise.all([lite?.close(), pg?.close()]);
  });

  it.each(PATHS)("%s", async (p) => {
    const [a, b] = await Promise.all([lite.get(p), pg.get(p)]);
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
  });
});
