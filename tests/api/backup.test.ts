// Over a minute on a busy 2-core machine (README, "Tests"): real encrypted backups and restores on both
// engines (the key comes from the passphrase through scrypt), one taken under 50 concurrent sign-ups,
// and a restore from SQLite to PostgreSQL and back.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { type Kysely, sql } from "kysely";
import * as tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createBackup, listArchives, listFiles } from "../../server/backup/create";
import { BackupError } from "../../server/backup/format";
import { restoreArchive } from "../../server/backup/restore";
import { type Config, loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db";
import { MIGRATION_NAMES, migrate } from "../../server/db/migrate";
import { createLogger } from "../../server/logger";
import { startServer } from "../../server/server";
import { pgAdmin, pgUrl } from "../../tools/databases";
import { idNumber } from "../../tools/drill";
import { engines } from "../helpers/server";
import { bundleScript, runScript } from "../helpers/site-process";

const root = fs.mkdtempSync(path.join(inject("dataDir"), "backup-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let seq = 0;
/** Archives hold personal data and are always encrypted: every backup here has a passphrase. */
const PASS = "backup passphrase for tests";
const fresh = (name: string) => path.join(root, `${name}-${++seq}`);

/** A DATA_DIR holding a copy of the seeded template database, and its configuration. */
function seededDataDir(env: Record<string, string> = {}): Config {
  const dataDir = fresh("data");
  fs.mkdirSync(path.join(dataDir, "uploads", "articles"), { recursive: true });
  fs.copyFileSync(inject("sqliteTemplate"), path.join(dataDir, "site.db"));
  fs.writeFileSync(path.join(dataDir, "uploads", "articles", "cover.jpg"), crypto.randomBytes(5000));
  return loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env });
}

async function signup(url: string, n: number) {
  const res = await fetch(`${url}/api/onlineApply/payCommit`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${n >> 8}.${n & 255}` },
    body: JSON.stringify({
      productId: 278,
      menberProfession: "ANCHOR",
      signWay: "INDIVIDUAL",
      companyName: "",
      signer: "王五",
      idCardNumber: idNumber(n),
      contact: `135${String(10_000_000 + n).slice(-8)}`,
      payer: "王五",
      orderNum: "1",
      totalPrice: 0.01,
      questionList: [
        { questionId: 112, answer: "1万至10万" },
        { questionId: 113, answer: "抖音" },
        { questionId: 1, answer: "主播" },
        { questionId: 23, answer: "理事" },
      ],
    }),
  });
  const body = (await res.json()) as { data: { orderNo: string } | null };
  return { status: res.status, orderNo: body.data?.orderNo, at: Date.now() };
}

async function tableRows(config: Config, table: string): Promise<unknown[]> {
  const database = await openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    migrate: false,
  });
  try {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2`.execute(database.db);
    // booleans: 0/1 on SQLite, false/true on PostgreSQL
    return rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "boolean" ? Number(v) : v])),
    );
  } finally {
    await database.close();
  }
}

const expectRefusal = async (p: Promise<unknown>, message: RegExp) => {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err, "expected a refusal").toBeInstanceOf(BackupError);
  expect((err as Error).message).toMatch(message);
};

/** A target DATA_DIR is untouched: nothing but what was there before. */
const expectUntouched = (dir: string) => expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);

describe.each(engines())("a backup while 50 sign-ups run on %s", (engine) => {
  let dbName: string | undefined;
  afterAll(async () => {
    if (dbName) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  });

  it("answers every sign-up and archives every order acknowledged before it began", async () => {
    let env: Record<string, string> = { TRUST_PROXY: "true", PORT: "0", HOST: "127.0.0.1" };
    if (engine === "postgres") {
      dbName = `dsn_bk50_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
      await pgAdmin((c) => c.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject("pgTemplate")}`));
      env = { ...env, DATABASE_URL: pgUrl(dbName) };
    }
    const config = seededDataDir(env);
    const running = await startServer({ config, logger: createLogger("silent") });
    try {
      const early = await Promise.all(Array.from({ length: 5 }, (_, i) => signup(running.url, 1000 + i)));
      const began = Date.now();
      const [results, backup] = await Promise.all([
        Promise.all(Array.from({ length: 50 }, (_, i) => signup(running.url, i))),
        createBackup({ config, dir: fresh("backups"), passphrase: PASS }),
      ]);
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
      const acked = [...early, ...results].filter((r) => r.at <= began).map((r) => r.orderNo!);
      expect(acked.length).toBeGreaterThanOrEqual(5);
      const target = fresh("restored");
      fs.mkdirSync(target);
      fs.copyFileSync(path.join(config.DATA_DIR, "pii.key"), path.join(target, "pii.key"));
      const restored = await restoreArchive({
        archive: backup.file,
        config: loadConfig({ DATA_DIR: target }),
        passphrase: PASS,
      });
      const orders = restored.counts.signup_orders!;
      const total = backup.manifest.counts.signup_orders!;
      expect(orders).toBe(total);
      const rows = (await tableRows(loadConfig({ DATA_DIR: target }), "signup_orders")) as {
        order_no: string;
      }[];
      const have = new Set(rows.map((r) => r.order_no));
      for (const o of acked) expect(have.has(o), o).toBe(true);
    } finally {
      await running.close();
    }
  });
});

describe("backup and restore refuse bad input with a clear message, leaving the site untouched", () => {
  let config: Config;
  let good: string;
  let cli: { backup: string; restore: string };
  beforeAll(async () => {
    config = seededDataDir();
    // The site's key, as the server makes it on first start.
    fs.writeFileSync(path.join(config.DATA_DIR, "pii.key"), `${crypto.randomBytes(32).toString("base64")}\n`);
    good = (await createBackup({ config, dir: fresh("backups"), passphrase: PASS })).file;
    cli = {
      backup: await bundleScript("scripts/backup.ts"),
      restore: await bundleScript("scripts/restore.ts"),
    };
  });
  afterAll(() => {
    for (const f of Object.values(cli ?? {})) fs.rmSync(path.dirname(f), { recursive: true, force: true });
  });
  const emptyTarget = () => loadConfig({ DATA_DIR: fresh("target"), PII_KEY: readKey() });
  const readKey = () => fs.readFileSync(path.join(config.DATA_DIR, "pii.key"), "utf8").trim();

  it("a truncated archive: refused by restore (library and CLI), nothing written", async () => {
    const cut = fresh("cut.tar.gz");
    const bytes = fs.readFileSync(good);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = emptyTarget();
    await expectRefusal(restoreArchive({ archive: cut, config: target, passphrase: PASS }), /truncated/);
    expectUntouched(target.DATA_DIR);

    const run = runScript(cli.restore, [cut], { DATA_DIR: target.DATA_DIR, BACKUP_PASSPHRASE: PASS });
    const r = await run.done;
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^restore: the archive is (damaged or )?truncated/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expectUntouched(target.DATA_DIR);
  });

  it("without a passphrase no backup is made (library and CLI): archives hold personal data", async () => {
    const dir = fresh("backups");
    await expectRefusal(createBackup({ config, dir }), /always encrypted: set BACKUP_PASSPHRASE/);
    expect(listArchives(dir)).toEqual([]);
    const run = runScript(cli.backup, ["--out", dir], { DATA_DIR: config.DATA_DIR, BACKUP_PASSPHRASE: "" });
    const r = await run.done;
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^backup: backups hold personal data and are always encrypted/);
    expect(listArchives(dir)).toEqual([]);
  });

  it("a damaged archive (one byte changed) is refused", async () => {
    const bad = fresh("bad.tar.gz");
    const bytes = Buffer.from(fs.readFileSync(good));
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(bad, bytes);
    const target = emptyTarget();
    await expectRefusal(
      restoreArchive({ archive: bad, config: target, passphrase: PASS }),
      /damaged|truncated/,
    );
    expectUntouched(target.DATA_DIR);
  });

  it("an encrypted archive with the key: wrong or missing passphrase refused, the right one restores the key", async () => {
    const dir = fresh("backups");
    await expectRefusal(createBackup({ config, dir, withKey: true }), /needs a passphrase/);
    const enc = await createBackup({ config, dir, withKey: true, passphrase: "correct horse battery" });
    expect(enc.file).toMatch(/\.tar\.gz\.enc$/);
    expect(fs.readFileSync(enc.file).includes(Buffer.from("manifest.json"))).toBe(false);
    const target = loadConfig({ DATA_DIR: fresh("target") });
    await expectRefusal(
      restoreArchive({ archive: enc.file, config: target, passphrase: "wrong horse battery" }),
      /wrong passphrase/,
    );
    await expectRefusal(restoreArchive({ archive: enc.file, config: target }), /encrypted/);
    expectUntouched(target.DATA_DIR);
    const r = await restoreArchive({
      archive: enc.file,
      config: target,
      passphrase: "correct horse battery",
    });
    expect(r.keyWritten).toBe(path.join(target.DATA_DIR, "pii.key"));
    expect(fs.readFileSync(r.keyWritten!, "utf8").trim()).toBe(readKey());
    expect(fs.statSync(r.keyWritten!).mode & 0o777).toBe(0o600);
  });

  it("an archive from another site or program is refused", async () => {
    // A tar.gz without a manifest…
    const foreign = fresh("foreign.tar.gz");
    const pack = tar.pack();
    pack.entry({ name: "hello.txt" }, "hi");
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const c of pack) chunks.push(Buffer.from(c as Uint8Array));
    fs.writeFileSync(foreign, zlib.gzipSync(Buffer.concat(chunks)));
    const target = emptyTarget();
    await expectRefusal(
      restoreArchive({ archive: foreign, config: target, passphrase: PASS }),
      /unexpected entry|no manifest/,
    );
    // …another program's manifest…
    const other = fresh("other.tar.gz");
    const p2 = tar.pack();
    p2.entry(
      { name: "manifest.json" },
      JSON.stringify({ app: "some-other-shop", formatVersion: 1, files: {} }),
    );
    p2.finalize();
    const c2: Buffer[] = [];
    for await (const c of p2) c2.push(Buffer.from(c as Uint8Array));
    fs.writeFileSync(other, zlib.gzipSync(Buffer.concat(c2)));
    await expectRefusal(
      restoreArchive({ archive: other, config: target, passphrase: PASS }),
      /not by this site's backup/,
    );
    // …not an archive at all…
    const text = fresh("notes.txt");
    fs.writeFileSync(text, "just some text");
    await expectRefusal(
      restoreArchive({ archive: text, config: target, passphrase: PASS }),
      /not a backup archive/,
    );
    await expectRefusal(
      restoreArchive({ archive: fresh("missing"), config: target, passphrase: PASS }),
      /no such file/,
    );
    expectUntouched(target.DATA_DIR);

    // …and a genuine archive of a site whose ID numbers need another key.
    const site = seededDataDir();
    const running = await startServer({
      config: { ...site, PORT: 0, HOST: "127.0.0.1" },
      logger: createLogger("silent"),
    });
    try {
      expect((await signup(running.url, 7)).status).toBe(200);
    } finally {
      await running.close();
    }
    const theirs = await createBackup({ config: site, dir: fresh("backups"), passphrase: PASS });
    expect(theirs.manifest.encryptedIdNumbers).toBeGreaterThan(0);
    await expectRefusal(
      restoreArchive({ archive: theirs.file, config: target, passphrase: PASS }),
      /another site/,
    );
    await expectRefusal(
      restoreArchive({
        archive: theirs.file,
        config: loadConfig({ DATA_DIR: fresh("target") }),
        passphrase: PASS,
      }),
      /need PII key/,
    );
    expectUntouched(target.DATA_DIR);
  });

  it("a non-empty target is refused unless --force", async () => {
    const target = loadConfig({ DATA_DIR: fresh("target"), PII_KEY: readKey() });
    await restoreArchive({ archive: good, config: target, passphrase: PASS });
    const before = fs.statSync(path.join(target.DATA_DIR, "site.db")).mtimeMs;
    await expectRefusal(
      restoreArchive({ archive: good, config: target, passphrase: PASS }),
      /not empty.*--force/,
    );
    expect(fs.statSync(path.join(target.DATA_DIR, "site.db")).mtimeMs).toBe(before);
    const again = await restoreArchive({ archive: good, config: target, force: true, passphrase: PASS });
    expect(again.counts.articles).toBeGreaterThan(0);
  });

  it("an archive from newer code is refused; one from older code is migrated forward", async () => {
    const newer = seededDataDir();
    const db = await openDatabase({ dataDir: newer.DATA_DIR });
    await sql`INSERT INTO kysely_migration(name, timestamp) VALUES ('999_from_the_future', '2030-01-01T00:00:00.000Z')`.execute(
      db.db,
    );
    await db.close();
    const future = await createBackup({ config: newer, dir: fresh("backups"), passphrase: PASS });
    const target = emptyTarget();
    await expectRefusal(
      restoreArchive({ archive: future.file, config: target, passphrase: PASS }),
      /newer than this code/,
    );
    expectUntouched(target.DATA_DIR);

    const old = loadConfig({ DATA_DIR: fresh("old"), LOG_LEVEL: "silent" });
    const odb = await openDatabase({ dataDir: old.DATA_DIR, migrate: false });
    await migrate(odb.db as unknown as Kysely<unknown>, "sqlite", "005_console");
    await odb.close();
    const oldArchive = await createBackup({ config: old, dir: fresh("backups"), passphrase: PASS });
    expect(oldArchive.manifest.migrations.at(-1)).toBe("005_console");
    const r = await restoreArchive({ archive: oldArchive.file, config: emptyTarget(), passphrase: PASS });
    expect(r.migrated).toEqual(MIGRATION_NAMES.filter((n) => n > "005_console"));
  });

  it("an unwritable or full BACKUP_DIR: a clear message, no partial archive, earlier archives intact", async () => {
    const file = fresh("a-file");
    fs.writeFileSync(file, "");
    await expectRefusal(createBackup({ config, dir: file, passphrase: PASS }), /not a directory/);
    const run = runScript(cli.backup, ["--out", path.join(file, "sub")], {
      DATA_DIR: config.DATA_DIR,
      BACKUP_PASSPHRASE: PASS,
    });
    const r = await run.done;
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^backup: BACKUP_DIR .* is not writable: not a directory/);

    // A small tmpfs: needs root (mount); skipped with a note elsewhere.
    const small = fresh("small");
    fs.mkdirSync(small);
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", small], { stdio: "ignore" });
    } catch {
      console.warn("[note] cannot mount a tmpfs (not root?): the full-disk case is skipped");
      return;
    }
    try {
      fs.writeFileSync(path.join(small, "dianshang-20200101T000000Z-sqlite.tar.gz"), "an earlier archive");
      await expectRefusal(createBackup({ config, dir: small, passphrase: PASS }), /no space left/);
      expect(fs.readdirSync(small)).toEqual(["dianshang-20200101T000000Z-sqlite.tar.gz"]);
      expect(fs.readFileSync(path.join(small, "dianshang-20200101T000000Z-sqlite.tar.gz"), "utf8")).toBe(
        "an earlier archive",
      );
      execFileSync("mount", ["-o", "remount,ro", small], { stdio: "ignore" });
      await expectRefusal(
        createBackup({ config, dir: small, passphrase: PASS }),
        /not writable: permission denied/,
      );
    } finally {
      execFileSync("umount", ["-l", small], { stdio: "ignore" });
    }
    // Room for the database snapshot but not for the archive: the disk fills while writing it.
    const big = seededDataDir();
    fs.writeFileSync(path.join(big.DATA_DIR, "uploads", "articles", "big.bin"), crypto.randomBytes(2 << 20));
    const kb = Math.ceil(fs.statSync(path.join(big.DATA_DIR, "site.db")).size / 1024) + 300;
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${kb}k`, "tmpfs", small], { stdio: "ignore" });
    try {
      await expectRefusal(
        createBackup({ config: big, dir: small, passphrase: PASS }),
        /^writing the archive into .*: no space left/,
      );
      expect(fs.readdirSync(small)).toEqual([]);
    } finally {
      execFileSync("umount", ["-l", small], { stdio: "ignore" });
    }
    // The site's own data was never written.
    expect(listFiles(config.DATA_DIR).sort()).toEqual(["pii.key", "site.db", "uploads/articles/cover.jpg"]);
  });
});

describe.skipIf(!inject("pgTemplate"))("cross-engine restore", () => {
  const dbs: string[] = [];
  afterAll(async () => {
    for (const d of dbs) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`));
  });

  it("SQLite → PostgreSQL → SQLite: counts and contents equal, search works", async () => {
    const source = seededDataDir({ PORT: "0", HOST: "127.0.0.1" });
    const running = await startServer({ config: source, logger: createLogger("silent") });
    try {
      for (let i = 0; i < 3; i++) expect((await signup(running.url, 300 + i)).status).toBe(200);
    } finally {
      await running.close();
    }
    const a = await createBackup({ config: source, dir: fresh("backups"), passphrase: PASS });
    const pgDb = `dsn_cross_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
    dbs.push(pgDb);
    await pgAdmin((c) => c.query(`CREATE DATABASE ${pgDb}`));
    const pgConfig = loadConfig({ DATA_DIR: fresh("pgdata"), DATABASE_URL: pgUrl(pgDb) });
    fs.mkdirSync(pgConfig.DATA_DIR);
    fs.copyFileSync(path.join(source.DATA_DIR, "pii.key"), path.join(pgConfig.DATA_DIR, "pii.key"));
    const pgKey = () => fs.readFileSync(path.join(source.DATA_DIR, "pii.key"), "utf8").trim();
    const toPg = await restoreArchive({ archive: a.file, config: pgConfig, passphrase: PASS });
    expect(toPg.counts).toEqual(a.manifest.counts);
    // A database with tables is not empty: refused, then replaced with --force.
    const pgOnly = loadConfig({ DATA_DIR: fresh("pgdata"), DATABASE_URL: pgUrl(pgDb), PII_KEY: pgKey() });
    await expectRefusal(
      restoreArchive({ archive: a.file, config: pgOnly, passphrase: PASS }),
      /PostgreSQL database is not empty/,
    );
    expect(
      (await restoreArchive({ archive: a.file, config: pgOnly, force: true, passphrase: PASS })).counts,
    ).toEqual(a.manifest.counts);

    const b = await createBackup({ config: pgConfig, dir: fresh("backups"), passphrase: PASS });
    expect(b.manifest.engine).toBe("postgres");
    expect(b.manifest.counts).toEqual(a.manifest.counts);
    const back = loadConfig({ DATA_DIR: fresh("back") });
    fs.mkdirSync(back.DATA_DIR);
    fs.copyFileSync(path.join(source.DATA_DIR, "pii.key"), path.join(back.DATA_DIR, "pii.key"));
    const toSqlite = await restoreArchive({ archive: b.file, config: back, passphrase: PASS });
    expect(toSqlite.counts).toEqual(a.manifest.counts);

    for (const t of Object.keys(a.manifest.counts)) {
      const original = await tableRows(source, t);
      expect(await tableRows(pgConfig, t), `${t} in PostgreSQL`).toEqual(original);
      expect(await tableRows(back, t), `${t} back in SQLite`).toEqual(original);
    }
    expect(listFiles(path.join(back.DATA_DIR, "uploads"))).toEqual(
      listFiles(path.join(source.DATA_DIR, "uploads")),
    );

    // The search index was rebuilt on each engine: the same keyword finds the same articles.
    const search = async (config: Config) => {
      const s = await startServer({
        config: { ...config, PORT: 0, HOST: "127.0.0.1", SEED_DEMO: false },
        logger: createLogger("silent"),
      });
      try {
        const res = await fetch(
          `${s.url}/api/product/content/searchArticleByKeywordCount?keyword=${encodeURIComponent("直播")}`,
        );
        return ((await res.json()) as { data: { result: number } }).data.result;
      } finally {
        await s.close();
      }
    };
    const n = await search(source);
    expect(n).toBeGreaterThan(0);
    expect(await search(pgConfig)).toBe(n);
    expect(await search(back)).toBe(n);
  });
});
