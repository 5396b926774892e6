// Over a minute on a busy 2-core machine (README, "Tests"): on each engine a whole site is started three
// times, loaded while it is backed up twice (once killed mid-backup), restored and compared write by
// write.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createBackup, listArchives, listFiles } from "../../server/backup/create";
import { BackupError } from "../../server/backup/format";
import { restoreArchive } from "../../server/backup/restore";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db";
import { createPii, loadPiiKey } from "../../server/services/pii";
import { pgAdmin, pgUrl } from "../../tools/databases";
import { bulkUploads, idCopyFile, SiteLoad } from "../../tools/drill";
import { engines } from "../helpers/server";
import { bundleScript, runScript, type SiteProcess, startSiteProcess } from "../helpers/site-process";

/**
 * The restore drill (README "Backups"): a loaded site is backed up while it takes orders, leads and
 * edits; a second backup dies with the server under SIGKILL; the first archive is restored into a
 * fresh DATA_DIR (or an empty PostgreSQL database), the server starts on it, and everything
 * acknowledged before the backup began is there, identical.
 */
/** Archives hold personal data and are always encrypted. */
const PASS = "drill backup passphrase";

describe.each(engines())("restore drill on %s", (engine) => {
  const cleanup: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  // A whole site started three times, loaded and backed up twice: a budget for a busy 2-core machine.
  it("restores every write acknowledged before the backup began; a killed backup leaves nothing restorable", async () => {
    const root = fs.mkdtempSync(path.join(inject("dataDir"), `drill-${engine}-`));
    cleanup.push(() => fs.rmSync(root, { recursive: true, force: true }));
    const dataDir = path.join(root, "data");
    const backupDir = path.join(root, "backups");
    fs.mkdirSync(dataDir);
    let databaseUrl: string | undefined;
    let restoredUrl: string | undefined;
    if (engine === "sqlite") {
      fs.copyFileSync(inject("sqliteTemplate"), path.join(dataDir, "site.db"));
    } else {
      const tag = `${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
      const src = `dsn_drill_${tag}`;
      const dst = `dsn_drill_r_${tag}`;
      await pgAdmin(async (c) => {
        await c.query(`CREATE DATABASE ${src} TEMPLATE ${inject("pgTemplate")}`);
        await c.query(`CREATE DATABASE ${dst}`);
      });
      cleanup.push(() =>
        pgAdmin(async (c) => {
          await c.query(`DROP DATABASE IF EXISTS ${src} WITH (FORCE)`);
          await c.query(`DROP DATABASE IF EXISTS ${dst} WITH (FORCE)`);
        }),
      );
      databaseUrl = pgUrl(src);
      restoredUrl = pgUrl(dst);
    }
    const env = {
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const site: SiteProcess = await startSiteProcess(env);
    cleanup.push(() => site.kill("SIGKILL"));
    const backupCli = await bundleScript("scripts/backup.ts");
    cleanup.push(() => fs.rmSync(path.dirname(backupCli), { recursive: true, force: true }));

    // 1. Load.
    const load = await SiteLoad.create(site.url);
    load.start(3);
    await load.until(() => load.orders.length >= 6 && load.leads.length >= 6 && load.edits.length >= 6);

    // 2. A backup in the middle of it.
    const config = loadConfig({ LOG_LEVEL: "silent", ...env });
    const uploadsAtStart = new Set(listFiles(path.join(dataDir, "uploads")).map((f) => `uploads/${f}`));
    const began = Date.now();
    const first = await createBackup({ config, dir: backupDir, passphrase: PASS });
    await load.until(() => load.orders.some((o) => o.at > Date.now() - 100 && o.at > began + 200));
    await load.stop();
    expect(load.errors).toEqual([]);

    // …and a second one, killed with the server.
    bulkUploads(path.join(dataDir, "uploads", "drill-bulk"), 16, 1 << 20);
    const second = runScript(backupCli, ["--out", backupDir], {
      ...env,
      LOG_LEVEL: "silent",
      BACKUP_PASSPHRASE: PASS,
    });
    let partialSeen = false;
    for (let i = 0; i < 20_000 && !partialSeen; i++) {
      partialSeen = fs.readdirSync(backupDir).some((n) => n.endsWith(".partial"));
      if (!partialSeen) await new Promise((r) => setTimeout(r, 2));
    }
    second.child.kill("SIGKILL");
    await site.kill("SIGKILL");
    const killed = await second.done;
    expect(partialSeen, `the second backup finished before it could be killed: ${killed.stdout}`).toBe(true);
    expect(killed.code).toBeNull();

    // 5. Nothing the killed backup left is accepted by restore.
    expect(listArchives(backupDir).map((a) => a.file)).toEqual([first.file]);
    const leftovers = fs
      .readdirSync(backupDir)
      .map((n) => path.join(backupDir, n))
      .filter((p) => p !== first.file && fs.statSync(p).isFile());
    expect(leftovers.length).toBeGreaterThan(0);
    for (const file of leftovers) {
      const target = path.join(root, `probe-${path.basename(file)}`);
      const err = await restoreArchive({
        archive: file,
        config: loadConfig({ DATA_DIR: target }),
        passphrase: PASS,
      }).catch((e) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toMatch(/truncated|no manifest|incomplete/);
      expect(fs.existsSync(path.join(target, "site.db"))).toBe(false);
    }

    // 3. Restore the first archive into a fresh DATA_DIR with the site's key, and start on it.
    const restoredDir = path.join(root, "restored");
    fs.mkdirSync(restoredDir);
    fs.copyFileSync(path.join(dataDir, "pii.key"), path.join(restoredDir, "pii.key"));
    const restoredConfig = loadConfig({
      DATA_DIR: restoredDir,
      ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}),
    });
    const restored = await restoreArchive({ archive: first.file, config: restoredConfig, passphrase: PASS });
    expect(restored.counts).toEqual(first.manifest.counts);

    // 4. Everything acknowledged before the backup began is there and identical.
    const database = await openDatabase({
      dataDir: restoredDir,
      databaseUrl: restoredUrl,
      migrate: false,
    });
    cleanup.push(() => database.close());
    const pii = createPii(loadPiiKey({ dataDir: restoredDir }).key);
    const ackedBefore = <T extends { at: number }>(xs: T[]) => xs.filter((x) => x.at < began);
    expect(ackedBefore(load.orders).length).toBeGreaterThanOrEqual(6);
    for (const o of ackedBefore(load.orders)) {
      const row = await database.db
        .selectFrom("signup_orders")
        .selectAll()
        .where("order_no", "=", o.orderNo)
        .executeTakeFirst();
      expect(row, o.orderNo).toBeDefined();
      expect(row!.contact).toBe(o.contact);
      expect(pii.decrypt(row!.id_card_enc!)).toBe(o.idNumber);
    }
    for (const l of ackedBefore(load.leads)) {
      const row = await database.db
        .selectFrom("mcn_leads")
        .selectAll()
        .where("phone", "=", l.phone)
        .executeTakeFirst();
      expect(row?.id_copy_pic).toBe(l.pic);
      const original = fs.readFileSync(idCopyFile(dataDir, l.pic));
      expect(fs.readFileSync(idCopyFile(restoredDir, l.pic)).equals(original)).toBe(true);
    }
    const lastEdit = new Map<number, number>();
    for (const e of ackedBefore(load.edits))
      lastEdit.set(e.articleId, Math.max(lastEdit.get(e.articleId) ?? 0, e.version));
    for (const [articleId, version] of lastEdit) {
      const row = await database.db
        .selectFrom("articles")
        .select("title")
        .where("id", "=", articleId)
        .executeTakeFirstOrThrow();
      const got = Number(/第(\d+)版/.exec(row.title)?.[1] ?? -1);
      expect(got, row.title).toBeGreaterThanOrEqual(version);
    }
    for (const rel of uploadsAtStart) {
      const a = fs.readFileSync(path.join(dataDir, rel));
      expect(fs.readFileSync(path.join(restoredDir, rel)).equals(a), rel).toBe(true);
    }
    await database.close();
    cleanup.pop();

    const again = await startSiteProcess({
      DATA_DIR: restoredDir,
      ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}),
    });
    cleanup.push(() => again.kill("SIGKILL"));
    expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
    const count = (await (await fetch(`${again.url}/api/product/content/count`)).json()) as {
      data: { result: number };
    };
    expect(count.data.result).toBeGreaterThan(0);
    await again.kill("SIGTERM");
  }, 240_000);
});
