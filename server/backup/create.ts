import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type SQLite from "better-sqlite3";
import * as tar from "tar-stream";
import type { Config } from "../config";
import { parsePiiKey } from "../config/values";
import { createPii, PII_KEY_FILE } from "../services/pii";
import { type SnapshotInfo, snapshotPostgres, snapshotSqlite } from "./database";
import {
  archiveName,
  archiveTime,
  BACKUP_APP,
  BACKUP_FORMAT_VERSION,
  BackupError,
  describeFsError,
  encryptStream,
  MANIFEST_NAME,
  type Manifest,
  type ManifestFile,
} from "./format";

/** Where ID-card copies live: outside the public uploads (README "Backups"). */
export const PRIVATE_DIR = "private";
export const UPLOADS_DIR = "uploads";

export interface BackupOptions {
  config: Config;
  /** BACKUP_DIR */
  dir: string;
  /** put the PII key in the archive; needs a passphrase, and the archive is then encrypted */
  withKey?: boolean;
  /** encrypt the archive with this passphrase (required: an archive holds personal data) */
  passphrase?: string;
  now?: () => Date;
  /** the server's own SQLite handle (scheduled backups) */
  sqliteSource?: SQLite.Database;
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  manifest: Manifest;
  /** where the PII key lives when it is not in the archive (the operator must keep it separately) */
  keyLocation: string | null;
}

/** The PII key the site uses, read without creating one: its text and where it comes from. */
export function readPiiKey(config: Config): { text: string; location: string; keyId: string } | null {
  let text: string | undefined;
  let location: string;
  if (config.PII_KEY) {
    text = config.PII_KEY;
    location = "the PII_KEY environment variable";
  } else {
    const file = path.join(config.DATA_DIR, PII_KEY_FILE);
    if (!fs.existsSync(file)) return null;
    text = fs.readFileSync(file, "utf8").trim();
    location = file;
  }
  const key = parsePiiKey(text);
  if (!key) throw new BackupError(`the PII key in ${location} is not a 32-byte key`);
  return { text, location, keyId: createPii(key).keyId };
}

/** Every regular file under `root`, as POSIX paths relative to it (symlinks are not followed). */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(dir, e.name), r);
      else if (e.isFile()) out.push(r);
    }
  };
  walk(root, "");
  return out;
}

const STALE_MS = 60 * 60 * 1000;

/** Leftovers of backups that died (kill -9, power loss): partial archives and work directories. */
function removeStale(dir: string) {
  for (const name of fs.readdirSync(dir)) {
    if (!/^\.(dianshang-.*\.partial|work-.*)$/.test(name)) continue;
    const p = path.join(dir, name);
    try {
      if (Date.now() - fs.statSync(p).mtimeMs > STALE_MS) fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // another instance removed it
    }
  }
}

function prepareDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const st = fs.statSync(dir);
    if (!st.isDirectory()) throw new BackupError(`BACKUP_DIR ${dir} is not a directory`);
    fs.accessSync(dir, fs.constants.W_OK);
    // access() says yes to root everywhere; a real write tells a read-only mount.
    const probe = path.join(dir, `.probe-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (err) {
    throw describeFsError(err, `BACKUP_DIR ${dir} is not writable`);
  }
}

/**
 * Writes one archive into `dir`: the database snapshot, the uploads and the manifest, to a hidden
 * `.partial` file that is fsynced and only then renamed to its final name. A crash at any point
 * leaves the earlier archives as they were and no file with an archive's name.
 */
export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const { config } = opts;
  const dir = path.resolve(opts.dir);
  // An archive holds the personal data of orders and leads, ID-card copies included: it is always
  // encrypted, and without a passphrase there is no backup (README "Backups").
  if (!opts.passphrase)
    throw new BackupError(
      opts.withKey
        ? "--with-key needs a passphrase to encrypt the archive: set BACKUP_PASSPHRASE or use --passphrase-file"
        : "backups hold personal data and are always encrypted: set BACKUP_PASSPHRASE or use --passphrase-file",
    );
  if (opts.passphrase !== undefined && opts.passphrase.length < 8)
    throw new BackupError("the passphrase must be at least 8 characters");
  prepareDir(dir);
  removeStale(dir);
  const pii = readPiiKey(config);
  if (opts.withKey && !pii)
    throw new BackupError("--with-key: the site has no PII key yet (PII_KEY or DATA_DIR/pii.key)");

  const engine = config.DATABASE_URL ? "postgres" : "sqlite";
  const at = (opts.now ?? (() => new Date()))();
  const encrypted = Boolean(opts.passphrase);
  const finalName = archiveName(engine, at, encrypted);
  const work = path.join(dir, `.work-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
  const partial = path.join(dir, `.${finalName}.${process.pid}.partial`);
  const final = path.join(dir, finalName);
  if (fs.existsSync(final)) throw new BackupError(`${final} already exists: another backup ran this second`);

  try {
    fs.mkdirSync(work);
    // 1. The database, first: every upload a row of the snapshot names exists by now.
    const entries: { name: string; file: string }[] = [];
    let info: SnapshotInfo;
    if (engine === "sqlite") {
      const snap = path.join(work, "site.db");
      info = await snapshotSqlite(config.DATA_DIR, snap, opts.sqliteSource);
      entries.push({ name: "db/site.db", file: snap });
    } else {
      const snap = await snapshotPostgres(config.DATABASE_URL!, work);
      info = snap;
      entries.push({ name: "db/postgres.dump", file: snap.dump });
      for (const [t, file] of Object.entries(snap.rows)) entries.push({ name: `db/rows/${t}.jsonl`, file });
    }

    if (info.migrations.length === 0)
      throw new BackupError(
        `the ${engine === "sqlite" ? "database in DATA_DIR" : "database of DATABASE_URL"} has no schema: it is not the site's database`,
      );

    // 2. The archive.
    const files: Record<string, ManifestFile> = {};
    const pack = tar.pack();
    const gzip = zlib.createGzip({ level: 6 });
    const out = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
    const writing = opts.passphrase
      ? pipeline(pack, gzip, encryptStream(opts.passphrase), out)
      : pipeline(pack, gzip, out);
    let failed: unknown;
    writing.catch((err) => {
      failed = err;
    });
    const guard = <T>(p: Promise<T>) =>
      Promise.race([
        p,
        writing.then(
          () => {
            throw new Error("the archive stream ended early");
          },
          (err) => {
            throw err;
          },
        ),
      ]);

    const addBuffer = (name: string, data: Buffer, mtime = at) =>
      guard(
        new Promise<void>((resolve, reject) => {
          files[name] = { size: data.length, sha256: crypto.createHash("sha256").update(data).digest("hex") };
          pack
            .entry({ name, size: data.length, mode: 0o600, mtime }, data, (err) =>
              err ? reject(err) : resolve(),
            )
            .on("error", reject);
        }),
      );
    const addFile = (name: string, file: string) =>
      guard(
        new Promise<void>((resolve, reject) => {
          const size = fs.statSync(file).size;
          const hash = crypto.createHash("sha256");
          const entry = pack.entry({ name, size, mode: 0o600, mtime: at }, (err) => {
            if (err) reject(err);
            else {
              files[name] = { size, sha256: hash.digest("hex") };
              resolve();
            }
          });
          const rs = fs.createReadStream(file, { highWaterMark: 1 << 20 });
          // A full disk destroys the pack and this entry with it: stop reading, report once.
          entry.on("error", (err: Error) => {
            rs.destroy();
            reject(err);
          });
          rs.on("data", (chunk) => {
            hash.update(chunk);
            if (!entry.write(chunk)) {
              rs.pause();
              entry.once("drain", () => {
                rs.resume();
              });
            }
          });
          rs.on("end", () => (entry as unknown as { end(): void }).end());
          rs.on("error", reject);
        }),
      );

    for (const e of entries) await addFile(e.name, e.file);
    // Uploads are written once under random names and are small: each is read whole, so a file
    // being written right now is either complete or absent (a row naming it is newer than the snapshot).
    let uploadFiles = 0;
    let uploadBytes = 0;
    for (const sub of [UPLOADS_DIR, PRIVATE_DIR]) {
      const root = path.join(config.DATA_DIR, sub);
      for (const rel of listFiles(root)) {
        let data: Buffer;
        let mtime: Date;
        try {
          const p = path.join(root, rel);
          mtime = fs.statSync(p).mtime;
          data = fs.readFileSync(p);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === "ENOENT") continue; // removed since the listing
          throw err;
        }
        await addBuffer(`${sub}/${rel}`, data, mtime);
        uploadFiles++;
        uploadBytes += data.length;
      }
    }
    if (opts.withKey && pii) await addBuffer("pii.key", Buffer.from(`${pii.text}\n`));

    const manifest: Manifest = {
      app: BACKUP_APP,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: at.toISOString(),
      engine,
      migrations: info.migrations,
      counts: info.counts,
      encryptedIdNumbers: info.encryptedIdNumbers,
      piiKeyId: pii?.keyId ?? null,
      withKey: Boolean(opts.withKey),
      encrypted,
      uploads: { files: uploadFiles, bytes: uploadBytes },
      files,
    };
    // Last: an archive cut short has no manifest, and restore refuses it.
    await guard(
      new Promise<void>((resolve, reject) => {
        pack
          .entry(
            { name: MANIFEST_NAME, mode: 0o600, mtime: at },
            Buffer.from(JSON.stringify(manifest, null, 2)),
            (err) => (err ? reject(err) : resolve()),
          )
          .on("error", reject);
      }),
    );
    pack.finalize();
    await writing;
    if (failed) throw failed;

    const fd = fs.openSync(partial, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, final);
    const dfd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(dfd);
    } finally {
      fs.closeSync(dfd);
    }
    return {
      file: final,
      bytes: fs.statSync(final).size,
      ms: Math.round(performance.now() - started),
      manifest,
      keyLocation: opts.withKey ? null : (pii?.location ?? null),
    };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw describeFsError(err, `writing the archive into ${dir}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The finished archives in `dir`, newest first. */
export function listArchives(dir: string): { name: string; file: string; at: Date }[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => ({ name, file: path.join(dir, name), at: archiveTime(name) }))
    .filter((a): a is { name: string; file: string; at: Date } => a.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}
