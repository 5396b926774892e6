import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
} from "kysely";
import type { DB } from "../db/schema";
import type { Logger } from "../logger";

/**
 * Leased rows (docs/architecture.md, "Background jobs"): a table of work whose rows carry
 * `next_attempt_at` (due from then) and `claimed_until` (held by one instance until then), and
 * optionally `claim_token` (which instance holds it). Claiming is one UPDATE … RETURNING on both
 * engines, checked again on the row itself, so of two instances claiming at once each row goes to
 * one; a row whose holder died is free again once its lease runs out.
 */

/** The tables whose rows are claimed this way. */
export type LeasedTable = "wechat_sync_jobs" | "search_pushes";
export type LeasedRow<T extends LeasedTable> = Selectable<DB[T]>;

// Kysely's builders cannot be written generically over several tables; the columns named here are
// the ones every leased table has.
// biome-ignore lint/suspicious/noExplicitAny: one claim for every leased table (LeasedTable)
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: as AnyDb
type AnyReady = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

/** The row is not held by anyone at `at` (an ISO time). */
export const free = (at: string) => sql<boolean>`(claimed_until is null or claimed_until <= ${at})`;

export interface ClaimSpec<T extends LeasedTable> {
  table: T;
  /** which rows are work at all (pending, waiting for quota…) */
  ready: (eb: ExpressionBuilder<DB, T>) => Expression<SqlBool>;
  /** the order rows are taken in (the column names) */
  order: readonly (keyof DB[T] & string)[];
  leaseMs: number;
  /** rows per claim (default 1) */
  limit?: number;
  /** stored in claim_token, for tables that have it: only the holder may then write the row */
  token?: string;
  now?: Date;
}

/** Takes up to `limit` due, free rows for this instance for `leaseMs`; resolves to them. */
export async function claim<T extends LeasedTable>(
  db: Kysely<DB>,
  spec: ClaimSpec<T>,
): Promise<LeasedRow<T>[]> {
  const now = spec.now ?? new Date();
  const at = now.toISOString();
  const d = db as unknown as AnyDb;
  const ready = spec.ready as unknown as AnyReady;
  const table = spec.table as string;
  let pick = d.selectFrom(table).select("id").where(ready).where("next_attempt_at", "<=", at).where(free(at));
  for (const column of spec.order) pick = pick.orderBy(column);
  const rows = await d
    .updateTable(table)
    .set({
      claimed_until: new Date(now.getTime() + spec.leaseMs).toISOString(),
      ...(spec.token ? { claim_token: spec.token } : {}),
    })
    .where("id", "in", pick.limit(spec.limit ?? 1))
    // Checked again on the row itself: of two instances claiming at once, the second finds it taken.
    .where(free(at))
    .where(ready)
    .returningAll()
    .execute();
  return rows as LeasedRow<T>[];
}

/**
 * Renews the lease of a held row every `everyMs` while its work runs (a table with claim_token);
 * stop() ends the renewals. A renewal that fails is logged: the next one tries again.
 */
export function holdLease(
  db: Kysely<DB>,
  o: {
    table: "wechat_sync_jobs";
    id: number;
    token: string;
    leaseMs: number;
    everyMs: number;
    logger: Logger;
  },
): { stop(): void } {
  const timer = setInterval(() => {
    void db
      .updateTable(o.table)
      .set({ claimed_until: new Date(Date.now() + o.leaseMs).toISOString() })
      .where("id", "=", o.id)
      .where("claim_token", "=", o.token)
      .execute()
      .catch((err: Error) =>
        o.logger.warn({ table: o.table, id: o.id, err: err.message }, "lease not renewed"),
      );
  }, o.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Gives a held row back (its work waits or is settled): free for any instance at once. */
export async function release(db: Kysely<DB>, o: { table: "wechat_sync_jobs"; id: number; token: string }) {
  await db
    .updateTable(o.table)
    .set({ claimed_until: null, claim_token: null })
    .where("id", "=", o.id)
    .where("claim_token", "=", o.token)
    .execute();
}
