import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp, type SsrHandler } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db";
import { loadReactServerRenderer } from "../server/http/react-render-storage";
import { renderPage } from "../server/http/render-pool";
import { productionSsr } from "../server/http/ssr";
import { createLogger } from "../server/logger";
import { paymentCspRules } from "../server/payments/csp";
import { createServices } from "../server/services";
import { createMemoryStore } from "../server/services/store";
import { buildSqliteDataset } from "./dataset";
import { BenchError, fail, ROOT } from "./kit";

/**
 * Render cost (budget in bench/README.md, "Render cost"): the CPU an uncached article request takes,
 * in-process, on the production build and the 100,000-article dataset, sent through the same path
 * as the server's: Hono's app (middleware, security headers, page store) and React Router's request
 * handler with our load context. By default two kinds of request, rounds alternating: an anonymous
 * visitor's (each a distinct article URL the store does not hold: the page made from the one kept
 * for its column, compressed once and stored; the budget is on this), and one with the console
 * session cookie (never stored: the page rendered in full with the request's nonce, as are the first
 * article page of a column after a content change; reported beside it). CPU is process.cpuUsage()
 * (user + system) over a round of requests, divided by the requests; the figure is the median of the
 * rounds.
 *
 *   npm run build && npm run bench:render
 *   BENCH_RENDER_COUNT=2000 …        a smaller dataset for quick iteration (built once in bench/data)
 *   BENCH_RENDER_BUILD=dir …         another build directory than build/
 *   One kind alone (the console session's unless BENCH_RENDER_VISITOR=1), with any of:
 *   BENCH_RENDER_HTTP=0 …            React Router's handler alone, as a render thread calls it
 *   BENCH_RENDER_KEPT=0 …            article pages never made from a page kept per column: all in full
 *   BENCH_RENDER_VISITOR=1 …         through Hono as an anonymous visitor's request (no console cookie,
 *                                    browser's Accept-Encoding): each a store miss, rendered, compressed
 *                                    and stored as the server does
 *   BENCH_RENDER_COMPARE=dir …       this build against another (rounds alternate between the two)
 *   BENCH_RENDER_MODE=callgrind …    instructions per render under valgrind (repeatable when busy), with
 *                                    and without V8's optimizing compiler
 *   BENCH_RENDER_MODE=profile …      a CPU profile of the renders alone (bench/data/render/render.cpuprofile)
 * A CPU profile: NODE_ENV=production node --cpu-prof --cpu-prof-dir=bench/data/render build/run/render.mjs
 * (after one run).
 */

export interface RenderOptions {
  /** directory of the production build (server/index.js); default build/ */
  buildDir?: string;
  /** articles in the generated SQLite dataset; default 100,000 */
  count?: number;
  /** renders per round; default 400 */
  renders?: number;
  /** measured rounds; default 7 */
  rounds?: number;
  /**
   * renders before measuring (JIT warm-up); default 2,000: with 600, rounds kept getting cheaper
   * until the last one (2.4 ms median against 1.6 ms), so the figure was of a server still warming up
   */
  warmup?: number;
  /** through Hono's app (the HTTP layer without sockets); default true */
  http?: boolean;
  /** article pages may be made from a page kept per column (server/http/article-frames.ts); default true */
  kept?: boolean;
  /**
   * through Hono as an anonymous visitor (no console cookie, a browser's Accept-Encoding): each page a
   * store miss, rendered for the store (made from a kept page where one serves), compressed and
   * stored; default false (the console cookie: a page rendered in full with the request's nonce)
   */
  visitor?: boolean;
  /** log each round */
  verbose?: boolean;
}

export interface RenderResult {
  cpuMsPerRender: number;
  wallMsPerRender: number;
  rounds: { cpuMsPerRender: number; wallMsPerRender: number }[];
  renders: number;
  count: number;
  http: boolean;
  htmlBytes: number;
  loadAverage: number[];
}

/**
 * What an article request is: an anonymous visitor's (a store miss: made from the page kept for its
 * column, compressed and stored), or one with the console session (rendered in full, never stored).
 */
type Kind = "visitor" | "console";

/** The budget (bench/README.md, "Render cost"): CPU per uncached article request, a visitor's store miss. */
const BUDGET_MS = 1.3;

/** Renders before measuring, so the JIT has tiered up the hot paths (see RenderOptions.warmup). */
const WARMUP = 2_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** A renderer of article pages on the dataset, as the server wires it; `close` frees the database. */
export async function articleRenderer(
  opts: { buildDir?: string; count?: number; http?: boolean; kept?: boolean; visitor?: boolean } = {},
) {
  const buildDir = path.resolve(opts.buildDir ?? path.join(ROOT, "build"));
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(serverEntry)) throw new BenchError(`${serverEntry} missing: run npm run build first`);
  // React picks its production build when first imported, before this line runs (scripts/run-ts.mjs
  // sets NODE_ENV for it): as `npm start` runs.
  if (process.env.NODE_ENV !== "production")
    throw new BenchError(
      "NODE_ENV must be production: run npm run bench:render, or NODE_ENV=production node …",
    );
  const count = opts.count ?? 100_000;
  const dataDir = path.join(ROOT, "bench", "data", `sqlite-${count}`);
  await buildSqliteDataset(dataDir, count);

  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
    PORT: "3000",
    HOST: "127.0.0.1",
  });
  const database = await openDatabase({ dataDir });
  const logger = createLogger("silent");
  const services = createServices({ config, database, logger, store: createMemoryStore() });

  // The handler server/server.ts makes.
  loadReactServerRenderer(serverEntry);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const ssr: SsrHandler = productionSsr(build, { articleFrames: opts.kept !== false });
  const { app } = createApp({
    services,
    logger,
    ssr,
    routes: build.routes,
    cspRules: paymentCspRules(config),
    frameSrc: [new URL(config.LIVE_ROOM_URL).origin],
  });

  const ids = (
    database.sqlite!.prepare("SELECT id FROM articles WHERE status='published' ORDER BY id").all() as {
      id: number;
    }[]
  ).map((r) => r.id);
  // Spread over the whole dataset, each URL distinct; a stride coprime with the count.
  let cursor = 0;
  const stride = 7919;
  const nextUrl = () => {
    cursor = (cursor + stride) % ids.length;
    return `http://127.0.0.1:3000/articledetail/${ids[cursor]}`;
  };
  // The console session cookie: the one request the page store never answers, rendered in full with
  // the request's own nonce. Host: what a browser sends (the server answers 400 to hosts outside
  // ALLOWED_HOSTS). As an anonymous visitor instead: a store miss (made from the page kept for the
  // article's column, compressed once and stored), each URL distinct so none is ever a hit.
  const headersOf = (kind: Kind): Record<string, string> =>
    kind === "visitor"
      ? { "accept-encoding": "gzip, deflate, br", host: "127.0.0.1:3000" }
      : { cookie: "dsn_admin=bench", "accept-encoding": "identity", host: "127.0.0.1:3000" };
  const useHttp = opts.http ?? true;
  const defaultKind: Kind = opts.visitor ? "visitor" : "console";

  /** one page, uncached: its status and its bytes */
  async function render(url: string, kind: Kind = defaultKind) {
    const headers = headersOf(kind);
    if (useHttp) {
      const res = await app.fetch(new Request(url, { headers }));
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    }
    // As a render thread renders a page (server/render-worker.ts): the page handed over in memory.
    const req = new Request(url, { headers });
    return renderPage((r, sink) => ssr(r, services, "benchnonce", sink), req);
  }

  /** the next article, uncached: the bytes of its page */
  async function renderOne(kind: Kind = defaultKind): Promise<number> {
    const url = nextUrl();
    const { status, body } = await render(url, kind);
    if (status !== 200) throw new Error(`${url}: ${status}`);
    // Each page on a turn of the event loop of its own, as in the server (a request arrives as a
    // socket event; a render thread starts each page on a later turn): React's setImmediate after
    // every render then runs and lets go of the page, instead of piling up with all it holds.
    await new Promise((resolve) => setImmediate(resolve));
    return body.byteLength;
  }

  return {
    render,
    renderOne,
    count,
    http: useHttp,
    services,
    close: () => database.close(),
  };
}

type Round = RenderResult["rounds"][number];

/**
 * Warm-up, then `rounds` rounds of `renders` requests alternating between the sides (a busy machine
 * then slows them alike): each side's rounds, and the bytes of its last page.
 */
async function alternate(
  opts: RenderOptions,
  sides: (() => Promise<number>)[],
  log?: (round: number, rows: Round[]) => void,
): Promise<{ rounds: Round[][]; bytes: number[] }> {
  const renders = opts.renders ?? 400;
  const bytes = sides.map(() => 0);
  for (const [j, one] of sides.entries())
    for (let i = 0; i < (opts.warmup ?? WARMUP); i++) bytes[j] = await one();
  const rounds: Round[][] = sides.map(() => []);
  for (let k = 0; k < (opts.rounds ?? 7); k++) {
    for (const [j, one] of sides.entries()) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < renders; i++) await one();
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      rounds[j]!.push({
        cpuMsPerRender: round3((cpu.user + cpu.system) / 1000 / renders),
        wallMsPerRender: round3(wall / renders),
      });
    }
    log?.(
      k + 1,
      rounds.map((r) => r.at(-1)!),
    );
  }
  return { rounds, bytes };
}

/** The medians of a side's rounds, with what was measured. */
function summary(
  opts: RenderOptions,
  r: { count: number; http: boolean },
  rounds: Round[],
  htmlBytes: number,
): RenderResult {
  return {
    cpuMsPerRender: median(rounds.map((x) => x.cpuMsPerRender)),
    wallMsPerRender: median(rounds.map((x) => x.wallMsPerRender)),
    rounds,
    renders: opts.renders ?? 400,
    count: r.count,
    http: r.http,
    htmlBytes,
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

/** CPU and wall time per uncached article render: the median of `rounds` rounds. */
export async function measureRender(opts: RenderOptions = {}): Promise<RenderResult> {
  const r = await articleRenderer(opts);
  try {
    const { rounds, bytes } = await alternate(opts, [() => r.renderOne()], (k, [row]) => {
      if (opts.verbose)
        console.info(
          `  round ${k}: ${row!.cpuMsPerRender} ms CPU, ${row!.wallMsPerRender} ms wall per render`,
        );
    });
    return summary(opts, r, rounds[0]!, bytes[0]!);
  } finally {
    await r.close();
  }
}

/**
 * What an uncached article request costs, both ways, in one process with rounds alternating: a
 * visitor's store miss, which the budget is on (what every uncached article page a visitor asks
 * costs: made from the kept page, compressed, stored), and a page rendered in full (a console
 * session's, and the first article page of a column after a content change), reported beside it.
 */
export async function measureRequests(
  opts: RenderOptions = {},
): Promise<{ storeMiss: RenderResult; inFull: RenderResult }> {
  const r = await articleRenderer({ ...opts, http: true, kept: true });
  try {
    const sides = [() => r.renderOne("visitor"), () => r.renderOne("console")];
    const { rounds, bytes } = await alternate(opts, sides, (k, [miss, full]) => {
      if (opts.verbose)
        console.info(
          `  round ${k}: store miss ${miss!.cpuMsPerRender} ms, in full ${full!.cpuMsPerRender} ms CPU`,
        );
    });
    return {
      storeMiss: summary(opts, r, rounds[0]!, bytes[0]!),
      inFull: summary(opts, r, rounds[1]!, bytes[1]!),
    };
  } finally {
    await r.close();
  }
}

/**
 * Two builds side by side in one process (BENCH_RENDER_COMPARE=dir): rounds alternate between them,
 * so a busy machine slows both alike. Prints the median CPU per render of each.
 */
async function compare(opts: RenderOptions, otherBuildDir: string) {
  const a = await articleRenderer(opts);
  const b = await articleRenderer({ ...opts, buildDir: otherBuildDir });
  const { rounds } = await alternate(opts, [() => a.renderOne(), () => b.renderOne()], (k, [x, y]) =>
    console.info(
      `  round ${k}: this build ${x!.cpuMsPerRender} ms, ${otherBuildDir} ${y!.cpuMsPerRender} ms`,
    ),
  );
  const cpu = rounds.map((side) => median(side.map((x) => x.cpuMsPerRender)));
  console.info(`CPU per render: this build ${cpu[0]} ms, ${otherBuildDir} ${cpu[1]} ms`);
  await a.close();
  await b.close();
}

/** Under valgrind: instructions of `renders` renders after warm-up, read from callgrind's totals. */
async function callgrindChild(opts: RenderOptions) {
  const r = await articleRenderer(opts);
  for (let i = 0; i < (opts.warmup ?? 300); i++) await r.renderOne();
  const renders = opts.renders ?? 200;
  // callgrind starts with instrumentation off (--instr-atstart=no); this process switches it on.
  spawnSync("callgrind_control", ["-i", "on", String(process.pid)], { stdio: "ignore" });
  for (let i = 0; i < renders; i++) await r.renderOne();
  spawnSync("callgrind_control", ["-i", "off", String(process.pid)], { stdio: "ignore" });
  await r.close();
}

/**
 * A CPU profile of `renders` renders after warm-up, and nothing else (no start-up, no dataset):
 * bench/data/render/render.cpuprofile, for Chrome's DevTools or any .cpuprofile reader.
 */
async function profile(opts: RenderOptions) {
  const { Session } = await import("node:inspector/promises");
  const r = await articleRenderer(opts);
  for (let i = 0; i < (opts.warmup ?? WARMUP); i++) await r.renderOne();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const renders = opts.renders ?? 2000;
  const cpu = process.cpuUsage();
  for (let i = 0; i < renders; i++) await r.renderOne();
  const used = process.cpuUsage(cpu);
  const { profile: data } = await session.post("Profiler.stop");
  session.disconnect();
  await r.close();
  const file = path.join(ROOT, "bench", "data", "render", "render.cpuprofile");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data));
  const ms = (used.user + used.system) / 1000 / renders;
  console.info(
    `profile of ${renders} renders (${round3(ms)} ms CPU each, profiler on): ${path.relative(ROOT, file)}`,
  );
}

function callgrind(opts: RenderOptions) {
  const dir = path.join(ROOT, "bench", "data", "render");
  fs.mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `callgrind.out.${process.pid}`);
  const renders = opts.renders ?? 200;
  const res = spawnSync(
    "valgrind",
    [
      "--tool=callgrind",
      "--instr-atstart=no",
      "--smc-check=all-non-file",
      `--callgrind-out-file=${out}`,
      process.execPath,
      // compilers and the collector on the main thread: the same instructions run after run
      "--single-threaded",
      process.argv[1]!,
    ],
    {
      stdio: ["ignore", "inherit", "pipe"],
      env: { ...process.env, BENCH_RENDER_MODE: "callgrind-child", BENCH_RENDER_RENDERS: String(renders) },
    },
  );
  const text = fs.existsSync(out) ? fs.readFileSync(out, "utf8") : "";
  const total = Number((/^totals: (\d+)/m.exec(text) ?? /^summary: (\d+)/m.exec(text))?.[1] ?? 0);
  // No instructions counted: the child never reached its renders (no build, NODE_ENV, a crash).
  if (!total) throw new BenchError(`callgrind counted nothing: ${res.stderr?.toString().slice(-800)}`);
  const perRender = total / renders;
  const compiler = optimizingCompiler(out) / renders;
  console.info(
    `callgrind: ${(perRender / 1e6).toFixed(2)} M instructions per render (${renders} renders), of which ` +
      `${(compiler / 1e6).toFixed(2)} M V8's optimizing compiler: ${((perRender - compiler) / 1e6).toFixed(2)} M without it`,
  );
  return {
    instructionsPerRender: Math.round(perRender),
    compilerPerRender: Math.round(compiler),
    withoutCompilerPerRender: Math.round(perRender - compiler),
    renders,
  };
}

/**
 * Instructions V8's optimizing compiler (TurboFan) took inside the counted renders, all it called
 * included. Under `--single-threaded` it compiles on the rendering thread, and it keeps compiling
 * for thousands of renders (with 1,000 warm-up renders, about a quarter of the counted
 * instructions): how much of that lands in the counted window is what made single runs of one
 * build differ by up to 20 %. Without it, the figure is what a warm server pays per render (the
 * collector stays in). Read with callgrind_annotate, which comes with valgrind.
 */
function optimizingCompiler(file: string): number {
  const res = spawnSync("callgrind_annotate", ["--inclusive=yes", "--threshold=100", file], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const line = res.stdout?.split("\n").find((l) => l.includes("Runtime_CompileOptimized("));
  return line ? Number(line.trim().split(/\s/)[0]!.replaceAll(",", "")) : 0;
}

async function main() {
  const env = process.env;
  const opts: RenderOptions = {
    buildDir: env.BENCH_RENDER_BUILD,
    count: Number(env.BENCH_RENDER_COUNT ?? 100_000),
    renders: env.BENCH_RENDER_RENDERS ? Number(env.BENCH_RENDER_RENDERS) : undefined,
    rounds: env.BENCH_RENDER_ROUNDS ? Number(env.BENCH_RENDER_ROUNDS) : undefined,
    warmup: env.BENCH_RENDER_WARMUP ? Number(env.BENCH_RENDER_WARMUP) : undefined,
    http: env.BENCH_RENDER_HTTP !== "0",
    kept: env.BENCH_RENDER_KEPT !== "0",
    visitor: env.BENCH_RENDER_VISITOR === "1",
    verbose: true,
  };
  if (env.BENCH_RENDER_COMPARE) return compare(opts, env.BENCH_RENDER_COMPARE);
  if (env.BENCH_RENDER_MODE === "callgrind-child") return callgrindChild(opts);
  if (env.BENCH_RENDER_MODE === "profile") return profile(opts);
  if (env.BENCH_RENDER_MODE === "callgrind") {
    const r = callgrind(opts);
    console.info(
      `load average: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
    return r;
  }
  const loadBefore = `load average before: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`;
  const save = (result: object) => {
    if (opts.count !== 100_000 || env.BENCH_RENDER_SAVE === "0") return;
    const file = path.join(ROOT, "bench", "results", "render-latest.json");
    fs.writeFileSync(
      file,
      `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, budgetMs: BUDGET_MS, ...result }, null, 2)}\n`,
    );
    console.info(`written ${path.relative(ROOT, file)}`);
  };
  const verdict = (ms: number) => `budget ≤ ${BUDGET_MS} ms: ${ms <= BUDGET_MS ? "met" : "NOT met"}`;
  const variant = ["BENCH_RENDER_HTTP", "BENCH_RENDER_KEPT", "BENCH_RENDER_VISITOR"].some((k) => env[k]);
  if (!variant) {
    console.info(
      `uncached article requests, ${opts.count} articles, Hono app + React Router handler: a visitor's store miss and a page rendered in full, rounds alternating`,
    );
    console.info(loadBefore);
    const { storeMiss, inFull } = await measureRequests(opts);
    console.info(
      `store miss (visitor): ${storeMiss.cpuMsPerRender} ms CPU (median of ${storeMiss.rounds.length} rounds of ${storeMiss.renders}), ` +
        `wall ${storeMiss.wallMsPerRender} ms, ${storeMiss.htmlBytes} bytes stored (brotli); ${verdict(storeMiss.cpuMsPerRender)}`,
    );
    console.info(
      `rendered in full (console session): ${inFull.cpuMsPerRender} ms CPU, wall ${inFull.wallMsPerRender} ms, HTML ${inFull.htmlBytes} bytes (reported)`,
    );
    console.info(`load average after: ${storeMiss.loadAverage.join(" ")}`);
    save({ ...storeMiss, inFull });
    return;
  }
  console.info(
    `uncached article render, ${opts.count} articles, ${opts.http ? "Hono app + " : ""}React Router handler` +
      `${opts.visitor && opts.http ? ", as a visitor (store miss)" : ""}${opts.kept ? "" : ", no kept article pages"}`,
  );
  console.info(loadBefore);
  const result = await measureRender(opts);
  console.info(
    `CPU per render: ${result.cpuMsPerRender} ms (median of ${result.rounds.length} rounds of ${result.renders}), ` +
      `wall ${result.wallMsPerRender} ms, HTML ${result.htmlBytes} bytes; ${verdict(result.cpuMsPerRender)}`,
  );
  console.info(`load average after: ${result.loadAverage.join(" ")}`);
  save(result);
}

// Run as a script (node scripts/run-ts.mjs bench/render.ts), not when another benchmark imports it.
if (/[\\/]render\.(mjs|ts)$/.test(process.argv[1] ?? "")) main().catch(fail);
