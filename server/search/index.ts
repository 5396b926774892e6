import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db";
import type { DB } from "../db/schema";
import { indexWords, queryWords } from "./jieba";
import { bigramTokens, charTokens, htmlToText, parseQuery, type QueryPart, SEP } from "./tokenize";

export interface IndexedArticle {
  id: number;
  searchKey: number;
  title: string;
  intro: string;
  content: string;
}

interface Tokens {
  tWords: string[];
  tChars: string[];
  bWords: string[];
  grams: string[];
}

export function articleTokens(a: Pick<IndexedArticle, "title" | "intro" | "content">): Tokens {
  const body = htmlToText(a.content);
  return {
    tWords: indexWords(a.title),
    tChars: charTokens(a.title),
    bWords: indexWords(`${a.intro}\n${body}`),
    grams: [...bigramTokens(a.title), SEP, ...bigramTokens(a.intro), SEP, ...bigramTokens(body)],
  };
}

/** Ranking tiers: 3 title has the words, 2 title has the fragment, 1 body has the words, 0 the rest. */
interface Tiers {
  match: string;
  titleWords: string;
  titleChars: string;
  bodyWords: string;
}

export interface SearchIndex {
  /** (re)index one published article, inside the caller's transaction */
  put(tx: Kysely<DB>, a: IndexedArticle): Promise<void>;
  remove(tx: Kysely<DB>, id: number, searchKey: number | null): Promise<void>;
  count(keyword: string): Promise<number>;
  /** article ids, best first: tier, then newest */
  search(keyword: string, offset: number, limit: number): Promise<number[]>;
}

export function createSearchIndex(database: Database): SearchIndex {
  return database.dialect === "sqlite" ? sqliteIndex(database) : postgresIndex(database);
}

/** The words of one query part, as the word tiers look for them (the part itself when it has none). */
function partWords(p: QueryPart): string[] {
  const w = queryWords(p.text);
  return w.length > 0 ? w : [p.text];
}

/**
 * Results ranked by tier, newest first within a tier: walk the tiers in order, each read newest
 * first with a LIMIT, so page 1 of a keyword found in most articles reads only a page of rows. A
 * tier is counted only when the page starts beyond it.
 */
async function walkTiers<T, R>(
  tiers: T[],
  offset: number,
  limit: number,
  count: (tier: T) => number | Promise<number>,
  page: (tier: T, limit: number, offset: number) => R[] | Promise<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  let skip = offset;
  for (const tier of tiers) {
    if (out.length >= limit) break;
    if (skip > 0) {
      const n = await count(tier);
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    out.push(...(await page(tier, limit - out.length, skip)));
    skip = 0;
  }
  return out;
}

// ---------------------------------------------------------------- SQLite FTS5

const phrase = (col: string, tokens: string[]) => `${col} : "${tokens.join(" ")}"`;
const all = (clauses: string[]) => clauses.map((c) => `(${c})`).join(" AND ");

function ftsTiers(parts: QueryPart[]): Tiers {
  return {
    match: all(parts.map((p) => phrase(p.single ? "t_chars" : "grams", p.phrase))),
    titleWords: all(parts.flatMap((p) => partWords(p).map((w) => phrase("t_words", [w])))),
    titleChars: all(parts.map((p) => phrase("t_chars", p.titlePhrase))),
    bodyWords: all(parts.flatMap((p) => partWords(p).map((w) => phrase("b_words", [w])))),
  };
}

function sqliteIndex(database: Database): SearchIndex {
  const raw = database.sqlite!;
  const countStmt = raw.prepare("SELECT count(*) AS n FROM article_fts WHERE article_fts MATCH ?");
  const pageStmt = raw.prepare(
    "SELECT rowid AS k FROM article_fts WHERE article_fts MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?",
  );
  const idsStmt = (n: number) =>
    raw.prepare(
      `SELECT id, search_key AS k FROM articles WHERE search_key IN (${"?,".repeat(n).slice(0, -1)})`,
    );
  const count = (expr: string) => (countStmt.get(expr) as { n: number }).n;

  return {
    async put(tx, a) {
      const t = articleTokens(a);
      await sql`DELETE FROM article_fts WHERE rowid = ${a.searchKey}`.execute(tx);
      await sql`INSERT INTO article_fts(rowid, t_words, t_chars, b_words, grams)
        VALUES (${a.searchKey}, ${t.tWords.join(" ")}, ${t.tChars.join(" ")}, ${t.bWords.join(" ")}, ${t.grams.join(" ")})`.execute(
        tx,
      );
    },
    async remove(tx, _id, searchKey) {
      if (searchKey !== null) await sql`DELETE FROM article_fts WHERE rowid = ${searchKey}`.execute(tx);
    },
    async count(keyword) {
      const parts = parseQuery(keyword);
      return parts.length === 0 ? 0 : count(ftsTiers(parts).match);
    },
    async search(keyword, offset, limit) {
      const parts = parseQuery(keyword);
      if (parts.length === 0 || limit <= 0) return [];
      const t = ftsTiers(parts);
      const tiers = [
        `(${t.match}) AND (${t.titleWords})`,
        `((${t.match}) AND (${t.titleChars})) NOT (${t.titleWords})`,
        `((${t.match}) AND (${t.bodyWords})) NOT ((${t.titleWords}) OR (${t.titleChars}))`,
        `(${t.match}) NOT ((${t.titleWords}) OR (${t.titleChars}) OR (${t.bodyWords}))`,
      ];
      const keys = await walkTiers(tiers, offset, limit, count, (expr, n, skip) =>
        (pageStmt.all(expr, n, skip) as { k: number }[]).map((r) => r.k),
      );
      if (keys.length === 0) return [];
      const byKey = new Map(
        (idsStmt(keys.length).all(...keys) as { id: number; k: number }[]).map((r) => [r.k, r.id]),
      );
      return keys.map((k) => byKey.get(k)).filter((id): id is number => id !== undefined);
    },
  };
}

// ---------------------------------------------------------------- PostgreSQL

const seq = (tokens: string[]) => ` ${tokens.join(" ")} `;

function pgMatch(parts: QueryPart[]) {
  const clauses = parts.map((p) =>
    p.single
      ? sql`s.t_chars @> ${p.phrase}::text[]`
      : p.phrase.length > 1
        ? sql`(s.grams @> ${p.phrase}::text[] AND strpos(s.grams_seq, ${seq(p.phrase)}) > 0)`
        : sql`s.grams @> ${p.phrase}::text[]`,
  );
  return sql.join(clauses, sql` AND `);
}

/** The four ranking tiers as WHERE conditions, each excluding the tiers above it. */
function pgTiers(parts: QueryPart[]) {
  const words = parts.flatMap(partWords);
  const match = pgMatch(parts);
  // When every part is one word, a title holding the words holds the fragments: the first tier
  // needs no check of the (large) body tokens, and counting it for page 2 reads the index alone.
  const wordsImplyMatch = parts.every((p) => {
    const w = partWords(p);
    return w.length === 1 && w[0] === p.text;
  });
  const titleWords = sql`s.t_words @> ${words}::text[]`;
  // The characters' presence (GIN-indexed) is implied by the phrase check and lets the index help.
  const chars = [...new Set(parts.flatMap((p) => p.titlePhrase))];
  const titleChars = sql`(s.t_chars @> ${chars}::text[] AND ${sql.join(
    parts.map((p) => sql`strpos(s.t_chars_seq, ${seq(p.titlePhrase)}) > 0`),
    sql` AND `,
  )})`;
  const bodyWords = sql`s.b_words @> ${words}::text[]`;
  return [
    wordsImplyMatch ? titleWords : sql`${match} AND ${titleWords}`,
    sql`${match} AND ${titleChars} AND NOT ${titleWords}`,
    sql`${match} AND ${bodyWords} AND NOT ${titleWords} AND NOT ${titleChars}`,
    sql`${match} AND NOT ${titleWords} AND NOT ${titleChars} AND NOT ${bodyWords}`,
  ];
}

async function countWhere(tx: Kysely<DB>, where: RawBuilder<unknown>): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM article_search s WHERE ${where}`.execute(tx);
  return Number(r.rows[0]?.n ?? 0);
}

function postgresIndex(database: Database): SearchIndex {
  const db = database.db;
  /**
   * Search queries run with sequential scans off. The token arrays live out of line (TOAST), which
   * the planner does not price: for a keyword in a third of the articles it would pick a sequential
   * scan that unpacks every article's arrays over the GIN index, whose bitmap needs only the
   * table's own pages, tens of times less work. Index scans by search_key stay allowed, so a
   * first page of a frequent keyword still stops after a page of rows.
   */
  const indexScans = <T>(fn: (tx: Kysely<DB>) => Promise<T>) =>
    db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      return fn(tx);
    });
  return {
    async put(tx, a) {
      const t = articleTokens(a);
      const uniq = (xs: string[]) => [...new Set(xs)].filter((x) => x !== SEP);
      await sql`INSERT INTO article_search
          (article_id, search_key, t_words, t_chars, t_chars_seq, b_words, grams, grams_seq)
        VALUES (${a.id}, ${a.searchKey}, ${uniq(t.tWords)}::text[], ${uniq(t.tChars)}::text[], ${seq(t.tChars)},
          ${uniq(t.bWords)}::text[], ${uniq(t.grams)}::text[], ${seq(t.grams)})
        ON CONFLICT (article_id) DO UPDATE SET search_key = excluded.search_key, t_words = excluded.t_words,
          t_chars = excluded.t_chars, t_chars_seq = excluded.t_chars_seq, b_words = excluded.b_words,
          grams = excluded.grams, grams_seq = excluded.grams_seq`.execute(tx);
    },
    async remove(tx, id) {
      await sql`DELETE FROM article_search WHERE article_id = ${id}`.execute(tx);
    },
    async count(keyword) {
      const parts = parseQuery(keyword);
      if (parts.length === 0) return 0;
      return indexScans((tx) => countWhere(tx, pgMatch(parts)));
    },
    async search(keyword, offset, limit) {
      const parts = parseQuery(keyword);
      if (parts.length === 0 || limit <= 0) return [];
      return indexScans((tx) =>
        walkTiers(
          pgTiers(parts),
          offset,
          limit,
          (where) => countWhere(tx, where),
          async (where, n, skip) => {
            const r = await sql<{ id: number }>`SELECT s.article_id AS id FROM article_search s WHERE ${where}
            ORDER BY s.search_key DESC LIMIT ${n} OFFSET ${skip}`.execute(tx);
            return r.rows.map((row) => row.id);
          },
        ),
      );
    },
  };
}
