// Production mode on one machine: PostgreSQL + Redis (the running ones, started when down),
// N stateless app instances and nginx in front as the load balancer, all on 127.0.0.1.
//
//   npm run cluster                      2 instances behind http://127.0.0.1:8080
//   npm run cluster -- --instances 3 --port 8090
//
// nginx, and PostgreSQL's and Redis's binaries when their servers are down, are checked before
// anything starts; run as root with apt-get, missing ones are installed from Debian's packages.
// NGINX_BIN names the nginx binary to use (default: nginx on PATH). On a failure during start-up,
// and on Ctrl-C or SIGTERM at any moment, every process it started (instances, nginx) is stopped.
//
// Also imported by the production-mode tests and benchmarks (startCluster).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";

// tools/ when run or imported as is; the working directory when bundled into another entry (bench).
const ROOT =
  path.basename(import.meta.dirname) === "tools" ? path.resolve(import.meta.dirname, "..") : process.cwd();

/** A failure the operator can act on: its message is the whole report (no stack trace). */
export class ClusterError extends Error {
  name = "ClusterError";
}

const isRoot = () => process.getuid?.() === 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** An executable on PATH; for other users than root also in /usr/sbin and /sbin, which Debian leaves off their PATH. */
export function findBinary(name) {
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  if (!isRoot()) dirs.push("/usr/sbin", "/sbin");
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

/** The nginx binary: NGINX_BIN when set, otherwise nginx on PATH; undefined when there is none. */
export function findNginx() {
  const override = process.env.NGINX_BIN;
  if (override) return isExecutable(override) ? override : undefined;
  return findBinary("nginx");
}

function postgresVersion() {
  try {
    return fs
      .readdirSync("/etc/postgresql")
      .filter((v) => fs.existsSync(`/etc/postgresql/${v}/main`))
      .sort((a, b) => Number(a) - Number(b))
      .pop();
  } catch {
    return undefined;
  }
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch (err) {
    // Down, or still starting up (57P03)
    const down = ["ECONNREFUSED", "ECONNRESET", "ENOENT", "ETIMEDOUT", "EHOSTUNREACH", "57P03"];
    if (down.includes(err.code) || /timeout/i.test(err.message)) return false;
    throw new ClusterError(`PostgreSQL at ${url}: ${err.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** PING over a plain connection: true when Redis answers PONG. */
function redisAnswers(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (d) => done(d.toString().startsWith("+PONG")));
  });
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
}

async function aptInstall(packages, log) {
  log(`Installing ${packages.join(" ")} from Debian's packages…\n`);
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  const args = ["install", "-y", "--no-install-recommends", ...packages];
  if (await run("apt-get", args, env)) return true;
  // A fresh machine may have no package lists yet.
  return (await run("apt-get", ["update"], env)) && (await run("apt-get", args, env));
}

const LOCAL_PG = "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * What the cluster needs on this machine, checked before anything starts: nginx, and PostgreSQL's
 * and Redis's binaries when their servers (127.0.0.1:5432 and :6379) are down. With `install`, as
 * root with apt-get, missing ones are installed from Debian's packages; otherwise a ClusterError
 * says in one line what is missing and how to get it. Returns the nginx binary.
 */
export async function checkPrerequisites({
  postgres = true,
  redis = true,
  pgAdminUrl = LOCAL_PG,
  redisPort = 6379,
  install = false,
  log = (line) => process.stdout.write(line),
} = {}) {
  const pgHost = (() => {
    const u = new URL(pgAdminUrl);
    return `${u.hostname}:${u.port || 5432}`;
  })();
  const postgresDown = postgres && !(await postgresReachable(pgAdminUrl));
  const redisDown = redis && !(await redisAnswers(redisPort));
  const nginxOverride = process.env.NGINX_BIN;
  const missing = () => {
    const found = [];
    if (!findNginx())
      found.push({
        what: `nginx is not installed${nginxOverride ? ` (no executable at NGINX_BIN=${nginxOverride})` : ""}`,
        pkg: "nginx-light",
      });
    if (postgresDown && !(findBinary("pg_ctlcluster") && postgresVersion()))
      found.push({ what: `PostgreSQL is not running on ${pgHost} and not installed`, pkg: "postgresql" });
    if (redisDown && !findBinary("redis-server"))
      found.push({
        what: `Redis is not running on 127.0.0.1:${redisPort} and not installed`,
        pkg: "redis-server",
      });
    return found;
  };
  let absent = missing();
  // NGINX_BIN names a binary of the operator's choosing: installing a package would not put one there.
  const installable = absent.filter((m) => !(m.pkg === "nginx-light" && nginxOverride)).map((m) => m.pkg);
  if (installable.length > 0 && install && isRoot() && findBinary("apt-get")) {
    await aptInstall(installable, log);
    absent = missing();
  }
  if (absent.length > 0) {
    const pkgs = absent.map((m) => m.pkg).join(" ");
    const how = findBinary("apt-get")
      ? `${isRoot() ? "" : "sudo "}apt-get install ${pkgs}`
      : `on Debian or Ubuntu, apt-get install ${pkgs}`;
    throw new ClusterError(`${absent.map((m) => m.what).join("; ")}: ${how}`);
  }
  if (postgresDown && !isRoot())
    throw new ClusterError(
      `PostgreSQL is not running on ${pgHost}: start it (sudo pg_ctlcluster ${postgresVersion()} main start)`,
    );
  return findNginx();
}

async function waitFor(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new ClusterError(`${what} did not come up within ${Math.round(timeoutMs / 1000)} s`);
}

/** The PostgreSQL server of adminUrl, started from Debian's packages when down, and `database` in it. */
export async function ensurePostgres(adminUrl, database) {
  if (!(await postgresReachable(adminUrl))) {
    const version = postgresVersion();
    if (!version || !findBinary("pg_ctlcluster"))
      throw new ClusterError("PostgreSQL is not running and not installed: apt-get install postgresql");
    try {
      execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], {
        stdio: ["ignore", "ignore", "pipe"],
      });
    } catch (err) {
      const detail = String(err.stderr ?? err.message)
        .trim()
        .split("\n")
        .pop();
      throw new ClusterError(`could not start PostgreSQL ${version}: ${detail}`);
    }
    await waitFor(() => postgresReachable(adminUrl), "PostgreSQL");
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const r = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (r.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}

/** Redis on 127.0.0.1:port, started (as a daemon, without persistence) when it does not answer. */
export async function ensureRedis(port = 6379) {
  if (await redisAnswers(port)) return;
  const bin = findBinary("redis-server");
  if (!bin) throw new ClusterError("Redis is not running and not installed: apt-get install redis-server");
  try {
    execFileSync(
      bin,
      [
        "--daemonize",
        "yes",
        "--bind",
        "127.0.0.1",
        "--port",
        String(port),
        "--save",
        "",
        "--appendonly",
        "no",
      ],
      { stdio: "ignore" },
    );
  } catch {
    throw new ClusterError(`could not start redis-server on 127.0.0.1:${port}`);
  }
  await waitFor(() => redisAnswers(port), "Redis");
}

async function httpOk(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5000) })).ok;
  } catch {
    return false;
  }
}

/**
 * nginx in front of the instances balances only: each instance keeps its own response store, and
 * the store is the one cache tier (README "Production mode"), so a change shows through every
 * instance as soon as it reaches it over Redis. With `gzip`, nginx also compresses what the
 * instances send uncompressed (bench/news.ts measures pages behind such a front).
 */
export function nginxConfig({ port, upstreams, dir, gzip = false }) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Above the largest body an instance takes (a console picture, 8 MB and its multipart room): each
  # endpoint's own cap answers 413 in Chinese (server/http/body-limit.ts), this one only backs it up.
  client_max_body_size 9m;
${gzip ? "  gzip on;\n  gzip_proxied any;\n  gzip_types text/css application/javascript text/javascript application/json image/svg+xml;\n" : ""}  # Which instance answers: a page read goes to the instance its path hashes to, so each page is
  # rendered and stored by one instance rather than by each in turn (share and tracking parameters,
  # which never make a new store entry, do not move it either); an API read by its whole URL, for
  # the instances' micro-caches; a write to any instance. When that instance is down, the request
  # goes to the next one (proxy_next_upstream below).
  map "$request_method:$uri" $balance_key {
    ~^(GET|HEAD):/api/ $request_uri;
    ~^(GET|HEAD):/ $uri;
    default $request_id;
  }
  upstream app {
    hash $balance_key consistent;
${upstreams.map((u) => `    server ${u} max_fails=0;`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    # A WordPress export for 系统 › 导入 (docs/product.md "Import", at most 512 MB): streamed to the
    # instance as it arrives, not buffered here first; the instance refuses a larger one.
    location = /api/admin/imports/wordpress {
      client_max_body_size 600m;
      proxy_request_buffering off;
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 120s;
    }
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # The host (with its port) and scheme the visitor asked for; the instances check the host
      # against ALLOWED_HOSTS. Set here, so a visitor's own X-Forwarded-* never reaches them.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # A dead instance: retry the request on the next one (also POSTs whose connection failed).
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 1s;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

/**
 * A started process: its output goes to `log` line by line with a prefix, and its last lines are
 * kept for the report when it dies during start-up.
 */
function track(child, name, log, running) {
  const tail = [];
  let partial = "";
  const onData = (d) => {
    const lines = (partial + d).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      log(`[${name}] ${line}\n`);
      tail.push(line);
      if (tail.length > 15) tail.shift();
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  running.add(child);
  let spawnError;
  child.once("error", (err) => {
    spawnError = err;
  });
  const exited = new Promise((resolve) => {
    child.once("close", (code, signal) => {
      running.delete(child);
      if (partial) {
        log(`[${name}] ${partial}\n`);
        tail.push(partial);
      }
      log(`[${name}] exited (${code === null ? signal : `code ${code}`})\n`);
      resolve(code ?? signal);
    });
    // A process that could not be spawned emits "error" and maybe never "close".
    child.once("error", () => {
      running.delete(child);
      resolve(null);
    });
  });
  return {
    exited,
    hasExited: () => !running.has(child),
    /** how it ended (when it did) and its last lines of output */
    report: () => {
      if (spawnError) return `: ${spawnError.message}`;
      const status = child.exitCode ?? child.signalCode;
      const end = status === null ? "" : ` (${typeof status === "number" ? `code ${status}` : status})`;
      return tail.length ? `${end}; its last output:\n${tail.map((l) => `  ${l}`).join("\n")}` : end;
    },
  };
}

/** Stops processes with SIGTERM, and SIGKILL for any still running after `graceMs`. */
async function stopAll(children, graceMs = 15_000) {
  const list = [...children].filter(
    (c) => c.pid !== undefined && c.exitCode === null && c.signalCode === null,
  );
  const exits = list.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once("exit", r))));
  for (const c of list) c.kill("SIGTERM");
  const all = Promise.all(exits);
  const timer = new Promise((r) => setTimeout(r, graceMs, "timeout"));
  if ((await Promise.race([all, timer])) === "timeout") {
    for (const c of list) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await all;
  }
}

/**
 * Starts N instances on ports base+1…base+N and nginx on `port`. Returns handles to kill and
 * restart instances (fault tests) and to stop everything. When start-up fails (a missing binary, a
 * port in use, an instance that exits or never answers, nginx failing) or `signal` aborts, whatever
 * it started is stopped and the promise rejects, with a ClusterError for the failures above.
 */
export async function startCluster(opts = {}) {
  const instances = opts.instances ?? 2;
  const port = opts.port ?? 8080;
  const basePort = opts.basePort ?? port + 1;
  const database = opts.database ?? "dianshang";
  const adminUrl = opts.pgAdminUrl ?? LOCAL_PG;
  const databaseUrl = opts.databaseUrl ?? adminUrl.replace(/\/[^/]*$/, `/${database}`);
  const redisUrl = opts.redisUrl ?? "redis://127.0.0.1:6379";
  const dir = opts.dir ?? path.join(ROOT, "build", "cluster", String(port));
  const dataDir = opts.dataDir ?? path.join(ROOT, "data", "cluster");
  const startTimeoutMs = opts.startTimeoutMs ?? 180_000;
  const signal = opts.signal;
  const log = opts.log ?? ((line) => process.stdout.write(line));
  const main = path.join(ROOT, "build", "app", "main.js");
  const aborted = () => {
    if (signal?.aborted) throw signal.reason ?? new ClusterError("start-up interrupted");
  };

  if (!fs.existsSync(main)) throw new ClusterError("no build: run `npm run build` first");
  const nginxBin = await checkPrerequisites({
    postgres: !opts.databaseUrl,
    redis: !opts.redisUrl,
    pgAdminUrl: adminUrl,
    install: opts.install ?? false,
    log,
  });
  const ports = [port, ...Array.from({ length: instances }, (_, i) => basePort + i)];
  for (const p of ports)
    if (!(await portFree(p)))
      throw new ClusterError(
        `port ${p} is in use (the cluster needs ${ports.join(", ")}): stop what listens there or choose another --port`,
      );
  aborted();
  if (!opts.databaseUrl) await ensurePostgres(adminUrl, database);
  if (!opts.redisUrl) await ensureRedis();
  aborted();
  fs.mkdirSync(dir, { recursive: true });
  // the instances' data is their user's only (server/private-umask.ts); they tighten it at start too
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const running = new Set();
  // Whatever happens to this process, what it started does not outlive it.
  const onExit = () => {
    for (const c of running) c.kill("SIGTERM");
  };
  process.on("exit", onExit);

  const apps = [];
  const spawnApp = (i) => {
    const appPort = basePort + i;
    const child = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(appPort),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        DATA_DIR: dataDir,
        TRUST_PROXY: "true",
        // nginx's address and each instance's own (any port); ALLOWED_HOSTS in the environment wins
        ALLOWED_HOSTS: process.env.ALLOWED_HOSTS || "127.0.0.1,localhost",
        ...(opts.env ?? {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const t = track(child, `app${i + 1}`, log, running);
    const handle = { index: i, port: appPort, url: `http://127.0.0.1:${appPort}`, child, exited: t.exited };
    apps[i] = handle;
    return { handle, ...t };
  };
  /** Until `url` answers; fails at once when the process exits, and on abort. */
  const untilServing = async (name, proc, url) => {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      aborted();
      if (proc.hasExited()) {
        await proc.exited;
        throw new ClusterError(`${name} exited during start-up${proc.report()}`);
      }
      if (await httpOk(url)) return;
      if (Date.now() > deadline)
        throw new ClusterError(
          `${name} did not answer ${url} within ${Math.round(startTimeoutMs / 1000)} s${proc.report()}`,
        );
      await Promise.race([sleep(200), proc.exited]);
    }
  };

  let nginx;
  const url = `http://127.0.0.1:${port}`;
  try {
    // The first instance migrates and seeds; the others start once it is up.
    const first = spawnApp(0);
    await untilServing("instance 1", first, `${first.handle.url}/healthz`);
    const others = [];
    for (let i = 1; i < instances; i++) others.push(spawnApp(i));
    for (const o of others)
      await untilServing(`instance ${o.handle.index + 1}`, o, `${o.handle.url}/healthz`);

    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      nginxConfig({
        port,
        upstreams: apps.map((a) => `127.0.0.1:${a.port}`),
        dir,
      }),
    );
    nginx = spawn(nginxBin, ["-c", path.join(dir, "nginx.conf"), "-p", dir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const n = track(nginx, "nginx", log, running);
    await untilServing("nginx", n, `${url}/healthz`);
  } catch (err) {
    await stopAll(running);
    process.off("exit", onExit);
    throw err;
  }

  return {
    url,
    databaseUrl,
    redisUrl,
    apps,
    /** SIGKILL one instance (a crash) */
    async kill(i, sig = "SIGKILL") {
      apps[i].child.kill(sig);
      await apps[i].exited;
    },
    async restart(i) {
      const a = spawnApp(i);
      try {
        await untilServing(`instance ${i + 1}`, a, `${a.handle.url}/healthz`);
      } catch (err) {
        await stopAll([a.handle.child]);
        throw err;
      }
    },
    async stop() {
      await stopAll(running);
      process.off("exit", onExit);
    },
  };
}

function cliOptions() {
  const usage = "usage: npm run cluster -- [--instances N] [--port P]";
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        instances: { type: "string", default: "2" },
        port: { type: "string", default: "8080" },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (err) {
    throw new ClusterError(`${err.message}\n${usage}`);
  }
  if (values.help) {
    console.info(usage);
    process.exit(0);
  }
  const instances = Number(values.instances);
  const port = Number(values.port);
  if (!Number.isInteger(instances) || instances < 1 || instances > 64)
    throw new ClusterError(`--instances must be a whole number from 1 to 64\n${usage}`);
  if (!Number.isInteger(port) || port < 1 || port + instances > 65535)
    throw new ClusterError(`--port must be a port number with room for the instances after it\n${usage}`);
  return { instances, port };
}

async function cli() {
  const controller = new AbortController();
  let cluster;
  let stopping = false;
  let exitCode = 1;
  const onSignal = (sig) => {
    if (stopping) return;
    stopping = true;
    if (cluster) {
      console.info(`\n${sig}: stopping the instances and nginx…`);
      cluster.stop().then(() => process.exit(0));
    } else {
      exitCode = sig === "SIGTERM" ? 143 : 130;
      controller.abort(new ClusterError(`${sig} during start-up: stopped what had started`));
    }
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    cluster = await startCluster({ ...cliOptions(), install: true, signal: controller.signal });
    if (controller.signal.aborted) {
      await cluster.stop();
      throw controller.signal.reason;
    }
  } catch (err) {
    console.error(err instanceof ClusterError ? err.message : `cluster failed to start: ${err.message}`);
    process.exit(exitCode);
  }
  console.info(
    `\nSite: ${cluster.url}  (instances: ${cluster.apps.map((a) => a.url).join(", ")}; PostgreSQL ${cluster.databaseUrl}; Redis ${cluster.redisUrl})\nCtrl-C stops the instances and nginx.`,
  );
}

// Run as a command (not when imported, nor when bundled into a benchmark).
if (
  path.basename(import.meta.dirname) === "tools" &&
  import.meta.url === pathToFileURL(process.argv[1] ?? "").href
)
  await cli();
