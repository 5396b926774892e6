import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db";

/**
 * Two connections write to one SQLite file: the request thread and a script (or, before, a render
 * thread). A transaction that reads and then writes must not fail because the other wrote in between.
 */
describe("SQLite transactions beside another writer", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-writers-"));
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a read-then-write transaction waits for the other writer instead of failing", async () => {
    database = await openDatabase({ dataDir: dir });
    const { db } = database;
    const row = (keyword: string) => ({
      day: "2026-11-27",
      keyword,
      searches: 1,
      zero_results: 0,
      last_result_count: 1,
    });

    // The other writer: a process of its own, which says when it is about to write.
    const script = `
      const SQLite = require("better-sqlite3");
      const db = new SQLite(process.argv[1]);
      db.pragma("busy_timeout = 10000");
      process.stdout.write("ready\\n");
      db.prepare("INSERT INTO search_log (day, keyword, searches, zero_results, last_result_count) VALUES ('2026-11-27', 'other', 1, 0, 1)").run();
      process.stdout.write("wrote\\n");
    `;
    let exited: Promise<number | null> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom("search_log").selectAll().execute();
      const other = spawn(process.execPath, ["-e", script, path.join(dir, "site.db")], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      let out = "";
      other.stdout!.on("data", (d) => {
        out += d;
      });
      exited = new Promise<number | null>((r) => other.on("exit", r));
      // Until the other has written, or a second after it started to: with a deferred BEGIN it
      // commits at once and this transaction's write below fails; with the write lock taken up
      // front it waits for this commit instead.
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (out.includes("wrote") || other.exitCode !== null) {
            clearInterval(check);
            resolve();
          } else if (out.includes("ready")) {
            clearInterval(check);
            setTimeout(resolve, 1000);
          }
        }, 20);
      });
      await trx.insertInto("search_log").values(row("mine")).execute();
    });
    // The other writer got its turn after the commit.
    expect(await exited).toBe(0);
    const keywords = (await db.selectFrom("search_log").select("keyword").execute()).map((r) => r.keyword);
    expect(keywords.sort()).toEqual(["mine", "other"]);
  }, 60_000);
});
