import "../server/private-umask";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { BenchError, copyBuild, fail, gzipProxy, ROOT, scriptAssets, startApp, waitFor } from "../tools/kit";
import { cashierPath, MCN, SIGNUP_278, SIGNUP_415 } from "../tools/money-pages";
import { lighthouseMissing, runLighthouse } from "./lighthouse";

/**
 * The money pages (budgets in bench/README.md, "Money pages"): sign-up 278 and 415, /wxmcn and the
 * dev cashier, on the production build (BENCH_BUILD_DIR, default build/) with the demo database.
 * For each: what loads up front (HTML, scripts, stylesheets, eager pictures: gzip bytes and the
 * number of requests) and Lighthouse 12 mobile performance (median of BENCH_LIGHTHOUSE_RUNS,
 * default 5; 0 skips Lighthouse), straight from Node and behind a gzipping front.
 * Run after `npm run build`: node scripts/run-ts.mjs bench/money.ts (or npm run bench:money).
 * BENCH_LABEL names the results file (bench/results/money-<label>.json, default "latest").
 */
const LH_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const LABEL = process.env.BENCH_LABEL ?? "latest";
const APP_PORT = 3261;
const GZIP_PORT = 3262;
const WORK = path.join(ROOT, "bench", "data", "money");

const gz = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
const kb = (n: number) => +(n / 1024).toFixed(1);

async function bytes(url: string): Promise<Buffer> {
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!res.ok) throw new BenchError(`${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** What the page loads before any interaction or scrolling. */
export async function upFront(base: string, pagePath: string) {
  const html = await bytes(base + pagePath);
  const text = html.toString("utf8");
  const scripts = scriptAssets(text);
  const styles = [...text.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"#]+)#?"/g)].map((m) => m[1]!);
  const pictures = [...text.matchAll(/<img\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/loading="lazy"/.test(tag))
    .map((tag) => /src="([^"]+)"/.exec(tag)?.[1])
    .filter((src): src is string => Boolean(src) && src!.startsWith("/"));
  const sum = async (list: string[]) => {
    let total = 0;
    for (const a of new Set(list)) total += gz(await bytes(base + a));
    return total;
  };
  const inlineStyles = [...text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce(
    (s, m) => s + Buffer.byteLength(m[0]),
    0,
  );
  const js = await sum(scripts);
  const css = await sum(styles);
  const img = await sum(pictures);
  return {
    page: pagePath.split("?")[0],
    htmlKB: kb(html.length),
    inlineStyleKB: kb(inlineStyles),
    htmlGzipKB: kb(gz(html)),
    jsGzipKB: kb(js),
    cssGzipKB: kb(css),
    imgGzipKB: kb(img),
    totalGzipKB: kb(gz(html) + js + css + img),
    requests: 1 + new Set(scripts).size + new Set(styles).size + new Set(pictures).size,
    scripts: new Set(scripts).size,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function lighthouse(url: string) {
  const out = path.join(WORK, "lighthouse.json");
  const report = await runLighthouse(url, out);
  if (!report) return null;
  const a = (id: string) => (report.audits[id] as { numericValue: number } | undefined)?.numericValue ?? NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: Math.round(a("first-contentful-paint")),
    lcp: Math.round(a("largest-contentful-paint")),
    tbt: Math.round(a("total-blocking-time")),
  };
}

async function main() {
  fs.mkdirSync(WORK, { recursive: true });
  const buildDir = await copyBuild(WORK);
  const dataDir = path.join(WORK, "demo");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const app = startApp({ buildDir, dataDir, port: APP_PORT, seed: true, env: { TRUST_PROXY: "true" } });
  const base = `http://127.0.0.1:${APP_PORT}`;
  try {
    await waitFor(`${base}/healthz`);
    const pages: [string, string][] = [
      ["sign-up 278", SIGNUP_278],
      ["sign-up 415", SIGNUP_415],
      ["/wxmcn", MCN],
      ["cashier", await cashierPath(base)],
    ];
    const weights = [];
    for (const [name, p] of pages) weights.push({ name, ...(await upFront(base, p)) });
    console.table(weights);

    const lighthouseRows: Record<string, unknown>[] = [];
    if (LH_RUNS > 0) {
      const missing = lighthouseMissing();
      if (missing) throw new BenchError(missing);
      const proxy = await gzipProxy(base, GZIP_PORT);
      try {
        for (const [front, origin] of [
          ["node", base],
          ["gzip", `http://127.0.0.1:${GZIP_PORT}`],
        ] as const) {
          for (const [name, p] of pages) {
            const runs = [];
            for (let i = 0; i < LH_RUNS; i++) {
              const r = await lighthouse(origin + p);
              if (r) runs.push(r);
            }
            const row = {
              name,
              front,
              score: runs.length ? median(runs.map((r) => r.score)) : null,
              runs: runs.map((r) => r.score).join(" "),
              fcp: runs.length ? median(runs.map((r) => r.fcp)) : null,
              lcp: runs.length ? median(runs.map((r) => r.lcp)) : null,
              tbt: runs.length ? median(runs.map((r) => r.tbt)) : null,
            };
            lighthouseRows.push(row);
            console.info(JSON.stringify(row));
          }
        }
      } finally {
        proxy.close();
      }
    }
    const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    const result = {
      date: new Date().toISOString(),
      loadAverage: load,
      runs: LH_RUNS,
      weights,
      lighthouse: lighthouseRows,
    };
    fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, "bench", "results", `money-${LABEL}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    if (lighthouseRows.length) console.table(lighthouseRows);
    console.info(`load average at the end: ${load}`);
  } finally {
    app.kill("SIGTERM");
  }
}

main().catch(fail);
