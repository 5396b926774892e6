import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect";

/**
 * The keyword index (see server/search/). SQLite: a contentless FTS5 table whose rowid is
 * articles.search_key, so `ORDER BY rowid DESC` streams matches newest first. PostgreSQL: a side
 * table with token arrays under GIN indexes and the token sequences for exact phrase checks.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "sqlite") {
    await sql`CREATE VIRTUAL TABLE article_fts USING fts5(
      t_words, t_chars, b_words, grams,
      content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0'
    )`.execute(db);
    return;
  }
  await sql`CREATE TABLE article_search (
    article_id integer PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
    search_key bigint NOT NULL,
    t_words text[] NOT NULL,
    t_chars text[] NOT NULL,
    t_chars_seq text NOT NULL,
    b_words text[] NOT NULL,
    grams text[] NOT NULL,
    grams_seq text NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX article_search_grams ON article_search USING gin (grams)`.execute(db);
  await sql`CREATE INDEX article_search_t_chars ON article_search USING gin (t_chars)`.execute(db);
  await sql`CREATE INDEX article_search_key ON article_search (search_key DESC)`.execute(db);
}
