import fs from "node:fs";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErasureDone } from "../../contract/privacy";
import { createLogger } from "../../server/logger";
import { createRetention } from "../../server/services/retention";
import { type AdminClient, firstAdmin } from "../../tools/admin-client";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * An erasure proves it reached SQLite's WAL (docs/product.md "Personal data"): while another
 * connection reads (held here by an open read transaction, as a `VACUUM INTO` backup holds one) the
 * WAL cannot be emptied, and the console's erasure says `scrubbed: false` instead of success; the
 * mobile number is then still in the files. Once the reader is gone the scrub completes: at the
 * next call, or within the same call when the reader ends while it waits. Success is checked in
 * the bytes of the database and WAL files. SQLite only: PostgreSQL vacuums instead (retention.test.ts).
 */

let seq = 0;

async function lead(url: string, phone: string) {
  const res = await fetch(`${url}/api/mcn/insertMcnExpert`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.62.0.${++seq}` },
    body: JSON.stringify({ name: "赵六", phone }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("erasure and SQLite's WAL", () => {
  let s: TestServer;
  let admin: AdminClient;
  let file: string;
  const readers: SQLite.Database[] = [];

  /** A second connection in a read transaction: the WAL cannot be truncated while it lasts. */
  function holdReader(): SQLite.Database {
    const reader = new SQLite(file, { readonly: true });
    readers.push(reader);
    reader.exec("BEGIN");
    reader.prepare("SELECT count(*) FROM mcn_leads").get();
    return reader;
  }

  /** Which of the database files hold the bytes of `text`. */
  const filesHolding = (text: string) =>
    ["", "-wal"].filter((suffix) => {
      const f = `${file}${suffix}`;
      return fs.existsSync(f) && fs.readFileSync(f).includes(Buffer.from(text));
    });

  const erase = (mobile: string) => admin.req<ErasureDone>("POST", "/api/admin/privacy/erasure", { mobile });

  beforeAll(async () => {
    s = await startTestServer("sqlite");
    file = s.services.database.sqlite!.name;
    admin = await firstAdmin(s.url);
  });
  afterAll(async () => {
    for (const r of readers) if (r.open) r.close();
    await s?.close();
  });

  it("does not claim success while a reader holds the WAL; the next call finishes the scrub", async () => {
    const mobile = "13655501234";
    await lead(s.url, mobile);
    expect(filesHolding(mobile)).toContain("-wal");
    const reader = holdReader();

    const held = await erase(mobile);
    expect(held.status).toBe(200);
    expect(held.body.data).toEqual({ orders: 0, leads: 1, files: 0, scrubbed: false });
    // the rows are erased, the WAL still holds the number
    const row = s.services.database.sqlite!.prepare(
      "SELECT phone FROM mcn_leads WHERE phone LIKE '136****1234'",
    );
    expect(row.all()).toHaveLength(1);
    expect(filesHolding(mobile)).toContain("-wal");

    reader.exec("COMMIT");
    reader.close();
    const again = await erase(mobile);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ orders: 0, leads: 0, files: 0, scrubbed: true });
    expect(filesHolding(mobile)).toEqual([]);
  }, 60_000);

  it("a reader that ends while the erasure waits lets the same call finish", async () => {
    const mobile = "13655505678";
    await lead(s.url, mobile);
    const reader = holdReader();

    let settled = false;
    const pending = erase(mobile).finally(() => {
      settled = true;
    });
    // The rows are erased (seen by a third connection) while the call still waits for the WAL.
    const watcher = new SQLite(file, { readonly: true });
    readers.push(watcher);
    await expect
      .poll(() => watcher.prepare("SELECT count(*) AS n FROM mcn_leads WHERE phone = ?").get(mobile))
      .toEqual({ n: 0 });
    expect(settled).toBe(false);
    expect(filesHolding(mobile)).toContain("-wal");

    reader.exec("COMMIT");
    reader.close();
    const done = await pending;
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ orders: 0, leads: 1, files: 0, scrubbed: true });
    watcher.close();
    expect(filesHolding(mobile)).toEqual([]);
  }, 60_000);

  it("an unfinished scrub is retried in the background until it succeeds", async () => {
    const mobile = "13655509999";
    await lead(s.url, mobile);
    const reader = holdReader();
    // the same service with short waits, on the server's connection
    const retention = createRetention({
      database: s.services.database,
      dataDir: s.services.config.DATA_DIR,
      logger: createLogger("silent"),
      days: 365,
      scrubWaitMs: 100,
      scrubRetryMs: 200,
    });
    try {
      const r = await retention.eraseForMobile(mobile, { userId: null, username: "test" });
      expect(r).toMatchObject({ leads: 1, scrubbed: false });
      expect(filesHolding(mobile)).toContain("-wal");
      reader.exec("COMMIT");
      reader.close();
      // no further call: the retry timer empties the WAL
      await expect.poll(() => filesHolding(mobile)).toEqual([]);
    } finally {
      retention.stop();
    }
  }, 60_000);
});
