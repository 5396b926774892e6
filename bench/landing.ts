import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { LANDING_PATHS } from "../app/landing/paths";
import { runLighthouse } from "./lighthouse";

/**
 * Landing pages benchmark (budget in bench/README.md, "Landing pages"): the production build on the
 * demo database. Weighs what every landing page loads up front (HTML, scripts, styles, eager
 * pictures; gzip sizes), then runs Lighthouse mobile (simulated throttling, median of
 * BENCH_LIGHTHOUSE_RUNS) on the heaviest one, straight from Node and through a gzipping front proxy
 * (as nginx with `gzip on` serves it). Run after `npm run build`:
 *
 *   node scripts/run-ts.mjs bench/landing.ts
 */
const ROOT = process.cwd();
const LH_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const APP_PORT = 3211;
const GZIP_PORT = 3214;
const WORK = path.join(ROOT, "bench", "data", "landing");
const EXTRA_PATHS = [
  "/market/products/yingxiao",
  "/activity/caicai/list",
  "/activity/caicai/list2",
  "/flybird/live",
];

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** A private copy of the build, so a rebuild in the work tree cannot change assets mid-run. */
async function copyBuild(): Promise<string> {
  const source = path.resolve(process.env.BENCH_BUILD_DIR ?? path.join(ROOT, "build"));
  const dir = path.join(WORK, "build");
  for (let attempt = 1; ; attempt++) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.cpSync(source, dir, { recursive: true });
      if (
        fs.existsSync(path.join(dir, "server", "index.js")) &&
        fs.existsSync(path.join(dir, "client", "assets"))
      )
        return dir;
    } catch (err) {
      if (attempt >= 5) throw err;
    }
    if (attempt >= 5) throw new Error(`no complete build in ${source}: run \`npm run build\` first`);
    await new Promise((r) => setTimeout(r, 3000));
  }
}

function startApp(buildDir: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, [path.join(buildDir, "app", "main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(APP_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

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

function gzipProxy(target: string, port: number): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const upstream = await fetch(target + req.url, {
      headers: { "user-agent": req.headers["user-agent"] ?? "" },
    });
    const type = upstream.headers.get("content-type") ?? "";
    const body = Buffer.from(await upstream.arrayBuffer());
    const headers: Record<string, string> = {};
    upstream.headers.forEach((v, k) => {
      if (k !== "content-length" && k !== "content-encoding" && k !== "transfer-encoding") headers[k] = v;
    });
    const compressible = /text\/|javascript|json|svg|xml|vtt/.test(type);
    if (compressible && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) && body.length > 1024) {
      const z = zlib.gzipSync(body, { level: 6 });
      res.writeHead(upstream.status, {
        ...headers,
        "content-encoding": "gzip",
        vary: "Accept-Encoding",
        "content-length": z.length,
      });
      res.end(z);
    } else {
      res.writeHead(upstream.status, { ...headers, "content-length": body.length });
      res.end(body);
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
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
  fs.mkdirSync(WORK, { recursive: true });
  const buildDir = await copyBuild();
  const dataDir = path.join(WORK, "demo");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const app = startApp(buildDir, dataDir);
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

await main();
