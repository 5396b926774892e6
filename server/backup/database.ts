import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { sqliteFile } from "../db";
import { BackupError, describeFsError } from "./format";

/**
 * The tables a backup counts and a cross-engine restore copies, parents before children. The search
 * index (SQLite's article_fts, PostgreSQL's article_search) is engine-specific and rebuilt instead;
 * Kysely's own tables come from running the migrations.
 */
export const TABLE_ORDER = [
  "columns",
  "articles",
  "article_views",
  "tags",
  "article_tags",
  "banners",
  "partners",
  "activities",
  "cooperation_contacts",
  "travel_tabs",
  "travel_items",
  "products",
  "questions",
  "question_options",
  "signup_orders",
  "mcn_leads",
  "admin_users",
  "admin_sessions",
  "audit_log",
  "search_log",
  "preview_links",
  "article_revisions",
  "search_pushes",
  "wechat_sync_jobs",
  "wechat_media",
  "redirects",
  "import_jobs",
  "import_items",
  "landing_pages",
  "landing_page_revisions",
];

export function isDataTable(name: string): boolean {
  return !/^(sqlite_|article_fts|article_search$|kysely_)/.test(name);
}

/** The data tables present, in copy order (tables this code does not know go last, by name). */
export function orderTables(names: string[]): string[] {
  const present = names.filter(isDataTable);
  const known = TABLE_ORDER.filter((t) => present.includes(t));
  const other = present.filter((t) => !TABLE_ORDER.includes(t)).sort();
  return [...known, ...other];
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface SnapshotInfo {
  migrations: string[];
  counts: Record<string, number>;
  encryptedIdNumbers: number;
}

/** Reads the schema level and the counts of a SQLite file (a snapshot or a staged restore). */
export function inspectSqlite(raw: SQLite.Database): SnapshotInfo {
  const tables = (
    raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
  ).map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const t of orderTables(tables)) {
    counts[t] = (raw.prepare(`SELECT count(*) AS n FROM ${quoteIdent(t)}`).get() as { n: number }).n;
  }
  const migrations = tables.includes("kysely_migration")
    ? (raw.prepare("SELECT name FROM kysely_migration ORDER BY name").all() as { name: string }[]).map(
        (r) => r.name,
      )
    : [];
  const encryptedIdNumbers = tables.includes("signup_orders")
    ? (
        raw.prepare("SELECT count(*) AS n FROM signup_orders WHERE id_card_enc IS NOT NULL").get() as {
          n: number;
        }
      ).n
    : 0;
  return { migrations, counts, encryptedIdNumbers };
}

/**
 * A consistent copy of the live SQLite database as a standalone file, made by VACUUM INTO: one read
 * transaction (WAL readers never block the site's writers) that writes only the live rows, so no
 * freed page (an erased mobile, a deleted lead) reaches an archive.
 */
export async function snapshotSqlite(
  dataDir: string,
  dest: string,
  source?: SQLite.Database,
): Promise<SnapshotInfo> {
  const vacuumInto = (db: SQLite.Database) => {
    try {
      db.prepare("VACUUM INTO ?").run(dest);
    } catch (err) {
      throw describeFsError(err, "writing the database snapshot");
    }
  };
  if (source) {
    // The site's own connection (scheduled backups).
    vacuumInto(source);
    return finishSnapshot(dest);
  }
  const file = sqliteFile(dataDir);
  if (!fs.existsSync(file))
    throw new BackupError(`no database at ${file}: DATA_DIR must name the site's data directory`);
  let src: SQLite.Database;
  try {
    src = new SQLite(file, { fileMustExist: true });
    src.pragma("busy_timeout = 10000");
  } catch (err) {
    throw new BackupError(`cannot open ${file}: ${(err as Error).message}`);
  }
  try {
    vacuumInto(src);
  } finally {
    src.close();
  }
  return finishSnapshot(dest);
}

function finishSnapshot(dest: string): SnapshotInfo {
  const snap = new SQLite(dest);
  try {
    snap.pragma("journal_mode = DELETE");
    return inspectSqlite(snap);
  } finally {
    snap.close();
  }
}

/** Connection settings for Debian's client tools: the password goes in the environment, not argv. */
export function pgToolEnv(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = "";
  return { env, dbname: u.toString() };
}

export function runTool(bin: string, args: string[], env: NodeJS.ProcessEnv, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.on("error", (err) => {
      if ((err as NodeJS.ErrnoException).code === "ENOENT")
        reject(
          new BackupError(
            `${bin} not found: install Debian's postgresql-client (apt-get install postgresql-client), the server's major version or newer`,
          ),
        );
      else reject(new BackupError(`${what}: ${err.message}`));
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else {
        const line = stderr.trim().split("\n").slice(-3).join(" ");
        reject(
          new BackupError(
            /No space left/i.test(line)
              ? `${what}: no space left on the device`
              : `${what} failed (exit ${code}): ${line}`,
          ),
        );
      }
    });
  });
}

async function pgTables(client: pg.Client | pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
  );
  return rows.map((r) => r.tablename);
}

/**
 * A consistent snapshot of PostgreSQL: one REPEATABLE READ transaction exports its snapshot to
 * pg_dump (custom format) and, from the same snapshot, writes every data table as JSON lines (what a
 * restore into SQLite reads) and counts the rows.
 */
export async function snapshotPostgres(
  url: string,
  workDir: string,
): Promise<SnapshotInfo & { dump: string; rows: Record<string, string> }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`cannot connect to PostgreSQL (DATABASE_URL): ${(err as Error).message}`);
  }
  client.on("error", () => {});
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = (await client.query<{ s: string }>("SELECT pg_export_snapshot() AS s")).rows[0]!.s;
    const dump = path.join(workDir, "postgres.dump");
    const { env, dbname } = pgToolEnv(url);
    const dumping = runTool(
      "pg_dump",
      [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--snapshot=${snapshot}`,
        `--file=${dump}`,
        dbname,
      ],
      env,
      "pg_dump",
    );
    dumping.catch(() => {});
    const tables = await pgTables(client);
    const counts: Record<string, number> = {};
    const rows: Record<string, string> = {};
    fs.mkdirSync(path.join(workDir, "rows"), { recursive: true });
    for (const t of orderTables(tables)) {
      const file = path.join(workDir, "rows", `${t}.jsonl`);
      const fd = fs.openSync(file, "w");
      let n = 0;
      try {
        await client.query(`DECLARE rows_cursor NO SCROLL CURSOR FOR SELECT * FROM ${quoteIdent(t)}`);
        for (;;) {
          const batch = await client.query("FETCH 2000 FROM rows_cursor");
          if (batch.rows.length === 0) break;
          fs.writeSync(fd, `${batch.rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
          n += batch.rows.length;
        }
        await client.query("CLOSE rows_cursor");
      } catch (err) {
        throw describeFsError(err, `writing the rows of ${t}`);
      } finally {
        fs.closeSync(fd);
      }
      counts[t] = n;
      rows[t] = file;
    }
    const migrations = tables.includes("kysely_migration")
      ? (await client.query<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name")).rows.map(
          (r) => r.name,
        )
      : [];
    const encryptedIdNumbers = tables.includes("signup_orders")
      ? Number(
          (
            await client.query<{ n: string }>(
              "SELECT count(*) AS n FROM signup_orders WHERE id_card_enc IS NOT NULL",
            )
          ).rows[0]!.n,
        )
      : 0;
    await dumping;
    await client.query("COMMIT");
    return { migrations, counts, encryptedIdNumbers, dump, rows };
  } finally {
    await client.end().catch(() => {});
  }
}

export { pgTables };
