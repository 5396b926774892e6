import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db";
import { compiledOnce } from "../../server/db/compiled";

describe("compiledOnce", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compiled-query-"));
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: dir });
    await database.db
      .insertInto("columns")
      .values([
        { id: 901, name: "甲栏", sort_order: 1, created_at: "2026-11-27T00:00:00.000Z" },
        { id: 902, name: "乙栏", sort_order: 2, created_at: "2026-11-27T00:00:00.000Z" },
      ])
      .execute();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("runs the query compiled once with each call's own values", async () => {
    const { db } = database;
    const byIdAndName = compiledOnce(db, (id: number, name: string) =>
      db.selectFrom("columns").select(["id", "name"]).where("id", "=", id).where("name", "=", name),
    );
    expect((await byIdAndName(901, "甲栏")).rows).toEqual([{ id: 901, name: "甲栏" }]);
    expect((await byIdAndName(902, "乙栏")).rows).toEqual([{ id: 902, name: "乙栏" }]);
    // The values of one call never stay for the next.
    expect((await byIdAndName(902, "甲栏")).rows).toEqual([]);
  });

  it("keeps the constant values the query was built with", async () => {
    const { db } = database;
    const named = compiledOnce(db, (id: number) =>
      db.selectFrom("columns").select("id").where("name", "=", "乙栏").where("id", "=", id),
    );
    expect((await named(902)).rows).toEqual([{ id: 902 }]);
    expect((await named(901)).rows).toEqual([]);
  });

  it("refuses a query that drops or repeats a placeholder", () => {
    const { db } = database;
    expect(() => compiledOnce(db, (_id: number) => db.selectFrom("columns").select("id"))).toThrow(
      /exactly once/,
    );
    expect(() =>
      compiledOnce(db, (id: number) =>
        db.selectFrom("columns").select("id").where("id", "=", id).where("sort_order", "=", id),
      ),
    ).toThrow(/exactly once/);
  });
});
