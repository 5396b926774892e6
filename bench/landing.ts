import "../server/private-umask";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { LANDING_SEED } from "../server/seed/landing";
import { BenchError, copyBuild, fail, gzipProxy, ROOT, startApp, waitFor } from "../tools/kit";
import { lighthouseMissing, runLighthouse } from "./lighthouse";

/**
 * Landing pages benchmark (budget in bench/README.md, "Landing pages"): the production build on the
 * demo database. Weighs what every landing page loads up front (HTML, scripts, styles, eager
 * pictures; gzip sizes), then runs Lighthouse mobile (simulated throttling, median of
 * BENCH_LIGHTHOUSE_RUNS) on the heaviest one, straight from Node and through a gzipping front proxy
 * (as nginx with `gzip on` serves it). Run after `npm run build`:
 *
 *   node scripts/run-ts.mjs bench/landing.ts
 */
const LH_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const APP_PORT = 3211;
const GZIP_PORT = 3214;
const WORK = path.join(ROOT, "bench", "data", "landing");
/** Every landing page of the demo site (its seed), and the travel lists. */
const LANDING_PATHS = LANDING_SEED.map((p) => p.path);
const EXTRA_PATHS = ["/activity/caicai/list", "/activity/caicai/list2"];

/** What the page asks for before any scrolling: scripts, stylesheets and eager pictures. */
function upFront(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<link rel="(?:modulepreload|stylesheet)" href="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<img [^>]*src="([^"]+)"[^>]*loading="eager"/g)) found.add(m[1]!);
  return [...found].filter((u) => u.startsWith("/"));
}

const gz = (b: Buffer) => zlib.gzipSync(b, { level: 6 }).length;

async function weigh(base: string, p: string) {
  const html = Buffer.from(await (await fetch(base + p)).arrayBuffer());
  let bytes = gz(html);
  const assets = upFront(html.toString("utf8"));
  for (const a of assets) bytes += gz(Buffer.from(await (await fetch(base + a)).arrayBuffer()));
  return {
    path: p,
    requests: assets.length + 1,
    htmlKB: +(gz(html) / 1024).toFixed(1),
    totalKB: +(bytes / 1024).toFixed(1),
  };
}

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function lighthouse(url: string): Promise<LighthouseRun | null> {
  const r = await runLighthouse(url, path.join(WORK, "lighthouse.json"));
  if (!r) return null;
  return {
    score: Math.round(r.categories.performance.score * 100),
    fcp: Math.round(r.audits["first-contentful-paint"]!.numericValue),
    lcp: Math.round(r.audits["largest-contentful-paint"]!.numericValue),
    tbt: Math.round(r.audits["total-blocking-time"]!.numericValue),
    cls: +r.audits["cumulative-layout-shift"]!.numericValue.toFixed(3),
  };
}

function medianRun(runs: LighthouseRun[]): LighthouseRun | null {
  if (runs.length === 0) return null;
  return [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
}

async function main() {
  const missing = lighthouseMissing();
  if (missing) throw new BenchError(missing);
  fs.mkdirSync(WORK, { recursive: true });
  const buildDir = await copyBuild(WORK);
  const dataDir = path.join(WORK, "demo");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const app = startApp({ buildDir, dataDir, port: APP_PORT, seed: true });
  const base = `http://127.0.0.1:${APP_PORT}`;
  try {
    await waitFor(`${base}/healthz`);
    const weights = [];
    for (const p of [...LANDING_PATHS, ...EXTRA_PATHS]) weights.push(await weigh(base, p));
    weights.sort((a, b) => b.totalKB - a.totalKB);
    console.table(weights.slice(0, 8));
    const heaviest = process.env.BENCH_PAGE ?? weights[0]!.path;

    const proxy = await gzipProxy(base, GZIP_PORT);
    const lighthouseResults: Record<string, LighthouseRun | null> = {};
    try {
      for (const [front, origin] of [
        ["node", base],
        ["gzip", `http://127.0.0.1:${GZIP_PORT}`],
      ] as const) {
        const runs: LighthouseRun[] = [];
        for (let i = 0; i < LH_RUNS; i++) {
          const r = await lighthouse(origin + heaviest);
          if (r) runs.push(r);
        }
        lighthouseResults[front] = medianRun(runs);
        console.info(
          `lighthouse ${heaviest} (${front}): ${runs.map((r) => r.score).join(", ") || "not available"}`,
        );
      }
    } finally {
      proxy.close();
    }
    const result = { at: new Date().toISOString(), heaviest, weights, lighthouse: lighthouseResults };
    fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, "bench", "results", "landing-latest.json"),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    console.info(JSON.stringify(lighthouseResults));
  } finally {
    app.kill("SIGTERM");
  }
}

await main().catch(fail);
