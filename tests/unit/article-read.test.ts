import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db";
import type { Services } from "../../server/services";
import { templateServices, watchStatements } from "../helpers/services";

/**
 * The read behind every article page, on an analysed SQLite database (docs/architecture.md, "Render
 * cost"): once ANALYZE has written STAT4 samples, SQLite compiles a statement again on every run
 * where a bound value could change its plan. The article's reads bind nothing but its id.
 */
describe("an article's read on an analysed SQLite database", () => {
  let database: Database;
  let services: Services;
  let close: () => Promise<void> = async () => {};
  type Run = { sql: string; args: unknown[] };
  let runs: Run[] = [];
  let restore: () => void = () => {};

  beforeAll(async () => {
    ({ database, services, close } = await templateServices("article-read-", (raw) => {
      raw.exec("ANALYZE");
      expect(raw.prepare("select count(*) as n from sqlite_stat4").get()).not.toEqual({ n: 0 });
    }));
    // Every statement the connection runs, with the values bound to it.
    restore = watchStatements(database.sqlite!, (sql, args) => runs.push({ sql, args }));
  });

  afterAll(async () => {
    restore();
    await close();
  });

  it("binds the id and nothing else, and lists the tags in the editor's order", async () => {
    const raw = database.sqlite!;
    const ids = (
      raw
        .prepare("select article_id as id from article_tags group by article_id having count(*) > 1 limit 3")
        .all() as { id: number }[]
    ).map((r) => r.id);
    expect(ids.length).toBe(3);
    for (const id of ids) {
      runs = [];
      const article = await services.content.detail(id);
      // Its row and its tags, each bound to the id alone.
      expect(runs).toHaveLength(2);
      for (const run of runs) expect(run.args).toEqual([id]);
      const expected = raw
        .prepare(
          "select t.id, t.name from article_tags at join tags t on t.id = at.tag_id where at.article_id = ? order by at.position",
        )
        .all(id) as { id: number; name: string }[];
      expect(article.contentId).toBe(id);
      expect(article.tagList).toEqual(expected.map((t) => ({ tagId: t.id, tagName: t.name })));
    }
  });

  it("answers not found for an article that is not published, and shows it to a preview", async () => {
    const raw = database.sqlite!;
    const { id } = raw.prepare("select id from articles order by id limit 1").get() as { id: number };
    raw.prepare("update articles set status = 'draft' where id = ?").run(id);
    await expect(services.content.detail(id)).rejects.toMatchObject({ status: 404 });
    expect((await services.content.detail(id, { anyStatus: true })).contentId).toBe(id);
    raw.prepare("update articles set status = 'published' where id = ?").run(id);
    expect((await services.content.detail(id)).contentId).toBe(id);
  });
});
