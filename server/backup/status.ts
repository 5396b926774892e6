import client from "prom-client";
import type { Config } from "../config";
import { parseInterval } from "../config/values";
import type { KeyValueStore } from "../services/kv";
import { lastBackupAt } from "./schedule";

export interface BackupStatus {
  /** BACKUP_INTERVAL in seconds; 0: no scheduled backups */
  intervalSeconds: number;
  lastSuccessAt: string | null;
  ageSeconds: number | null;
  /** scheduled backups are on and the last good one is older than two intervals (or missing) */
  stale: boolean;
}

export async function backupStatus(
  config: Config,
  store: KeyValueStore,
  now = new Date(),
): Promise<BackupStatus> {
  const intervalMs = parseInterval(config.BACKUP_INTERVAL) ?? 0;
  const last = await lastBackupAt(config, store);
  const ageMs = last ? Math.max(0, now.getTime() - last.getTime()) : null;
  return {
    intervalSeconds: Math.round(intervalMs / 1000),
    lastSuccessAt: last?.toISOString() ?? null,
    ageSeconds: ageMs === null ? null : Math.round(ageMs / 1000),
    stale: intervalMs > 0 && (ageMs === null || ageMs > 2 * intervalMs),
  };
}

/** /metrics: the age of the last good backup (-1 before the first) and the configured interval. */
export function registerBackupMetrics(registry: client.Registry, config: Config, store: KeyValueStore) {
  new client.Gauge({
    name: "backup_last_success_age_seconds",
    help: "Seconds since the last good backup finished (-1: none yet)",
    registers: [registry],
    async collect() {
      const s = await backupStatus(config, store);
      this.set(s.ageSeconds ?? -1);
    },
  });
  new client.Gauge({
    name: "backup_interval_seconds",
    help: "BACKUP_INTERVAL in seconds (0: no scheduled backups)",
    registers: [registry],
    collect() {
      this.set(Math.round((parseInterval(config.BACKUP_INTERVAL) ?? 0) / 1000));
    },
  });
}
