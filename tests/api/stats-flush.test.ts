import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db";
import { createStats } from "../../server/services/stats";
import { type Engine, engines, startTestServer, type TestServer } from "../helpers/server";

/**
 * Article views are kept in memory and written every few seconds. A busy site reads thousands of
 * distinct articles between two writes: the write adds every count exactly once, and the pages
 * served meanwhile are not held up until it ends.
 */
/** Every article's count of reads (0 for one never counted). */
async function viewCounts(database: Database): Promise<Map<number, number>> {
  const rows = await database.db
    .selectFrom("articles as a")
    .leftJoin("article_views as v", "v.article_id", "a.id")
    .select(["a.id", "v.views"])
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.views ?? 0)]));
}

describe.each(engines())("view counts written in bulk (%s)", (engine: Engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("adds every article's views once, and lets the event loop run while it writes", async () => {
    const { db } = s.services.database;
    const before = await viewCounts(s.services.database);
    expect(before.size).toBeGreaterThan(0);
    const silent = { warn() {}, info() {}, error() {} } as never;
    const stats = createStats({ database: s.services.database, logger: silent, flushMs: 3_600_000 });
    // Every article read a few times, and thousands of ids the site does not have (a flood of
    // made-up ids counts nowhere, but costs a write each): the flush has real work to do.
    for (const id of before.keys()) for (let k = 0; k < (id % 3) + 1; k++) stats.viewed(id);
    for (let id = 1_000_000; id < 1_015_000; id++) stats.viewed(id);

    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    const started = performance.now();
    await stats.flush();
    const took = performance.now() - started;
    clearInterval(tick);
    await stats.close();

    const after = await viewCounts(s.services.database);
    for (const [id, n] of after) expect(n, `article ${id}`).toBe(before.get(id)! + (id % 3) + 1);
    // The made-up ids were counted nowhere: the table of counts holds articles only.
    const strays = await db
      .selectFrom("article_views")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("article_id", ">=", 1_000_000)
      .executeTakeFirstOrThrow();
    expect(Number(strays.n)).toBe(0);
    // A write this long (15,000 rows and more) gave timers their turns on the way.
    if (took > 50) expect(turns).toBeGreaterThan(1);
  });

  it.runIf(engine === "sqlite")(
    "after a failed write, puts back only what was not written, so nothing is counted twice",
    async () => {
      const { db } = s.services.database;
      const { sqlite } = s.services.database;
      const read = () => viewCounts(s.services.database);
      const before = await read();
      const warned: unknown[] = [];
      const logger = { warn: (o: unknown) => warned.push(o), info() {}, error() {} } as never;
      const stats = createStats({ database: s.services.database, logger, flushMs: 3_600_000 });
      for (const id of before.keys()) stats.viewed(id);
      for (let id = 2_000_000; id < 2_001_200; id++) stats.viewed(id);
      stats.searched("写入失败的搜索", 3);
      // The views go in, the searches' transaction fails.
      sqlite!.exec(
        "CREATE TRIGGER fail_search BEFORE INSERT ON search_log BEGIN SELECT RAISE(ABORT, 'disk full'); END",
      );
      await stats.flush();
      expect(warned).toHaveLength(1);
      sqlite!.exec("DROP TRIGGER fail_search");
      await stats.flush();
      await stats.close();
      const after = await read();
      for (const [id, n] of before) expect(after.get(id), `article ${id}`).toBe(n + 1);
      const logged = await db
        .selectFrom("search_log")
        .select("searches")
        .where("keyword", "=", "写入失败的搜索")
        .execute();
      expect(logged.map((r) => Number(r.searches))).toEqual([1]);
    },
  );
});
