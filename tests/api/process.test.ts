import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

const MAIN = path.resolve("build", "app", "main.js");

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
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
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

async function listening(p: { out: () => string; child: ChildProcess }): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const line = p
      .out()
      .split("\n")
      .find((l) => l.includes('"server listening"'));
    if (line) return (JSON.parse(line) as { url: string }).url;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not start: ${p.out()}`);
}

describe("the server process", () => {
  it("refuses a bad setting with one line naming it", async () => {
    const p = run({ PORT: "eighty" });
    expect(await p.exited).toBe(1);
    expect(p.err().trim()).toBe('Invalid configuration: PORT="eighty" must be a port number (0-65535)');
  });

  it("logs JSON lines and stops cleanly on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(inject("dataDir"), "proc-"));
    fs.copyFileSync(inject("sqliteTemplate"), path.join(dataDir, "site.db"));
    const p = run({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false" });
    const url = await listening(p);
    const res = await fetch(`${url}/api/product/content/count`);
    expect(res.status).toBe(200);
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(0);
    const lines = p.out().trim().split("\n");
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
    expect(lines.some((l) => l.includes('"shutting down"'))).toBe(true);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
