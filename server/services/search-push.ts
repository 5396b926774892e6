import { type Kysely, sql } from "kysely";
import type { PushRow, PushSettings } from "../../contract/answers";
import { articlePath } from "../../contract/paths";
import type { Config } from "../config";
import type { DB, PushEngine, PushStatus } from "../db/schema";
import { retryAt } from "../jobs/backoff";
import { claim, free } from "../jobs/lease";
import type { JobKind } from "../jobs/runner";
import type { Logger } from "../logger";
import { AppError } from "./errors";

/**
 * Search-engine push (docs/product.md, "Search engine push"): when an article becomes public its
 * absolute URL is queued for Baidu's link submission and IndexNow, in the same transaction as the
 * publish (ContentService.saveArticle / publishDue), so a publish is never lost and never waits for
 * an engine. Every instance sends the queue (the job `searchPushJob`, run by server/jobs/runner.ts):
 * it claims due rows with one UPDATE … RETURNING (a lease in claimed_until, server/jobs/lease.ts),
 * so with several instances each row is sent by one of them.
 */

export const PUSH_ENGINES: PushEngine[] = ["baidu", "indexnow"];
/** waits after the 1st, 2nd… failed send (a tenth more at most, at random: server/jobs/backoff.ts); one more failure than there are waits gives up */
export const PUSH_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
export const PUSH_MAX_ATTEMPTS = PUSH_BACKOFF_MS.length + 1;
/** URLs per call: Baidu takes up to 2000, IndexNow up to 10,000 */
export const PUSH_BATCH: Record<PushEngine, number> = { baidu: 2000, indexnow: 10_000 };
/** how long a claimed row stays with the instance sending it (a crashed one's rows come back after it) */
const LEASE_MS = 2 * 60_000;
const TIMEOUT_MS = 15_000;
const ANSWER_MAX = 300;

/** The next midnight in Beijing (UTC+8), when Baidu's daily quota starts again. */
export function nextBeijingMidnight(now: Date): Date {
  const offset = 8 * 3_600_000;
  const day = Math.floor((now.getTime() + offset) / 86_400_000);
  return new Date((day + 1) * 86_400_000 - offset);
}

type Outcome =
  | { kind: "done"; code: number; answer: string }
  | { kind: "failed"; code: number | null; answer: string }
  | { kind: "retry"; code: number | null; answer: string }
  | { kind: "quota"; code: number; answer: string };

/** One send's answer for each URL of the batch, and whether the engine should rest until `pauseUntil`. */
interface BatchResult {
  outcome: (url: string) => Outcome;
  pauseUntil?: Date;
}

const short = (s: string) => (s.length > ANSWER_MAX ? `${s.slice(0, ANSWER_MAX)}…` : s);

export function createSearchPush(opts: {
  config: Pick<Config, "PUBLIC_URL" | "BAIDU_PUSH_URL" | "INDEXNOW_KEY" | "INDEXNOW_ENDPOINT">;
  db: Kysely<DB>;
  logger: Logger;
  fetch?: typeof fetch;
}) {
  const { config, db, logger } = opts;
  const doFetch = opts.fetch ?? globalThis.fetch;
  const configured: Record<PushEngine, boolean> = {
    baidu: Boolean(config.BAIDU_PUSH_URL),
    indexnow: Boolean(config.INDEXNOW_KEY),
  };
  const engines = PUSH_ENGINES.filter((e) => configured[e]);
  const origin = config.PUBLIC_URL ?? null;
  const active = engines.length > 0 && origin !== null;
  if (engines.length > 0 && !origin)
    logger.warn(
      { engines },
      "search-engine push is set up but PUBLIC_URL is not: article URLs have no trustworthy origin, nothing is pushed",
    );
  /** per instance: Baidu said its quota ran out (or none remains) until this moment */
  const pausedUntil: Partial<Record<PushEngine, Date>> = {};

  /** Queues the articles' URLs for every engine set up; inside the publish's transaction. */
  async function enqueue(tx: Kysely<DB>, articleIds: number[], now = new Date()): Promise<void> {
    if (!active || articleIds.length === 0) return;
    const at = now.toISOString();
    const rows = articleIds.flatMap((id) =>
      engines.map((engine) => ({
        engine,
        url: origin + articlePath(id),
        article_id: id,
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      })),
    );
    // A URL already queued for the engine (published, unpublished, published again) is not queued twice.
    await tx
      .insertInto("search_pushes")
      .values(rows)
      .onConflict((oc) =>
        oc.columns(["engine", "url"]).where(sql<boolean>`status in ('pending', 'quota')`).doNothing(),
      )
      .execute();
  }

  /** Takes up to `limit` due rows of one engine for this instance (each row goes to one instance). */
  const claimDue = (engine: PushEngine, now: Date, limit: number) =>
    claim(db, {
      table: "search_pushes",
      ready: (eb) => eb.and([eb("engine", "=", engine), eb("status", "in", ["pending", "quota"])]),
      order: ["id"],
      leaseMs: LEASE_MS,
      limit,
      now,
    });

  async function post(url: string, init: RequestInit): Promise<{ status: number; text: string } | Error> {
    try {
      const res = await doFetch(url, { ...init, method: "POST", signal: AbortSignal.timeout(TIMEOUT_MS) });
      return { status: res.status, text: await res.text().catch(() => "") };
    } catch (err) {
      return err as Error;
    }
  }

  const networkRetry = (err: Error): BatchResult => {
    const answer = err.name === "TimeoutError" ? "请求超时" : `网络错误：${err.message}`;
    return { outcome: () => ({ kind: "retry", code: null, answer: short(answer) }) };
  };

  /** Baidu link submission: URLs one per line; answers remain/success/not_same_site/not_valid or error/message. */
  async function sendBaidu(urls: string[], now: Date): Promise<BatchResult> {
    const res = await post(config.BAIDU_PUSH_URL!, {
      headers: { "content-type": "text/plain" },
      body: urls.join("\n"),
    });
    if (res instanceof Error) return networkRetry(res);
    const answer = short(res.text.trim());
    let json: {
      remain?: number;
      success?: number;
      not_same_site?: string[];
      not_valid?: string[];
      message?: string;
    } = {};
    try {
      json = JSON.parse(res.text) as typeof json;
    } catch {}
    const code = res.status;
    if (code >= 500) return { outcome: () => ({ kind: "retry", code, answer }) };
    if (code >= 200 && code < 300) {
      const refused = new Map<string, string>();
      for (const u of json.not_same_site ?? []) refused.set(u, "not_same_site：不是本站的链接");
      for (const u of json.not_valid ?? []) refused.set(u, "not_valid：不合法的链接");
      return {
        outcome: (u) => {
          const why = refused.get(u);
          return why ? { kind: "failed", code, answer: why } : { kind: "done", code, answer };
        },
        // Nothing left of today's quota: the rest waits for tomorrow.
        pauseUntil: json.remain === 0 ? nextBeijingMidnight(now) : undefined,
      };
    }
    if (code === 400 && /quota/i.test(json.message ?? res.text))
      return { outcome: () => ({ kind: "quota", code, answer }), pauseUntil: nextBeijingMidnight(now) };
    return { outcome: () => ({ kind: "failed", code, answer }) };
  }

  /** IndexNow: one JSON submission for the host; 200/202 accepted, 429 too many, other 4xx refused. */
  async function sendIndexNow(urls: string[]): Promise<BatchResult> {
    const key = config.INDEXNOW_KEY!;
    const res = await post(config.INDEXNOW_ENDPOINT, {
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({
        host: new URL(origin!).host,
        key,
        keyLocation: `${origin}/${key}.txt`,
        urlList: urls,
      }),
    });
    if (res instanceof Error) return networkRetry(res);
    const code = res.status;
    const answer = short(res.text.trim());
    if (code >= 200 && code < 300) return { outcome: () => ({ kind: "done", code, answer }) };
    if (code === 429 || code >= 500) return { outcome: () => ({ kind: "retry", code, answer }) };
    return { outcome: () => ({ kind: "failed", code, answer }) };
  }

  /** Stores what a send did to each row: done, refused, waiting for quota, or due again after its backoff. */
  async function settle(
    rows: { id: number; url: string; attempts: number }[],
    result: BatchResult,
    now: Date,
  ) {
    const at = now.toISOString();
    // One draw of jitter for the batch: its rows were sent together and come back together.
    const jitter = Math.random();
    // Rows with the same outcome and attempt count are stored by one UPDATE (a batch is mostly one group).
    type Change = {
      status: PushStatus;
      attempts?: number;
      next_attempt_at?: string;
      last_status_code?: number | null;
      last_answer?: string;
    };
    const groups = new Map<string, { change: Change; ids: number[] }>();
    for (const r of rows) {
      const o = result.outcome(r.url);
      let change: Change;
      if (o.kind === "quota") {
        change = { status: "quota", next_attempt_at: result.pauseUntil!.toISOString() };
      } else {
        const attempts = Number(r.attempts) + 1;
        const again =
          o.kind === "retry" ? retryAt(attempts, PUSH_BACKOFF_MS, now.getTime(), () => jitter) : null;
        if (again) change = { status: "pending", attempts, next_attempt_at: again.toISOString() };
        else change = { status: o.kind === "done" ? "done" : "failed", attempts };
      }
      change = { ...change, last_status_code: o.code, last_answer: o.answer };
      const key = JSON.stringify(change);
      const group = groups.get(key) ?? { change, ids: [] };
      group.ids.push(r.id);
      groups.set(key, group);
    }
    for (const { change, ids } of groups.values())
      await db
        .updateTable("search_pushes")
        .set({ ...change, claimed_until: null, updated_at: at })
        .where("id", "in", ids)
        .execute();
  }

  /** While Baidu rests, its due rows wait for the quota too, without a call. */
  async function holdForQuota(engine: PushEngine, until: Date, now: Date) {
    await db
      .updateTable("search_pushes")
      .set({ status: "quota", next_attempt_at: until.toISOString(), updated_at: now.toISOString() })
      .where("engine", "=", engine)
      .where("status", "in", ["pending", "quota"])
      .where("next_attempt_at", "<=", now.toISOString())
      .where(free(now.toISOString()))
      .execute();
  }

  /** A quota pause another instance found (a row waiting for quota until later): this one rests too. */
  async function quotaPause(engine: PushEngine, now: Date): Promise<Date | undefined> {
    const mine = pausedUntil[engine];
    if (mine && mine > now) return mine;
    const r = await db
      .selectFrom("search_pushes")
      .select("next_attempt_at")
      .where("engine", "=", engine)
      .where("status", "=", "quota")
      .where("next_attempt_at", ">", now.toISOString())
      .orderBy("next_attempt_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return r ? new Date(r.next_attempt_at) : undefined;
  }

  /** One batch of one engine; resolves to the rows it carried (0: no call). */
  async function sendEngine(engine: PushEngine, now: Date): Promise<number> {
    if (engine === "baidu") {
      const pause = await quotaPause(engine, now);
      if (pause) {
        await holdForQuota(engine, pause, now);
        return 0;
      }
    }
    const rows = await claimDue(engine, now, PUSH_BATCH[engine]);
    if (rows.length === 0) return 0;
    const urls = [...new Set(rows.map((r) => r.url))];
    const result = engine === "baidu" ? await sendBaidu(urls, now) : await sendIndexNow(urls);
    if (result.pauseUntil) pausedUntil[engine] = result.pauseUntil;
    await settle(rows, result, now);
    logger.info({ engine, urls: urls.length }, "search-engine push sent");
    return rows.length;
  }

  /** The engines side by side (a slow one does not hold the other up); resolves to the calls and rows. */
  async function sendDue(now: Date): Promise<{ calls: number; rows: number }> {
    const sent = await Promise.all(
      engines.map((engine) =>
        sendEngine(engine, now).catch((err: Error) => {
          // Its claimed rows come back when the lease runs out.
          logger.warn({ engine, err: err.message }, "search-engine push failed; retrying at the next look");
          return 0;
        }),
      ),
    );
    return { calls: sent.filter((n) => n > 0).length, rows: sent.reduce((a, b) => a + b, 0) };
  }

  const toRow = (r: {
    id: number;
    engine: PushEngine;
    url: string;
    article_id: number | null;
    status: PushStatus;
    attempts: number;
    next_attempt_at: string;
    last_status_code: number | null;
    last_answer: string;
    created_at: string;
    updated_at: string;
  }): PushRow => ({
    id: Number(r.id),
    engine: r.engine,
    url: r.url,
    articleId: r.article_id === null ? null : Number(r.article_id),
    status: r.status,
    attempts: Number(r.attempts),
    nextAttemptAt: r.next_attempt_at,
    lastStatusCode: r.last_status_code === null ? null : Number(r.last_status_code),
    lastAnswer: r.last_answer,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });

  const columns = [
    "id",
    "engine",
    "url",
    "article_id",
    "status",
    "attempts",
    "next_attempt_at",
    "last_status_code",
    "last_answer",
    "created_at",
    "updated_at",
  ] as const;

  return {
    enqueue,
    /** whether anything is pushed (an engine set up, and PUBLIC_URL) */
    active,
    sendDue,
    /** Which engines are set up, and whether pushing is on (PUBLIC_URL set): the console shows it. */
    settings(): PushSettings {
      return { baidu: configured.baidu, indexnow: configured.indexnow, publicUrl: origin, active };
    },
    /** The push log, newest first. */
    async list(f: { status?: PushStatus; engine?: PushEngine; page: number; pageSize: number }) {
      let q = db.selectFrom("search_pushes");
      if (f.status) q = q.where("status", "=", f.status);
      if (f.engine) q = q.where("engine", "=", f.engine);
      const [rows, total] = await Promise.all([
        q
          .select(columns)
          .orderBy("id", "desc")
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRow), total: Number(total.n), page: f.page, pageSize: f.pageSize };
    },
    /** A failed row queued again at once, with a fresh count of attempts. */
    async retry(id: number, now = new Date()): Promise<PushRow> {
      const row = await db
        .selectFrom("search_pushes")
        .select(columns)
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) throw new AppError(404, "推送记录不存在");
      if (row.status !== "failed") throw new AppError(400, "只有推送失败的记录可以重新推送");
      const queued = await db
        .selectFrom("search_pushes")
        .select("id")
        .where("engine", "=", row.engine)
        .where("url", "=", row.url)
        .where("status", "in", ["pending", "quota"])
        .executeTakeFirst();
      if (queued) throw new AppError(409, "该链接已在推送队列中");
      const at = now.toISOString();
      const r = await db
        .updateTable("search_pushes")
        .set({ status: "pending", attempts: 0, next_attempt_at: at, claimed_until: null, updated_at: at })
        .where("id", "=", id)
        .where("status", "=", "failed")
        .returning(columns)
        .executeTakeFirst()
        // Queued by a publish in the meantime: the unique index of queued rows refuses a second one.
        .catch((err: Error) => {
          if (/unique/i.test(err.message)) return undefined;
          throw err;
        });
      if (!r) throw new AppError(409, "该链接已在推送队列中");
      return toRow(r);
    },
  };
}

export type SearchPush = ReturnType<typeof createSearchPush>;

/** The job (server/jobs/runner.ts): one run sends a batch of each engine's due rows (PUSH_POLL_SECONDS). */
export const searchPushJob = (
  pushes: SearchPush,
  everySeconds: number,
): JobKind<{ calls: number; rows: number }> => ({
  name: "search-push",
  everyMs: everySeconds * 1000,
  enabled: pushes.active,
  // A send has its own time (TIMEOUT_MS); a run stuck past this gives its rows back with the lease.
  timeoutMs: LEASE_MS,
  idle: { calls: 0, rows: 0 },
  run: ({ now }) => pushes.sendDue(now ?? new Date()),
});
