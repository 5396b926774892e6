import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db";
import { createLogger } from "../../server/logger";
import { seedIfEmpty } from "../../server/seed";
import { createServices } from "../../server/services";
import { createMemoryKv } from "../../server/services/kv";
import { pgAdmin, pgReachable, pgUrl } from "../../tools/databases";

declare module "vitest" {
  export interface ProvidedContext {
    dataDir: string;
    sqliteTemplate: string;
    pgTemplate: string | null;
  }
}

/** Migrate and seed each engine once into a template; every test file copies it (epic-stack style). */
async function buildTemplate(dataDir: string, databaseUrl: string | undefined, sqlitePath?: string) {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" });
  const database = await openDatabase({ databaseUrl, dataDir, sqlitePath });
  const services = createServices({
    config,
    database,
    logger: createLogger("silent"),
    kv: createMemoryKv(),
  });
  await seedIfEmpty(services);
  if (database.sqlite) database.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  await database.close();
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dsn-test-"));
  const sqliteTemplate = path.join(dataDir, "template.db");
  await buildTemplate(dataDir, undefined, sqliteTemplate);

  let pgTemplate: string | null = null;
  if (await pgReachable()) {
    pgTemplate = `dsn_tmpl_${process.pid}`;
    await pgAdmin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${pgTemplate}`);
      await c.query(`CREATE DATABASE ${pgTemplate}`);
    });
    await buildTemplate(dataDir, pgUrl(pgTemplate));
  } else if (process.env.CI) {
    throw new Error("CI needs PostgreSQL on 127.0.0.1:5432 (.ci/run starts it)");
  } else {
    console.warn(
      "\n[note] PostgreSQL is not reachable on 127.0.0.1:5432: the PostgreSQL API tests are skipped.\n",
    );
  }

  project.provide("dataDir", dataDir);
  project.provide("sqliteTemplate", sqliteTemplate);
  project.provide("pgTemplate", pgTemplate);

  return async () => {
    if (pgTemplate) {
      const name = pgTemplate;
      await pgAdmin(async (c) => {
        const r = await c.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [
          `dsn_w_${process.pid}_%`,
        ]);
        for (const row of r.rows) await c.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }).catch(() => {});
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
