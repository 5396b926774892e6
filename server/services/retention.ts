import fs from "node:fs/promises";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import {
  FREE_TEXT_QUESTION_TYPES,
  LEAD_PERSONAL_FIELDS,
  ORDER_PERSONAL_FIELDS,
  type PersonalFieldErasure,
} from "../../contract/privacy";
import { CHOICE_SEPARATOR, OPTION_TEXT_SEPARATOR } from "../../contract/signup";
import type { Database } from "../db";
import type { DB } from "../db/schema";
import { truncateWal, WAL_TRUNCATE_WAIT_MS } from "../db/wal";
import type { JobKind } from "../jobs/runner";
import type { Logger } from "../logger";
import { idCopyDir, idCopyFile } from "./id-copies";
import { maskMobile, maskName } from "./pii";

/**
 * Personal data kept only as long as the purpose needs (PIPL). Orders and leads older than
 * PII_RETENTION_DAYS lose their personal fields, as contract/privacy.ts lists them (ID numbers and
 * copies, mobiles, names, shop, typed-in answers, channel, user agent, IP hash); what the business
 * needs stays (amounts, products, dates, chosen options, a masked mobile and name). An admin can do
 * the same for one person at their request, found by mobile number. An erasure reaches the bytes:
 * the database files are scrubbed after it (scrubFiles), audit entries keep the masked mobile only.
 * When the files cannot be scrubbed yet (SQLite: a reader holds the WAL), the erasure says so
 * (`scrubbed: false`) and the scrub is tried again every minute, and with the next erasure, until done.
 *
 * Idempotent: a row is a candidate only while it still holds something to erase (a real mobile has
 * no "*", a masked one always has). Safe with several instances: each run is one transaction
 * (PostgreSQL: under an advisory lock the other instances skip), it audits what it changed, and a
 * run that finds nothing writes nothing.
 */

export interface ErasureOrder {
  id: number;
  orderNo: string;
  createdAt: string;
  totalFen: number;
  /** what will be erased (Chinese field labels, for the console) */
  fields: string[];
}
export interface ErasureLead {
  id: number;
  form: string;
  createdAt: string;
  fields: string[];
}
export interface ErasurePlan {
  orders: ErasureOrder[];
  leads: ErasureLead[];
}

export interface ErasureResult {
  orders: number;
  leads: number;
  files: number;
  /** false when another instance held the lock (PostgreSQL) */
  ran: boolean;
  /**
   * the database files no longer hold what was erased (SQLite: the WAL was folded back and
   * emptied; PostgreSQL: the tables were vacuumed); false: the rows are erased, the files not yet
   */
  scrubbed: boolean;
}

/** How often an unfinished scrub is tried again. */
const SCRUB_RETRY_MS = 60_000;

const LOCK_KEY = 727_401;

const isMasked = (s: string | null) => s === null || s.includes("*");

type Scope = { before: string } | { mobile: string };
type Row = Record<string, unknown> & { id: number };
type Field = { column: string; label: string; erase: PersonalFieldErasure };

/** Question id → type, for the questions whose answers may hold typed-in text. */
type FreeText = Map<number, string>;

/** One answer without what the visitor typed in: a text answer empties, "其他平台:…" keeps the option. */
function eraseAnswer(type: string, answer: string): string {
  if (type !== "CHECKBOX_INPUT") return "";
  return answer
    .split(CHOICE_SEPARATOR)
    .map((piece) => piece.split(OPTION_TEXT_SEPARATOR)[0])
    .join(CHOICE_SEPARATOR);
}

/** The answers with what the visitor typed in removed (the chosen options stay). */
function eraseAnswers(json: string, freeText: FreeText): string {
  try {
    const v = JSON.parse(json) as unknown;
    if (!Array.isArray(v)) return "[]";
    return JSON.stringify(
      v.map((a) => {
        if (!a || typeof a !== "object") return a;
        const type = freeText.get(Number((a as { questionId?: unknown }).questionId));
        const answer = (a as { answer?: unknown }).answer;
        return type ? { ...a, answer: eraseAnswer(type, String(answer ?? "")) } : a;
      }),
    );
  } catch {
    return "[]";
  }
}

/** What erasing the field changes in this row: the new value, or undefined when nothing is left. */
function erasedValue(f: Field, value: unknown, freeText: FreeText): unknown {
  if (value === null || value === undefined) return undefined;
  switch (f.erase) {
    case "mobile":
    case "name": {
      const s = String(value);
      if (isMasked(s)) return undefined;
      return f.erase === "mobile" ? maskMobile(s) : maskName(s);
    }
    case "answers": {
      const s = String(value);
      const erased = eraseAnswers(s, freeText);
      return erased === s ? undefined : erased;
    }
    default:
      return null;
  }
}

function erasure(fields: readonly Field[], row: Row, freeText: FreeText) {
  const set: Record<string, unknown> = {};
  const labels: string[] = [];
  for (const f of fields) {
    const v = erasedValue(f, row[f.column], freeText);
    if (v === undefined) continue;
    set[f.column] = v;
    if (!labels.includes(f.label)) labels.push(f.label);
  }
  return { set, labels };
}

export function createRetention(deps: {
  database: Database;
  dataDir: string;
  logger: Logger;
  /** PII_RETENTION_DAYS; 0 turns the daily job off */
  days: number;
  now?: () => Date;
  /** how long one scrub waits for the readers of SQLite's WAL (default 10 s) */
  scrubWaitMs?: number;
  /** how long after an unfinished scrub it is tried again (default a minute) */
  scrubRetryMs?: number;
}) {
  const { database, logger } = deps;
  const { db } = database;
  const now = deps.now ?? (() => new Date());

  const orderColumns = [...new Set(ORDER_PERSONAL_FIELDS.map((f) => f.column))];
  const leadColumns = [...new Set(LEAD_PERSONAL_FIELDS.map((f) => f.column))];

  // A row is a candidate while any personal field still holds something: a real mobile has no "*",
  // and the other fields are emptied together with it (the form digest marks an order not yet erased).
  const orderQuery = (q: Kysely<DB>, scope: Scope) => {
    let s = q
      .selectFrom("signup_orders")
      .select(["id", "order_no", "created_at", "total_fen", ...orderColumns] as never[])
      .where((eb) =>
        eb.or([
          eb("contact", "not like", "%*%"),
          ...ORDER_PERSONAL_FIELDS.filter((f) => f.erase === "null").map((f) =>
            eb(f.column as never, "is not", null),
          ),
        ]),
      );
    s = "before" in scope ? s.where("created_at", "<", scope.before) : s.where("contact", "=", scope.mobile);
    return s.orderBy("id");
  };
  const leadQuery = (q: Kysely<DB>, scope: Scope) => {
    let s = q
      .selectFrom("mcn_leads")
      .select(["id", "form", "created_at", ...leadColumns] as never[])
      .where((eb) =>
        eb.or([
          eb("phone", "not like", "%*%"),
          ...LEAD_PERSONAL_FIELDS.filter((f) => f.erase === "null").map((f) =>
            eb(f.column as never, "is not", null),
          ),
        ]),
      );
    s = "before" in scope ? s.where("created_at", "<", scope.before) : s.where("phone", "=", scope.mobile);
    return s.orderBy("id");
  };

  const freeTextQuestions = async (q: Kysely<DB>): Promise<FreeText> =>
    new Map(
      (
        await q
          .selectFrom("questions")
          .select(["id", "type"])
          .where("type", "in", [...FREE_TEXT_QUESTION_TYPES])
          .execute()
      ).map((r) => [r.id, r.type]),
    );

  async function plan(scope: Scope, q: Kysely<DB> = db): Promise<ErasurePlan> {
    const [orders, leads, freeText] = await Promise.all([
      orderQuery(q, scope).execute() as Promise<Row[]>,
      leadQuery(q, scope).execute() as Promise<Row[]>,
      freeTextQuestions(q),
    ]);
    return {
      orders: orders.map((o) => ({
        id: o.id,
        orderNo: String(o.order_no),
        createdAt: String(o.created_at),
        totalFen: Number(o.total_fen),
        fields: erasure(ORDER_PERSONAL_FIELDS, o, freeText).labels.filter((l) => l !== "表单摘要"),
      })),
      leads: leads.map((l) => ({
        id: l.id,
        form: String(l.form),
        createdAt: String(l.created_at),
        fields: erasure(LEAD_PERSONAL_FIELDS, l, freeText).labels,
      })),
    };
  }

  /** an erasure whose files are not scrubbed yet: retried by a timer and by the next erasure */
  let pending = false;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  function retryLater() {
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (!pending || stopped) return;
      void scrubFiles().then((done) => {
        if (done) logger.info("erased personal data scrubbed from the database files on a later try");
      });
    }, deps.scrubRetryMs ?? SCRUB_RETRY_MS);
    retry.unref();
  }

  /**
   * Makes the erased bytes unrecoverable from the database files: SQLite overwrites freed content
   * itself (secure_delete, server/db/index.ts) and its WAL is folded back and emptied here, waiting
   * for the connections reading it (server/db/wal.ts); PostgreSQL keeps the old row versions until
   * a VACUUM of the tables removes them. False when that could not be done now.
   */
  async function scrubFiles(): Promise<boolean> {
    let done = false;
    try {
      if (database.sqlite) {
        const r = await truncateWal(database.sqlite, { maxWaitMs: deps.scrubWaitMs ?? WAL_TRUNCATE_WAIT_MS });
        done = r.done;
        if (!done)
          logger.warn(
            { attempts: r.attempts, last: r.last },
            "erased rows not yet scrubbed from the database files: a reader holds the WAL; retrying every minute",
          );
      } else {
        for (const t of ["signup_orders", "mcn_leads", "audit_log"])
          await sql`VACUUM ${sql.table(t)}`.execute(db);
        done = true;
      }
    } catch (err) {
      logger.warn({ err: (err as Error).message }, "erased rows not yet scrubbed from the database files");
    }
    pending = !done;
    if (pending) retryLater();
    return done;
  }

  async function erase(
    scope: Scope,
    audit: {
      userId: number | null;
      username: string;
      ipHash?: string | null;
      action: string;
      summary: (r: ErasureResult) => string;
    },
  ): Promise<ErasureResult> {
    const pictures: string[] = [];
    const result = await db.transaction().execute(async (tx) => {
      if (database.dialect === "postgres") {
        const { rows } = await sql<{
          ok: boolean;
        }>`SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS ok`.execute(tx);
        if (!rows[0]?.ok) return { orders: 0, leads: 0, files: 0, ran: false, scrubbed: true };
      }
      const freeText = await freeTextQuestions(tx);
      // Audit entries keep a masked mobile and name only (an export filtered by a mobile names it).
      const spoken = new Map<string, string>();
      const orders = (await orderQuery(tx, scope).execute()) as Row[];
      for (const o of orders) {
        const { set } = erasure(ORDER_PERSONAL_FIELDS, o, freeText);
        for (const f of ORDER_PERSONAL_FIELDS)
          if ((f.erase === "mobile" || f.erase === "name") && typeof set[f.column] === "string")
            spoken.set(String(o[f.column]), String(set[f.column]));
        await tx.updateTable("signup_orders").set(set).where("id", "=", o.id).execute();
      }
      const leads = (await leadQuery(tx, scope).execute()) as Row[];
      for (const l of leads) {
        if (l.id_copy_pic) pictures.push(String(l.id_copy_pic));
        const { set } = erasure(LEAD_PERSONAL_FIELDS, l, freeText);
        for (const f of LEAD_PERSONAL_FIELDS)
          if ((f.erase === "mobile" || f.erase === "name") && typeof set[f.column] === "string")
            spoken.set(String(l[f.column]), String(set[f.column]));
        await tx.updateTable("mcn_leads").set(set).where("id", "=", l.id).execute();
      }
      for (const [plain, masked] of spoken) {
        // names of one character would match too much text
        if ([...plain].length < 2) continue;
        await tx
          .updateTable("audit_log")
          .set((eb) => ({ summary: eb.fn<string>("replace", ["summary", eb.val(plain), eb.val(masked)]) }))
          .where("summary", "like", `%${plain.replace(/[\\%_]/g, "")}%`)
          .execute();
      }
      const r = {
        orders: orders.length,
        leads: leads.length,
        files: pictures.length,
        ran: true,
        scrubbed: true,
      };
      if (r.orders + r.leads > 0) {
        await tx
          .insertInto("audit_log")
          .values({
            user_id: audit.userId,
            username: audit.username,
            action: audit.action,
            entity: "pii",
            entity_id: null,
            summary: audit.summary(r).slice(0, 500),
            ip_hash: audit.ipHash ?? null,
            created_at: now().toISOString(),
          })
          .execute();
      }
      return r;
    });
    // The pictures go once the rows no longer name them (counted once, whoever removes a file).
    let files = 0;
    for (const ref of pictures) {
      const file = idCopyFile(deps.dataDir, ref);
      if (
        file &&
        (await fs.unlink(file).then(
          () => true,
          () => false,
        ))
      )
        files++;
    }
    // also when nothing was left to erase, while an earlier erasure's scrub is unfinished
    const scrubbed = result.orders + result.leads > 0 || pending ? await scrubFiles() : true;
    return { ...result, files, scrubbed };
  }

  const cutoff = () => new Date(now().getTime() - deps.days * 86_400_000).toISOString();

  return {
    days: deps.days,
    /** what the daily job would erase now */
    planExpired: () => plan({ before: cutoff() }),
    /** the daily job: erases what is older than PII_RETENTION_DAYS */
    async runExpired(): Promise<ErasureResult> {
      if (deps.days <= 0) return { orders: 0, leads: 0, files: 0, ran: false, scrubbed: true };
      const r = await erase(
        { before: cutoff() },
        {
          userId: null,
          username: "system",
          action: "retention_erase",
          summary: (x) =>
            `按保存期限（${deps.days} 天）清除 ${x.orders} 条报名订单、${x.leads} 条线索的个人信息`,
        },
      );
      // ID copies uploaded but never sent with a lead are as old as their file.
      const stray = await removeOldFiles(idCopyDir(deps.dataDir), now().getTime() - deps.days * 86_400_000);
      if (r.orders + r.leads + stray > 0)
        logger.info({ ...r, stray, days: deps.days }, "personal data past retention erased");
      return { ...r, files: r.files + stray };
    },
    /** what erasing one person's data (by mobile number) would change: shown before it is done */
    planForMobile: (mobile: string) => plan({ mobile }),
    async eraseForMobile(
      mobile: string,
      actor: { userId: number | null; username: string; ipHash?: string | null },
    ): Promise<ErasureResult> {
      const r = await erase(
        { mobile },
        {
          ...actor,
          action: "erase_person",
          summary: (x) =>
            `按本人请求清除手机号 ${maskMobile(mobile)} 的个人信息：报名订单 ${x.orders} 条、线索 ${x.leads} 条`,
        },
      );
      logger.info(
        { orders: r.orders, leads: r.leads, scrubbed: r.scrubbed },
        "personal data erased on request",
      );
      return r;
    },
    /** stops retrying an unfinished scrub (the database is closing) */
    stop() {
      stopped = true;
      clearTimeout(retry);
      retry = undefined;
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;

async function removeOldFiles(dir: string, beforeMs: number): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const st = await fs.stat(file);
      if (st.isFile() && st.mtimeMs < beforeMs) {
        await fs.unlink(file);
        removed++;
      }
    } catch {
      // removed meanwhile (another instance's sweep): not counted twice
    }
  }
  return removed;
}

/**
 * The job (server/jobs/runner.ts): PII_RETENTION_DAYS applied a minute after start, then daily
 * (nothing when it is 0); when the runner stops, an unfinished scrub stops being retried.
 */
export function retentionJob(
  retention: Retention,
  logger: Logger,
  firstAfterMs = 60_000,
): JobKind<ErasureResult | null> {
  return {
    name: "retention",
    everyMs: 86_400_000,
    firstAfterMs,
    enabled: retention.days > 0,
    idle: null,
    run: () =>
      retention.runExpired().catch((err: Error) => {
        logger.error({ err: err.message }, "retention job failed");
        return null;
      }),
    stopped: () => retention.stop(),
  };
}
