import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleChange } from "../../contract/cache-tags";
import type { Database } from "../../server/db";
import type { Services } from "../../server/services";
import { templateServices, watchStatements } from "../helpers/services";

/**
 * The counts of published articles the home and column pages paginate by are kept per
 * content-change version (docs/architecture.md, "Content changes"): counted once, and counted
 * again after any change, made here or heard from another instance.
 */
describe("published-article counts", () => {
  let database: Database;
  let services: Services;
  let close: () => Promise<void> = async () => {};
  let counts = 0;
  let restore: () => void = () => {};
  const truth = (columnId?: number) =>
    (
      database
        .sqlite!.prepare(
          `select count(*) as n from articles where status = 'published'${columnId === undefined ? "" : " and column_id = ?"}`,
        )
        .get(...(columnId === undefined ? [] : [columnId])) as { n: number }
    ).n;

  beforeAll(async () => {
    ({ database, services, close } = await templateServices("article-counts-"));
    // Counts of articles the connection runs (this test's own `truth` reads are not counted).
    restore = watchStatements(database.sqlite!, (sql) => {
      if (/count\(\*\)/i.test(sql) && /from "articles"/.test(sql)) counts++;
    });
  });

  afterAll(async () => {
    restore();
    await close();
  });

  const input = (columnId: number, status: "published" | "draft") => ({
    columnId,
    title: "计数测试文章",
    intro: "摘要",
    content: "<p>正文</p>",
    thumb: "",
    author: "编辑",
    hot: false,
    status,
    createdAt: new Date().toISOString(),
    tags: [],
  });

  it("counts once per content version, in all and by column", async () => {
    const column = (await services.content.columns())[0]!.columnId;
    counts = 0;
    expect(await services.content.count()).toBe(truth());
    expect(await services.content.count()).toBe(truth());
    expect(await services.content.count(column)).toBe(truth(column));
    expect(await services.content.count(column)).toBe(truth(column));
    expect(counts).toBe(2);
  });

  it("keeps no more than a site's columns: made-up column ids are counted each time", async () => {
    await services.content.count();
    for (let id = 100_000; id < 100_300; id++) expect(await services.content.count(id)).toBe(0);
    counts = 0;
    expect(await services.content.count(100_299)).toBe(0);
    expect(await services.content.count()).toBe(truth());
    expect(counts).toBe(1);
  });

  it("shows a publish, a return to draft and a removal at once", async () => {
    const column = (await services.content.columns())[1]!.columnId;
    const all = await services.content.count();
    const inColumn = await services.content.count(column);

    const id = await services.content.saveArticle(input(column, "published"));
    expect(await services.content.count()).toBe(all + 1);
    expect(await services.content.count(column)).toBe(inColumn + 1);

    await services.content.saveArticle(input(column, "draft"), id);
    expect(await services.content.count()).toBe(all);
    expect(await services.content.count(column)).toBe(inColumn);

    await services.content.saveArticle(input(column, "published"), id);
    expect(await services.content.count(column)).toBe(inColumn + 1);
    await services.content.remove(id);
    expect(await services.content.count()).toBe(all);
    expect(await services.content.count(column)).toBe(inColumn);
    expect(await services.content.count()).toBe(truth());
  });

  it("counts again after a change heard from another instance", async () => {
    const before = await services.content.count();
    // Another instance unpublished an article: the row changed under this one, which hears of it.
    const { id } = database
      .sqlite!.prepare("select id from articles where status = 'published' order by id limit 1")
      .get() as { id: number };
    database.sqlite!.prepare("update articles set status = 'draft' where id = ?").run(id);
    expect(await services.content.count()).toBe(before);
    services.events.apply(articleChange(id));
    expect(await services.content.count()).toBe(before - 1);
  });
});
