import { sql } from "kysely";
import { cleanText } from "../../contract/text";
import type { Database } from "../db";
import { compiledOnce } from "../db/compiled";
import type { Logger } from "../logger";

/** How often counts kept in memory are written to the database. */
export const STATS_FLUSH_MS = 5000;
/** Distinct keys kept between two flushes at most (a flood of random keywords cannot grow memory). */
const MAX_KEYS = 20_000;
/** Article rows per transaction of a flush. */
const VIEW_ROWS = 500;
/** How long a flush writes before the event loop gets a turn. */
const FLUSH_SLICE_MS = 4;

/**
 * Keywords as editors want to see them grouped: clean text (contract/text.ts: a search page's
 * keyword comes from its address as typed), NFKC, trimmed, single spaces, ASCII lower case, at most
 * 50 characters (an emoji is one: never half of one).
 */
export function normaliseKeyword(keyword: string): string {
  const k = cleanText(keyword).normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
  return Array.from(k).slice(0, 50).join("");
}

/** Beijing date (UTC+8, no daylight saving) of an instant. */
export const beijingDay = (t = Date.now()) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * Article views and searches, counted in memory and added to the database every few seconds in
 * one transaction: one UPDATE per article read in that window instead of one per view, and no
 * personal data (no IP, no visitor id) at all. Several instances each add their own counts.
 */
export function createStats(deps: { database: Database; logger: Logger; flushMs?: number }) {
  const { db } = deps.database;
  let views = new Map<number, number>();
  let searches = new Map<string, { day: string; keyword: string; n: number; zero: number; last: number }>();
  let flushing: Promise<void> | null = null;

  const timer = setInterval(() => {
    void flush();
  }, deps.flushMs ?? STATS_FLUSH_MS);
  timer.unref();

  /**
   * Writes the counts, taking the articles out of `v` as their transaction commits, so that after a
   * failure only what was not written goes back for the next try (see flush).
   *
   * A busy site reads up to MAX_KEYS distinct articles between two flushes. The views go in
   * transactions of VIEW_ROWS rows in id order (neighbours share pages), with the statement compiled
   * once per transaction, into a table of counts alone (server/db/migrations/011_article_views.ts),
   * and the event loop gets a turn every FLUSH_SLICE_MS: one transaction for all rows held every
   * request up for its whole length, and its commit alone for about a tenth of a second
   * (bench/README.md "Real traffic").
   */
  async function write(
    v: Map<number, number>,
    s: Map<string, { day: string; keyword: string; n: number; zero: number; last: number }>,
  ) {
    const ids = [...v.keys()].sort((a, b) => a - b);
    let sliceStart = performance.now();
    const turn = async () => {
      if (performance.now() - sliceStart > FLUSH_SLICE_MS) {
        await new Promise((r) => setImmediate(r));
        sliceStart = performance.now();
      }
    };
    for (let from = 0; from < ids.length; from += VIEW_ROWS) {
      const rows = ids.slice(from, from + VIEW_ROWS);
      await db.transaction().execute(async (tx) => {
        // Added to the article's row of counts, made with its first; an id the site does not have
        // (deleted meanwhile, or made up) selects no article and adds nothing.
        const addViews = compiledOnce(tx, (id: number, n: number) =>
          tx
            .insertInto("article_views")
            .columns(["article_id", "views"])
            .expression((eb) =>
              eb
                .selectFrom("articles")
                .select(["id", sql<number>`cast(${n} as integer)`.as("views")])
                .where("id", "=", id),
            )
            .onConflict((oc) =>
              oc.column("article_id").doUpdateSet({ views: sql`article_views.views + excluded.views` }),
            ),
        );
        for (const id of rows) {
          await turn();
          await addViews(id, v.get(id)!);
        }
      });
      for (const id of rows) v.delete(id);
      await turn();
    }
    if (s.size === 0) return;
    await db.transaction().execute(async (tx) => {
      for (const e of s.values()) {
        await tx
          .insertInto("search_log")
          .values({
            day: e.day,
            keyword: e.keyword,
            searches: e.n,
            zero_results: e.zero,
            last_result_count: e.last,
          })
          .onConflict((oc) =>
            oc.columns(["day", "keyword"]).doUpdateSet({
              searches: sql`search_log.searches + excluded.searches`,
              zero_results: sql`search_log.zero_results + excluded.zero_results`,
              last_result_count: sql`excluded.last_result_count`,
            }),
          )
          .execute();
      }
    });
  }

  async function flush(): Promise<void> {
    if (flushing) return flushing;
    if (views.size === 0 && searches.size === 0) return;
    const v = views;
    const s = searches;
    views = new Map();
    searches = new Map();
    flushing = write(v, s)
      .catch((err: Error) => {
        deps.logger.warn({ err: err.message, articles: v.size, keywords: s.size }, "stats flush failed");
        // Put back what was not written for the next try, within the same bound.
        for (const [id, n] of v) if (views.size < MAX_KEYS) views.set(id, (views.get(id) ?? 0) + n);
        for (const [k, e] of s) {
          const cur = searches.get(k);
          if (cur) {
            cur.n += e.n;
            cur.zero += e.zero;
          } else if (searches.size < MAX_KEYS) searches.set(k, e);
        }
      })
      .finally(() => {
        flushing = null;
      });
    return flushing;
  }

  return {
    /** One read of a published article. */
    viewed(articleId: number): void {
      if (!Number.isSafeInteger(articleId) || articleId <= 0) return;
      const n = views.get(articleId);
      if (n !== undefined) views.set(articleId, n + 1);
      else if (views.size < MAX_KEYS) views.set(articleId, 1);
    },
    /** One search (its count call) and how many articles it found. */
    searched(keyword: string, results: number): void {
      const k = normaliseKeyword(keyword);
      if (!k) return;
      const day = beijingDay();
      const key = `${day}\u0000${k}`;
      const e = searches.get(key);
      if (e) {
        e.n += 1;
        e.zero += results === 0 ? 1 : 0;
        e.last = results;
      } else if (searches.size < MAX_KEYS) {
        searches.set(key, { day, keyword: k, n: 1, zero: results === 0 ? 1 : 0, last: results });
      }
    },
    flush,
    /** Stops the timer and writes what is pending (called before the database closes). */
    async close(): Promise<void> {
      clearInterval(timer);
      // A flush already running returns its own promise: go round until nothing is pending.
      for (let i = 0; i < 3 && (flushing || views.size > 0 || searches.size > 0); i++) await flush();
    },
  };
}

export type Stats = ReturnType<typeof createStats>;
