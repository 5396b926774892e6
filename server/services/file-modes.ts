import fs from "node:fs";
import path from "node:path";
import type { Logger } from "../logger";
import { PII_KEY_FILE } from "./pii";

/** Group and other permission bits: none of them on a file of DATA_DIR that holds personal data. */
const OPEN_BITS = 0o077;

export interface Tightened {
  path: string;
  /** octal, e.g. "0644" */
  from: string;
  to: string;
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8).padStart(3, "0")}`;

/**
 * Run at start, before the database is opened: what holds personal data or keys and is readable by
 * others than the owner (made by an older version, a tool run under another umask, a copy) loses
 * its group and other bits, each change logged with the old and new mode. New files are private
 * already (server/private-umask.ts); this repairs the ones found.
 *
 * Covered: DATA_DIR itself; the SQLite file, then its -wal and -shm (SQLite gives those the
 * database file's mode when it makes them, so the database goes first); the PII key; private/ (ID
 * copies) and imports/ (uploaded exports) with everything under them; BACKUP_DIR and its archives.
 * Symbolic links are not followed; a path that is missing or vanishes meanwhile is skipped, and one
 * that cannot be changed (another owner) is logged and left.
 */
export function tightenDataModes(opts: {
  dataDir: string;
  /** the SQLite file (DATA_DIR/site.db unless overridden); none on PostgreSQL */
  sqliteFile?: string;
  backupDir?: string;
  /** the archives in backupDir */
  backupFiles?: string[];
  logger: Logger;
}): Tightened[] {
  const changed: Tightened[] = [];
  const tighten = (p: string, st: fs.Stats) => {
    if ((st.mode & OPEN_BITS) === 0) return;
    const to = st.mode & 0o777 & ~OPEN_BITS;
    try {
      fs.chmodSync(p, to);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT")
        opts.logger.warn(
          { path: p, mode: octal(st.mode), err: code },
          "cannot tighten the mode of a private file",
        );
      return;
    }
    const entry = { path: p, from: octal(st.mode), to: octal(to) };
    changed.push(entry);
    opts.logger.warn(entry, "file mode tightened: it was readable by others than its owner");
  };
  const stat = (p: string) => {
    try {
      return fs.lstatSync(p);
    } catch {
      return undefined;
    }
  };
  /** one file or folder, not what it holds */
  const one = (p: string) => {
    const st = stat(p);
    if (st && (st.isFile() || st.isDirectory())) tighten(p, st);
  };
  /** a folder and everything under it */
  const tree = (p: string) => {
    const st = stat(p);
    if (!st) return;
    if (st.isFile()) return tighten(p, st);
    if (!st.isDirectory()) return;
    tighten(p, st);
    let names: string[];
    try {
      names = fs.readdirSync(p);
    } catch {
      return;
    }
    for (const name of names) tree(path.join(p, name));
  };

  one(opts.dataDir);
  if (opts.sqliteFile) for (const suffix of ["", "-wal", "-shm"]) one(`${opts.sqliteFile}${suffix}`);
  one(path.join(opts.dataDir, PII_KEY_FILE));
  tree(path.join(opts.dataDir, "private"));
  tree(path.join(opts.dataDir, "imports"));
  if (opts.backupDir) one(opts.backupDir);
  for (const f of opts.backupFiles ?? []) one(f);
  return changed;
}
