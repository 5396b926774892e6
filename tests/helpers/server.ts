import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import type { Envelope } from "../../contract/envelope";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { type RunningServer, startServer } from "../../server/server";
import { pgAdmin, pgUrl } from "../../tools/databases";

export type Engine = "sqlite" | "postgres";

/** The engines to run API tests on: SQLite always, PostgreSQL when a server was reachable. */
export function engines(): Engine[] {
  return inject("pgTemplate") ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestServer extends RunningServer {
  get<T = unknown>(pathAndQuery: string, init?: RequestInit): Promise<{ status: number; body: Envelope<T> }>;
}

/**
 * The real server on a random port, on a private copy of the seeded template database.
 * `env` overrides configuration (e.g. WECHAT_API_BASE of a fake WeChat).
 */
export async function startTestServer(
  engine: Engine,
  opts: { env?: Record<string, string>; fetch?: typeof fetch; buildDir?: string } = {},
): Promise<TestServer> {
  const dataDir = inject("dataDir");
  const id = `${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  let sqlitePath: string | undefined;
  let databaseUrl: string | undefined;
  let dropDb: string | undefined;
  if (engine === "sqlite") {
    sqlitePath = path.join(dataDir, `worker-${id}.db`);
    fs.copyFileSync(inject("sqliteTemplate"), sqlitePath);
  } else {
    const template = inject("pgTemplate");
    if (!template) throw new Error("no PostgreSQL template");
    dropDb = `dsn_w_${id}`;
    await pgAdmin((c) => c.query(`CREATE DATABASE ${dropDb} TEMPLATE ${template}`));
    databaseUrl = pgUrl(dropDb);
  }
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    // Tests count renders and cache states: the warmer's own tests turn it on.
    CACHE_WARM: "0",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...opts.env,
  });
  const running = await startServer({
    config,
    logger: createLogger("silent"),
    sqlitePath,
    fetch: opts.fetch,
    buildDir: opts.buildDir,
  });
  return {
    ...running,
    async get<T>(pathAndQuery: string, init?: RequestInit) {
      const res = await fetch(running.url + pathAndQuery, init);
      const text = await res.text();
      let body: Envelope<T>;
      try {
        body = JSON.parse(text) as Envelope<T>;
      } catch {
        throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
      }
      return { status: res.status, body };
    },
    async close() {
      await running.close();
      if (sqlitePath)
        for (const f of [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`]) fs.rmSync(f, { force: true });
      if (dropDb) {
        const name = dropDb;
        await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      }
    },
  };
}

/** The build under test: build/, or a private copy (TEST_BUILD_DIR) that a concurrent rebuild cannot change. */
export const BUILD_DIR = path.resolve(process.env.TEST_BUILD_DIR ?? "build");

/** Whether the production build is there (build/server/site/index.js under BUILD_DIR). */
const buildPresent = () => fs.existsSync(path.join(BUILD_DIR, "server", "site", "index.js"));

/**
 * For a file whose tests need the production build and skip without it: whether it is there. When
 * it is not, the file says so in the run's output (`what` names the tests skipped), and under CI,
 * where `npm test` has just built it, that is an error, as a missing PostgreSQL or Redis is.
 */
export function needsBuild(what: string): boolean {
  if (buildPresent()) return true;
  if (process.env.CI) throw new Error(`CI needs the production build (npm test makes it): ${what}`);
  console.warn(
    `\n[note] no production build in ${BUILD_DIR} (run \`npm run build\`): ${what} are skipped.\n`,
  );
  return false;
}

/** The production build served by the real server on a copy of the seeded database. */
export async function startSite(
  engine: Engine = "sqlite",
  env: Record<string, string> = {},
): Promise<TestServer> {
  if (!buildPresent()) {
    throw new Error("no production build: run `npm run build` first (npm test does)");
  }
  return startTestServer(engine, { buildDir: BUILD_DIR, env });
}
