import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { build } from "esbuild";

const MAIN = path.resolve("build", "app", "main.js");

export interface SiteProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  out(): string;
  /** what it wrote to stderr (an uncaught exception's stack) */
  err(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The built server (build/app/main.js) as its own process, so a test can SIGKILL it. */
export async function startSiteProcess(env: Record<string, string>): Promise<SiteProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      // Tests count renders and cache states (the warmer's own tests turn it on).
      CACHE_WARM: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => {
    stdout += d;
  });
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  for (let i = 0; i < 1200; i++) {
    const line = stdout.split("\n").find((l) => l.includes('"server listening"'));
    if (line) {
      const url = (JSON.parse(line) as { url: string }).url;
      return {
        child,
        url,
        exited,
        out: () => stdout,
        err: () => stderr,
        async kill(signal = "SIGTERM") {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      };
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start: ${stdout.slice(-2000)} ${stderr.slice(-2000)}`);
}

/**
 * A CLI script (scripts/backup.ts…) bundled into a private file under build/ (inside the repository,
 * so its packages resolve from node_modules), to run as a child process.
 */
export async function bundleScript(entry: string): Promise<string> {
  const tag = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const outfile = path.resolve("build", "test-run", tag, `${path.basename(entry, ".ts")}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  return outfile;
}

export function runScript(
  file: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [file, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    cwd: process.cwd(),
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => {
    stdout += d;
  });
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}
