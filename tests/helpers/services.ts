import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { Redis } from "ioredis";
import { inject } from "vitest";
import { loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db";
import { createLogger } from "../../server/logger";
import { createServices, type Services } from "../../server/services";
import { createMemoryKv } from "../../server/services/kv";

/**
 * The services in-process, over a private copy of the seeded SQLite template, without a server.
 * `prepare` runs on the database before the services compile their statements (ANALYZE, say).
 */
export async function templateServices(
  prefix: string,
  prepare?: (raw: BetterSqlite3.Database) => void,
): Promise<{ database: Database; services: Services; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const sqlitePath = path.join(dir, "site.db");
  fs.copyFileSync(inject("sqliteTemplate"), sqlitePath);
  const database = await openDatabase({ dataDir: dir, sqlitePath });
  prepare?.(database.sqlite!);
  const services = createServices({
    config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent" }),
    database,
    logger: createLogger("silent"),
    kv: createMemoryKv(),
  });
  return {
    database,
    services,
    async close() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Calls `seen` with every statement a better-sqlite3 connection runs (its SQL and the values bound),
 * until the returned function is called. Statements of every connection in the process are seen.
 */
export function watchStatements(
  raw: BetterSqlite3.Database,
  seen: (sql: string, args: unknown[]) => void,
): () => void {
  const proto = Object.getPrototypeOf(raw.prepare("select 1")) as Record<string, unknown>;
  const saved = new Map<string, unknown>();
  for (const method of ["all", "get", "iterate", "run"]) {
    const original = proto[method] as (...a: unknown[]) => unknown;
    saved.set(method, original);
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      seen(this.source, args);
      return original.apply(this, args);
    };
  }
  return () => {
    for (const [method, original] of saved) proto[method] = original;
  };
}

/** The Redis the production-mode tests share (TEST_REDIS_URL, or the local default). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether that Redis answers: tests of shared state skip, with a visible note, when it does not. */
export async function redisReachable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on("error", () => {});
  try {
    await r.connect();
    return (await r.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
