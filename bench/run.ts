import "../server/private-umask";
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { openDatabase } from "../server/db";
import { createSearchIndex } from "../server/search";
import {
  BenchError,
  CONNECTIONS,
  fail,
  load,
  own,
  ROOT,
  SECONDS,
  startApp as startBuilt,
  waitFor,
} from "../tools/kit";
import { buildSqliteDataset } from "./dataset";

/**
 * Load benchmark of the foundation (see bench/README.md for budgets and results):
 * the built server on a 100,000-article SQLite database against a bare Node http server answering
 * the same bytes, and the keyword index against a LIKE '%kw%' scan of the same database.
 */
const COUNT = Number(process.env.BENCH_ARTICLES ?? 100_000);
const APP_PORT = 3101;
const BARE_PORT = 3102;
const KEYWORDS = (process.env.BENCH_KEYWORDS ?? "直播,跨境,预售").split(",");

function percentile(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

async function timeIt(n: number, fn: () => Promise<unknown> | unknown) {
  const times: number[] = [];
  await fn(); // warm
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build", "app", "main.js")))
    throw new BenchError("no build: run `npm run build` first");
  const dataDir = path.join(ROOT, "bench", "data", `sqlite-${COUNT}`);
  console.info(`dataset: ${COUNT} articles in ${dataDir}`);
  const dbFile = await buildSqliteDataset(dataDir, COUNT);

  // 1. Search index vs LIKE, in-process on the same file: count + first page, as the search page asks.
  const database = await openDatabase({ dataDir, migrate: false });
  const index = createSearchIndex(database);
  const raw = new SQLite(dbFile, { readonly: true });
  const likeCount = raw.prepare(
    "SELECT count(*) n FROM articles WHERE status='published' AND (title LIKE @kw OR intro LIKE @kw OR content LIKE @kw)",
  );
  const likePage = raw.prepare(
    "SELECT id FROM articles WHERE status='published' AND (title LIKE @kw OR intro LIKE @kw OR content LIKE @kw) ORDER BY created_at DESC LIMIT 10",
  );
  const searchRows: Record<string, unknown>[] = [];
  for (const kw of KEYWORDS) {
    const hits = await index.count(kw);
    const likeHits = (likeCount.get({ kw: `%${kw}%` }) as { n: number }).n;
    const ours = await timeIt(50, async () => {
      await index.count(kw);
      await index.search(kw, 0, 10);
    });
    const like = await timeIt(5, () => {
      likeCount.get({ kw: `%${kw}%` });
      likePage.all({ kw: `%${kw}%` });
    });
    searchRows.push({
      keyword: kw,
      hits,
      likeHits,
      indexP50ms: +ours.p50.toFixed(2),
      indexP99ms: +ours.p99.toFixed(2),
      likeP50ms: +like.p50.toFixed(1),
      speedup: Math.round(like.p50 / ours.p50),
    });
  }
  raw.close();
  await database.close();
  console.table(searchRows);

  // 2. HTTP: the built server beside a bare server answering the same bytes.
  const startApp = (port: number, cacheTtl: string): ChildProcess =>
    startBuilt({
      buildDir: path.join(ROOT, "build"),
      dataDir,
      port,
      seed: false,
      env: { CACHE_TTL_SECONDS: cacheTtl },
    });
  const app = startApp(APP_PORT, "60");
  let uncachedApp: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    const base = `http://127.0.0.1:${APP_PORT}`;
    await waitFor(`${base}/healthz`);
    const first = (await (await fetch(`${base}/api/product/content/list?page=1&pageSize=10`)).json()) as {
      data: { result: { contentId: number }[] };
    };
    const cid = first.data.result[3]!.contentId;
    const kw = encodeURIComponent(KEYWORDS[0]!);
    const targets: Record<string, string> = {
      "content/list page 1": "/api/product/content/list?page=1&pageSize=10",
      "content/list page 500": "/api/product/content/list?page=500&pageSize=10",
      "content/detail": `/api/product/content/detail?contentId=${cid}`,
      [`search ${KEYWORDS[0]}`]: `/api/product/content/searchArticleByKeyword?keyword=${kw}&page=1&pageSize=10`,
      [`search count ${KEYWORDS[0]}`]: `/api/product/content/searchArticleByKeywordCount?keyword=${kw}`,
    };
    const routes: Record<string, { body: string; type: string }> = {};
    for (const p of Object.values(targets)) {
      const res = await fetch(base + p);
      routes[p] = {
        body: Buffer.from(await res.arrayBuffer()).toString("base64"),
        type: res.headers.get("content-type") ?? "application/json",
      };
    }
    const routesFile = path.join(dataDir, "bare-routes.json");
    fs.writeFileSync(routesFile, JSON.stringify(routes));
    bare = own(
      fork(path.join(ROOT, "bench", "bare-server.mjs"), [routesFile, String(BARE_PORT)], {
        stdio: "inherit",
      }),
    );
    await new Promise((r) => bare!.once("message", r));

    const rows: Record<string, unknown>[] = [];
    for (const [name, p] of Object.entries(targets)) {
      const ours = await load(base + p);
      const ref = await load(`http://127.0.0.1:${BARE_PORT}${p}`);
      rows.push({
        target: name,
        rps: ours.rps,
        p99ms: ours.p99,
        bareRps: ref.rps,
        bareP99ms: ref.p99,
        ratio: `${Math.round((100 * ours.rps) / ref.rps)}%`,
      });
      console.info(`  ${name}: ${ours.rps} req/s (bare ${ref.rps})`);
    }
    // The same targets with the micro-cache off: what every first request and every miss costs.
    app.kill("SIGTERM");
    uncachedApp = startApp(APP_PORT + 10, "0");
    const uncachedBase = `http://127.0.0.1:${APP_PORT + 10}`;
    await waitFor(`${uncachedBase}/healthz`);
    for (const [i, p] of Object.values(targets).entries()) {
      const u = await load(uncachedBase + p);
      Object.assign(rows[i]!, { uncachedRps: u.rps, uncachedP99ms: u.p99 });
    }
    console.table(rows);
    const out = path.join(ROOT, "bench", "results");
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(
      path.join(out, "foundation-latest.json"),
      `${JSON.stringify({ date: new Date().toISOString(), articles: COUNT, seconds: SECONDS, connections: CONNECTIONS, search: searchRows, http: rows }, null, 2)}\n`,
    );
  } finally {
    bare?.kill();
    app.kill("SIGTERM");
    uncachedApp?.kill("SIGTERM");
  }
}

main().catch(fail);
