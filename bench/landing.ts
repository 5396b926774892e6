import "../server/private-umask";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { AdminLanding, LandingPage, PeopleSection } from "../contract/landing";
import { LANDING_TEMPLATES } from "../contract/landing-templates";
import { LANDING_SEED } from "../server/seed/landing";
import {
  BenchError,
  BROWSER_HEADERS,
  ConsoleSession,
  copyBuild,
  fail,
  gzipProxy,
  load,
  ROOT,
  scriptAssets,
  startApp,
  waitFor,
} from "../tools/kit";
import { lighthouseMissing, runLighthouse } from "./lighthouse";

/**
 * Landing pages benchmark (budget in bench/README.md, "Landing pages"): the production build on the
 * demo database. Weighs what every landing page loads up front (HTML, scripts, styles, eager
 * pictures; gzip sizes); serves the heaviest from the page store beside a stored article page;
 * times publish → visible at the path; then runs Lighthouse mobile (simulated throttling, median of
 * BENCH_LIGHTHOUSE_RUNS) on the heaviest one, straight from Node and through a gzipping front proxy
 * (as nginx with `gzip on` serves it), and on a page made from each starter template, checking that
 * none loads the console's scripts. Run after `npm run build`:
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

/** A share from a WeChat chat: the parameters a real visitor's address carries. */
const SHARED = "?from=singlemessage&isappinstalled=0";

/**
 * A stored landing page beside a stored article page: three pairs of runs (article, then landing),
 * as a phone from WeChat asks (analytics cookie, share parameters); the median pair's ratio counts.
 */
async function servedLikeNews(base: string, landingPath: string) {
  const list = (await (await fetch(`${base}/api/product/content/list?page=1&pageSize=1`)).json()) as {
    data: { result: { contentId: number }[] };
  };
  const article = `/articledetail/${list.data.result[0]!.contentId}${SHARED}`;
  const landing = `${landingPath}${SHARED}`;
  for (const p of [article, landing]) {
    await fetch(base + p, { headers: BROWSER_HEADERS });
    const res = await fetch(base + p, { headers: BROWSER_HEADERS });
    await res.arrayBuffer();
    if (res.headers.get("x-cache") !== "HIT") throw new BenchError(`${p} was not served from the page store`);
  }
  const pairs = [];
  for (let i = 0; i < 3; i++) {
    const a = await load(base + article, { headers: BROWSER_HEADERS });
    const l = await load(base + landing, { headers: BROWSER_HEADERS });
    pairs.push({
      articleRps: a.rps,
      landingRps: l.rps,
      articleP99: a.p99,
      landingP99: l.p99,
      ratio: l.rps / a.rps,
    });
  }
  pairs.sort((x, y) => x.ratio - y.ratio);
  const median = pairs[1]!;
  console.table(pairs.map((x) => ({ ...x, ratio: `${Math.round(x.ratio * 100)}%` })));
  return { article, landing, pairs, medianRatioPercent: Math.round(median.ratio * 100) };
}

/** Polls a path (as a phone would ask it) until its page shows `text`; milliseconds from `t0`. */
async function visibleAfter(base: string, pagePath: string, text: string, t0: number): Promise<number> {
  for (;;) {
    const res = await fetch(`${base}${pagePath}${SHARED}`, {
      headers: { ...BROWSER_HEADERS, "accept-encoding": "identity" },
    });
    const html = await res.text();
    if (res.status === 200 && html.includes(text)) return Math.round(performance.now() - t0);
    if (performance.now() - t0 > 30_000)
      throw new BenchError(`${pagePath} did not show "${text}" within 30 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Publish to visible: a conference page made from its template and published, then five changes
 * of a guest's name (each saved by an admin, as the console does), each timed from the call's start
 * until the page at its path shows it.
 */
async function publishToVisible(base: string, session: ConsoleSession) {
  const template = LANDING_TEMPLATES.find((t) => t.key === "conference")!;
  const page = template.make(`/bench/meeting-${Date.now()}`);
  const made = await session.call<AdminLanding>("POST", "/api/admin/landing-pages", page);
  let t0 = performance.now();
  await session.call<AdminLanding>("POST", `/api/admin/landing-pages/${made.id}/publish`);
  const publish = await visibleAfter(base, page.path, page.name, t0);
  const changes: number[] = [];
  let version = made.version;
  for (let i = 1; i <= 5; i++) {
    const name = `压测嘉宾${i}号${Date.now() % 100000}`;
    const sections = page.sections.map((s) =>
      s.type === "people"
        ? ({ ...s, people: s.people.map((g, j) => (j === 0 ? { ...g, name } : g)) } as PeopleSection)
        : s,
    );
    const body: LandingPage & { version: number } = { ...page, sections, version };
    t0 = performance.now();
    const saved = await session.call<AdminLanding>("PUT", `/api/admin/landing-pages/${made.id}`, body);
    version = saved.version;
    changes.push(await visibleAfter(base, page.path, name, t0));
  }
  console.info(`publish → visible ${publish} ms; guest change → visible ${changes.join(", ")} ms`);
  return { path: page.path, publishMs: publish, changeMs: changes };
}

/**
 * One page from each starter template, published: Lighthouse mobile behind the gzipping front
 * (median of LH_RUNS), and whether any script it loads is one only the console loads (antd, the
 * editor): the console's scripts are those its editor screen loads up front that a hydrated landing
 * page of the seed does not (the news pages load no framework script at all: they are no reference).
 */
async function templates(base: string, gzipBase: string, session: ConsoleSession) {
  const reference = new Set(scriptAssets(await (await fetch(`${base}/market/products/strawBag`)).text()));
  const consoleHtml = await (
    await fetch(`${base}/admin/landing-pages`, { headers: { cookie: session.cookie } })
  ).text();
  const consoleOnly = new Set(scriptAssets(consoleHtml).filter((a) => !reference.has(a)));
  if (consoleOnly.size === 0)
    throw new BenchError("the console's 营销页面 screen loads no scripts of its own");
  const results = [];
  for (const t of LANDING_TEMPLATES) {
    const page = t.make(`/bench/template-${t.key}-${Date.now()}`);
    const made = await session.call<AdminLanding>("POST", "/api/admin/landing-pages", page);
    await session.call<AdminLanding>("POST", `/api/admin/landing-pages/${made.id}/publish`);
    const html = await (await fetch(base + page.path)).text();
    const scripts = scriptAssets(html);
    const leaked = scripts.filter((a) => consoleOnly.has(a));
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < LH_RUNS; i++) {
      const r = await lighthouse(gzipBase + page.path);
      if (r) runs.push(r);
    }
    const median = medianRun(runs);
    console.info(
      `lighthouse ${t.label} ${page.path}: ${runs.map((r) => r.score).join(", ") || "not available"}`,
    );
    results.push({
      template: t.label,
      path: page.path,
      scripts: scripts.length,
      consoleScripts: leaked,
      lighthouse: median,
    });
  }
  return { consoleOnlyScripts: consoleOnly.size, results };
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

    const served = await servedLikeNews(base, heaviest);
    const session = new ConsoleSession(base);
    await session.setup();
    const visible = await publishToVisible(base, session);

    const proxy = await gzipProxy(base, GZIP_PORT);
    const gzipBase = `http://127.0.0.1:${GZIP_PORT}`;
    const lighthouseResults: Record<string, LighthouseRun | null> = {};
    let made: Awaited<ReturnType<typeof templates>>;
    try {
      for (const [front, origin] of [
        ["node", base],
        ["gzip", gzipBase],
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
      made = await templates(base, gzipBase, session);
    } finally {
      proxy.close();
    }
    const result = {
      at: new Date().toISOString(),
      loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
      heaviest,
      weights,
      lighthouse: lighthouseResults,
      served,
      visible,
      templates: made,
    };
    fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, "bench", "results", "landing-latest.json"),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    console.info(
      JSON.stringify({ lighthouse: lighthouseResults, served: served.medianRatioPercent, visible }),
    );
  } finally {
    app.kill("SIGTERM");
  }
}

await main().catch(fail);
