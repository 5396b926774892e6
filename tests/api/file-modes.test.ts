import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { listArchives } from "../../server/backup/create";
import { AdminClient, testPicture } from "../../tools/admin-client";
import { type SiteProcess, startSiteProcess } from "../helpers/site-process";

/**
 * Needs the server's build (build/app/main.js: `npm run build`, which `npm test` runs first).
 *
 * One umask for every entry point (server/private-umask.ts): `npm run admin:create-user` on an
 * empty data folder, then the server on it, then a lead with a mobile number and an ID copy, then
 * `npm run backup`: no file or folder under DATA_DIR or BACKUP_DIR is readable by anyone but its
 * owner. The processes start under umask 022, so the modes come from the code, not from the test
 * runner. Then files loosened by hand are tightened by the next start, which logs each one.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "file-modes-pass-1";

const modeOf = (p: string) => fs.lstatSync(p).mode & 0o777;

/** Every path under `root` (itself included) with its mode, as "rel 0600". */
function modes(root: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    out.push(`${path.relative(root, p) || "."} 0${modeOf(p).toString(8)}`);
    if (fs.lstatSync(p).isDirectory()) for (const n of fs.readdirSync(p).sort()) walk(path.join(p, n));
  };
  walk(root);
  return out;
}

/** The paths among `modes` that group or others may read, write or enter. */
const open = (list: string[]) => list.filter((l) => (Number.parseInt(l.split(" ").at(-1)!, 8) & 0o077) !== 0);

function run(command: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  // the command starts under the usual umask: what it creates privately, it made so itself
  const child = spawn("sh", ["-c", `umask 022 && exec ${command}`], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? ROOT, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    out += d;
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, out })));
}

/** The server process, started under umask 022 (it inherits this process's umask). */
async function startUnderLooseUmask(env: Record<string, string>): Promise<SiteProcess> {
  const before = process.umask(0o022);
  try {
    return await startSiteProcess(env);
  } finally {
    process.umask(before);
  }
}

describe("file modes from the command line to the server", () => {
  let root: string;
  let dataDir: string;
  let backupDir: string;
  let env: Record<string, string>;
  let site: SiteProcess | undefined;

  beforeAll(() => {
    if (!fs.existsSync(path.join(ROOT, "build", "app", "main.js")))
      throw new Error("no server build: run `npm run build` first (npm test does)");
    root = fs.mkdtempSync(path.join(inject("dataDir"), "file-modes-"));
    dataDir = path.join(root, "data");
    backupDir = path.join(root, "backups");
    env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir, TRUST_PROXY: "true" };
  });
  afterAll(async () => {
    await site?.kill("SIGKILL");
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("admin:create-user on an empty folder, then the server and a lead: nothing is open to others", async () => {
    const created = await run("npm run --silent admin:create-user -- --username chief --name 总编", {
      ...env,
      ADMIN_PASSWORD: PASSWORD,
    });
    expect(created.code, created.out).toBe(0);
    expect(created.out).toContain("Created admin chief");
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, "site.db"))).toBe(0o600);
    expect(open(modes(dataDir))).toEqual([]);

    site = await startUnderLooseUmask(env);
    const admin = new AdminClient(site.url);
    expect((await admin.login("chief", PASSWORD)).status).toBe(200);

    // A lead with a mobile number and an ID copy: the WAL, the key and private/ come into being.
    const headers = { "x-forwarded-for": "10.61.0.1" };
    const fd = new FormData();
    fd.append("file", new Blob([new Uint8Array(await testPicture(40, 30))], { type: "image/png" }), "id.png");
    const up = await fetch(`${site.url}/api/upload`, { method: "POST", body: fd, headers });
    expect(up.status).toBe(200);
    const pic = ((await up.json()) as { data: { result: string } }).data.result;
    const lead = await fetch(`${site.url}/api/mcn/insertMcnExpert`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "王五", phone: "13700001111", idCopyPic: pic }),
    });
    expect(lead.status, await lead.clone().text()).toBe(200);

    const after = modes(dataDir);
    for (const expected of ["site.db-wal 0600", "site.db-shm 0600", "pii.key 0600", "private/mcn 0700"])
      expect(after).toContain(expected);
    expect(after.some((l) => /^private\/mcn\/.+ 0600$/.test(l))).toBe(true);
    expect(open(after)).toEqual([]);
    expect(site.out()).not.toContain("file mode tightened");

    // A backup from the command line beside the running site: its folder and archive are private too.
    const backup = await run(`npm run --silent backup -- --out ${backupDir}`, {
      ...env,
      BACKUP_PASSPHRASE: "file modes passphrase",
      LOG_LEVEL: "silent",
    });
    expect(backup.code, backup.out).toBe(0);
    const [archive] = listArchives(backupDir);
    expect(modeOf(backupDir)).toBe(0o700);
    expect(modeOf(archive!.file)).toBe(0o600);
    await site.kill("SIGTERM");
    site = undefined;
  }, 180_000);

  it("files found open to others are tightened at start, each one logged with its old and new mode", async () => {
    expect(fs.existsSync(path.join(dataDir, "site.db")), "needs the folder of the test above").toBe(true);
    const privateDir = path.join(dataDir, "private");
    const mcn = path.join(privateDir, "mcn");
    const copy = path.join(mcn, fs.readdirSync(mcn)[0]!);
    const archive = path.join(backupDir, "dianshang-20240101T000000Z-sqlite.tar.gz.enc");
    fs.mkdirSync(backupDir, { recursive: true });
    fs.writeFileSync(archive, "not really an archive");
    // an empty WAL is a valid one
    fs.writeFileSync(path.join(dataDir, "site.db-wal"), "");
    const loosened: Record<string, number> = {
      [dataDir]: 0o755,
      [path.join(dataDir, "site.db")]: 0o644,
      [path.join(dataDir, "site.db-wal")]: 0o644,
      [path.join(dataDir, "pii.key")]: 0o644,
      [privateDir]: 0o755,
      [mcn]: 0o775,
      [copy]: 0o644,
      [backupDir]: 0o755,
      [archive]: 0o644,
    };
    for (const [p, mode] of Object.entries(loosened)) fs.chmodSync(p, mode);

    site = await startUnderLooseUmask(env);
    const logged = site
      .out()
      .split("\n")
      .filter((l) => l.includes('"file mode tightened'))
      .map((l) => JSON.parse(l) as { path: string; from: string; to: string; level: number });
    const expected = Object.entries(loosened).map(([p, mode]) => {
      const dir = fs.lstatSync(p).isDirectory();
      return { path: p, from: `0${mode.toString(8)}`, to: dir ? "0700" : "0600" };
    });
    expect(logged.map(({ path: p, from, to }) => ({ path: p, from, to }))).toEqual(
      expect.arrayContaining(expected),
    );
    expect(logged).toHaveLength(expected.length);
    expect(logged.every((l) => l.level === 40)).toBe(true); // warn
    // the database went before its WAL
    expect(logged.findIndex((l) => l.path.endsWith("site.db"))).toBeLessThan(
      logged.findIndex((l) => l.path.endsWith("site.db-wal")),
    );
    for (const { path: p, to } of expected) expect(modeOf(p), p).toBe(Number.parseInt(to, 8));
    expect(open(modes(dataDir))).toEqual([]);
    // and the site still works on them
    expect((await new AdminClient(site.url).login("chief", PASSWORD)).status).toBe(200);
  }, 180_000);
});
