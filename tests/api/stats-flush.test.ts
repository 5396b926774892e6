import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStats } from "../../server/services/stats";
import { type Engine, engines, startTestServer, type TestServer } from "../helpers/server";

/**
 * Article views are kept in memory and written every few seconds. A busy site reads thousands of
 * distinct articles between two writes: the write adds every count exactly once, and the pages
 * served meanwhile are not held up until it ends.
 */
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
    const rows = await db.selectFrom("articles").select(["id", "view_count"]).execute();
    expect(rows.length).toBeGreaterThan(0);
    const before = new Map(rows.map((r) => [r.id, Number(r.view_count)]));
    const silent = { warn() {}, info() {}, error() {} } as never;
    const stats = createStats({ database: s.services.database, logger: silent, flushMs: 3_600_000 });
    // Every article read a few times, and thousands of ids the site does not have (a flood of
    // made-up ids counts nowhere, but costs a write each): the flush has real work to do.
    for (const r of rows) for (let k = 0; k < (r.id % 3) + 1; k++) stats.viewed(r.id);
    for (let id = 1_000_000; id < 1_015_000; id++) stats.viewed(id);

    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    const started = performance.now();
    await stats.flush();
    const took = performance.now() - started;
    clearInterval(tick);
    await stats.close();

    const after = await db.selectFrom("articles").select(["id", "view_count"]).execute();
    for (const r of after)
      expect(Number(r.view_count), `article ${r.id}`).toBe(before.get(r.id)! + (r.id % 3) + 1);
    // A write this long (15,000 rows and more) gave timers their turns on the way.
    if (took > 50) expect(turns).toBeGreaterThan(1);
  });

  it.runIf(engine === "sqlite")(
    "after a failed write, puts back only what was not written, so nothing is counted twice",
    async () => {
      const { db } = s.services.database;
      const { sqlite } = s.services.database;
      const read = async () =>
        new Map(
          (await db.selectFrom("articles").select(["id", "view_count"]).execute()).map((r) => [
            r.id,
            Number(r.view_count),
          ]),
        );
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
