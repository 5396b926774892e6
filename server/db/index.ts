import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Dialect } from "./dialect";
import { migrateToLatest } from "./migrate";
import type { DB } from "./schema";

export type { Dialect } from "./dialect";

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** the raw SQLite handle (search index statements); undefined on PostgreSQL */
  sqlite?: SQLite.Database;
  pool?: pg.Pool;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// Identical rows from both engines: timestamps as ISO strings, bigints and counts as numbers.
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString()); // timestamptz
pg.types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString()); // timestamp
pg.types.setTypeParser(20, (v) => Number(v)); // int8
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric

/** better-sqlite3 cannot bind booleans; map them to 0/1 at the driver boundary. */
function bindable(params: unknown[]): unknown[] {
  return params.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : p));
}

/** Prepared statements kept per SQL text: a page runs the same few queries with other values. */
const STATEMENT_CACHE_SIZE = 500;

function wrapSqlite(raw: SQLite.Database) {
  // Compiling a statement costs SQLite more than running it for the small queries of a page; the
  // texts repeat (Kysely compiles values to parameters), so each is prepared once and kept, least
  // recently used out first. SQLite prepares a kept statement again by itself after a schema change.
  const statements = new Map<string, SQLite.Statement>();
  function statement(query: string): SQLite.Statement {
    let stmt = statements.get(query);
    if (stmt) {
      statements.delete(query);
    } else {
      stmt = raw.prepare(query);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    }
    statements.set(query, stmt);
    return stmt;
  }
  return {
    close: () => raw.close(),
    prepare(query: string) {
      // Kysely opens transactions with a plain (deferred) BEGIN: a transaction that reads and then
      // writes fails at once with SQLITE_BUSY when another connection (a render thread, a script)
      // wrote in between, whatever the busy timeout. IMMEDIATE takes the write lock up front, and
      // waits for it under the busy timeout instead.
      const stmt = statement(query === "begin" ? "begin immediate" : query);
      return {
        get reader() {
          return stmt.reader;
        },
        all: (params: readonly unknown[]) => stmt.all(...bindable([...params])),
        run: (params: readonly unknown[]) => stmt.run(...bindable([...params])),
        // A statement being iterated is busy until the iteration ends: a stream gets one of its own.
        iterate: (params: readonly unknown[]) => raw.prepare(query).iterate(...bindable([...params])),
      };
    },
  };
}

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, "site.db");
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** a SQLite file path overriding DATA_DIR/site.db (tests) */
  sqlitePath?: string;
  migrate?: boolean;
  poolSize?: number;
  /** SQLite's page cache for this connection, in MB (default 32) */
  cacheMb?: number;
}): Promise<Database> {
  let database: Database;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // A client losing its server (a PostgreSQL restart) must not crash the process. Idle clients
    // report it on the pool; a client in use reports it on itself (the pool listens only to idle
    // ones), and the query it was running fails with the same error, so nothing is lost here.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    database = {
      db,
      dialect: "postgres",
      pool,
      async ping() {
        try {
          await pool.query("select 1");
          return true;
        } catch {
          return false;
        }
      },
      close: () => db.destroy(),
    };
  } else {
    const file = opts.sqlitePath ?? sqliteFile(opts.dataDir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const raw = new SQLite(file);
    raw.pragma("journal_mode = WAL");
    raw.pragma("synchronous = NORMAL");
    raw.pragma("foreign_keys = ON");
    raw.pragma("busy_timeout = 5000");
    // Deleted and overwritten content is zeroed in the file, not left in free space: erased personal
    // data must not be recoverable from the database (docs/product.md "Personal data").
    raw.pragma("secure_delete = ON");
    // Pages SQLite does not keep itself are read through the operating system's file cache, which is
    // shared and given back under pressure. The file is not memory-mapped: every page a mapping
    // touches would count in the process's resident memory, hundreds of MB per connection on a
    // 100,000-article site (bench/README.md, "Real traffic").
    raw.pragma(`cache_size = -${(opts.cacheMb ?? 32) * 1024}`);
    const db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: wrapSqlite(raw) as never }),
    });
    database = {
      db,
      dialect: "sqlite",
      sqlite: raw,
      async ping() {
        try {
          raw.prepare("select 1").get();
          return true;
        } catch {
          return false;
        }
      },
      close: () => db.destroy(),
    };
  }
  if (opts.migrate !== false) {
    await migrateToLatest(database.db as unknown as Kysely<unknown>, database.dialect);
  }
  return database;
}
