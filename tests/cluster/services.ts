import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Private PostgreSQL and Redis servers for the fault tests, so restarting or stopping them never
 * touches the machine's own services (which other tests use at the same time).
 */
const PG_BIN = (() => {
  try {
    const v = fs.readdirSync("/usr/lib/postgresql").sort().pop();
    return v ? `/usr/lib/postgresql/${v}/bin` : undefined;
  } catch {
    return undefined;
  }
})();

export const canRunPrivateServers =
  process.getuid?.() === 0 &&
  PG_BIN !== undefined &&
  fs.existsSync("/usr/bin/redis-server") &&
  hasUser("postgres");

function hasUser(name: string) {
  try {
    execFileSync("id", [name], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const asPostgres = (bin: string, args: string[]) =>
  execFileSync("runuser", ["-u", "postgres", "--", path.join(PG_BIN!, bin), ...args], { stdio: "pipe" });

export class PrivatePostgres {
  readonly dir: string;
  constructor(readonly port: number) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "dsn-pg-"));
    fs.chownSync(this.dir, uidOf("postgres"), gidOf("postgres"));
    asPostgres("initdb", ["-D", this.dir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  start() {
    asPostgres("pg_ctl", [
      "-D",
      this.dir,
      "-w",
      "-l",
      path.join(this.dir, "log"),
      "-o",
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      "start",
    ]);
  }
  stop() {
    asPostgres("pg_ctl", ["-D", this.dir, "-w", "-m", "immediate", "stop"]);
  }
  destroy() {
    try {
      this.stop();
    } catch {}
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export class PrivateRedis {
  private child?: ChildProcess;
  constructor(readonly port: number) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start() {
    this.child = spawn(
      "redis-server",
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    for (let i = 0; i < 50; i++) {
      try {
        execFileSync("redis-cli", ["-p", String(this.port), "ping"], { stdio: "ignore" });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error("private redis did not start");
  }
  async stop() {
    const c = this.child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.on("exit", r));
    c.kill("SIGKILL");
    await exited;
  }
}

function uidOf(user: string) {
  return Number(execFileSync("id", ["-u", user]).toString().trim());
}
function gidOf(user: string) {
  return Number(execFileSync("id", ["-g", user]).toString().trim());
}
