import "../server/private-umask";
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  ClusterError,
  checkPrerequisites,
  ensurePostgres,
  ensureRedis,
  startCluster,
} from "../tools/cluster.mjs";
import { BenchError, CONNECTIONS, fail, load, ROOT, SECONDS, startApp, waitFor } from "../tools/kit";
import { buildPostgresDataset, buildSqliteDataset } from "./dataset";

/**
 * Production mode against the embedded default (see bench/README.md): 2 instances on PostgreSQL +
 * Redis behind nginx, and 1 instance on SQLite, both with 100,000 articles; home page, an article
 * page, content/list and a 2-character search; with the response stores on (as served) and off
 * (`CACHE_TTL_SECONDS=0`: every page and API answer rendered, what a miss costs); and the memory of
 * each instance.
 */
const COUNT = Number(process.env.BENCH_ARTICLES ?? 100_000);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/dianshang_bench";

const rssMb = (pid: number | undefined) => {
  if (!pid) return 0;
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
};

async function targets(base: string) {
  const list = (await (await fetch(`${base}/api/product/content/list?page=1&pageSize=10`)).json()) as {
    data: { result: { contentId: number }[] };
  };
  const cid = list.data.result[2]!.contentId;
  return {
    home: "/",
    article: `/articledetail/${cid}`,
    "content/list": "/api/product/content/list?page=1&pageSize=10",
    "search 跨境": `/api/product/content/searchArticleByKeyword?keyword=${encodeURIComponent("跨境")}&page=1&pageSize=10`,
  };
}

async function main() {
  // nginx, PostgreSQL and Redis before the datasets are built: started when down, as npm run cluster does.
  const pgAdminUrl = PG_URL.replace(/\/[^/]*$/, "/postgres");
  await checkPrerequisites({ pgAdminUrl });
  await ensurePostgres(pgAdminUrl, "postgres");
  await ensureRedis();
  const sqliteDir = path.join(ROOT, "bench", "data", `sqlite-${COUNT}`);
  await buildSqliteDataset(sqliteDir, COUNT);
  await buildPostgresDataset(PG_URL, COUNT);

  const rows: Record<string, unknown>[] = [];
  for (const cacheTtl of ["60", "0"]) {
    const mode = cacheTtl === "0" ? "stores off" : "stores on";
    const cluster = await startCluster({
      instances: 2,
      port: 8380,
      databaseUrl: PG_URL,
      redisUrl: "redis://127.0.0.1:6379",
      dataDir: path.join(ROOT, "bench", "data", "pg-uploads"),
      env: { LOG_LEVEL: "warn", SEED_DEMO: "false", CACHE_TTL_SECONDS: cacheTtl },
      log: () => {},
    });
    const single: ChildProcess = startApp({
      buildDir: path.join(ROOT, "build"),
      dataDir: sqliteDir,
      port: 8390,
      seed: false,
      env: { CACHE_TTL_SECONDS: cacheTtl },
    });
    try {
      await waitFor("http://127.0.0.1:8390/healthz", 600);
      const pgTargets = await targets(cluster.url);
      const liteTargets = await targets("http://127.0.0.1:8390");
      for (const name of Object.keys(pgTargets) as (keyof typeof pgTargets)[]) {
        const a = await load(cluster.url + pgTargets[name], { tolerate: true });
        const b = await load(`http://127.0.0.1:8390${liteTargets[name]}`, { tolerate: true });
        rows.push({
          mode,
          target: name,
          clusterRps: a.rps,
          clusterP99ms: a.p99,
          sqliteRps: b.rps,
          sqliteP99ms: b.p99,
        });
        console.info(
          `  [${mode}] ${name}: cluster ${a.rps} req/s p99 ${a.p99} ms | sqlite ${b.rps} req/s p99 ${b.p99} ms`,
        );
      }
      rows.push({
        mode,
        target: "memory (RSS MB)",
        clusterRps: cluster.apps.map((x) => rssMb(x.child.pid)).join(" + "),
        sqliteRps: rssMb(single.pid),
      });
    } finally {
      single.kill("SIGTERM");
      await cluster.stop();
    }
  }
  console.table(rows);
  fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, "bench", "results", "cluster-latest.json"),
    `${JSON.stringify({ date: new Date().toISOString(), articles: COUNT, seconds: SECONDS, connections: CONNECTIONS, rows }, null, 2)}\n`,
  );
}

main().catch((err) => fail(err instanceof ClusterError ? new BenchError(err.message) : err));
