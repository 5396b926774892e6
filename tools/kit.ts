import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";

/** What the benchmarks share: start the built server, wait for it, load it, front it with gzip. */

export const ROOT = process.cwd();

/** What a phone browser opened from a WeChat chat sends with every request. */
export const BROWSER_HEADERS = {
  "accept-encoding": "gzip, deflate, br",
  cookie: "Hm_lvt_5f2c1b8e=1764000000,1764086400; Hm_lpvt_5f2c1b8e=1764090000",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 13; V2183A Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
};

/** The parameters WeChat and share links add to a page's address (they make no new stored page). */
export const SHARE_PARAMS = [
  "from=singlemessage&isappinstalled=0",
  "from=timeline",
  "from=groupmessage",
  "utm_source=wechat&utm_medium=share",
];

/** A quarter of the URLs carry WeChat or utm share parameters, after any query of their own. */
export const withShare = (p: string, random: () => number) =>
  random() < 0.25
    ? `${p}${p.includes("?") ? "&" : "?"}${SHARE_PARAMS[Math.floor(random() * SHARE_PARAMS.length)]}`
    : p;

/** A missing prerequisite (a build, a program): reported in one line, without a stack trace. */
export class BenchError extends Error {}

const children = new Set<ChildProcess>();
const stopSignals = new WeakMap<ChildProcess, NodeJS.Signals>();
/**
 * A process this run started: stopped with `signal` when the run ends, however it ends (also when
 * SIGINT or SIGTERM reach this process alone, not its whole process group).
 */
export function own<T extends ChildProcess>(child: T, signal: NodeJS.Signals = "SIGTERM"): T {
  children.add(child);
  stopSignals.set(child, signal);
  child.once("exit", () => children.delete(child));
  return child;
}
process.on("exit", () => {
  for (const c of children) c.kill(stopSignals.get(c));
});
process.once("SIGINT", () => process.exit(130));
process.once("SIGTERM", () => process.exit(143));

/** The end of a failed run: one line for a BenchError, the whole error otherwise. */
export function fail(err: unknown): never {
  console.error(err instanceof BenchError ? err.message : err);
  process.exit(1);
}
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

export async function waitFor(url: string, tries = 300) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * autocannon against one URL (CONNECTIONS connections, SECONDS seconds): req/s and p99. Errors and
 * non-2xx answers fail the run unless `tolerate` is set (then they are reported).
 */
export async function load(url: string, opts: { headers?: Record<string, string>; tolerate?: boolean } = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: opts.headers });
  if (r.non2xx > 0 || r.errors > 0) {
    const msg = `${url}: ${r.non2xx} non-2xx, ${r.errors} errors`;
    if (!opts.tolerate) throw new Error(msg);
    console.warn(`  ${msg}`);
  }
  return { rps: Math.round(r.requests.average), p99: r.latency.p99 };
}

/**
 * wrk, a load generator written in C, over a list of paths (requested in order, shared out between
 * its threads, from the start again if the run outlasts the list), with the same headers on every
 * request. autocannon runs on Node and needs a whole core for about 10,000 requests a second: where
 * the server answers faster than that, it measures itself (bench/README.md "Real traffic").
 * `sent` is how many paths each thread took, in order (thread t took paths t, t + threads, …).
 */
export async function wrk(
  base: string,
  paths: string[],
  seconds: number,
  headers: Record<string, string> = {},
  /** each path once (the run ends early when they are all answered), instead of from the start again */
  opts: { once?: boolean } = {},
): Promise<{
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  threads: number;
  sent: number[];
}> {
  const threads = Math.min(2, os.availableParallelism());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wrk-"));
  const list = path.join(dir, "paths.txt");
  fs.writeFileSync(list, `${paths.join("\n")}\n`);
  const args = [`-t${threads}`, `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "10s"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  args.push("-s", path.join(ROOT, "tools", "wrk-paths.lua"), base, "--", list, String(threads));
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn("wrk", args, {
        env: { ...process.env, WRK_PATHS_ONCE: opts.once ? "1" : "0" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      let interrupted = false;
      child.stdout.on("data", (d: Buffer) => {
        stdout += d;
        // Each path once: every thread has had all its paths answered, so the run is over.
        if (!interrupted && stdout.split("exhausted\n").length > threads) {
          interrupted = true;
          child.kill("SIGINT");
        }
      });
      child.stderr.on("data", (d: Buffer) => {
        stderr += d;
      });
      child.on("error", (err: NodeJS.ErrnoException) =>
        reject(err.code === "ENOENT" ? new BenchError("wrk is missing: apt-get install wrk") : err),
      );
      child.on("close", (code) =>
        code === 0 ? resolve(stdout) : reject(new Error(`wrk failed (${code}): ${stderr}`)),
      );
    });
    const line = out.split("\n").find((l) => l.startsWith("{"));
    if (!line) throw new Error(`wrk printed no figures:\n${out}`);
    const r = JSON.parse(line) as {
      requests: number;
      durationUs: number;
      non2xx: number;
      errors: number;
      p50Us: number;
      p99Us: number;
      sent: number[];
    };
    return {
      rps: Math.round(r.requests / (r.durationUs / 1e6)),
      p50: Math.round(r.p50Us / 100) / 10,
      p99: Math.round(r.p99Us / 100) / 10,
      non2xx: r.non2xx,
      errors: r.errors,
      threads,
      sent: r.sent,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A private copy of the build (BENCH_BUILD_DIR, default build/) in workDir, so a rebuild in the work
 * tree cannot change the assets mid-run; retried if a rebuild was writing while we copied.
 */
export async function copyBuild(workDir: string): Promise<string> {
  const source = path.resolve(process.env.BENCH_BUILD_DIR ?? path.join(ROOT, "build"));
  const dir = path.join(workDir, "build");
  const missing = new BenchError(`no complete build in ${source}: run \`npm run build\` first`);
  if (!fs.existsSync(path.join(source, "app", "main.js"))) throw missing;
  for (let attempt = 1; ; attempt++) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.cpSync(source, dir, { recursive: true });
      const complete = [
        "server/site/index.js",
        "server/console/index.js",
        "app/main.js",
        "app/render-worker.js",
        "client/assets",
      ].every((f) => fs.existsSync(path.join(dir, f)));
      if (complete) return dir;
    } catch {}
    if (attempt >= 5) throw missing;
    await new Promise((r) => setTimeout(r, 3000));
  }
}

/**
 * The built server (build/app/main.js) in production mode on 127.0.0.1:port. `BENCH_APP_NODE_ARGS`:
 * Node options for it, split on spaces (`--cpu-prof --cpu-prof-dir=DIR` profiles it and each of its
 * render threads; profiles are written when it stops).
 */
export function startApp(opts: {
  buildDir: string;
  dataDir: string;
  port: number;
  seed: boolean;
  env?: Record<string, string>;
}): ChildProcess {
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(opts.buildDir, "app", "main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      DATA_DIR: opts.dataDir,
      SEED_DEMO: opts.seed ? "true" : "false",
      LOG_LEVEL: "warn",
      ...opts.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return own(child);
}

/**
 * A reverse proxy that gzips text responses, as a front server configured with `gzip on` does:
 * Lighthouse is run through it as well as against the Node server directly.
 */
export function gzipProxy(target: string, port: number): Promise<http.Server> {
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
    const accepts = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    if (compressible && accepts && body.length > 1024) {
      const gz = zlib.gzipSync(body, { level: 6 });
      res.writeHead(upstream.status, {
        ...headers,
        "content-encoding": "gzip",
        vary: "Accept-Encoding",
        "content-length": gz.length,
      });
      res.end(gz);
    } else {
      res.writeHead(upstream.status, { ...headers, "content-length": body.length });
      res.end(body);
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/** Every script the page loads up front: modulepreload links, script src and the entry's import(). */
export function scriptAssets(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) found.add(m[1]!);
  for (const m of html.matchAll(/import\s+"([^"]+\.js)"/g)) found.add(m[1]!);
  return [...found];
}

/**
 * The console as a benchmark drives it: the first admin made through setup, then API calls with
 * its session cookie and CSRF token. `call` answers the envelope's data, or fails the run.
 */
export class ConsoleSession {
  cookie = "";
  csrf = "";
  constructor(readonly base: string) {}
  async setup() {
    const res = await fetch(`${this.base}/api/admin/setup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "bench", displayName: "压测编辑", password: "bench-password-2026" }),
    });
    if (res.status !== 200) throw new BenchError(`console setup failed: ${res.status} ${await res.text()}`);
    this.cookie = /^([^=]+=[^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
    this.csrf = ((await res.json()) as { data: { csrfToken: string } }).data.csrfToken;
  }
  async call<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
    const res = await fetch(this.base + apiPath, {
      method,
      headers: { "content-type": "application/json", cookie: this.cookie, "x-csrf-token": this.csrf },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status !== 200)
      throw new BenchError(`${method} ${apiPath} failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  }
}

/** A GET with the headers phones in WeChat send, its bytes as sent (fetch would decode them). */
export function rawGet(url: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
