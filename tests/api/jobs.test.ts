import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Database, openDatabase } from "../../server/db";
import { retryAt } from "../../server/jobs/backoff";
import { claim, holdLease, release } from "../../server/jobs/lease";
import { createJobRunner } from "../../server/jobs/runner";
import { createLogger } from "../../server/logger";
import { pgAdmin, pgUrl } from "../../tools/databases";
import { engines } from "../helpers/server";

/** The job runner's parts (server/jobs/): claims, leases, backoff, timeouts and stop, on both engines. */

const logger = createLogger("silent");

describe("backoff", () => {
  const waits = [1000, 5000];
  it("waits its turn's delay, later by up to a tenth at random", () => {
    expect(retryAt(1, waits, 0, () => 0)!.getTime()).toBe(1000);
    expect(retryAt(1, waits, 0, () => 0.999)!.getTime()).toBe(1100);
    expect(retryAt(2, waits, 0, () => 0.5)!.getTime()).toBe(5250);
  });
  it("gives up once every wait is used (the cap on attempts)", () => {
    expect(retryAt(3, waits, 0)).toBeNull();
  });
});

describe("runner", () => {
  it("asks a run that passes its time to stop, and looks again later", async () => {
    const runner = createJobRunner(logger);
    let reason: unknown;
    const loop = runner.add({
      name: "slow",
      everyMs: 0,
      timeoutMs: 20,
      idle: "idle",
      run: ({ signal }) =>
        new Promise<string>((resolve) => {
          signal.addEventListener("abort", () => {
            reason = signal.reason;
            resolve("stopped at a safe point");
          });
        }),
    });
    expect(await loop.tick()).toBe("stopped at a safe point");
    expect((reason as Error).name).toBe("TimeoutError");
    await runner.stop();
  });

  it("shares a look in progress, and a kick runs once more after it", async () => {
    const runner = createJobRunner(logger);
    let runs = 0;
    let open!: () => void;
    const loop = runner.add({
      name: "count",
      everyMs: 0,
      idle: 0,
      run: async () => {
        runs++;
        if (runs === 1) await new Promise<void>((r) => (open = r));
        return runs;
      },
    });
    const a = loop.tick();
    const b = loop.tick();
    expect(a).toBe(b);
    loop.kick();
    open();
    expect(await a).toBe(1);
    await expect.poll(() => runs).toBe(2);
    await runner.stop();
  });

  it("stops: waits for the run in progress, then lets the kinds close; no look after", async () => {
    const runner = createJobRunner(logger);
    const events: string[] = [];
    let open!: () => void;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const loop = runner.add({
      name: "gate",
      everyMs: 0,
      idle: "idle",
      run: async ({ signal }) => {
        started();
        await new Promise<void>((r) => (open = r));
        events.push(`run ended (aborted: ${signal.aborted})`);
        return "ran";
      },
      stopped: () => {
        events.push("closed");
      },
    });
    const spawned = runner.spawn("one-off", async (signal) => {
      await new Promise<void>((r) => signal.addEventListener("abort", () => r()));
      events.push("spawned ended");
    });
    const look = loop.tick();
    await running;
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await spawned;
    expect(stopped).toBe(false);
    open();
    expect(await look).toBe("ran");
    await stopping;
    expect(events).toEqual(["spawned ended", "run ended (aborted: true)", "closed"]);
    expect(await loop.tick()).toBe("idle");
  });
});

describe.each(engines())("leased rows on %s", (engine) => {
  let dir: string;
  let dbName: string | undefined;
  let a: Database;
  let b: Database;
  let article = 1000;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(inject("dataDir"), "jobs-"));
    let databaseUrl: string | undefined;
    const sqlitePath = path.join(dir, "site.db");
    if (engine === "sqlite") fs.copyFileSync(inject("sqliteTemplate"), sqlitePath);
    else {
      dbName = `dsn_jobs_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
      await pgAdmin((c) => c.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject("pgTemplate")}`));
      databaseUrl = pgUrl(dbName);
    }
    // Two instances on one database.
    a = await openDatabase({ dataDir: dir, databaseUrl, sqlitePath });
    b = await openDatabase({ dataDir: dir, databaseUrl, sqlitePath, migrate: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (dbName) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A pending sync row, due now. */
  async function job(): Promise<number> {
    const at = new Date().toISOString();
    const r = await a.db
      .insertInto("wechat_sync_jobs")
      .values({
        article_id: article++,
        app_id: "wx-test",
        action: "draft",
        state: "pending",
        step: "pictures",
        title: "t",
        payload: "{}",
        next_attempt_at: at,
        created_by: "test",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(r.id);
  }
  const take = (db: Database, token: string, now?: Date) =>
    claim(db.db, {
      table: "wechat_sync_jobs",
      ready: (eb) => eb("state", "=", "pending"),
      order: ["next_attempt_at", "id"],
      leaseMs: 15_000,
      token,
      now,
    });
  const settle = (id: number) =>
    a.db.updateTable("wechat_sync_jobs").set({ state: "done" }).where("id", "=", id).execute();

  it("gives a due row to one of two instances claiming at once", async () => {
    const id = await job();
    const [x, y] = await Promise.all([take(a, "A"), take(b, "B")]);
    expect([...x, ...y].map((r) => Number(r.id))).toEqual([id]);
    expect(await take(b, "B")).toEqual([]);
    await settle(id);
  });

  it("lets another instance take a row over once its lease ran out, and only the holder release it", async () => {
    const id = await job();
    expect((await take(a, "A")).map((r) => Number(r.id))).toEqual([id]);
    expect(await take(b, "B", new Date(Date.now() + 10_000))).toEqual([]);
    const later = await take(b, "B", new Date(Date.now() + 16_000));
    expect(later.map((r) => [Number(r.id), r.claim_token])).toEqual([[id, "B"]]);
    // The first holder's release no longer touches it.
    await release(a.db, { table: "wechat_sync_jobs", id, token: "A" });
    const row = await a.db
      .selectFrom("wechat_sync_jobs")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.claim_token).toBe("B");
    await release(b.db, { table: "wechat_sync_jobs", id, token: "B" });
    expect((await take(a, "A")).map((r) => Number(r.id))).toEqual([id]);
    await settle(id);
  });

  it("renews the lease while the work runs", async () => {
    const id = await job();
    const [row] = await take(a, "A");
    const first = row!.claimed_until!;
    const held = holdLease(a.db, {
      table: "wechat_sync_jobs",
      id,
      token: "A",
      leaseMs: 60_000,
      everyMs: 20,
      logger,
    });
    await expect
      .poll(async () => {
        const r = await b.db
          .selectFrom("wechat_sync_jobs")
          .select("claimed_until")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        return Date.parse(r.claimed_until!) > Date.parse(first) + 30_000;
      })
      .toBe(true);
    held.stop();
    await settle(id);
  });
});
