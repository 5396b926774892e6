import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { listArchives } from "../../server/backup/create";
import { archiveName } from "../../server/backup/format";
import { archivesToPrune, backupJob, scheduleBackups } from "../../server/backup/schedule";
import { loadConfig } from "../../server/config";
import { parseInterval, parseKeep } from "../../server/config/values";
import { createJobRunner } from "../../server/jobs/runner";
import { createLogger } from "../../server/logger";
import { startServer } from "../../server/server";
import { createMemoryKv, createRedisKv } from "../../server/services/kv";
import { AdminClient } from "../../tools/admin-client";

const root = fs.mkdtempSync(path.join(inject("dataDir"), "schedule-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("scheduled backups", () => {
  it("reads BACKUP_INTERVAL and BACKUP_KEEP, and refuses bad values at start", () => {
    expect(parseInterval("off")).toBe(0);
    expect(parseInterval("6h")).toBe(6 * 3_600_000);
    expect(parseInterval("1d")).toBe(86_400_000);
    expect(parseInterval("30s")).toBeNull();
    expect(parseKeep("7d,4w")).toEqual({ daily: 7, weekly: 4 });
    expect(parseKeep("lots")).toBeNull();
    expect(() => loadConfig({ BACKUP_INTERVAL: "often" })).toThrow(
      'Invalid configuration: BACKUP_INTERVAL="often" must be "off" or a duration such as 6h, 1d, 30m (at least 1m)',
    );
    expect(() => loadConfig({ BACKUP_KEEP: "x" })).toThrow(/BACKUP_KEEP="x" must be daily and weekly counts/);
  });

  it("keeps the newest of each of the last days and weeks, and nothing older than the PII retention", () => {
    const now = new Date("2026-06-30T12:00:00Z");
    const archives = Array.from({ length: 400 }, (_, i) => {
      const at = new Date(now.getTime() - i * 86_400_000 - 3_600_000);
      return { file: `a${i}`, at };
    });
    const doomed = new Set(archivesToPrune(archives, { daily: 7, weekly: 4 }, 365, now));
    const kept = archives.filter((a) => !doomed.has(a.file));
    expect(kept.slice(0, 7).map((a) => a.file)).toEqual(["a0", "a1", "a2", "a3", "a4", "a5", "a6"]);
    expect(kept.length).toBeLessThanOrEqual(11);
    expect(kept.length).toBeGreaterThanOrEqual(9);
    // A year-old archive goes even when it would be a weekly one.
    expect(archivesToPrune(archives.slice(370, 371), { daily: 7, weekly: 4 }, 365, now)).toEqual(["a370"]);
  });

  it("with two instances exactly one backs up each interval", async () => {
    const dataDir = path.join(root, "two");
    fs.mkdirSync(dataDir);
    fs.copyFileSync(inject("sqliteTemplate"), path.join(dataDir, "site.db"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(root, "two-backups"),
      BACKUP_INTERVAL: "1h",
    });
    const store = createMemoryKv(); // what Redis is to two instances
    let clock = new Date("2026-03-01T00:00:00Z").getTime();
    const now = () => new Date(clock);
    const logger = createLogger("silent");
    const passphrase = "scheduled backups passphrase";
    // Without a passphrase a scheduled backup is refused (archives hold personal data).
    const none = scheduleBackups({ config, store, logger, now, passphrase: "" });
    expect(await none.tick()).toBe("failed");
    expect(listArchives(config.BACKUP_DIR)).toEqual([]);
    const a = scheduleBackups({ config, store, logger, now, passphrase });
    const b = scheduleBackups({ config, store, logger, now, passphrase });
    expect((await Promise.all([a.tick(), b.tick()])).sort()).toEqual(["backed-up", "busy"]);
    expect(await a.tick()).toBe("not-due");
    expect(await b.tick()).toBe("not-due");
    clock += 3_600_000;
    expect((await Promise.all([a.tick(), b.tick()])).sort()).toEqual(["backed-up", "busy"]);
    // BACKUP_KEEP keeps the newest of each day: the earlier archive of the same day is pruned.
    expect(listArchives(config.BACKUP_DIR)).toHaveLength(1);
    clock += 86_400_000;
    expect((await Promise.all([a.tick(), b.tick()])).sort()).toEqual(["backed-up", "busy"]);
    expect(listArchives(config.BACKUP_DIR).map((x) => x.at.toISOString())).toEqual([
      "2026-03-02T01:00:00.000Z",
      "2026-03-01T01:00:00.000Z",
    ]);
  });

  it("runs as a kind of the job runner, and not at all when BACKUP_INTERVAL is off", async () => {
    const dataDir = path.join(root, "runner");
    fs.mkdirSync(dataDir);
    fs.copyFileSync(inject("sqliteTemplate"), path.join(dataDir, "site.db"));
    const logger = createLogger("silent");
    const store = createMemoryKv();
    const passphrase = "scheduled backups passphrase";
    const jobs = createJobRunner(logger);
    const on = loadConfig({
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(root, "runner-backups"),
      BACKUP_INTERVAL: "1h",
    });
    const off = loadConfig({
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(root, "runner-off"),
      BACKUP_INTERVAL: "off",
    });
    const backups = jobs.add(backupJob(scheduleBackups({ config: on, store, logger, passphrase })));
    const none = jobs.add(backupJob(scheduleBackups({ config: off, store, logger, passphrase })));
    try {
      expect(await backups.tick()).toBe("backed-up");
      expect(await backups.tick()).toBe("not-due");
      expect(await none.tick()).toBe("busy");
      expect(listArchives(on.BACKUP_DIR)).toHaveLength(1);
      expect(listArchives(off.BACKUP_DIR)).toEqual([]);
    } finally {
      await jobs.stop();
    }
    expect(await backups.tick()).toBe("busy");
  });

  it("two instances sharing Redis: exactly one backs up", async () => {
    const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
    const logger = createLogger("silent");
    const [s1, s2] = [createRedisKv(url, logger), createRedisKv(url, logger)];
    try {
      if (!(await s1.ready(2000)) || !(await s2.ready(2000))) {
        console.warn(
          "[note] Redis is not reachable on 127.0.0.1:6379: the two-instance backup test is skipped.",
        );
        return;
      }
      const dataDir = path.join(root, "redis");
      fs.mkdirSync(dataDir);
      fs.copyFileSync(inject("sqliteTemplate"), path.join(dataDir, "site.db"));
      const config = loadConfig({
        DATA_DIR: dataDir,
        BACKUP_DIR: path.join(root, "redis-backups"),
        BACKUP_INTERVAL: "1h",
      });
      const keyPrefix = `test-${process.pid}-${Date.now()}:backup:`;
      const passphrase = "scheduled backups passphrase";
      const a = scheduleBackups({
        config,
        store: s1,
        logger,
        keyPrefix,
        passphrase,
      });
      const b = scheduleBackups({
        config,
        store: s2,
        logger,
        keyPrefix,
        passphrase,
      });
      expect((await Promise.all([a.tick(), b.tick()])).sort()).toEqual(["backed-up", "busy"]);
      // The other instance sees the shared record, whatever its own BACKUP_DIR holds.
      fs.rmSync(config.BACKUP_DIR, { recursive: true, force: true });
      expect(await b.tick()).toBe("not-due");
      await s1.del(`${keyPrefix}last-success`);
    } finally {
      await s1.close();
      await s2.close();
    }
  });

  it("/metrics shows the age of the last good backup; the dashboard warns past two intervals", async () => {
    const dataDir = path.join(root, "metrics");
    const backupDir = path.join(root, "metrics-backups");
    fs.mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    fs.mkdirSync(backupDir);
    fs.copyFileSync(inject("sqliteTemplate"), path.join(dataDir, "site.db"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      BACKUP_INTERVAL: "6h",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
    });
    const s = await startServer({ config, logger: createLogger("silent") });
    try {
      const metric = async () => {
        const text = await (await fetch(`${s.url}/metrics`)).text();
        return Number(/^backup_last_success_age_seconds (\S+)$/m.exec(text)?.[1]);
      };
      expect(await metric()).toBe(-1);
      const admin = new AdminClient(s.url);
      admin.adopt(
        await admin.req("POST", "/api/admin/setup", {
          username: "chief",
          displayName: "总编",
          password: "correct-horse-battery",
        }),
      );
      const status = async () =>
        (await admin.req<{ stale: boolean }>("GET", "/api/admin/backup-status")).body.data;
      expect(await status()).toMatchObject({ stale: true, lastSuccessAt: null, intervalSeconds: 21_600 });

      const old = new Date(Date.now() - 13 * 3_600_000);
      fs.writeFileSync(path.join(backupDir, archiveName("sqlite", old, false)), "");
      expect(await metric()).toBeGreaterThanOrEqual(13 * 3600 - 5);
      expect(await status()).toMatchObject({ stale: true });
      fs.writeFileSync(
        path.join(backupDir, archiveName("sqlite", new Date(Date.now() - 3_600_000), false)),
        "",
      );
      expect(await status()).toMatchObject({ stale: false });
      expect(await metric()).toBeLessThan(3700);
    } finally {
      await s.close();
    }
  });
});
