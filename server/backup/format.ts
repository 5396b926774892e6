import crypto from "node:crypto";
import fs from "node:fs";
import { Transform, type TransformCallback } from "node:stream";

/**
 * The backup archive: a gzipped tar of
 *
 *   db/site.db            the SQLite database (online backup API), or
 *   db/postgres.dump      pg_dump's custom format, plus db/rows/<table>.jsonl from the same snapshot
 *                         (what a restore into SQLite reads)
 *   uploads/…             the public uploads (article pictures)
 *   private/…             the private uploads (ID-card copies)
 *   pii.key               only with --with-key, and then the whole archive is encrypted
 *   manifest.json         last: format, schema level, counts, and the size and SHA-256 of every entry
 *
 * The manifest is the last entry, so an archive cut short has none and is refused. Encrypted archives
 * are "DSNBAK\x01\x00" | salt (16) | iv (12) | passphrase check (16) | AES-256-GCM ciphertext | tag (16),
 * the key derived from the passphrase with scrypt.
 */

export const BACKUP_APP = "dianshang-news";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";

export interface ManifestFile {
  size: number;
  sha256: string;
}

export interface Manifest {
  app: typeof BACKUP_APP;
  formatVersion: number;
  createdAt: string;
  engine: "sqlite" | "postgres";
  /** the migrations applied to the database, in order; the last is its schema level */
  migrations: string[];
  /** rows per table at the snapshot */
  counts: Record<string, number>;
  /** ID numbers stored encrypted: restoring them needs the PII key named by piiKeyId */
  encryptedIdNumbers: number;
  /** short id of the PII key (not the key): tells which key the ID numbers need */
  piiKeyId: string | null;
  withKey: boolean;
  encrypted: boolean;
  uploads: { files: number; bytes: number };
  files: Record<string, ManifestFile>;
}

/** A failure with a message for the operator: the CLI prints it alone and exits non-zero. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Human text for file system errors (full disk, permissions, missing directory). */
export function describeFsError(err: unknown, what: string): BackupError {
  if (err instanceof BackupError) return err;
  const e = err as NodeJS.ErrnoException;
  const where = e.path ? ` (${e.path})` : "";
  switch (e.code) {
    case "ENOSPC":
    case "EDQUOT":
    case "SQLITE_FULL":
      return new BackupError(`${what}: no space left on the device${where}`);
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return new BackupError(`${what}: permission denied${where}`);
    case "ENOTDIR":
    case "EEXIST":
      return new BackupError(`${what}: not a directory${where}`);
    case "ENOENT":
      return new BackupError(`${what}: no such file or directory${where}`);
    default:
      return new BackupError(`${what}: ${e.message ?? String(err)}`);
  }
}

const MAGIC = Buffer.from("DSNBAK\x01\x00", "latin1");
const SALT = 16;
const IV = 12;
const CHECK = 16;
const TAG = 16;
const HEADER = MAGIC.length + SALT + IV + CHECK;

function deriveKeys(passphrase: string, salt: Buffer) {
  const out = crypto.scryptSync(passphrase, salt, 64, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const key = out.subarray(0, 32);
  const check = crypto
    .createHmac("sha256", out.subarray(32))
    .update("dianshang-backup-passphrase")
    .digest()
    .subarray(0, CHECK);
  return { key, check };
}

/** What a file starts with: an encrypted archive, a gzip stream (plain archive), or something else. */
export function archiveKind(file: string): "encrypted" | "gzip" | "empty" | "unknown" {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(MAGIC.length);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    if (n === 0) return "empty";
    if (n === MAGIC.length && head.equals(MAGIC)) return "encrypted";
    if (n >= 2 && head[0] === 0x1f && head[1] === 0x8b) return "gzip";
    return "unknown";
  } finally {
    fs.closeSync(fd);
  }
}

export function encryptStream(passphrase: string): Transform {
  const salt = crypto.randomBytes(SALT);
  const iv = crypto.randomBytes(IV);
  const { key, check } = deriveKeys(passphrase, salt);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  let started = false;
  const header = (t: Transform) => {
    if (started) return;
    started = true;
    t.push(Buffer.concat([MAGIC, salt, iv, check]));
  };
  return new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      header(this);
      cb(null, cipher.update(chunk));
    },
    flush(cb: TransformCallback) {
      header(this);
      this.push(cipher.final());
      this.push(cipher.getAuthTag());
      cb();
    },
  });
}

/**
 * Decrypts an encrypted archive. A wrong passphrase fails on the header, before any data; altered
 * or truncated data fails on the tag at the end (restore writes nothing live before that).
 */
export function decryptStream(passphrase: string): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  let decipher: crypto.DecipherGCM | null = null;
  let tail = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      let data = chunk;
      if (head) {
        head = Buffer.concat([head, data]);
        if (head.length < HEADER) return cb();
        if (!head.subarray(0, MAGIC.length).equals(MAGIC))
          return cb(new BackupError("not an encrypted archive"));
        const salt = head.subarray(MAGIC.length, MAGIC.length + SALT);
        const iv = head.subarray(MAGIC.length + SALT, MAGIC.length + SALT + IV);
        const check = head.subarray(MAGIC.length + SALT + IV, HEADER);
        const keys = deriveKeys(passphrase, salt);
        if (!crypto.timingSafeEqual(keys.check, check))
          return cb(new BackupError("wrong passphrase for this archive"));
        decipher = crypto.createDecipheriv("aes-256-gcm", keys.key, iv);
        data = head.subarray(HEADER);
        head = null;
      }
      // Hold back the last 16 bytes: they may be the tag.
      const all = Buffer.concat([tail, data]);
      const cut = Math.max(0, all.length - TAG);
      tail = all.subarray(cut);
      cb(null, decipher!.update(all.subarray(0, cut)));
    },
    flush(cb: TransformCallback) {
      if (!decipher || tail.length < TAG) return cb(new BackupError("the archive is truncated"));
      try {
        decipher.setAuthTag(tail);
        this.push(decipher.final());
        cb();
      } catch {
        cb(new BackupError("the archive is damaged or truncated (its authentication tag does not match)"));
      }
    },
  });
}

/** Archive file names: sortable by time, the engine in the name, never mistaken for a partial one. */
export function archiveName(engine: "sqlite" | "postgres", at: Date, encrypted: boolean): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `dianshang-${stamp}-${engine}.tar.gz${encrypted ? ".enc" : ""}`;
}

export const ARCHIVE_PATTERN = /^dianshang-(\d{8}T\d{6}Z)-(sqlite|postgres)\.tar\.gz(\.enc)?$/;

/** The time an archive name carries, or null for other files. */
export function archiveTime(name: string): Date | null {
  const m = ARCHIVE_PATTERN.exec(name);
  if (!m) return null;
  const s = m[1]!;
  return new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
  );
}
