import "../server/private-umask";
import { type ChildProcess, fork, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { nginxConfig } from "../tools/cluster.mjs";
import {
  BenchError,
  CONNECTIONS,
  copyBuild,
  fail,
  load,
  own,
  ROOT,
  SECONDS,
  scriptAssets,
  startApp,
  waitFor,
} from "../tools/kit";
import { lighthouseMissing, runLighthouse } from "./lighthouse";

/**
 * News pages benchmark (budgets in bench/README.md, "News pages"): the production build on the demo
 * database. Measures the JavaScript the article, home and column pages ship, Lighthouse mobile
 * performance of the three (rounds of runs, from Node and behind nginx), the article page from the
 * page store and uncached, each beside a bare Node http server answering the same bytes, and the
 * sitemap's pagination on the 100,000-article dataset.
 * Run after `npm run build`: node scripts/run-ts.mjs bench/news.ts
 * BENCH_LIGHTHOUSE_RUNS (3) runs a round, BENCH_LIGHTHOUSE_ROUNDS (2) rounds; BENCH_ONLY=lighthouse
 * stops after Lighthouse; NGINX_BIN names nginx (default: nginx on PATH).
 */
const LH_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LH_ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 2);
const APP_PORT = 3201;
const BARE_PORT = 3202;
const BIG_PORT = 3203;
const NGINX_PORT = 3204;
const WORK = path.join(ROOT, "bench", "data", "news");
/** Budgets (bench/README.md, "News pages"): JavaScript gzip per page, in KB. */
const JS_BUDGET_KB: Record<string, number> = { article: 20, home: 30, column: 30 };

/**
 * The JavaScript a page makes a browser download (gzip -9 of each script it loads), and what a reader
 * inside WeChat downloads besides: the JS-SDK the islands load there only (`data-wechat-sdk`).
 */
async function jsBudget(base: string, pagePath: string) {
  const html = await (await fetch(base + pagePath)).text();
  const gz = async (asset: string) =>
    zlib.gzipSync(Buffer.from(await (await fetch(base + asset)).arrayBuffer()), { level: 9 }).length;
  const rows: { asset: string; gzipBytes: number }[] = [];
  for (const asset of scriptAssets(html)) rows.push({ asset, gzipBytes: await gz(asset) });
  const total = rows.reduce((s, r) => s + r.gzipBytes, 0);
  const sdk = /data-wechat-sdk="([^"]+)"/.exec(html)?.[1];
  const sdkBytes = sdk ? await gz(sdk) : 0;
  const kb = (n: number) => +(n / 1024).toFixed(1);
  return { rows, totalKB: kb(total), inWechatKB: kb(total + sdkBytes), htmlKB: kb(Buffer.byteLength(html)) };
}

/**
 * nginx in front of the app, as production runs it (tools/cluster.mjs) with one instance and gzip
 * on for what the app sends uncompressed. Returns a stop function.
 */
async function nginxFront(upstream: string, port: number): Promise<() => void> {
  const bin = process.env.NGINX_BIN || "nginx";
  if (spawnSync(bin, ["-v"]).error)
    throw new BenchError(`nginx is not installed (${bin}): apt-get install nginx-light`);
  const dir = path.join(WORK, "nginx");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    nginxConfig({ port, upstreams: [new URL(upstream).host], dir, gzip: true }),
  );
  const child = own(
    spawn(bin, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "inherit" }),
    "SIGQUIT",
  );
  await waitFor(`http://127.0.0.1:${port}/healthz`);
  return () => child.kill("SIGQUIT");
}

/** One Lighthouse run (mobile, simulated throttling): the performance score, or null if it failed. */
async function lighthouse(url: string): Promise<number | null> {
  const out = path.join(WORK, "lighthouse.json");
  const report = await runLighthouse(url, out);
  if (!report) return null;
  fs.copyFileSync(
    out,
    path.join(WORK, `lighthouse-${new URL(url).port}-${new URL(url).pathname.replace(/\W+/g, "_")}.json`),
  );
  return Math.round(report.categories.performance.score * 100);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function sitemapAtScale(buildDir: string) {
  const dataDir = path.join(ROOT, "bench", "data", "sqlite-100000");
  if (!fs.existsSync(path.join(dataDir, "site.db")))
    return { skipped: "run npm run bench first (100,000 articles)" };
  const app = startApp({ buildDir, dataDir, port: BIG_PORT, seed: false });
  try {
    const base = `http://127.0.0.1:${BIG_PORT}`;
    await waitFor(`${base}/healthz`);
    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const counts: Record<string, number> = {};
    for (const f of files) counts[f] = ((await (await fetch(base + f)).text()).match(/<url>/g) ?? []).length;
    return { isIndex: index.includes("<sitemapindex"), files: counts };
  } finally {
    app.kill("SIGTERM");
  }
}

async function main() {
  const missing = lighthouseMissing();
  if (missing) throw new BenchError(missing);
  fs.mkdirSync(WORK, { recursive: true });
  const buildDir = await copyBuild(WORK);
  const dataDir = path.join(WORK, "demo");
  fs.rmSync(dataDir, { recursive: true, force: true });
  // nginx passes the visitor's Host (127.0.0.1 with its own port) on: any port of it is allowed.
  const app = startApp({
    buildDir,
    dataDir,
    port: APP_PORT,
    seed: true,
    env: { ALLOWED_HOSTS: "127.0.0.1,localhost" },
  });
  let bare: ChildProcess | undefined;
  const base = `http://127.0.0.1:${APP_PORT}`;
  try {
    await waitFor(`${base}/healthz`);
    const list = (await (await fetch(`${base}/api/product/content/list?page=1&pageSize=1`)).json()) as {
      data: { result: { contentId: number }[] };
    };
    const article = `/articledetail/${list.data.result[0]!.contentId}`;

    const column = `/newlist/5?name=${encodeURIComponent("科技")}`;
    const pages = [
      ["home", "/"],
      ["article", article],
      ["column", column],
    ] as const;

    // 1. JavaScript shipped to each page (and what a reader inside WeChat downloads besides)
    const js: Record<string, Awaited<ReturnType<typeof jsBudget>>> = {};
    for (const [name, p] of pages) {
      js[name] = await jsBudget(base, p);
      console.table(js[name].rows);
      console.info(
        `${name} page JS: ${js[name].totalKB} KB gzip (budget ${JS_BUDGET_KB[name]} KB), ${js[name].inWechatKB} KB inside WeChat; HTML ${js[name].htmlKB} KB`,
      );
    }

    // 2. Lighthouse mobile performance: LH_ROUNDS rounds of LH_RUNS runs (the median of each), from
    //    Node and behind nginx
    const scores: Record<string, { runs: number[]; medians: number[] }> = {};
    const stopNginx = await nginxFront(base, NGINX_PORT);
    try {
      for (let round = 0; round < LH_ROUNDS; round++) {
        for (const [front, origin] of [
          ["node", base],
          ["nginx", `http://127.0.0.1:${NGINX_PORT}`],
        ] as const) {
          for (const [name, p] of pages) {
            const runs: number[] = [];
            for (let i = 0; i < LH_RUNS; i++) {
              const score = await lighthouse(origin + p);
              if (score !== null) runs.push(score);
            }
            const key = `${name} (${front})`;
            scores[key] ??= { runs: [], medians: [] };
            scores[key].runs.push(...runs);
            if (runs.length) scores[key].medians.push(median(runs));
            console.info(`lighthouse round ${round + 1} ${key}: ${runs.join(", ") || "not available"}`);
          }
        }
      }
    } finally {
      stopNginx();
    }
    for (const [key, s] of Object.entries(scores))
      console.info(`lighthouse ${key}: medians ${s.medians.join(" / ")}`);

    const out = path.join(ROOT, "bench", "results");
    fs.mkdirSync(out, { recursive: true });
    const write = (extra: object) =>
      fs.writeFileSync(
        path.join(out, "news-latest.json"),
        `${JSON.stringify(
          {
            date: new Date().toISOString(),
            loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
            js,
            jsBudgetKB: JS_BUDGET_KB,
            lighthouseRuns: LH_RUNS,
            lighthouse: scores,
            ...extra,
          },
          null,
          2,
        )}\n`,
      );
    write({});

    if (process.env.BENCH_ONLY === "lighthouse") return;
    // 3. Throughput: the article page from the page store, uncached (the console session cookie is
    //    the one cookie that skips the store), and a bare server answering the same bytes
    await fetch(base + article);
    const cachedRes = await fetch(base + article);
    if (cachedRes.headers.get("x-cache") !== "HIT")
      throw new Error("the article page was not served from the page store");
    const bytes = Buffer.from(await cachedRes.arrayBuffer());
    const routesFile = path.join(WORK, "bare-routes.json");
    fs.writeFileSync(
      routesFile,
      JSON.stringify({ [article]: { body: bytes.toString("base64"), type: "text/html; charset=utf-8" } }),
    );
    bare = own(
      fork(path.join(ROOT, "bench", "bare-server.mjs"), [routesFile, String(BARE_PORT)], {
        stdio: "inherit",
      }),
    );
    await new Promise((r) => bare!.once("message", r));
    const bareRun = await load(`http://127.0.0.1:${BARE_PORT}${article}`);
    const cached = await load(base + article);
    const uncached = await load(base + article, { headers: { cookie: "dsn_admin=bench" } });
    const http = [
      { target: "bare node http (same bytes)", rps: bareRun.rps, p99ms: bareRun.p99, ratio: "100%" },
      {
        target: "article, micro-cache",
        rps: cached.rps,
        p99ms: cached.p99,
        ratio: `${Math.round((100 * cached.rps) / bareRun.rps)}%`,
      },
      {
        target: "article, uncached SSR",
        rps: uncached.rps,
        p99ms: uncached.p99,
        ratio: `${Math.round((100 * uncached.rps) / bareRun.rps)}%`,
      },
    ];
    console.table(http);

    // 4. Sitemap pagination above 50,000 URLs
    const sitemap = await sitemapAtScale(buildDir);
    console.info("sitemap at 100,000 articles:", sitemap);

    write({ seconds: SECONDS, connections: CONNECTIONS, articlePageBytes: bytes.length, http, sitemap });
  } finally {
    bare?.kill();
    app.kill("SIGTERM");
  }
}

main().catch(fail);
