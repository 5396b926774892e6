import type SQLite from "better-sqlite3";

/** How long `truncateWal` keeps trying by default: a render's reads end in milliseconds. */
export const WAL_TRUNCATE_WAIT_MS = 10_000;

export interface WalTruncation {
  /** the WAL was folded into the database file and emptied */
  done: boolean;
  attempts: number;
  /** the last answer of `PRAGMA wal_checkpoint(TRUNCATE)`, or the error code it threw */
  last: { busy: number; log: number; checkpointed: number } | { error: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Folds SQLite's write-ahead log back into the database file and truncates it to zero bytes, so
 * that what was overwritten (an erasure) is no longer in any file. The checkpoint cannot finish
 * while another connection reads from the WAL (a render thread, a `VACUUM INTO` backup): it then
 * answers busy = 1 rather than failing, or throws SQLITE_BUSY / SQLITE_LOCKED (this connection is
 * in a transaction). Each attempt runs without a busy wait (the call is synchronous and would block
 * the event loop), and is retried after a growing pause (25 ms doubling to 1 s) until it completes
 * or `maxWaitMs` has passed. Done means busy = 0 with every frame of the log checkpointed.
 */
export async function truncateWal(
  raw: SQLite.Database,
  opts: { maxWaitMs?: number } = {},
): Promise<WalTruncation> {
  const maxWaitMs = opts.maxWaitMs ?? WAL_TRUNCATE_WAIT_MS;
  const started = Date.now();
  let pause = 25;
  let attempts = 0;
  for (;;) {
    attempts++;
    let last: WalTruncation["last"];
    const timeout = raw.pragma("busy_timeout", { simple: true }) as number;
    raw.pragma("busy_timeout = 0");
    try {
      const [row] = raw.pragma("wal_checkpoint(TRUNCATE)") as {
        busy: number;
        log: number;
        checkpointed: number;
      }[];
      last = row ?? { error: "no answer" };
    } catch (err) {
      const code = (err as { code?: string }).code ?? "";
      if (!code.startsWith("SQLITE_BUSY") && !code.startsWith("SQLITE_LOCKED")) throw err;
      last = { error: code };
    } finally {
      raw.pragma(`busy_timeout = ${timeout}`);
    }
    if ("busy" in last && last.busy === 0 && last.log === last.checkpointed)
      return { done: true, attempts, last };
    if (Date.now() - started + pause > maxWaitMs) return { done: false, attempts, last };
    await sleep(pause);
    pause = Math.min(pause * 2, 1000);
  }
}
