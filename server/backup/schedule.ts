import crypto from "node:crypto";
import fs from "node:fs";
import type SQLite from "better-sqlite3";
import type { Config } from "../config";
import { parseInterval, parseKeep } from "../config/values";
import type { JobKind } from "../jobs/runner";
import type { Logger } from "../logger";
import type { KeyValueStore } from "../services/kv";
import { createBackup, listArchives } from "./create";

/**
 * Backups taken by the server itself every BACKUP_INTERVAL, pruned by BACKUP_KEEP (daily and weekly
 * counts) and by PII_RETENTION_DAYS (no archive outlives the personal data in it). With several
 * instances exactly one backs up: the shared store (Redis) holds a lock and the time of the last
 * good backup, so the others see it and wait for the next interval. The server looks every minute
 * through the job runner (`backupJob`, docs/architecture.md "Background jobs").
 */

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
/** Monday of the UTC week */
const weekOf = (d: Date) => {
  const x = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  x.setUTCDate(x.getUTCDate() - ((x.getUTCDay() + 6) % 7));
  return dayOf(x);
};

/**
 * The archives to delete: all but the newest of each of the last `daily` days and `weekly` weeks,
 * and every archive older than `maxAgeDays` (the personal data retention), whatever else says.
 */
export function archivesToPrune(
  archives: { file: string; at: Date }[],
  keep: { daily: number; weekly: number },
  maxAgeDays: number,
  now: Date,
): string[] {
  const sorted = [...archives].sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const a of sorted) {
    const d = dayOf(a.at);
    if (!days.has(d) && days.size < keep.daily) {
      days.add(d);
      kept.add(a.file);
    }
    const w = weekOf(a.at);
    if (!weeks.has(w) && weeks.size < keep.weekly) {
      weeks.add(w);
      kept.add(a.file);
    }
  }
  const oldest = maxAgeDays > 0 ? now.getTime() - maxAgeDays * 86_400_000 : Number.NEGATIVE_INFINITY;
  return sorted.filter((a) => !kept.has(a.file) || a.at.getTime() < oldest).map((a) => a.file);
}

export function pruneArchives(
  dir: string,
  keep: { daily: number; weekly: number },
  maxAgeDays: number,
  now = new Date(),
) {
  const doomed = archivesToPrune(listArchives(dir), keep, maxAgeDays, now);
  for (const f of doomed) fs.rmSync(f, { force: true });
  return doomed;
}

/** Keys in the shared store: `<prefix>last-success` and `<prefix>running`. */
const PREFIX = "backup:";

/** When the last good backup finished: the shared store's record or the newest archive in BACKUP_DIR. */
export async function lastBackupAt(
  config: Config,
  store: KeyValueStore,
  prefix = PREFIX,
): Promise<Date | null> {
  const newest = listArchives(config.BACKUP_DIR)[0]?.at ?? null;
  const recorded = await store.get(`${prefix}last-success`).catch(() => null);
  const shared = recorded ? new Date(recorded) : null;
  if (!newest) return shared;
  if (!shared) return newest;
  return shared > newest ? shared : newest;
}

export type BackupTick = "backed-up" | "not-due" | "busy" | "failed";

export interface BackupSchedule {
  /** BACKUP_INTERVAL (0: off) */
  intervalMs: number;
  /** one check: backs up when the last good backup is an interval old and no other instance is at it */
  tick(): Promise<BackupTick>;
}

export function scheduleBackups(deps: {
  config: Config;
  store: KeyValueStore;
  logger: Logger;
  /** the server's own SQLite handle: a backup through it sees the site's writes without restarting */
  sqlite?: SQLite.Database;
  now?: () => Date;
  /** the shared store's key prefix (tests sharing one Redis) */
  keyPrefix?: string;
  /** the archives' passphrase; default BACKUP_PASSPHRASE (without one every backup is refused) */
  passphrase?: string;
}): BackupSchedule {
  const { config, store, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const intervalMs = parseInterval(config.BACKUP_INTERVAL) ?? 0;
  const keep = parseKeep(config.BACKUP_KEEP) ?? { daily: 7, weekly: 4 };
  const me = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  let running = false;
  const prefix = deps.keyPrefix ?? PREFIX;
  const LAST_KEY = `${prefix}last-success`;
  const LOCK_KEY = `${prefix}running`;

  async function tick(): Promise<BackupTick> {
    if (intervalMs <= 0 || running) return "busy";
    const last = await lastBackupAt(config, store, prefix);
    if (last && now().getTime() - last.getTime() < intervalMs) return "not-due";
    if (!(await store.setIfAbsent(LOCK_KEY, me, Math.max(intervalMs / 2, 10 * 60_000)))) return "busy";
    running = true;
    try {
      const r = await createBackup({
        config,
        dir: config.BACKUP_DIR,
        passphrase: deps.passphrase ?? (process.env.BACKUP_PASSPHRASE || undefined),
        sqliteSource: deps.sqlite,
        now,
      });
      await store.set(LAST_KEY, now().toISOString(), 400 * 86_400_000);
      const pruned = pruneArchives(config.BACKUP_DIR, keep, config.PII_RETENTION_DAYS, now());
      logger.info(
        { file: r.file, bytes: r.bytes, ms: r.ms, pruned: pruned.length, keyInArchive: false },
        "scheduled backup written (the PII key is not in it: keep it separately)",
      );
      return "backed-up";
    } catch (err) {
      logger.error({ err: (err as Error).message }, "scheduled backup failed");
      return "failed";
    } finally {
      running = false;
      await store.del(LOCK_KEY).catch(() => {});
    }
  }

  return { intervalMs, tick };
}

/**
 * Scheduled backups as a kind of the job runner: a check every `everyMs` (a minute) on a server's
 * request thread once the runner starts; none when BACKUP_INTERVAL is off. The runner's stop waits
 * for a backup being written.
 */
export function backupJob(schedule: BackupSchedule, everyMs = 60_000): JobKind<BackupTick> {
  return {
    name: "backup",
    everyMs,
    enabled: schedule.intervalMs > 0,
    run: () => schedule.tick(),
    idle: "busy",
  };
}
