// Capacity (open loop) (bench/README.md "Capacity (open loop)"): readers arriving at fixed rates
// over the 100,000-article dataset, latency from each request's due time, the highest rate served
// with p99 < 100 ms and no errors, beside a bare Node server sending one stored page's bytes.
import "../server/private-umask";
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import pg from "pg";
import {
  ClusterError,
  checkPrerequisites,
  ensurePostgres,
  ensureRedis,
  startCluster,
} from "../tools/cluster.mjs";
import {
  BenchError,
  BROWSER_HEADERS,
  copyBuild,
  fail,
  own,
  ROOT,
  rawGet,
  startApp,
  waitFor,
  withShare,
} from "../tools/kit";
import { type OpenLoopResult, openLoop } from "../tools/open-loop";
import { buildPostgresDataset, buildSqliteDataset } from "./dataset";
import { rng, zipf } from "./zipf";

const COUNT = 100_000;
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** each step's recorded seconds, after CAPACITY_RAMP seconds at its rate that are not recorded */
const SECONDS = env("CAPACITY_SECONDS", 20);
const RAMP = env("CAPACITY_RAMP", 5);
/** the first seconds after a fresh start, and after a restart, at 250 req/s */
const FRESH_SECONDS = env("CAPACITY_FRESH_SECONDS", 60);
const RESTART_SECONDS = env("CAPACITY_RESTART_SECONDS", 120);
/**
 * After the fresh start: how long to wait, at most, for the store's warmer to make one whole pass
 * over the archive on every instance before the steps (a site that has been up a while); 0 starts
 * the steps at once, on a store that holds what the first minute's readers asked for.
 */
const FILL_MINUTES = env("CAPACITY_FILL_MINUTES", 20);
/** rates tried after the steps to find the capacity (each a step's length) */
const PROBES = env("CAPACITY_PROBES", 5);
const MODES = (process.env.CAPACITY_MODES ?? "embedded,production").split(",").map((m) => m.trim());
const STEPS = [250, 500, 1000, 2000];
const PHASE_RATE = 250;
/** the service level: p99 under this (ms) and no errors */
const SLO_P99 = 100;
const TIMEOUT_MS = 10_000;
const INTERVAL_SECONDS = 10;
const APP_PORT = 3730;
const BARE_PORT = 3731;
const CLUSTER_PORT = 8580;

/** What the generator needs to draw the mix: article ids, columns and tags (with their names). */
interface MixData {
  ids: number[];
  columns: { id: number; name: string }[];
  tags: { id: number; name: string }[];
}

/**
 * The mix: 70 % Zipf (s = 1) over every article, 20 % a crawler asking for articles never asked
 * for before (by this generator), 10 % home and list pages (a quarter of them past page 1), each
 * URL with share parameters a quarter of the time. Seeded, so two runs ask for the same URLs.
 */
function mix(data: MixData, seed: number) {
  const random = rng(seed);
  const pick = zipf(data.ids, random);
  const requested = new Set<number>();
  const crawlRandom = rng(seed + 1);
  const crawl = [...data.ids];
  for (let i = crawl.length - 1; i > 0; i--) {
    const j = Math.floor(crawlRandom() * (i + 1));
    [crawl[i], crawl[j]] = [crawl[j]!, crawl[i]!];
  }
  let crawlAt = 0;
  let crawlExhausted = 0;
  /** pages 2–50, the nearer more often (1/k) */
  const laterPage = zipf(
    Array.from({ length: 49 }, (_, i) => i + 2),
    random,
  );
  const listed = (pathname: string, params: Record<string, string> = {}) => {
    const q = new URLSearchParams(params);
    if (random() < 0.25) q.set("page", String(laterPage()));
    const s = q.toString();
    return s ? `${pathname}?${s}` : pathname;
  };
  const list = () => {
    const x = random();
    if (x < 0.35) return listed("/");
    if (x < 0.5) return listed("/news");
    if (x < 0.75) {
      const c = data.columns[Math.floor(random() * data.columns.length)]!;
      return listed(`/newlist/${c.id}`, { name: c.name });
    }
    if (x < 0.95) {
      const t = data.tags[Math.floor(random() * data.tags.length)]!;
      return listed(`/taglist/${t.id}`, { name: t.name });
    }
    return "/activity";
  };
  const article = () => {
    const id = pick();
    requested.add(id);
    return `/articledetail/${id}`;
  };
  const next = () => {
    const x = random();
    let p: string;
    if (x < 0.7) p = article();
    else if (x < 0.9) {
      while (crawlAt < crawl.length && requested.has(crawl[crawlAt]!)) crawlAt++;
      if (crawlAt < crawl.length) {
        const id = crawl[crawlAt++]!;
        requested.add(id);
        p = `/articledetail/${id}`;
      } else {
        crawlExhausted++;
        p = article();
      }
    } else p = list();
    return withShare(p, random);
  };
  return { next, stats: () => ({ requested: requested.size, crawlExhausted }) };
}

// ---------------------------------------------------------------------------------------------
// The generator: a worker thread of its own, so its event loop (and its lag) is apart from the
// sampling and orchestration here. It keeps the mix's state (what was requested) between runs.

interface RunRequest {
  base: string;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  intervalSeconds?: number;
}
type RunAnswer = OpenLoopResult & { requested: number; crawlExhausted: number };

if (!isMainThread) {
  const { data, seed } = workerData as { data: MixData; seed: number };
  const m = mix(data, seed);
  parentPort!.on("message", async (req: RunRequest) => {
    const r = await openLoop({
      ...req,
      next: m.next,
      headers: BROWSER_HEADERS,
      timeoutMs: TIMEOUT_MS,
      connections: 512,
    });
    parentPort!.postMessage({ ...r, ...m.stats() } satisfies RunAnswer);
  });
}

function generator(data: MixData, seed: number) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { data, seed } });
  return {
    /** one run at a time: resolves with its figures */
    send(req: RunRequest): Promise<RunAnswer> {
      return new Promise((resolve, reject) => {
        worker.once("error", reject);
        worker.once("message", (answer: RunAnswer) => {
          worker.off("error", reject);
          resolve(answer);
        });
        worker.postMessage(req);
      });
    },
    stop: () => worker.terminate(),
  };
}

// ---------------------------------------------------------------------------------------------
// The servers: what is sampled while a run goes on.

interface Target {
  label: string;
  /** where the load goes (the app, or nginx before the instances) */
  front: string;
  /** each instance, for /metrics */
  instances: () => string[];
  pids: () => (number | undefined)[];
  /** stops and starts the server(s) again on the same data */
  restart?: () => Promise<void>;
  /** the server processes that have ended (a crash), e.g. "instance 1 (SIGABRT)" */
  ended: () => string[];
}

const endedAs = (child: ChildProcess) =>
  child.exitCode !== null
    ? `code ${child.exitCode}`
    : child.signalCode !== null
      ? child.signalCode
      : undefined;

const rssMb = (pid: number | undefined) => {
  if (!pid) return 0;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
};

type Stats = {
  hits: number;
  stale: number;
  misses: number;
  entries: number;
  /** pages rendered: on a render thread, and on the request thread (a thread failed or timed out) */
  onThread: number;
  onRequest: number;
  rendered: number;
  /** every instance's warmer has made one whole pass over the archive */
  filled: boolean;
};
async function storeStats(instances: string[]): Promise<Stats | undefined> {
  try {
    const each = await Promise.all(
      instances.map(async (base) => {
        const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
        const read = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
        return {
          hits: read(/^cache_hits_total (\S+)/m),
          stale: read(/^cache_stale_total (\S+)/m),
          misses: read(/^cache_misses_total (\S+)/m),
          entries: read(/^cache_entries (\S+)/m),
          onThread: read(/^page_renders\{where="thread"\} (\S+)/m),
          onRequest: read(/^page_renders\{where="request"\} (\S+)/m),
          passes: read(/^cache_warm_passes_total (\S+)/m),
        };
      }),
    );
    const filled = each.every((e) => e.passes >= 1);
    const sum = each.reduce((a, b) => ({
      hits: a.hits + b.hits,
      stale: a.stale + b.stale,
      misses: a.misses + b.misses,
      entries: a.entries + b.entries,
      onThread: a.onThread + b.onThread,
      onRequest: a.onRequest + b.onRequest,
      passes: Math.min(a.passes, b.passes),
    }));
    return { ...sum, filled, rendered: sum.onThread + sum.onRequest };
  } catch {
    return undefined;
  }
}

/** The store's hit ratio (fresh + stale answers over all lookups, %) between two readings. */
const hitRatio = (a: Stats | undefined, b: Stats | undefined) => {
  if (!a || !b) return null;
  const served = b.hits - a.hits + (b.stale - a.stale);
  const all = served + (b.misses - a.misses);
  return all === 0 ? null : Math.round((1000 * served) / all) / 10;
};

/**
 * The servers' RSS (all their threads) every second, and the store's counts every
 * `statsEverySeconds` (with the hit ratio of each interval), until stopped.
 */
function sampler(target: Target, statsEverySeconds?: number) {
  let maxRss = 0;
  const hitRatios: (number | null)[] = [];
  const rssTick = setInterval(() => {
    maxRss = Math.max(
      maxRss,
      target.pids().reduce<number>((n, pid) => n + rssMb(pid), 0),
    );
  }, 1000);
  let last: Promise<Stats | undefined> | undefined;
  let statsTick: NodeJS.Timeout | undefined;
  if (statsEverySeconds) {
    last = storeStats(target.instances());
    statsTick = setInterval(async () => {
      const before = last;
      const now = storeStats(target.instances());
      last = now;
      hitRatios.push(hitRatio(await before, await now));
    }, statsEverySeconds * 1000);
  }
  return {
    /** `intervals`: how many the run had; a last one cut short by the run's end is read now */
    async stop(intervals = 0) {
      clearInterval(rssTick);
      clearInterval(statsTick);
      if (last && hitRatios.length < intervals)
        hitRatios.push(hitRatio(await last, await storeStats(target.instances())));
      return { rssMb: maxRss, hitRatios };
    },
  };
}

/** After a run: until the servers render nothing more (the requests of readers who gave up). */
async function settle(target: Target) {
  if (target.instances().length === 0) return;
  let last = await storeStats(target.instances());
  for (let i = 0, quiet = 0; i < 60 && quiet < 2; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await storeStats(target.instances());
    quiet = now && last && now.rendered === last.rendered ? quiet + 1 : 0;
    last = now;
  }
}

interface Step {
  offered: number;
  achieved: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  errors: number;
  errorKinds: Record<string, number>;
  /** the store's hit ratio over the step (ramp included), % */
  hitRatio: number | null;
  /** the highest RSS of the servers (all their threads) during the step, MB */
  rssMb: number;
  /** pages rendered a second over the step (ramp included): on render threads, on the request thread */
  renders: { onThread: number; onRequest: number } | null;
  generator: OpenLoopResult["generator"];
  /** within the service level: p99 < 100 ms and no errors */
  ok: boolean;
  /** server processes that ended during the step */
  ended?: string[];
}

const meets = (r: { p99: number; errors: number }) => r.p99 < SLO_P99 && r.errors === 0;

async function step(gen: ReturnType<typeof generator>, target: Target, rate: number): Promise<Step> {
  const s0 = await storeStats(target.instances());
  const sampled = sampler(target);
  const r = await gen.send({ base: target.front, rate, seconds: SECONDS, warmupSeconds: RAMP });
  const { rssMb } = await sampled.stop();
  const s1 = await storeStats(target.instances());
  const out: Step = {
    offered: rate,
    achieved: r.achieved,
    p50: r.p50,
    p99: r.p99,
    p999: r.p999,
    max: r.max,
    errors: r.errors,
    errorKinds: r.errorKinds,
    hitRatio: hitRatio(s0, s1),
    rssMb,
    renders:
      s0 && s1
        ? {
            onThread: Math.round((s1.onThread - s0.onThread) / (SECONDS + RAMP)),
            onRequest: Math.round((s1.onRequest - s0.onRequest) / (SECONDS + RAMP)),
          }
        : null,
    generator: r.generator,
    ok: meets(r),
  };
  const ended = target.ended();
  if (ended.length) {
    out.ended = ended;
    out.ok = false;
    console.info(`${target.label} ${rate} req/s: the server ended (${ended.join(", ")})`);
  }
  const errs = Object.entries(r.errorKinds)
    .map(([k, n]) => `${n} ${k}`)
    .join(", ");
  console.info(
    `${target.label} ${rate} req/s offered: ${r.achieved} answered a second, p50 ${r.p50} ms, p99 ${r.p99} ms, p99.9 ${r.p999} ms, errors ${r.errors}${errs ? ` (${errs})` : ""}` +
      `${out.hitRatio === null ? "" : `, hits ${out.hitRatio} %`}${out.renders ? `, ${out.renders.onThread} + ${out.renders.onRequest} pages rendered a second (render thread + request thread)` : ""}${rssMb ? `, RSS up to ${rssMb} MB` : ""}; generator: send lag p99 ${r.generator.sendLagP99} ms, loop delay p99 ${r.generator.loopDelayP99} ms, busy ${Math.round(r.generator.utilization * 100)} %`,
  );
  await settle(target);
  return out;
}

/**
 * The capacity at the service level: the highest offered rate with p99 < 100 ms and no errors.
 * From the runs made so far, upward by `factor` while every rate passes, then halving the gap
 * between the highest rate that passed and the lowest that failed; at most PROBES runs.
 */
async function capacity(
  gen: ReturnType<typeof generator>,
  target: Target,
  known: Step[],
  factor: number,
  resolution: (lo: number) => number,
) {
  const probes: Step[] = [];
  const bounds = () => {
    const all = [...known, ...probes];
    const lo = Math.max(0, ...all.filter((s) => s.ok).map((s) => s.offered));
    const above = all.filter((s) => !s.ok && s.offered > lo).map((s) => s.offered);
    return { lo, hi: above.length ? Math.min(...above) : undefined };
  };
  for (let i = 0; i < PROBES && target.ended().length === 0; i++) {
    const { lo, hi } = bounds();
    if (hi !== undefined && hi - lo <= resolution(lo)) break;
    const rate = hi === undefined ? Math.round(Math.max(lo, 125) * factor) : Math.round((lo + hi) / 100) * 50;
    probes.push(await step(gen, target, rate));
  }
  const { lo, hi } = bounds();
  console.info(
    `${target.label} capacity at p99 < ${SLO_P99} ms and no errors: ${lo} req/s${hi === undefined ? " (no rate tried failed)" : ` (${hi} failed)`}`,
  );
  return { rps: lo, lowestFailed: hi ?? null, probes };
}

/** A phase of PHASE_RATE: latency and the store's hit ratio every 10 s. */
async function phase(gen: ReturnType<typeof generator>, target: Target, seconds: number, name: string) {
  const sampled = sampler(target, INTERVAL_SECONDS);
  const r = await gen.send({
    base: target.front,
    rate: PHASE_RATE,
    seconds,
    warmupSeconds: 0,
    intervalSeconds: INTERVAL_SECONDS,
  });
  const { rssMb, hitRatios } = await sampled.stop(r.intervals.length);
  const out = {
    offered: PHASE_RATE,
    seconds,
    p50: r.p50,
    p99: r.p99,
    p999: r.p999,
    max: r.max,
    errors: r.errors,
    errorKinds: r.errorKinds,
    rssMb,
    every10s: r.intervals.map((x, i) => ({
      p50: x.p50,
      p99: x.p99,
      p999: x.p999,
      errors: x.errors,
      hitRatio: hitRatios[i] ?? null,
    })),
    generator: r.generator,
  };
  console.info(
    `${target.label} ${name} (${PHASE_RATE} req/s, ${seconds} s): p50 ${r.p50} ms, p99 ${r.p99} ms, p99.9 ${r.p999} ms, errors ${r.errors}; every 10 s p99 ${out.every10s.map((x) => x.p99).join(", ")} ms, hits ${out.every10s.map((x) => x.hitRatio ?? "–").join(", ")} %`,
  );
  await settle(target);
  return out;
}

/** Waits (at most FILL_MINUTES) for the warmer's first whole pass on every instance, without load. */
async function filled(target: Target) {
  const began = Date.now();
  let stats = await storeStats(target.instances());
  while (!stats?.filled && Date.now() - began < FILL_MINUTES * 60_000 && target.ended().length === 0) {
    await new Promise((r) => setTimeout(r, 5_000));
    stats = await storeStats(target.instances());
  }
  const fill = {
    filled: stats?.filled ?? false,
    seconds: Math.round((Date.now() - began) / 1000),
    entries: stats?.entries ?? 0,
    rssMb: Math.max(...target.pids().map(rssMb)),
  };
  console.info(
    `${target.label} warmer ${fill.filled ? "filled the store" : "has NOT filled the store"} after ${fill.seconds} s more (${fill.entries} answers, RSS ${fill.rssMb} MB)`,
  );
  return fill;
}

/** Fresh start, the store filled by the warmer, the steps, the capacity, then a restart on the same data. */
async function measure(target: Target, data: MixData) {
  const started = Date.now();
  const load = [os.loadavg()[0]!];
  const gen = generator(data, 20261207);
  try {
    const fresh = await phase(gen, target, FRESH_SECONDS, `first ${FRESH_SECONDS} s after a fresh start`);
    const fill = await filled(target);
    const steps: Step[] = [];
    // A server that ended (crashed) ends the steps and the search: the restart starts it again.
    for (const rate of STEPS) if (target.ended().length === 0) steps.push(await step(gen, target, rate));
    // Upward by 1.5× (e.g. 3,000 after 2,000), bisected to 50 req/s or a tenth of the rate.
    const cap = await capacity(gen, target, steps, 1.5, (lo) => Math.max(50, lo / 10));
    let restart: Awaited<ReturnType<typeof phase>> | undefined;
    if (target.restart) {
      await target.restart();
      restart = await phase(gen, target, RESTART_SECONDS, "after a restart");
    }
    load.push(os.loadavg()[0]!);
    const rssMb = Math.max(
      fresh.rssMb,
      restart?.rssMb ?? 0,
      ...steps.map((s) => s.rssMb),
      ...cap.probes.map((s) => s.rssMb),
    );
    return {
      minutes: Math.round((Date.now() - started) / 6000) / 10,
      load: load.map((x) => Math.round(x * 10) / 10),
      fresh,
      fill,
      steps,
      capacity: cap,
      restart,
      rssMb,
    };
  } finally {
    await gen.stop();
  }
}

/** The bare server's capacity, the same way, with a generator (and mix) of its own. */
async function bare(front: string, data: MixData, work: string) {
  const article = `/articledetail/${data.ids[10]}`;
  // A stored page's bytes, as a browser gets them (warm first, so they are the stored ones)
  for (let i = 0; i < 2; i++) await rawGet(front + article);
  const res = await rawGet(front + article);
  const routesFile = path.join(work, "bare-routes.json");
  fs.writeFileSync(
    routesFile,
    JSON.stringify({
      "*": {
        body: res.body.toString("base64"),
        type: String(res.headers["content-type"] ?? ""),
        encoding: res.headers["content-encoding"],
      },
    }),
  );
  const server = own(
    fork(path.join(ROOT, "bench", "bare-server.mjs"), [routesFile, String(BARE_PORT)], { stdio: "inherit" }),
  );
  await new Promise((r) => server.once("message", r));
  const gen = generator(data, 20261208);
  const target: Target = {
    label: "bare:",
    front: `http://127.0.0.1:${BARE_PORT}`,
    instances: () => [],
    pids: () => [server.pid],
    ended: () => {
      const how = endedAs(server);
      return how ? [`bare server (${how})`] : [];
    },
  };
  try {
    // From 2,000 up by 2× (4,000, 8,000…), then bisected to a tenth of the rate.
    const first = await step(gen, target, 2000);
    const cap = await capacity(gen, target, [first], 2, (lo) => Math.max(250, lo / 10));
    return {
      bytes: res.body.length,
      encoding: res.headers["content-encoding"] ?? null,
      ...cap,
      steps: [first],
    };
  } finally {
    await gen.stop();
    server.kill("SIGTERM");
  }
}

/** The mix's data from the site's own API: every article id, the columns, the tags. */
async function mixData(base: string): Promise<MixData> {
  const get = async <T>(p: string) => ((await (await fetch(base + p)).json()) as { data: T }).data;
  const latest = await get<{
    result: { contentId: number; tagList: { tagId: number; tagName: string }[] }[];
  }>("/api/product/content/list?page=1&pageSize=100");
  const newest = latest.result[0]!.contentId;
  const columns = await get<{ result: { columnId: number; columnName: string }[] }>(
    "/api/product/column/list",
  );
  const tags = new Map<number, string>();
  for (const a of latest.result) for (const t of a.tagList) tags.set(t.tagId, t.tagName);
  return {
    ids: Array.from({ length: COUNT }, (_, i) => newest - i).filter((id) => id > 0),
    columns: columns.result.map((c) => ({ id: c.columnId, name: c.columnName })),
    tags: [...tags].map(([id, name]) => ({ id, name })),
  };
}

async function embedded(work: string) {
  const dataset = path.resolve(
    process.env.CAPACITY_DATASET ?? path.join(ROOT, "bench", "data", `sqlite-${COUNT}`),
  );
  console.info(`embedded: ${COUNT} articles from ${dataset}`);
  const source = await buildSqliteDataset(dataset, COUNT);
  // A copy of the dataset (readers' views are counted), the built server at its defaults.
  const dataDir = path.join(work, "data");
  fs.mkdirSync(dataDir);
  fs.copyFileSync(source, path.join(dataDir, "site.db"));
  const buildDir = await copyBuild(work);
  const base = `http://127.0.0.1:${APP_PORT}`;
  const start = async () => {
    // Errors only: a render moved to the request thread is counted from /metrics instead.
    const child = startApp({ buildDir, dataDir, port: APP_PORT, seed: false, env: { LOG_LEVEL: "error" } });
    await waitFor(`${base}/healthz`, 600);
    return child;
  };
  let app = await start();
  const target: Target = {
    label: "embedded:",
    front: base,
    instances: () => [base],
    pids: () => [app.pid],
    async restart() {
      if (!endedAs(app)) {
        const exited = new Promise((r) => app.once("exit", r));
        app.kill("SIGTERM");
        await exited;
      }
      app = await start();
    },
    ended: () => {
      const how = endedAs(app);
      return how ? [`server (${how})`] : [];
    },
  };
  try {
    const data = await mixData(base);
    const result = await measure(target, data);
    return { result, data, front: base, stop: () => app.kill("SIGTERM") };
  } catch (err) {
    app.kill("SIGTERM");
    throw err;
  }
}

/**
 * Production mode: nginx before two instances on PostgreSQL and Redis (tools/cluster.mjs), on a
 * copy of the PostgreSQL dataset (built first if missing: bench/dataset.ts).
 */
async function production(work: string) {
  const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/dianshang_bench";
  const pgAdminUrl = pgUrl.replace(/\/[^/]*$/, "/postgres");
  await checkPrerequisites({ pgAdminUrl });
  await ensurePostgres(pgAdminUrl, "postgres");
  await ensureRedis();
  const t0 = Date.now();
  await buildPostgresDataset(pgUrl, COUNT);
  const datasetSeconds = Math.round((Date.now() - t0) / 1000);
  const template = new URL(pgUrl).pathname.slice(1);
  const runDb = `${template}_capacity`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${runDb}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${runDb}" TEMPLATE "${template}"`);
  await admin.end();
  const dataDir = path.join(work, "cluster-data");
  // The instances' and nginx's output; exits and fatal errors are also printed here.
  const clusterLogFile = path.join(os.tmpdir(), `capacity-cluster-${process.pid}.log`);
  const clusterLog = fs.createWriteStream(clusterLogFile);
  console.info(`production: the instances' output is in ${clusterLogFile}`);
  const cluster = await startCluster({
    instances: 2,
    port: CLUSTER_PORT,
    databaseUrl: pgUrl.replace(/\/[^/]*$/, `/${runDb}`),
    redisUrl: "redis://127.0.0.1:6379",
    dir: path.join(work, "cluster"),
    dataDir,
    env: { LOG_LEVEL: "warn", SEED_DEMO: "false" },
    log: (line) => {
      clusterLog.write(line);
      if (/\] exited \(|"level":60/.test(line)) console.info(`production: ${line.trimEnd().slice(0, 400)}`);
    },
  });
  const target: Target = {
    label: "production:",
    front: cluster.url,
    instances: () => cluster.apps.map((a) => a.url),
    pids: () => cluster.apps.map((a) => a.child.pid),
    async restart() {
      for (let i = 0; i < cluster.apps.length; i++) {
        await cluster.kill(i, "SIGTERM");
        await cluster.restart(i);
      }
    },
    ended: () =>
      cluster.apps.flatMap((a) => {
        const how = endedAs(a.child);
        return how ? [`instance ${a.index + 1} (${how})`] : [];
      }),
  };
  try {
    const data = await mixData(cluster.url);
    const result = await measure(target, data);
    return { result: { ...result, datasetSeconds }, data, front: cluster.url, stop: () => cluster.stop() };
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build", "app", "main.js")))
    throw new BenchError("no build: run `npm run build` first");
  const unknown = MODES.filter((m) => m !== "embedded" && m !== "production");
  if (unknown.length) throw new BenchError(`CAPACITY_MODES: unknown ${unknown.join(", ")}`);
  const startedAt = new Date().toISOString();
  const load = os.loadavg().map((x) => Math.round(x * 10) / 10);
  console.info(`load average ${load.join(", ")}; modes ${MODES.join(", ")}`);
  fs.mkdirSync(path.join(ROOT, "bench", "data"), { recursive: true });
  const work = fs.mkdtempSync(path.join(ROOT, "bench", "data", "capacity-"));
  const results: Record<string, unknown> = {};
  let bareResult: Awaited<ReturnType<typeof bare>> | undefined;
  try {
    for (const mode of MODES) {
      const m = mode === "embedded" ? await embedded(work) : await production(work);
      try {
        results[mode] = m.result;
        // The bare server once a run, after the first mode, the same way (CAPACITY_BARE=0: not).
        if (!bareResult && process.env.CAPACITY_BARE !== "0") bareResult = await bare(m.front, m.data, work);
      } finally {
        await m.stop();
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const result = {
    date: startedAt,
    load,
    loadAtEnd: os.loadavg().map((x) => Math.round(x * 10) / 10),
    generator: `tools/open-loop.ts in a worker thread: undici Pool (up to 512 connections), hdr-histogram-js; timeouts ${TIMEOUT_MS / 1000} s from the due time`,
    seconds: SECONDS,
    ramp: RAMP,
    mix: "70 % Zipf s = 1 over 100,000 articles, 20 % articles never requested before, 10 % home and list pages; share parameters on a quarter; WeChat Android headers",
    ...results,
    bare: bareResult,
    budgets: {
      embedded1000: "at 1,000 req/s offered: p99 < 50 ms and 0 errors",
      capacity: "≥ 2,000 req/s at p99 < 100 ms and no errors",
      rss: "≤ 512 MB throughout",
      restart: "hit ratio above 90 % within 2 minutes of a restart",
    },
  };
  const out = path.join(ROOT, "bench", "results");
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, "capacity-latest.json"), `${JSON.stringify(result, null, 2)}\n`);
  const rows: Record<string, unknown>[] = [];
  for (const mode of MODES) {
    const r = results[mode] as Awaited<ReturnType<typeof measure>>;
    const row = (
      what: string,
      s: { p50: number; p99: number; p999: number; errors: number; rssMb: number },
    ) => rows.push({ mode, what, p50: s.p50, p99: s.p99, "p99.9": s.p999, errors: s.errors, rssMb: s.rssMb });
    row(`first ${FRESH_SECONDS} s, 250 req/s`, r.fresh);
    for (const s of r.steps) row(`${s.offered} req/s`, s);
    for (const s of r.capacity.probes) row(`${s.offered} req/s (probe)`, s);
    if (r.restart) row(`after a restart, 250 req/s`, r.restart);
    rows.push({ mode, what: `capacity ${r.capacity.rps} req/s`, rssMb: r.rssMb });
  }
  if (bareResult) rows.push({ mode: "bare", what: `capacity ${bareResult.rps} req/s` });
  console.table(rows);
}

if (isMainThread)
  main().catch((err) => fail(err instanceof ClusterError ? new BenchError(err.message) : err));
