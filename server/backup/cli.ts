import fs from "node:fs";
import { type Config, ConfigError, loadConfig } from "../config";
import { BackupError } from "./format";

/** Shared by scripts/backup.ts and scripts/restore.ts: one-line messages, never a stack trace. */
export function cliFail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

export function cliConfig(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) cliFail(err.message);
    throw err;
  }
}

/** The passphrase: the first line of --passphrase-file, or BACKUP_PASSPHRASE (never an argument: ps shows those). */
export function cliPassphrase(file: string | undefined): string | undefined {
  if (file) {
    try {
      const text = fs.readFileSync(file, "utf8").split(/\r?\n/)[0] ?? "";
      if (!text) cliFail(`the passphrase file ${file} is empty`);
      return text;
    } catch (err) {
      cliFail(
        `cannot read the passphrase file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  }
  return process.env.BACKUP_PASSPHRASE || undefined;
}

export function cliRun(main: () => Promise<void>, what: string) {
  main().then(
    () => process.exit(0),
    (err) => {
      if (err instanceof BackupError) cliFail(`${what}: ${err.message}`, err.exitCode);
      cliFail(`${what} failed: ${(err as Error).message ?? String(err)}`);
    },
  );
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

export function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([t, n]) => `${t} ${n}`)
    .join(", ");
}
