// Production mode on one machine: PostgreSQL + Redis (the running ones, started when down),
// N stateless app instances and nginx in front as the load balancer, all on 127.0.0.1.
//
//   npm run cluster                      2 instances behind http://127.0.0.1:8080
//   npm run cluster -- --instances 3 --port 8090
//
// Also imported by the production-mode tests and benchmarks (startCluster).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

// scripts/ when run or imported as is; the working directory when bundled into another entry (bench).
const ROOT =
  path.basename(import.meta.dirname) === "scripts" ? path.resolve(import.meta.dirname, "..") : process.cwd();

function sh(cmd, args) {
  try {
    execFileSync(cmd, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check, what, tries = 150) {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up`);
}

async function httpOk(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

export async function ensurePostgres(adminUrl, database) {
  if (!sh("pg_isready", ["-h", "127.0.0.1", "-p", "5432", "-q"])) {
    const version = fs.readdirSync("/etc/postgresql").sort().pop();
    sh("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"]);
    await waitFor(() => sh("pg_isready", ["-h", "127.0.0.1", "-p", "5432", "-q"]), "PostgreSQL");
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

export async function ensureRedis(port = 6379) {
  if (sh("redis-cli", ["-h", "127.0.0.1", "-p", String(port), "ping"])) return;
  sh("redis-server", [
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
  ]);
  await waitFor(() => sh("redis-cli", ["-h", "127.0.0.1", "-p", String(port), "ping"]), "Redis");
}

function nginxConfig({ port, upstreams, dir }) {
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
  client_max_body_size 6m;
  upstream app {
${upstreams.map((u) => `    server ${u} max_fails=0;`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
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
 * Starts N instances on ports base+1…base+N and nginx on `port`. Returns handles to kill and
 * restart instances (fault tests) and to stop everything.
 */
export async function startCluster(opts = {}) {
  const instances = opts.instances ?? 2;
  const port = opts.port ?? 8080;
  const basePort = opts.basePort ?? port + 1;
  const database = opts.database ?? "dianshang";
  const adminUrl = opts.pgAdminUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const databaseUrl = opts.databaseUrl ?? adminUrl.replace(/\/[^/]*$/, `/${database}`);
  const redisUrl = opts.redisUrl ?? "redis://127.0.0.1:6379";
  const dir = opts.dir ?? path.join(ROOT, "build", "cluster", String(port));
  const dataDir = opts.dataDir ?? path.join(ROOT, "data", "cluster");
  const main = path.join(ROOT, "build", "app", "main.js");
  if (!fs.existsSync(main)) throw new Error("no build: run `npm run build` first");
  if (!opts.databaseUrl) await ensurePostgres(adminUrl, database);
  if (!opts.redisUrl) await ensureRedis();
  fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const log = opts.log ?? ((line) => process.stdout.write(line));
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
        ...(opts.env ?? {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => log(`[app${i + 1}] ${d}`));
    child.stderr.on("data", (d) => log(`[app${i + 1}] ${d}`));
    const handle = {
      index: i,
      port: appPort,
      url: `http://127.0.0.1:${appPort}`,
      child,
      exited: new Promise((r) => child.on("exit", r)),
    };
    apps[i] = handle;
    return handle;
  };
  // The first instance migrates and seeds; the others start once it is up.
  spawnApp(0);
  await waitFor(() => httpOk(`${apps[0].url}/healthz`), "instance 1", 600);
  for (let i = 1; i < instances; i++) spawnApp(i);
  for (const a of apps) await waitFor(() => httpOk(`${a.url}/healthz`), `instance ${a.index + 1}`, 600);

  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    nginxConfig({ port, upstreams: apps.map((a) => `127.0.0.1:${a.port}`), dir }),
  );
  const nginx = spawn("nginx", ["-c", path.join(dir, "nginx.conf"), "-p", dir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  nginx.stderr.on("data", (d) => log(`[nginx] ${d}`));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(() => httpOk(`${url}/healthz`), "nginx");

  return {
    url,
    databaseUrl,
    redisUrl,
    apps,
    /** SIGKILL one instance (a crash) */
    async kill(i, signal = "SIGKILL") {
      apps[i].child.kill(signal);
      await apps[i].exited;
    },
    async restart(i) {
      const a = spawnApp(i);
      await waitFor(() => httpOk(`${a.url}/healthz`), `instance ${i + 1}`, 600);
    },
    async stop() {
      nginx.kill("SIGTERM");
      for (const a of apps) a.child.kill("SIGTERM");
      await Promise.all([...apps.map((a) => a.exited), new Promise((r) => nginx.on("exit", r))]);
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : dflt;
  };
  const cluster = await startCluster({ instances: arg("instances", 2), port: arg("port", 8080) });
  console.info(
    `\nSite: ${cluster.url}  (instances: ${cluster.apps.map((a) => a.url).join(", ")}; PostgreSQL ${cluster.databaseUrl}; Redis ${cluster.redisUrl})\nCtrl-C stops the instances and nginx.`,
  );
  const stop = () => cluster.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
