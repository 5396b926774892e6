import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDataTable, TABLE_ORDER } from "../../server/backup/database";
import { type Database, openDatabase } from "../../server/db";
import { MIGRATION_NAMES } from "../../server/db/migrate";

/**
 * The two lists a new table must join (docs/how-to.md, "a console resource"): the migrations the
 * server runs, and the backup's table order. A table the backup does not know would be copied last
 * by a cross-engine restore, after the rows that point at it.
 */
describe("the lists a new table joins", () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-lists-"));
    database = await openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("every migration file is one the server runs", () => {
    const files = fs
      .readdirSync(path.join(import.meta.dirname, "../../server/db/migrations"))
      .filter((f) => f.endsWith(".ts"))
      .map((f) => f.replace(/\.ts$/, ""))
      .sort();
    expect(MIGRATION_NAMES).toEqual(files);
  });

  it("every data table of a migrated database is in the backup's TABLE_ORDER, and no other", () => {
    const tables = (
      database.sqlite!.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
        name: string;
      }[]
    )
      .map((r) => r.name)
      .filter(isDataTable)
      .sort();
    expect(tables.filter((t) => !TABLE_ORDER.includes(t))).toEqual([]);
    expect([...TABLE_ORDER].sort()).toEqual(tables);
  });
});
