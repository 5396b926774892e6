import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ClusterError, startCluster } from "../../tools/cluster.mjs";
import { canRunPrivateServers, PrivatePostgres, PrivateRedis } from "./services";

/**
 * Start-up of `npm run cluster` (tools/cluster.mjs) when something is wrong: a missing nginx is
 * reported in one line before anything starts, and a failure or an interrupt during start-up stops
 * every process started so far.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const SCRIPT = path.join(ROOT, "tools", "cluster.mjs");
const MARK = "DSN_CLUSTER_START_TEST";

/** Live processes whose environment carries MARK=run (the cluster's instances inherit it). */
function processesOf(run: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const env = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      if (env.includes(`${MARK}=${run}`) && state !== "Z") found.push(Number(pid));
    } catch {}
  }
  return found;
}

/** PATH of a machine without nginx or apt-get: only node. */
function bareBin(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dsn-bin-"));
  fs.symlinkSync(process.execPath, path.join(dir, "node"));
  return dir;
}

function runCli(env: Record<string, string | undefined>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, "--port", "8470", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const built = fs.existsSync(path.join(ROOT, "build", "app", "main.js"));
if (!built) {
  if (process.env.CI)
    throw new Error("CI needs the production build (npm test makes it): cluster start-up tests");
  console.warn("[note] cluster start-up tests need the production build (npm run build): skipped");
}

describe.skipIf(!built)("npm run cluster without nginx", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("says so in one line when NGINX_BIN names no nginx, and starts nothing", async () => {
    const bin = bareBin();
    dirs.push(bin);
    const run = crypto.randomUUID();
    const r = await runCli({ PATH: bin, NGINX_BIN: path.join(bin, "nginx"), [MARK]: run });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^nginx is not installed \(no executable at NGINX_BIN=.*\): .*apt-get install nginx-light/,
    );
    expect(r.stdout).not.toContain("[app");
    expect(processesOf(run)).toEqual([]);
  });

  it.skipIf(process.getuid?.() !== 0)(
    "says so in one line when nginx is not on PATH (as root, without apt-get), and starts nothing",
    async () => {
      const bin = bareBin();
      dirs.push(bin);
      const run = crypto.randomUUID();
      const r = await runCli({ PATH: bin, NGINX_BIN: undefined, [MARK]: run });
      expect(r.code).toBe(1);
      const lines = r.stderr.trim().split("\n");
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^nginx is not installed: .*apt-get install nginx-light/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).not.toContain("[app");
      expect(processesOf(run)).toEqual([]);
    },
  );

  it("rejects bad arguments in a line and the usage", async () => {
    const r = await runCli({}, ["--instances", "zero"]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([
      "--instances must be a whole number from 1 to 64",
      "usage: npm run cluster -- [--instances N] [--port P]",
    ]);
  });
});

describe.skipIf(!built)("startCluster on a failure during start-up", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "dsn-cluster-start-"));
  const savedNginx = process.env.NGINX_BIN;
  /** An nginx stand-in: writes its pid, then runs `body`. */
  const fakeNginx = (name: string, body: string) => {
    const file = path.join(work, name);
    fs.writeFileSync(file, `#!/bin/sh\necho $$ > "${file}.pid"\n${body}\n`, { mode: 0o755 });
    return file;
  };
  const base = (run: string, port: number) => ({
    port,
    dir: fs.mkdtempSync(path.join(work, "nginx-")),
    dataDir: fs.mkdtempSync(path.join(work, "data-")),
    env: { LOG_LEVEL: "warn", [MARK]: run },
    log: () => {},
  });

  afterEach(() => {
    if (savedNginx === undefined) delete process.env.NGINX_BIN;
    else process.env.NGINX_BIN = savedNginx;
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("reports an instance that exits at once with its last output, without waiting for the deadline", async () => {
    process.env.NGINX_BIN = fakeNginx("nginx-unused", "exit 1");
    const run = crypto.randomUUID();
    const err = await startCluster({
      ...base(run, 8480),
      // nothing listens there: the instance exits on its configuration before connecting
      databaseUrl: "postgres://postgres@127.0.0.1:1/none",
      redisUrl: "redis://127.0.0.1:1",
      env: { LOG_LEVEL: "warn", [MARK]: run, PII_KEY: "not-a-key" },
      startTimeoutMs: 600_000,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ClusterError);
    expect((err as Error).message).toMatch(
      /^instance 1 exited during start-up \(code 1\); its last output:\n/,
    );
    expect((err as Error).message).toContain("PII_KEY");
    expect(processesOf(run)).toEqual([]);
    expect(fs.existsSync(`${process.env.NGINX_BIN}.pid`)).toBe(false);
  });

  it("refuses a port in use before starting anything", async () => {
    process.env.NGINX_BIN = fakeNginx("nginx-unused2", "exit 1");
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(8492, "127.0.0.1", r));
    try {
      const run = crypto.randomUUID();
      await expect(
        startCluster({
          ...base(run, 8490),
          databaseUrl: "postgres://postgres@127.0.0.1:1/none",
          redisUrl: "redis://127.0.0.1:1",
        }),
      ).rejects.toThrow(/^port 8492 is in use/);
      expect(processesOf(run)).toEqual([]);
    } finally {
      await new Promise((r) => busy.close(r));
    }
  });

  describe.skipIf(!canRunPrivateServers)("with instances that come up", () => {
    const pg_ = canRunPrivateServers ? new PrivatePostgres(5498) : undefined;
    const redis = new PrivateRedis(6398);
    beforeAll(async () => {
      pg_!.start();
      await redis.start();
    }, 120_000);
    afterAll(async () => {
      await redis.stop();
      pg_?.destroy();
    });
    const servers = () => ({ databaseUrl: pg_!.url, redisUrl: redis.url });

    it("stops the instances when nginx fails", async () => {
      process.env.NGINX_BIN = fakeNginx("nginx-fails", 'echo "nginx: [emerg] simulated failure" >&2\nexit 1');
      const run = crypto.randomUUID();
      const err = await startCluster({ ...base(run, 8500), ...servers() }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ClusterError);
      expect((err as Error).message).toMatch(/^nginx exited during start-up \(code 1\)/);
      expect((err as Error).message).toContain("simulated failure");
      // nginx ran, so both instances had answered; both are gone now.
      expect(fs.existsSync(`${process.env.NGINX_BIN}.pid`)).toBe(true);
      expect(processesOf(run)).toEqual([]);
    }, 300_000);

    it("stops the instances and nginx when nginx never answers", async () => {
      const nginxBin = fakeNginx("nginx-silent", "exec sleep 600");
      process.env.NGINX_BIN = nginxBin;
      const run = crypto.randomUUID();
      const logs: string[] = [];
      const controller = new AbortController();
      const started = startCluster({
        ...base(run, 8510),
        ...servers(),
        signal: controller.signal,
        log: (l) => logs.push(l),
      });
      // Interrupted once nginx runs (and never answers): everything it started is stopped.
      await expect
        .poll(() => fs.existsSync(`${nginxBin}.pid`), { timeout: 240_000, interval: 100 })
        .toBe(true);
      const nginxPid = Number(fs.readFileSync(`${nginxBin}.pid`, "utf8"));
      controller.abort(new ClusterError("interrupted by the test"));
      await expect(started).rejects.toThrow("interrupted by the test");
      expect(processesOf(run)).toEqual([]);
      expect(alive(nginxPid), `nginx stand-in ${nginxPid} still runs`).toBe(false);
    }, 300_000);

    it("stops the first instance when interrupted while it starts", async () => {
      // Should start-up get as far as nginx before the interrupt, this one waits for it too.
      process.env.NGINX_BIN = fakeNginx("nginx-waits", "exec sleep 600");
      const run = crypto.randomUUID();
      const controller = new AbortController();
      let spawned = false;
      const started = startCluster({
        ...base(run, 8520),
        ...servers(),
        signal: controller.signal,
        log: (l) => {
          if (l.startsWith("[app1]")) spawned = true;
        },
      });
      await expect.poll(() => spawned || processesOf(run).length > 0, { timeout: 60_000 }).toBe(true);
      controller.abort(new ClusterError("interrupted by the test"));
      await expect(started).rejects.toThrow("interrupted by the test");
      expect(processesOf(run)).toEqual([]);
      if (fs.existsSync(`${process.env.NGINX_BIN}.pid`))
        expect(alive(Number(fs.readFileSync(`${process.env.NGINX_BIN}.pid`, "utf8")))).toBe(false);
    }, 300_000);
  });
});

function alive(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
