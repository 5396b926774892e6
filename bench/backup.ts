// node scripts/run-ts.mjs bench/backup.ts (after `npm run build`): the restore drill at 100,000
// articles. Backs up a loaded site, kills a second backup with the server, restores the first archive
// into a fresh DATA_DIR and starts on it, checks every acknowledged write, and reports how long
// backup and restore take and the archive size (also into PostgreSQL when one answers).
import "../server/private-umask";
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { createBackup, listArchives } from "../server/backup/create";
import { restoreArchive } from "../server/backup/restore";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db";
import { createPii, loadPiiKey } from "../server/services/pii";
import { bulkUploads, SiteLoad } from "../tools/drill";
import { BenchError, fail, own, ROOT, startApp, waitFor } from "../tools/kit";
import { buildSqliteDataset } from "./dataset";

const COUNT = Number(process.env.BENCH_ARTICLES ?? 100_000);
const PG_ADMIN = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = 18_390;

const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
const s = (ms: number) => Math.round(ms / 100) / 10;

async function pgAdmin(q: string) {
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}
const pgUrl = (db: string) => {
  const u = new URL(PG_ADMIN);
  u.pathname = `/${db}`;
  return u.toString();
};

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build", "app", "main.js")))
    throw new BenchError("no build: run `npm run build` first");
  const dataset = path.join(ROOT, "bench", "data", `sqlite-${COUNT}`);
  console.info(`dataset: ${COUNT} articles in ${dataset}`);
  await buildSqliteDataset(dataset, COUNT);

  const work = fs.mkdtempSync(path.join(ROOT, "bench", "data", "backup-run-"));
  const dataDir = path.join(work, "data");
  const backupDir = path.join(work, "backups");
  fs.mkdirSync(dataDir);
  // A private copy of the dataset, through SQLite's backup API like everything else here.
  const src = new SQLite(path.join(dataset, "site.db"), { readonly: true });
  await src.backup(path.join(dataDir, "site.db"));
  src.close();
  const results: Record<string, unknown> = { articles: COUNT, at: new Date().toISOString() };
  try {
    // 1. The site under load.
    const server = startApp({
      buildDir: path.join(ROOT, "build"),
      dataDir,
      port: PORT,
      seed: false,
      env: { TRUST_PROXY: "true" },
    });
    const url = `http://127.0.0.1:${PORT}`;
    await waitFor(`${url}/readyz`);
    const load = await SiteLoad.create(url);
    load.start(3);
    await load.until(
      () => load.orders.length >= 10 && load.leads.length >= 10 && load.edits.length >= 10,
      120_000,
    );
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });

    // 2. A backup in the middle of it.
    const began = Date.now();
    const ordersBefore = load.orders.length;
    const first = await createBackup({ config, dir: backupDir });
    const ordersDuring = load.orders.length - ordersBefore;
    await load.stop();
    if (load.errors.length > 0) throw new Error(`load errors: ${load.errors.slice(0, 3).join("; ")}`);
    console.info(
      `backup: ${s(first.ms)} s, ${mb(first.bytes)} MB (database ${mb(first.manifest.files["db/site.db"]!.size)} MB), ${ordersDuring} sign-ups answered meanwhile`,
    );
    results.sqliteBackup = {
      seconds: s(first.ms),
      archiveMB: mb(first.bytes),
      databaseMB: mb(first.manifest.files["db/site.db"]!.size),
      signupsAnsweredDuringBackup: ordersDuring,
    };

    // …and a second one killed with the server.
    bulkUploads(path.join(dataDir, "uploads", "bench-bulk"), 20, 1 << 20);
    const cli = spawn(
      process.execPath,
      [path.join(ROOT, "scripts", "run-ts.mjs"), "scripts/backup.ts", "--out", backupDir],
      {
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: "ignore",
      },
    );
    own(cli, "SIGKILL");
    let partial = false;
    for (let i = 0; i < 60_000 && !partial; i++) {
      partial = fs.readdirSync(backupDir).some((n) => n.endsWith(".partial"));
      if (!partial) await new Promise((r) => setTimeout(r, 2));
    }
    cli.kill("SIGKILL");
    server.kill("SIGKILL");
    if (!partial) throw new Error("the second backup finished before it could be killed");
    if (listArchives(backupDir).length !== 1)
      throw new Error("the killed backup left a finished-looking archive");
    for (const n of fs.readdirSync(backupDir).filter((n) => n.endsWith(".partial"))) {
      const err = await restoreArchive({
        archive: path.join(backupDir, n),
        config: loadConfig({ DATA_DIR: path.join(work, `probe-${n}`) }),
      }).catch((e: Error) => e);
      if (!(err instanceof Error)) throw new Error("restore accepted the killed backup's partial file");
      console.info(`killed backup's leftover refused: ${err.message}`);
    }

    // 3. Restore into a fresh DATA_DIR and start on it.
    const restoredDir = path.join(work, "restored");
    fs.mkdirSync(restoredDir);
    fs.copyFileSync(path.join(dataDir, "pii.key"), path.join(restoredDir, "pii.key"));
    const restored = await restoreArchive({
      archive: first.file,
      config: loadConfig({ DATA_DIR: restoredDir }),
    });
    console.info(`restore (SQLite): ${s(restored.ms)} s`);
    results.sqliteRestore = { seconds: s(restored.ms) };
    if (JSON.stringify(restored.counts) !== JSON.stringify(first.manifest.counts))
      throw new Error("restored counts differ from the manifest");

    // 4. Every acknowledged write is there.
    const database = await openDatabase({ dataDir: restoredDir, migrate: false });
    const pii = createPii(loadPiiKey({ dataDir: restoredDir }).key);
    let checked = 0;
    for (const o of load.orders.filter((x) => x.at <= began)) {
      const row = await database.db
        .selectFrom("signup_orders")
        .selectAll()
        .where("order_no", "=", o.orderNo)
        .executeTakeFirst();
      if (!row || pii.decrypt(row.id_card_enc!) !== o.idNumber)
        throw new Error(`order ${o.orderNo} lost or altered`);
      checked++;
    }
    for (const l of load.leads.filter((x) => x.at <= began)) {
      const name = path.basename(l.pic);
      const a = fs.readFileSync(path.join(dataDir, "private", "mcn", name));
      const b = fs.readFileSync(path.join(restoredDir, "private", "mcn", name));
      if (!a.equals(b)) throw new Error(`ID copy ${name} differs`);
      checked++;
    }
    await database.close();
    const again = startApp({
      buildDir: path.join(ROOT, "build"),
      dataDir: restoredDir,
      port: PORT + 1,
      seed: false,
    });
    await waitFor(`http://127.0.0.1:${PORT + 1}/readyz`);
    again.kill("SIGTERM");
    console.info(
      `${checked} acknowledged orders and leads restored identical; the server starts on the restore`,
    );
    results.drill = { acknowledgedWritesChecked: checked, serverStartedOnRestore: true };

    // 5. PostgreSQL, when one answers: SQLite archive → PostgreSQL (the move to production mode),
    //    then pg_dump backup and pg_restore.
    let pgOk = true;
    await pgAdmin("select 1").catch(() => {
      pgOk = false;
    });
    if (pgOk && process.env.BENCH_BACKUP_PG !== "0") {
      const tag = crypto.randomBytes(3).toString("hex");
      const a = `bench_bk_a_${tag}`;
      const b = `bench_bk_b_${tag}`;
      await pgAdmin(`CREATE DATABASE ${a}`);
      await pgAdmin(`CREATE DATABASE ${b}`);
      try {
        const pgData = path.join(work, "pgdata");
        fs.mkdirSync(pgData);
        fs.copyFileSync(path.join(dataDir, "pii.key"), path.join(pgData, "pii.key"));
        const cross = await restoreArchive({
          archive: first.file,
          config: loadConfig({ DATA_DIR: pgData, DATABASE_URL: pgUrl(a) }),
        });
        console.info(
          `restore SQLite archive → PostgreSQL (rows copied, search index rebuilt): ${s(cross.ms)} s`,
        );
        const pgBackup = await createBackup({
          config: loadConfig({ DATA_DIR: pgData, DATABASE_URL: pgUrl(a) }),
          dir: path.join(work, "pg-backups"),
        });
        console.info(`backup (PostgreSQL, pg_dump + rows): ${s(pgBackup.ms)} s, ${mb(pgBackup.bytes)} MB`);
        const pgData2 = path.join(work, "pgdata2");
        fs.mkdirSync(pgData2);
        fs.copyFileSync(path.join(dataDir, "pii.key"), path.join(pgData2, "pii.key"));
        const pgRestore = await restoreArchive({
          archive: pgBackup.file,
          config: loadConfig({ DATA_DIR: pgData2, DATABASE_URL: pgUrl(b) }),
        });
        console.info(`restore (PostgreSQL, pg_restore): ${s(pgRestore.ms)} s`);
        results.postgres = {
          crossEngineRestoreSeconds: s(cross.ms),
          backupSeconds: s(pgBackup.ms),
          archiveMB: mb(pgBackup.bytes),
          restoreSeconds: s(pgRestore.ms),
        };
      } finally {
        await pgAdmin(`DROP DATABASE IF EXISTS ${a} WITH (FORCE)`);
        await pgAdmin(`DROP DATABASE IF EXISTS ${b} WITH (FORCE)`);
      }
    } else {
      console.info("PostgreSQL not reachable (or BENCH_BACKUP_PG=0): its figures are skipped");
    }
    const out = path.join(ROOT, "bench", "results", "backup-latest.json");
    fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.info(`written ${path.relative(ROOT, out)}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), fail);
