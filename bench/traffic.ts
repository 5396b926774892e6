// Real traffic (bench/README.md "Real traffic"): browser-like requests over the 100,000-article
// dataset, beside a bare Node server sending one stored page's compressed bytes.
import "../server/private-umask";
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { checkPrerequisites, ensurePostgres, ensureRedis, startCluster } from "../tools/cluster.mjs";
import {
  BenchError,
  BROWSER_HEADERS,
  CONNECTIONS,
  ConsoleSession,
  copyBuild,
  fail,
  own,
  ROOT,
  rawGet,
  startApp,
  waitFor,
  withShare,
  wrk,
} from "../tools/kit";
import { buildPostgresDataset, buildSqliteDataset } from "./dataset";
import { rng, zipf } from "./zipf";

const COUNT = 100_000;
const SECONDS = Number(process.env.TRAFFIC_SECONDS ?? 20);
/** (0) as the other benchmarks measure one URL */
const ZERO_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** (0): pairs of runs (ours, then bare), the median pair's ratio counts */
const ZERO_PAIRS = 3;
const WARMUP = Number(process.env.TRAFFIC_WARMUP ?? 60);
const PUBLISH_EVERY_MS = 10_000;
/** `npm run bench:soak`: (a) alone for this many minutes after the warm-up, RSS printed every minute */
const SOAK_MINUTES = Number(process.env.TRAFFIC_SOAK_MINUTES ?? 0);
/** How long (c) after the warmer waits for its first whole pass over the archive; 0 skips it. */
const FILL_MINUTES = Number(process.env.TRAFFIC_FILL_MINUTES ?? 30);
const APP_PORT = 3720;
const BARE_PORT = 3721;

/** The most requests a second a list of paths is made for; a faster run starts the list again. */
const MAX_RATE = 30_000;

/**
 * wrk over the paths `next` draws, with browser headers. `sent` hears each path requested (the
 * list is drawn ahead, and only the part wrk took counts), so later scenarios know what was asked.
 */
async function run(base: string, next: () => string, seconds: number, sent?: (path: string) => void) {
  const paths = Array.from({ length: Math.max(1, seconds * MAX_RATE) }, next);
  const r = await wrk(base, paths, seconds, BROWSER_HEADERS);
  let total = 0;
  r.sent.forEach((n, t) => {
    total += n;
    for (let k = 0; k < n; k++) sent?.(paths[(t + k * r.threads) % paths.length]!);
  });
  return {
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    /** the list ran out and started again (its requests are no longer the intended mix) */
    wrapped: total > paths.length,
  };
}

async function storeStats(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? 0);
  return {
    hits: read("cache_hits_total"),
    stale: read("cache_stale_total"),
    misses: read("cache_misses_total"),
    bytes: read("cache_bytes"),
    entries: read("cache_entries"),
    /** the request thread's V8 heap (render threads' heaps are capped: server/serving/threads.ts) */
    heapMb: Math.round(read("nodejs_heap_size_total_bytes") / 2 ** 20),
    rendered:
      Number(/^page_renders\{where="thread"\} (\S+)/m.exec(text)?.[1] ?? 0) +
      Number(/^page_renders\{where="request"\} (\S+)/m.exec(text)?.[1] ?? 0),
  };
}

const ratio = (
  a: { hits: number; stale: number; misses: number },
  b: { hits: number; stale: number; misses: number },
) => {
  const served = b.hits - a.hits + (b.stale - a.stale);
  const all = served + (b.misses - a.misses);
  return all === 0 ? 0 : Math.round((1000 * served) / all) / 10;
};

const rssMb = (pid: number | undefined) => {
  if (!pid) return 0;
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
};

/**
 * CPU time (ms) a server process has used: all its threads, and its request thread (the process's
 * first, which serves every request; the render threads and V8's and libuv's helpers are the rest).
 * Read from /proc; zeros where there is none.
 */
function serverCpu(pid: number | undefined): { all: number; request: number } {
  const ticks = (file: string) => {
    const stat = fs.readFileSync(file, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  };
  try {
    if (!pid) return { all: 0, request: 0 };
    return { all: ticks(`/proc/${pid}/stat`), request: ticks(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return { all: 0, request: 0 };
  }
}
/** Linux's USER_HZ (`getconf CLK_TCK`), 100 on every architecture Node runs on there. */
const CLOCK_TICKS = 100;

/** The console's editor: publishes an article through the admin API. */
class Editor extends ConsoleSession {
  async publish(title: string): Promise<number> {
    const made = await this.call<{ id: number }>("POST", "/api/admin/articles", {
      title,
      intro: "压测期间发布的文章",
      content: "<p>压测期间发布的文章正文。</p>",
      thumb: "/uploads/demo/article-1.svg",
      author: "压测",
      columnId: 5,
      tags: ["压测"],
      hot: false,
      status: "published",
      createdAt: new Date().toISOString(),
    });
    return made.id;
  }
}

/**
 * Publishes every 10 s until stopped, or until `lastStartMs` (performance.now()) has passed; for
 * each, how long until the home shows it to a browser. No publish starts in a run's last seconds:
 * when the load ends, this process reads back what wrk sent (hundreds of thousands of paths), and a
 * poll waiting meanwhile would time this process, not the server (a publish made there took 578–825
 * ms to "show" where those made under load took 33–217 ms).
 */
function publisher(base: string, editor: Editor, lastStartMs: number) {
  const delays: number[] = [];
  /** per publish: each poll of / as "how it was answered (X-Cache) in ms" */
  const polls: string[][] = [];
  let stop = false;
  const done = (async () => {
    let n = 0;
    while (!stop && performance.now() < lastStartMs) {
      const title = `压测发布 ${Date.now()} 第${++n}篇`;
      await editor.publish(title);
      const t0 = performance.now();
      const these: string[] = [];
      for (;;) {
        const p0 = performance.now();
        const res = await fetch(`${base}/`, { headers: BROWSER_HEADERS });
        const html = await res.text();
        these.push(`${res.headers.get("x-cache") ?? "?"} ${Math.round(performance.now() - p0)}`);
        if (html.includes(title)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      delays.push(Math.round(performance.now() - t0));
      polls.push(these);
      await new Promise((r) => setTimeout(r, PUBLISH_EVERY_MS));
    }
  })();
  return {
    delays,
    polls,
    async stop() {
      stop = true;
      await done;
    },
  };
}

const SAMPLE_MS = 2000;

/**
 * The store's counts and the servers' RSS (all their threads) read every SAMPLE_MS while a load
 * runs: the pages the servers answered (hits, stale and misses; behind nginx's proxy_cache, not its
 * own hits) and rendered a second in each interval, so a run shows when its rate fell, not only its
 * mean, and the most memory the servers held.
 */
function sampler(
  read: () => Promise<{ hits: number; stale: number; misses: number; rendered: number }>,
  pids: (number | undefined)[],
) {
  const out: { answered: number; rendered: number; rssMb: number }[] = [];
  let stop = false;
  const done = (async () => {
    let last = await read();
    let at = performance.now();
    while (!stop) {
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
      if (stop) break;
      const now = await read();
      const t = performance.now();
      const per = (n: number) => Math.round((1000 * n) / (t - at));
      out.push({
        answered: per(now.hits + now.stale + now.misses - last.hits - last.stale - last.misses),
        rendered: per(now.rendered - last.rendered),
        rssMb: pids.reduce<number>((n, pid) => n + rssMb(pid), 0),
      });
      last = now;
      at = t;
    }
  })();
  return {
    async stop() {
      stop = true;
      await done;
      return out;
    },
  };
}

/** (a) and (b) against one front (the app, or nginx before the instances). */
async function zipfScenarios(
  front: string,
  instances: string[],
  pids: (number | undefined)[],
  all: number[],
  random: () => number,
  requested: Set<number>,
  label: string,
  /** the bare server's req/s, measured right before and right after (a)'s window (the machine's speed drifts) */
  ceiling?: () => Promise<number>,
) {
  const pick = zipf(all, random);
  const nextZipf = () => withShare(`/articledetail/${pick()}`, random);
  const mark = (p: string) => requested.add(Number(/\/articledetail\/(\d+)/.exec(p)![1]));
  const stats = async () => {
    const each = await Promise.all(instances.map(storeStats));
    return each.reduce((x, y) => ({
      hits: x.hits + y.hits,
      stale: x.stale + y.stale,
      misses: x.misses + y.misses,
      bytes: x.bytes + y.bytes,
      entries: x.entries + y.entries,
      heapMb: x.heapMb + y.heapMb,
      rendered: x.rendered + y.rendered,
    }));
  };
  console.info(`${label} (a) warming up for ${WARMUP} s…`);
  await run(front, nextZipf, WARMUP, mark);
  const bareBefore = await ceiling?.();
  const s0 = await stats();
  const cpu0 = pids.map(serverCpu);
  const aSampled = sampler(stats, pids);
  const ra = await run(front, nextZipf, SECONDS, mark);
  const aSamples = await aSampled.stop();
  const cpu1 = pids.map(serverCpu);
  const s1 = await stats();
  const bareAfter = await ceiling?.();
  // Where the servers' CPU went: per request, per page rendered (a store miss), and the request
  // threads' share (bench/README.md "Real traffic").
  const used = (k: "all" | "request") => cpu1.reduce((n, c, i) => n + c[k] - cpu0[i]![k], 0);
  const requests = ra.rps * SECONDS;
  const misses = s1.misses - s0.misses;
  const cpu = {
    cores: Math.round(used("all") / SECONDS / 10) / 100,
    requestThreadCores: Math.round(used("request") / SECONDS / 10) / 100,
    perRequestUs: requests > 0 ? Math.round((1000 * used("all")) / requests) : 0,
    perMissMs: misses > 0 ? Math.round((100 * used("all")) / misses) / 100 : 0,
    missesPerSecond: Math.round(misses / SECONDS),
  };
  const a = {
    ...ra,
    cpu,
    hitRatio: ratio(s0, s1),
    /** the most the servers held during the window (every SAMPLE_MS) and at its end */
    rssMb: Math.max(
      pids.reduce<number>((n, pid) => n + rssMb(pid), 0),
      ...aSamples.map((x) => x.rssMb),
    ),
    storeMb: Math.round(s1.bytes / 1048576),
    entries: s1.entries,
    /** the bare server, measured just before and just after this window */
    bareAround: bareBefore !== undefined && bareAfter !== undefined ? [bareBefore, bareAfter] : undefined,
  };
  console.info(
    `${label} (a) ${a.rps} req/s, p99 ${a.p99} ms, store hit ratio ${a.hitRatio} %, RSS ${a.rssMb} MB`,
  );
  console.info(
    `${label} (a) server CPU ${cpu.cores} cores (request threads ${cpu.requestThreadCores}), ${cpu.perRequestUs} µs per request, ${cpu.missesPerSecond} pages rendered a second, ${cpu.perMissMs} ms per page rendered (all CPU, hits included, over the renders)`,
  );

  const editor = new Editor(instances[0]!);
  await editor.setup();
  // Four publishes (at 0, 10, 20 and 30 s), each seen on / while the load still runs.
  const bSeconds = Math.max(SECONDS, 40);
  const pub = publisher(front, editor, performance.now() + (bSeconds - 8) * 1000);
  const sampled = sampler(stats, pids);
  const rb = await run(front, nextZipf, bSeconds, mark);
  const perSecond = await sampled.stop();
  await pub.stop();
  const s2 = await stats();
  const b = {
    ...rb,
    hitRatio: ratio(s1, s2),
    publishToHomeMs: pub.delays,
    maxPublishToHomeMs: Math.max(...pub.delays),
    rssMb: Math.max(...perSecond.map((x) => x.rssMb)),
  };
  console.info(
    `${label} (b) ${b.rps} req/s, p99 ${b.p99} ms, RSS up to ${b.rssMb} MB; publish → home ${pub.delays.join(", ")} ms`,
  );
  console.info(
    `${label} (b) polls of / after each publish (X-Cache, ms): ${pub.polls.map((p) => `[${p.join(", ")}]`).join(" ")}`,
  );
  console.info(
    `${label} (b) every ${SAMPLE_MS / 1000} s, pages answered and rendered a second: ${perSecond.map((x) => `${x.answered}/${x.rendered}`).join(" ")}`,
  );
  return { a, b };
}

/**
 * Production mode: two instances on PostgreSQL and Redis behind nginx, which balances only (each
 * page read goes to the instance its path hashes to); the instances' stores are the one cache tier.
 */
async function productionMode(all: number[]) {
  const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/dianshang_bench";
  const pgAdminUrl = pgUrl.replace(/\/[^/]*$/, "/postgres");
  await checkPrerequisites({ pgAdminUrl });
  await ensurePostgres(pgAdminUrl, "postgres");
  await ensureRedis();
  await buildPostgresDataset(pgUrl, COUNT);
  const template = new URL(pgUrl).pathname.slice(1);
  // The run publishes: it works on a copy of the dataset.
  const runDb = `${template}_traffic`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${runDb}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${runDb}" TEMPLATE "${template}"`);
  await admin.end();
  const cluster = await startCluster({
    instances: 2,
    port: 8480,
    databaseUrl: pgUrl.replace(/\/[^/]*$/, `/${runDb}`),
    redisUrl: "redis://127.0.0.1:6379",
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "traffic-uploads-")),
    env: { LOG_LEVEL: "warn", SEED_DEMO: "false" },
    log: () => {},
  });
  try {
    return await zipfScenarios(
      cluster.url,
      cluster.apps.map((x: { url: string }) => x.url),
      cluster.apps.map((x: { child: ChildProcess }) => x.child.pid),
      all,
      rng(20261126),
      new Set(),
      "production:",
    );
  } finally {
    await cluster.stop();
  }
}

/**
 * The soak (`npm run bench:soak`): (a)'s Zipf mix for SOAK_MINUTES after the warm-up, a minute at a
 * time, with the server's RSS (all its threads) and the store's hit ratio after each minute. Memory
 * that grows after the warm-up, minute after minute, is a leak.
 */
async function soak(base: string, pid: number | undefined, all: number[]) {
  const random = rng(20261126);
  const pick = zipf(all, random);
  const next = () => withShare(`/articledetail/${pick()}`, random);
  console.info(`soak: warming up for ${WARMUP} s…`);
  await run(base, next, WARMUP);
  const minutes: {
    minute: number;
    rps: number;
    p99: number;
    hitRatio: number;
    rssMb: number;
    heapMb: number;
    entries: number;
  }[] = [];
  for (let m = 1; m <= SOAK_MINUTES; m++) {
    const s0 = await storeStats(base);
    const r = await run(base, next, 60);
    const s1 = await storeStats(base);
    const row = {
      minute: m,
      rps: r.rps,
      p99: r.p99,
      hitRatio: ratio(s0, s1),
      rssMb: rssMb(pid),
      heapMb: s1.heapMb,
      entries: s1.entries,
    };
    minutes.push(row);
    console.info(
      `soak minute ${m}: ${row.rps} req/s, p99 ${row.p99} ms, hits ${row.hitRatio} %, RSS ${row.rssMb} MB ` +
        `(request thread's heap ${row.heapMb} MB), ${row.entries} answers stored`,
    );
  }
  const out = path.join(ROOT, "bench", "results");
  fs.mkdirSync(out, { recursive: true });
  const result = { date: new Date().toISOString(), warmup: WARMUP, minutes };
  fs.writeFileSync(path.join(out, "soak-latest.json"), `${JSON.stringify(result, null, 2)}\n`);
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build", "app", "main.js")))
    throw new BenchError("no build: run `npm run build` first");
  const dataset = path.resolve(
    process.env.TRAFFIC_DATASET ?? path.join(ROOT, "bench", "data", `sqlite-${COUNT}`),
  );
  console.info(`dataset: ${COUNT} articles in ${dataset}`);
  const source = await buildSqliteDataset(dataset, COUNT);
  // Inside the project, so the copied build finds node_modules.
  fs.mkdirSync(path.join(ROOT, "bench", "data"), { recursive: true });
  const work = fs.mkdtempSync(path.join(ROOT, "bench", "data", "traffic-"));
  const children: ChildProcess[] = [];
  try {
    // The run publishes and counts views: it works on a copy, the dataset stays as built.
    const dataDir = path.join(work, "data");
    fs.mkdirSync(dataDir);
    fs.copyFileSync(source, path.join(dataDir, "site.db"));
    const buildDir = await copyBuild(work);
    const app = startApp({ buildDir, dataDir, port: APP_PORT, seed: false });
    children.push(app);
    const base = `http://127.0.0.1:${APP_PORT}`;
    await waitFor(`${base}/healthz`);

    const ids = (
      (await (await fetch(`${base}/api/product/content/list?page=1&pageSize=1`)).json()) as {
        data: { result: { contentId: number }[] };
      }
    ).data.result;
    const newest = ids[0]!.contentId;
    const all = Array.from({ length: COUNT }, (_, i) => newest - i).filter((id) => id > 0);
    if (SOAK_MINUTES > 0) return await soak(base, app.pid, all);

    // (0) one warm article and one cached API answer, with browser headers, beside the bare server
    // sending the same compressed bytes.
    const article = `/articledetail/${newest - 10}`;
    const api = "/api/product/content/list?page=1&pageSize=10";
    const routes: Record<string, { body: string; type: string; encoding?: string }> = {};
    for (const p of [article, api]) {
      const res = await rawGet(base + p);
      routes[p] = {
        body: res.body.toString("base64"),
        type: String(res.headers["content-type"] ?? ""),
        encoding: res.headers["content-encoding"] as string | undefined,
      };
    }
    const routesFile = path.join(work, "bare-routes.json");
    fs.writeFileSync(routesFile, JSON.stringify(routes));
    const bare = own(
      fork(path.join(ROOT, "bench", "bare-server.mjs"), [routesFile, String(BARE_PORT)], {
        stdio: "inherit",
      }),
    );
    children.push(bare);
    await new Promise((r) => bare.once("message", r));
    // Three pairs of ZERO_SECONDS / 2 each, ours then bare, and the median pair's ratio: one pair of
    // 10 s runs gave 43 % and 61-63 % in runs of the same build minutes apart, the bare server's
    // own figure moving by a fifth between them.
    const zero: Record<string, unknown>[] = [];
    for (const p of [article, api]) {
      const pairs: { ours: Awaited<ReturnType<typeof wrk>>; ref: Awaited<ReturnType<typeof wrk>> }[] = [];
      for (let k = 0; k < ZERO_PAIRS; k++) {
        const ours = await wrk(base, [p], ZERO_SECONDS / 2, BROWSER_HEADERS);
        const ref = await wrk(`http://127.0.0.1:${BARE_PORT}`, [p], ZERO_SECONDS / 2, BROWSER_HEADERS);
        if (ours.non2xx + ours.errors + ref.non2xx + ref.errors > 0)
          throw new BenchError(`(0) ${p}: answers other than 200 (${JSON.stringify({ ours, ref })})`);
        pairs.push({ ours, ref });
      }
      pairs.sort((x, y) => x.ours.rps / x.ref.rps - y.ours.rps / y.ref.rps);
      const { ours, ref } = pairs[Math.floor(pairs.length / 2)]!;
      const bytes = Buffer.from(routes[p]!.body, "base64").length;
      zero.push({
        target: p,
        bytes,
        rps: ours.rps,
        p99: ours.p99,
        bareRps: ref.rps,
        ratio: Math.round((100 * ours.rps) / ref.rps),
        pairs: pairs.map((x) => [x.ours.rps, x.ref.rps]),
      });
      console.info(
        `(0) ${p}: ${ours.rps} req/s, p99 ${ours.p99} ms; bare ${ref.rps} (${bytes} bytes ${routes[p]!.encoding}); pairs (ours/bare) ${pairs.map((x) => `${x.ours.rps}/${x.ref.rps}`).join(", ")}`,
      );
    }
    const zeroBare = zero[0]!.bareRps as number;
    // The ceiling for (a): the bare server measured for ZERO_SECONDS right before and right after
    // (a)'s window, which ends minutes after (0). Single runs showed the whole machine (the bare
    // server included) moving by a fifth within one run.
    const ceiling = async () => {
      const r = await wrk(`http://127.0.0.1:${BARE_PORT}`, [article], ZERO_SECONDS, BROWSER_HEADERS);
      console.info(`bare server, article: ${r.rps} req/s`);
      return r.rps;
    };

    // (a) Zipf over all articles after a warm-up; (b) the same while an editor publishes.
    const random = rng(20261126);
    const requested = new Set<number>();
    const { a, b } = await zipfScenarios(
      base,
      [base],
      [app.pid],
      all,
      random,
      requested,
      "embedded",
      ceiling,
    );
    bare.kill("SIGTERM");
    const around = a.bareAround ?? [zeroBare, zeroBare];
    const bareRps = Math.round((around[0]! + around[1]!) / 2);
    const a2 = a;
    const b2 = b;

    // (c) a crawler: every request an article never requested before, each once (the run ends
    // early if they run out: requested again, one would be a stored page).
    const fresh = all.filter((id) => !requested.has(id));
    const crawl = fresh.slice(0, SECONDS * MAX_RATE).map((id) => `/articledetail/${id}`);
    const rc = await wrk(base, crawl, SECONDS, BROWSER_HEADERS, { once: true });
    const crawled = rc.sent.reduce((n, k) => n + k, 0);
    const c = {
      rps: rc.rps,
      p50: rc.p50,
      p99: rc.p99,
      non2xx: rc.non2xx,
      errors: rc.errors,
      articles: Math.min(crawled, crawl.length),
      /** every article never requested before was requested: the run ended before SECONDS */
      exhausted: crawled >= crawl.length,
    };
    console.info(
      `(c) ${c.rps} req/s, p99 ${c.p99} ms (${c.articles} new articles${c.exhausted ? ", all there were: the run ended early" : ""})`,
    );

    // (c) again once the warmer has made one whole pass over the archive: articles no reader and no
    // crawler has asked for yet, which the store now holds.
    let cFilled: Record<string, unknown> | undefined;
    if (FILL_MINUTES > 0) {
      const began = Date.now();
      const passes = async () => {
        const text = await (await fetch(`${base}/metrics`)).text();
        return Number(/^cache_warm_passes_total (\S+)/m.exec(text)?.[1] ?? 0);
      };
      while ((await passes()) < 1 && Date.now() - began < FILL_MINUTES * 60_000)
        await new Promise((r) => setTimeout(r, 5_000));
      const fillSeconds = Math.round((Date.now() - began) / 1000);
      const untouched = fresh.slice(c.articles).map((id) => `/articledetail/${id}`);
      const before = await storeStats(base);
      const rf = await wrk(base, untouched, SECONDS, BROWSER_HEADERS, { once: true });
      const after = await storeStats(base);
      cFilled = {
        rps: rf.rps,
        p50: rf.p50,
        p99: rf.p99,
        non2xx: rf.non2xx,
        errors: rf.errors,
        hitRatio: ratio(before, after),
        filled: (await passes()) >= 1,
        fillSeconds,
        entries: after.entries,
      };
      console.info(
        `(c) once the warmer has filled the store (${cFilled.filled ? "filled" : "NOT filled"} after ${fillSeconds} s, ${after.entries} answers): ${rf.rps} req/s, p99 ${rf.p99} ms, hits ${cFilled.hitRatio}%`,
      );
    }

    const production = process.env.TRAFFIC_CLUSTER === "0" ? undefined : await productionMode(all);

    const result = {
      date: new Date().toISOString(),
      load: os.loadavg().map((x) => Math.round(x * 10) / 10),
      generator: "wrk, 2 threads (tools/wrk-paths.lua)",
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmup: WARMUP,
      zero,
      a: {
        ...a2,
        bareRps,
        ratioToBare: Math.round((100 * a.rps) / bareRps),
        ratioToZeroBare: Math.round((100 * a.rps) / zeroBare),
      },
      b: { ...b2, ratioToA: Math.round((100 * b.rps) / a.rps) },
      c,
      cFilled,
      production,
      budgets: {
        zero: "article ≥ 40 % of bare, API answer ≥ 50 %",
        a: "≥ 25 % of bare, p99 < 50 ms, hits ≥ 90 %, RSS ≤ 512 MB",
        b: "≥ 80 % of (a); each publish on / within 1 s; RSS ≤ 512 MB",
        c: "≥ 600 req/s while the store fills; ≥ 2,000 req/s once the warmer has filled it",
      },
    };
    const out = path.join(ROOT, "bench", "results");
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, "traffic-latest.json"), `${JSON.stringify(result, null, 2)}\n`);
    console.table([
      { scenario: "(0) article", rps: zero[0]!.rps, p99: zero[0]!.p99, ratio: `${zero[0]!.ratio}% of bare` },
      { scenario: "(0) API", rps: zero[1]!.rps, p99: zero[1]!.p99, ratio: `${zero[1]!.ratio}% of bare` },
      {
        scenario: "(a) Zipf",
        rps: a.rps,
        p99: a.p99,
        ratio: `${result.a.ratioToBare}% of bare (${around.join(" and ")} around it; ${result.a.ratioToZeroBare}% of (0)'s), hits ${a2.hitRatio}%`,
      },
      { scenario: "(b) Zipf + publish", rps: b.rps, p99: b.p99, ratio: `${result.b.ratioToA}% of (a)` },
      { scenario: "(c) crawler", rps: c.rps, p99: c.p99, ratio: "" },
      ...(cFilled
        ? [
            {
              scenario: "(c) store filled",
              rps: cFilled.rps,
              p99: cFilled.p99,
              ratio: `hits ${cFilled.hitRatio}%`,
            },
          ]
        : []),
    ]);
    if (b2.maxPublishToHomeMs > 1000)
      throw new BenchError(`a published article took ${b2.maxPublishToHomeMs} ms to show on /`);
  } finally {
    for (const ch of children) ch.kill("SIGTERM");
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch(fail);
