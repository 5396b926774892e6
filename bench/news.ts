import "../server/private-umask";
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import {
  BenchError,
  CONNECTIONS,
  copyBuild,
  fail,
  gzipProxy,
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
 * database. Measures the JavaScript the article page ships, Lighthouse mobile performance of home
 * and article, the article page from the page micro-cache and uncached, each beside a bare Node http
 * server answering the same bytes, and the sitemap's pagination on the 100,000-article dataset.
 * Run after `npm run build`: node scripts/run-ts.mjs bench/news.ts
 */
const LH_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const APP_PORT = 3201;
const BARE_PORT = 3202;
const BIG_PORT = 3203;
const GZIP_PORT = 3204;
const WORK = path.join(ROOT, "bench", "data", "news");

async function jsBudget(base: string, pagePath: string) {
  const html = await (await fetch(base + pagePath)).text();
  const rows: { asset: string; gzipBytes: number }[] = [];
  for (const asset of scriptAssets(html)) {
    const body = Buffer.from(await (await fetch(base + asset)).arrayBuffer());
    rows.push({ asset, gzipBytes: zlib.gzipSync(body, { level: 9 }).length });
  }
  const total = rows.reduce((s, r) => s + r.gzipBytes, 0);
  return { rows, totalKB: +(total / 1024).toFixed(1) };
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
  const app = startApp({ buildDir, dataDir, port: APP_PORT, seed: true });
  let bare: ChildProcess | undefined;
  const base = `http://127.0.0.1:${APP_PORT}`;
  try {
    await waitFor(`${base}/healthz`);
    const list = (await (await fetch(`${base}/api/product/content/list?page=1&pageSize=1`)).json()) as {
      data: { result: { contentId: number }[] };
    };
    const article = `/articledetail/${list.data.result[0]!.contentId}`;

    // 1. JavaScript shipped to the article page
    const js = await jsBudget(base, article);
    console.table(js.rows);
    console.info(`article page JS: ${js.totalKB} KB gzip (budget 125 KB)`);

    // 2. Lighthouse mobile performance (median of LH_RUNS), straight from Node (no compression) and
    //    through a gzipping front proxy
    const scores: Record<string, number | null> = {};
    const proxy = await gzipProxy(base, GZIP_PORT);
    try {
      for (const [front, origin] of [
        ["node", base],
        ["gzip", `http://127.0.0.1:${GZIP_PORT}`],
      ] as const) {
        for (const [name, p] of [
          ["home", "/"],
          ["article", article],
        ] as const) {
          const runs: number[] = [];
          for (let i = 0; i < LH_RUNS; i++) {
            const s = await lighthouse(origin + p);
            if (s !== null) runs.push(s);
          }
          const key = `${name} (${front})`;
          scores[key] = runs.length ? median(runs) : null;
          console.info(`lighthouse ${key}: ${runs.join(", ") || "not available"} → ${scores[key] ?? "-"}`);
        }
      }
    } finally {
      proxy.close();
    }

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

    const out = path.join(ROOT, "bench", "results");
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(
      path.join(out, "news-latest.json"),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          seconds: SECONDS,
          connections: CONNECTIONS,
          articlePageBytes: bytes.length,
          articleJsKB: js.totalKB,
          articleJs: js.rows,
          lighthouse: scores,
          http,
          sitemap,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    bare?.kill();
    app.kill("SIGTERM");
  }
}

main().catch(fail);
