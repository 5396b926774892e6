import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Dialect } from "./dialect";
import * as m001 from "./migrations/001_init";
import * as m002 from "./migrations/002_search";
import * as m003signup from "./migrations/003_signup";
import * as m005console from "./migrations/005_console";
import * as m006 from "./migrations/006_search_title_words";
import * as m007 from "./migrations/007_preview_links";
import * as m008 from "./migrations/008_article_revisions";
import * as m009 from "./migrations/009_article_seo";
import * as m010 from "./migrations/010_search_pushes";
import * as m011 from "./migrations/011_article_views";
import * as m013 from "./migrations/013_wechat_sync";
import * as m014 from "./migrations/014_import";
import * as m015 from "./migrations/015_travel_tables";
import * as m016 from "./migrations/016_landing_pages";
import * as m017 from "./migrations/017_landing_previews";

type Up = (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;

/** Migrations are imported statically so the bundled server carries them. */
const MIGRATIONS: Record<string, { up: Up }> = {
  "001_init": m001,
  "002_search": m002,
  "003_signup": m003signup,
  "005_console": m005console,
  "006_search_title_words": m006,
  "007_preview_links": m007,
  "008_article_revisions": m008,
  "009_article_seo": m009,
  "010_search_pushes": m010,
  "011_article_views": m011,
  "013_wechat_sync": m013,
  "014_import": m014,
  "015_travel_tables": m015,
  "016_landing_pages": m016,
  "017_landing_previews": m017,
};

/** The migrations this code knows, in order (a backup's schema level is checked against them). */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  return migrate(db, dialect);
}

/** Migrates up to `target` (inclusive) or, without it, to the latest; returns the names applied. */
export async function migrate(db: Kysely<unknown>, dialect: Dialect, target?: string): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) {
        out[name] = { up: (d) => m.up(d, dialect) };
      }
      return out;
    },
  };
  const migrator = new Migrator({ db, provider });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
