// node scripts/run-ts.mjs bench/import.ts (after `npm run build`): a WordPress import of 10,000
// generated posts (no pictures) into an empty site, on SQLite and on PostgreSQL when one answers:
// posts a second, the time of every thousand as the database grows, and how much the process's
// memory grew. Then the built server on the imported SQLite site: old addresses answering 301
// against a stored article page, with wrk. Budgets (bench/README.md "Import"): at least 200 posts/s,
// at most 300 MB of RSS growth, redirects at least as fast as the stored page.
import "../server/private-umask";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../server/db";
import { createContentService } from "../server/entities/articles";
import { createImports } from "../server/import/jobs";
import { createLogger } from "../server/logger";
import { createSearchIndex } from "../server/search";
import { createContentEvents } from "../server/services/content-events";
import { createRedirects } from "../server/services/redirects";
import { copyBuild, fail, ROOT, startApp, waitFor, wrk } from "../tools/kit";
import { writeWxr } from "../tools/wxr";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const PG_ADMIN = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = 18_420;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BUDGET = { postsPerSecond: 200, rssGrowthMb: 300 };

const mb = (n: number) => Math.round(n / 1024 / 1024);

async function pgQuery(q: string) {
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

async function importInto(database: Database, dataDir: string, file: string) {
  const logger = createLogger("warn");
  const events = createContentEvents({ logger });
  const redirects = createRedirects({ database, events, logger });
  const content = createContentService(database, createSearchIndex(database), events);
  const perThousand: number[] = [];
  let mark = performance.now();
  const imports = createImports({
    database,
    content,
    redirects,
    events,
    logger,
    dataDir,
    wechat: () => Promise.reject(new Error("unused")),
    onItem: (n) => {
      if (n % 1000 === 0) {
        const now = performance.now();
        perThousand.push(Math.round(now - mark));
        mark = now;
      }
    },
  });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 100);
  const started = performance.now();
  const job = await imports.runFile(file, { by: "bench" });
  const ms = performance.now() - started;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  if (job.status !== "done" || job.created !== POSTS)
    throw new Error(`import ended ${job.status}: ${job.error} (${job.created} created)`);
  return {
    posts: job.created,
    seconds: Math.round(ms / 100) / 10,
    postsPerSecond: Math.round((POSTS / ms) * 1000),
    /** milliseconds for each thousand posts, in order: how the time grows with the database */
    msPerThousand: perThousand,
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(rssPeak),
    rssGrowthMb: mb(rssPeak - rssBefore),
  };
}

async function main() {
  // Inside the repository: the copied build resolves its packages from node_modules.
  fs.mkdirSync(path.join(ROOT, "bench", "data"), { recursive: true });
  const work = fs.mkdtempSync(path.join(ROOT, "bench", "data", "import-"));
  const results: Record<string, unknown> = {
    posts: POSTS,
    at: new Date().toISOString(),
    budget: BUDGET,
    // The machine is shared: its load (1-minute average, 2 cores here) while this ran.
    loadAverageAtStart: os.loadavg()[0],
  };
  try {
    const file = path.join(work, "export.xml");
    await writeWxr(file, { posts: POSTS });
    results.exportMb = Math.round((fs.statSync(file).size / 1024 / 1024) * 10) / 10;

    // SQLite: an empty site of its own.
    const sqliteDir = path.join(work, "sqlite");
    fs.mkdirSync(sqliteDir);
    const sqlite = await openDatabase({ dataDir: sqliteDir });
    results.sqlite = await importInto(sqlite, sqliteDir, file);
    await sqlite.close();
    console.log("sqlite", results.sqlite);

    // PostgreSQL, when one answers.
    const dbName = `dsn_bench_import_${process.pid}`;
    try {
      await pgQuery(`CREATE DATABASE ${dbName}`);
    } catch {
      results.postgres = "skipped: no PostgreSQL on 127.0.0.1:5432";
    }
    if (!results.postgres) {
      try {
        const u = new URL(PG_ADMIN);
        u.pathname = `/${dbName}`;
        const pgDir = path.join(work, "pg");
        fs.mkdirSync(pgDir);
        const database = await openDatabase({ databaseUrl: u.toString(), dataDir: pgDir });
        results.postgres = await importInto(database, pgDir, file);
        await database.close();
        console.log("postgres", results.postgres);
      } finally {
        await pgQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      }
    }

    // The built server on the imported SQLite site: an old address against a stored article page.
    const buildDir = await copyBuild(work);
    const app = startApp({ buildDir, dataDir: sqliteDir, port: PORT, seed: false });
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/healthz`);
    const article = `/articledetail/${Math.floor(POSTS / 2)}`;
    for (let i = 0; i < 3; i++) await fetch(base + article);
    const old = `/archives/${1000 + Math.floor(POSTS / 2) - 1}`;
    const check = await fetch(base + old, { redirect: "manual" });
    if (check.status !== 301) throw new Error(`${old} answered ${check.status}, not 301`);
    const rounds: { page: number; redirect: number; pageP99: number; redirectP99: number }[] = [];
    for (let round = 0; round < 2; round++) {
      const page = await wrk(base, [article], SECONDS);
      const redirect = await wrk(base, [old], SECONDS);
      rounds.push({ page: page.rps, redirect: redirect.rps, redirectP99: redirect.p99, pageP99: page.p99 });
    }
    app.kill("SIGTERM");
    const best = (k: "page" | "redirect") => Math.max(...rounds.map((r) => r[k]));
    results.http = {
      storedArticlePageRps: best("page"),
      redirectRps: best("redirect"),
      ratio: Math.round((best("redirect") / best("page")) * 100) / 100,
      rounds,
      note: "wrk, one path each, rounds alternating; 301 from the serving layer before the response store",
    };
    console.log("http", results.http);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  results.loadAverageAtEnd = os.loadavg()[0];
  const out = path.join(ROOT, "bench", "results", "import-latest.json");
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`written to ${path.relative(ROOT, out)}`);
}

main().catch(fail);
