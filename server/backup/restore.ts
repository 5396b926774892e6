import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import * as tar from "tar-stream";
import type { Config } from "../config";
import { type Database, openDatabase, sqliteFile } from "../db";
import { MIGRATION_NAMES, migrate } from "../db/migrate";
import type { DB } from "../db/schema";
import { createSearchIndex } from "../search";
import { PII_KEY_FILE } from "../services/pii";
import { listFiles, PRIVATE_DIR, readPiiKey, UPLOADS_DIR } from "./create";
import { inspectSqlite, orderTables, pgTables, pgToolEnv, quoteIdent, runTool } from "./database";
import {
  archiveKind,
  BACKUP_APP,
  BACKUP_FORMAT_VERSION,
  BackupError,
  decryptStream,
  describeFsError,
  MANIFEST_NAME,
  type Manifest,
} from "./format";

export interface RestoreOptions {
  archive: string;
  /** the target: DATA_DIR (SQLite file, uploads, key) and DATABASE_URL (PostgreSQL) */
  config: Config;
  force?: boolean;
  passphrase?: string;
  /** progress lines for the operator */
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  target: "sqlite" | "postgres";
  /** rows per table after the restore (and after migrating forward) */
  counts: Record<string, number>;
  /** migrations run on the restored data (an archive from older code) */
  migrated: string[];
  uploads: number;
  /** where the archive's PII key was written, if it carried one */
  keyWritten: string | null;
  ms: number;
}

const ALLOWED =
  /^(db\/site\.db|db\/postgres\.dump|db\/rows\/[a-z0-9_]+\.jsonl|(uploads|private)\/[^\0]+|pii\.key)$/;

function safeName(name: string): boolean {
  if (!ALLOWED.test(name)) return false;
  const parts = name.split("/");
  return parts.every((p) => p !== "" && p !== "." && p !== "..");
}

async function readEntry(stream: AsyncIterable<unknown>, file: string | null, limit: number) {
  const hash = crypto.createHash("sha256");
  let size = 0;
  const chunks: Buffer[] = [];
  const out = file ? fs.createWriteStream(file, { flags: "wx", mode: 0o600 }) : null;
  for await (const chunk of stream) {
    const b = chunk as Buffer;
    hash.update(b);
    size += b.length;
    if (out) {
      if (!out.write(b)) await new Promise<void>((r) => out.once("drain", () => r()));
    } else {
      if (size > limit) throw new BackupError("the archive's manifest is too large: not a backup archive");
      chunks.push(b);
    }
  }
  if (out) {
    await new Promise<void>((resolve, reject) => {
      out.on("error", reject);
      out.end(() => resolve());
    });
  }
  return { size, sha256: hash.digest("hex"), data: out ? null : Buffer.concat(chunks) };
}

/**
 * Unpacks the archive into `staging` and checks it against its manifest: the right application and
 * format, every entry present with its size and SHA-256, nothing extra. Nothing outside `staging`
 * is written.
 */
export async function unpackAndVerify(
  archive: string,
  staging: string,
  passphrase?: string,
): Promise<Manifest> {
  let kind: ReturnType<typeof archiveKind>;
  try {
    if (!fs.statSync(archive).isFile()) throw new BackupError(`${archive} is not a file`);
    kind = archiveKind(archive);
  } catch (err) {
    throw describeFsError(err, `cannot read ${archive}`);
  }
  if (kind === "empty") throw new BackupError(`${archive} is empty: a truncated or interrupted backup`);
  if (kind === "unknown") throw new BackupError(`${archive} is not a backup archive of this site`);
  if (kind === "encrypted" && !passphrase)
    throw new BackupError(
      "the archive is encrypted: give its passphrase in BACKUP_PASSPHRASE or with --passphrase-file",
    );

  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: Buffer | null = null;
  const extract = tar.extract();
  const source = fs.createReadStream(archive);
  const feeding =
    kind === "encrypted"
      ? pipeline(source, decryptStream(passphrase!), zlib.createGunzip(), extract)
      : pipeline(source, zlib.createGunzip(), extract);
  let feedError: unknown;
  feeding.catch((err) => {
    feedError = err;
  });
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type === "directory") {
        entry.resume();
        continue;
      }
      if (name === MANIFEST_NAME) {
        manifestText = (await readEntry(entry, null, 16 * 1024 * 1024)).data;
        continue;
      }
      if (entry.header.type !== "file" || !safeName(name))
        throw new BackupError(
          `the archive holds an unexpected entry (${name}): not a backup archive of this site`,
        );
      if (seen.has(name)) throw new BackupError(`the archive holds ${name} twice`);
      const dest = path.join(staging, ...name.split("/"));
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      const r = await readEntry(entry, dest, 0);
      seen.set(name, { size: r.size, sha256: r.sha256 });
    }
    await feeding;
  } catch (err) {
    throw explainReadError(feedError ?? err);
  }
  if (feedError) throw explainReadError(feedError);

  if (!manifestText)
    throw new BackupError(
      "the archive has no manifest: it is incomplete (a backup that was interrupted) or not a backup of this site",
    );
  let manifest: Manifest;
  try {
    manifest = JSON.parse((manifestText as Buffer).toString("utf8")) as Manifest;
  } catch {
    throw new BackupError("the archive's manifest is not valid JSON");
  }
  if (manifest.app !== BACKUP_APP)
    throw new BackupError(
      `this archive was made by ${JSON.stringify(manifest.app ?? "another program")}, not by this site's backup`,
    );
  if (typeof manifest.formatVersion !== "number" || manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `the archive's format version ${manifest.formatVersion} is newer than this code reads (${BACKUP_FORMAT_VERSION}): restore with newer code`,
    );
  for (const [name, want] of Object.entries(manifest.files ?? {})) {
    const got = seen.get(name);
    if (!got) throw new BackupError(`the archive is damaged: ${name} is missing`);
    if (got.size !== want.size || got.sha256 !== want.sha256)
      throw new BackupError(`the archive is damaged: ${name} does not match its checksum`);
  }
  for (const name of seen.keys()) {
    if (!manifest.files[name])
      throw new BackupError(`the archive is damaged: ${name} is not in its manifest`);
  }
  const hasDb =
    manifest.engine === "sqlite"
      ? seen.has("db/site.db")
      : seen.has("db/postgres.dump") &&
        Object.keys(manifest.counts).every((t) => seen.has(`db/rows/${t}.jsonl`));
  if (!hasDb) throw new BackupError("the archive is damaged: its database is missing");
  return manifest;
}

function explainReadError(err: unknown): BackupError {
  if (err instanceof BackupError) return err;
  const e = err as NodeJS.ErrnoException;
  if (e.code === "Z_BUF_ERROR" || /unexpected end/i.test(e.message ?? ""))
    return new BackupError("the archive is truncated (it ends before its last entry)");
  if (e.code === "Z_DATA_ERROR") return new BackupError("the archive is damaged (not valid gzip data)");
  if (/tar|header|checksum/i.test(e.message ?? ""))
    return new BackupError(`the archive is damaged: ${e.message}`);
  return describeFsError(err, "reading the archive");
}

/** The schema level check: an archive from newer code is refused, one from older code is migrated. */
function checkSchema(manifest: Manifest) {
  const unknown = manifest.migrations.filter((m) => !MIGRATION_NAMES.includes(m));
  if (unknown.length > 0)
    throw new BackupError(
      `the archive's schema is newer than this code (migration ${unknown[0]} is unknown): update the code, then restore`,
    );
}

function nonEmptyDataDir(dataDir: string, target: "sqlite" | "postgres"): string | null {
  const db = sqliteFile(dataDir);
  if (target === "sqlite" && fs.existsSync(db) && fs.statSync(db).size > 0) return db;
  for (const sub of [UPLOADS_DIR, PRIVATE_DIR]) {
    if (listFiles(path.join(dataDir, sub)).length > 0) return path.join(dataDir, sub);
  }
  return null;
}

async function pgClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(
      `cannot connect to the target PostgreSQL database (DATABASE_URL): ${(err as Error).message}`,
    );
  }
  client.on("error", () => {});
  return client;
}

async function pgIsEmpty(url: string): Promise<boolean> {
  const client = await pgClient(url);
  try {
    return (await pgTables(client)).length === 0;
  } finally {
    await client.end().catch(() => {});
  }
}

async function pgDropAll(url: string) {
  const client = await pgClient(url);
  try {
    for (const t of await pgTables(client))
      await client.query(`DROP TABLE IF EXISTS ${quoteIdent(t)} CASCADE`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** What the PII key situation allows: the key file to write, or a refusal naming what to do. */
function checkKey(manifest: Manifest, staging: string, config: Config, force: boolean): string | null {
  const archived = fs.existsSync(path.join(staging, "pii.key"))
    ? fs.readFileSync(path.join(staging, "pii.key"), "utf8").trim()
    : null;
  let current: ReturnType<typeof readPiiKey>;
  try {
    current = readPiiKey(config);
  } catch (err) {
    throw err instanceof BackupError ? err : new BackupError((err as Error).message);
  }
  // ID numbers and ID-card copies (services/id-copies.ts) are both encrypted under the PII key.
  const idCopies = Object.keys(manifest.files ?? {}).filter((n) => n.startsWith("private/")).length;
  const needs = (manifest.encryptedIdNumbers > 0 || idCopies > 0) && manifest.piiKeyId;
  if (current && manifest.piiKeyId && current.keyId !== manifest.piiKeyId && needs && !force)
    throw new BackupError(
      `the archive's ID numbers and ID-card copies are encrypted under PII key ${manifest.piiKeyId}, but the configured key (${current.location}) is ${current.keyId}: this looks like an archive from another site. Configure the site's key, or use --force to restore anyway`,
    );
  if (archived && !current) return archived;
  if (!archived && !current && needs && !force)
    throw new BackupError(
      `the archive's ${manifest.encryptedIdNumbers} ID numbers and ${idCopies} ID-card copies need PII key ${manifest.piiKeyId}, which is not in the archive: set PII_KEY or copy the site's pii.key into ${config.DATA_DIR} first (or --force to restore without it: they will not decrypt)`,
    );
  return null;
}

type Row = Record<string, unknown>;

async function insertRows(db: Kysely<DB>, table: string, rows: Row[]) {
  if (rows.length === 0) return;
  await db
    .insertInto(table as keyof DB)
    .values(rows as never)
    .execute();
}

/**
 * Copies every table of `source` into the target (migrated to the same level), in batches. The rows
 * the migrations inserted (the seeded landing pages) give way to the archive's.
 */
async function copyRows(
  target: Database,
  tables: string[],
  read: (table: string) => Iterable<Row> | AsyncIterable<Row>,
) {
  for (const t of tables) {
    await target.db.transaction().execute(async (tx) => {
      await tx.deleteFrom(t as keyof DB).execute();
      let batch: Row[] = [];
      for await (const row of read(t)) {
        batch.push(row);
        if (batch.length >= 200) {
          await insertRows(tx, t, batch);
          batch = [];
        }
      }
      await insertRows(tx, t, batch);
    });
  }
  if (target.dialect === "postgres") {
    // Identity columns continue after the highest id copied.
    for (const t of tables) {
      await sql`SELECT setval(pg_get_serial_sequence(${t}, 'id'), (SELECT max(id) FROM ${sql.id(t)}))
        WHERE pg_get_serial_sequence(${t}, 'id') IS NOT NULL AND EXISTS (SELECT 1 FROM ${sql.id(t)})`
        .execute(target.db)
        .catch(() => {});
    }
  }
}

async function* jsonLines(file: string): AsyncIterable<Row> {
  const rl = readline.createInterface({
    input: fs.createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of rl) if (line) yield JSON.parse(line) as Row;
}

/** The keyword index is engine-specific: rebuilt from the published articles after a cross-engine copy. */
async function rebuildSearch(database: Database) {
  const search = createSearchIndex(database);
  let after = 0;
  for (;;) {
    const rows = await database.db
      .selectFrom("articles")
      .select(["id", "search_key", "title", "intro", "content"])
      .where("status", "=", "published")
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    await database.db.transaction().execute(async (tx) => {
      for (const r of rows) {
        if (r.search_key === null) continue;
        await search.put(tx, {
          id: r.id,
          searchKey: Number(r.search_key),
          title: r.title,
          intro: r.intro,
          content: r.content,
        });
      }
    });
    after = rows[rows.length - 1]!.id;
  }
}

async function countPostgres(database: Database): Promise<Record<string, number>> {
  const { rows } = await database.pool!.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
  );
  const counts: Record<string, number> = {};
  for (const t of orderTables(rows.map((r) => r.tablename))) {
    counts[t] = Number((await database.pool!.query(`SELECT count(*) AS n FROM ${quoteIdent(t)}`)).rows[0].n);
  }
  return counts;
}

function moveDir(from: string, to: string) {
  if (!fs.existsSync(from)) return;
  fs.rmSync(to, { recursive: true, force: true });
  fs.renameSync(from, to);
}

/**
 * Restores an archive into an empty DATA_DIR (SQLite) or an empty PostgreSQL database
 * (DATABASE_URL), from either engine. The archive is unpacked and verified first; the target is
 * touched only once everything checked out.
 */
export async function restoreArchive(opts: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const { config } = opts;
  const log = opts.log ?? (() => {});
  const target = config.DATABASE_URL ? "postgres" : "sqlite";
  const dataDir = config.DATA_DIR;
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw describeFsError(err, `cannot create DATA_DIR ${dataDir}`);
  }
  // Staged beside the data (renames into place) for SQLite; in the temporary directory otherwise.
  const stagingParent = target === "sqlite" ? dataDir : os.tmpdir();
  let staging: string;
  try {
    staging = fs.mkdtempSync(path.join(stagingParent, ".restore-"));
  } catch (err) {
    throw describeFsError(err, `cannot write to ${stagingParent}`);
  }
  try {
    log(`checking ${opts.archive}`);
    const manifest = await unpackAndVerify(opts.archive, path.join(staging, "archive"), opts.passphrase);
    checkSchema(manifest);
    const key = checkKey(manifest, path.join(staging, "archive"), config, Boolean(opts.force));
    log(
      `archive OK: ${manifest.engine} at ${manifest.migrations.at(-1) ?? "no schema"}, made ${manifest.createdAt}, ${Object.values(manifest.counts).reduce((a, b) => a + b, 0)} rows, ${manifest.uploads.files} uploads`,
    );

    // The target must be empty, unless --force.
    const busy = nonEmptyDataDir(dataDir, target);
    if (busy && !opts.force)
      throw new BackupError(
        `the target is not empty (${busy}): restore into an empty DATA_DIR, or use --force to replace it`,
      );
    if (target === "postgres" && !(await pgIsEmpty(config.DATABASE_URL!))) {
      if (!opts.force)
        throw new BackupError(
          "the target PostgreSQL database is not empty: restore into an empty database, or use --force to replace its tables",
        );
      log("--force: dropping the tables of the target database");
      await pgDropAll(config.DATABASE_URL!);
    }
    const src = path.join(staging, "archive");
    if (opts.force && target === "sqlite") {
      for (const f of ["", "-wal", "-shm"]) fs.rmSync(`${sqliteFile(dataDir)}${f}`, { force: true });
    }

    let migrated: string[] = [];
    let counts: Record<string, number>;
    const level = manifest.migrations.at(-1);
    if (target === "sqlite") {
      const file = sqliteFile(dataDir);
      if (manifest.engine === "sqlite") {
        fs.renameSync(path.join(src, "db", "site.db"), file);
      } else {
        log("copying the PostgreSQL rows into SQLite");
        const built = path.join(staging, "built");
        const database = await openDatabase({ dataDir: built, migrate: false });
        try {
          await migrate(database.db as unknown as Kysely<unknown>, "sqlite", level);
          database.sqlite!.pragma("foreign_keys = OFF");
          await copyRows(database, Object.keys(manifest.counts), (t) =>
            jsonLines(path.join(src, "db", "rows", `${t}.jsonl`)),
          );
          database.sqlite!.pragma("foreign_keys = ON");
        } finally {
          await database.close();
        }
        fs.renameSync(sqliteFile(built), file);
      }
      const database = await openDatabase({ dataDir, migrate: false });
      try {
        migrated = await migrate(database.db as unknown as Kysely<unknown>, "sqlite");
        if (manifest.engine !== "sqlite") {
          log("rebuilding the search index");
          await rebuildSearch(database);
        }
        counts = inspectSqlite(database.sqlite!).counts;
      } finally {
        await database.close();
      }
    } else {
      const url = config.DATABASE_URL!;
      if (manifest.engine === "postgres") {
        log("pg_restore into the target database");
        const { env, dbname } = pgToolEnv(url);
        await runTool(
          "pg_restore",
          [
            "--no-owner",
            "--no-privileges",
            "--exit-on-error",
            `--dbname=${dbname}`,
            path.join(src, "db", "postgres.dump"),
          ],
          env,
          "pg_restore",
        );
      }
      const database = await openDatabase({ dataDir, databaseUrl: url, migrate: false, poolSize: 2 });
      try {
        if (manifest.engine === "sqlite") {
          log("copying the SQLite rows into PostgreSQL");
          await migrate(database.db as unknown as Kysely<unknown>, "postgres", level);
          const raw = new SQLite(path.join(src, "db", "site.db"), { readonly: true });
          try {
            await copyRows(
              database,
              Object.keys(manifest.counts),
              (t) => raw.prepare(`SELECT * FROM ${quoteIdent(t)}`).iterate() as Iterable<Row>,
            );
          } finally {
            raw.close();
          }
        }
        migrated = await migrate(database.db as unknown as Kysely<unknown>, "postgres");
        if (manifest.engine === "sqlite") {
          log("rebuilding the search index");
          await rebuildSearch(database);
        }
        counts = await countPostgres(database);
      } finally {
        await database.close();
      }
    }

    // Uploads, and the key when the archive carries one and none is configured.
    const uploads =
      listFiles(path.join(src, UPLOADS_DIR)).length + listFiles(path.join(src, PRIVATE_DIR)).length;
    for (const sub of [UPLOADS_DIR, PRIVATE_DIR]) {
      if (opts.force || fs.existsSync(path.join(src, sub)))
        moveDir(path.join(src, sub), path.join(dataDir, sub));
    }
    let keyWritten: string | null = null;
    if (key) {
      keyWritten = path.join(dataDir, PII_KEY_FILE);
      fs.writeFileSync(keyWritten, `${key}\n`, { mode: 0o600 });
    }
    return {
      manifest,
      target,
      counts,
      migrated,
      uploads,
      keyWritten,
      ms: Math.round(performance.now() - started),
    };
  } catch (err) {
    throw describeFsError(err, "restoring");
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
