import fs from "node:fs/promises";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db";
import type { DB } from "../db/schema";
import type { Logger } from "../logger";
import { idCopyDir, idCopyFile } from "./id-copies";
import { maskMobile, maskName } from "./pii";

/**
 * Personal data kept only as long as the purpose needs (PIPL). Orders and leads older than
 * PII_RETENTION_DAYS lose their ID numbers, ID-card copies, mobile numbers and names; what the
 * business needs stays (amounts, products, dates, a masked mobile and name). An admin can do the
 * same for one person at their request, found by mobile number.
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
}

const LOCK_KEY = 727_401;
const ORDER_FIELDS = { id: "身份证号", contact: "手机号", names: "签约人/付款人姓名" };
const LEAD_FIELDS = { pic: "身份证复印件", phone: "手机号", name: "姓名" };

const isMasked = (s: string | null) => s === null || s.includes("*");

type Scope = { before: string } | { mobile: string };

export function createRetention(deps: {
  database: Database;
  dataDir: string;
  logger: Logger;
  /** PII_RETENTION_DAYS; 0 turns the daily job off */
  days: number;
  now?: () => Date;
}) {
  const { database, logger } = deps;
  const { db } = database;
  const now = deps.now ?? (() => new Date());

  const orderQuery = (q: Kysely<DB>, scope: Scope) => {
    let s = q
      .selectFrom("signup_orders")
      .select([
        "id",
        "order_no",
        "created_at",
        "total_fen",
        "id_card_enc",
        "id_card_masked",
        "contact",
        "signer",
        "payer",
      ])
      .where((eb) =>
        eb.or([
          eb("id_card_enc", "is not", null),
          eb("id_card_masked", "is not", null),
          eb("contact", "not like", "%*%"),
        ]),
      );
    s = "before" in scope ? s.where("created_at", "<", scope.before) : s.where("contact", "=", scope.mobile);
    return s.orderBy("id");
  };
  const leadQuery = (q: Kysely<DB>, scope: Scope) => {
    let s = q
      .selectFrom("mcn_leads")
      .select(["id", "form", "created_at", "id_copy_pic", "phone", "name"])
      .where((eb) => eb.or([eb("id_copy_pic", "is not", null), eb("phone", "not like", "%*%")]));
    s = "before" in scope ? s.where("created_at", "<", scope.before) : s.where("phone", "=", scope.mobile);
    return s.orderBy("id");
  };

  async function plan(scope: Scope, q: Kysely<DB> = db): Promise<ErasurePlan> {
    const [orders, leads] = await Promise.all([
      orderQuery(q, scope).execute(),
      leadQuery(q, scope).execute(),
    ]);
    return {
      orders: orders.map((o) => ({
        id: o.id,
        orderNo: o.order_no,
        createdAt: o.created_at,
        totalFen: o.total_fen,
        fields: [
          ...(o.id_card_enc || o.id_card_masked ? [ORDER_FIELDS.id] : []),
          ...(isMasked(o.contact) ? [] : [ORDER_FIELDS.contact]),
          ...(isMasked(o.signer) && isMasked(o.payer) ? [] : [ORDER_FIELDS.names]),
        ],
      })),
      leads: leads.map((l) => ({
        id: l.id,
        form: l.form,
        createdAt: l.created_at,
        fields: [
          ...(l.id_copy_pic ? [LEAD_FIELDS.pic] : []),
          ...(isMasked(l.phone) ? [] : [LEAD_FIELDS.phone]),
          ...(isMasked(l.name) ? [] : [LEAD_FIELDS.name]),
        ],
      })),
    };
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
        if (!rows[0]?.ok) return { orders: 0, leads: 0, files: 0, ran: false };
      }
      const orders = await orderQuery(tx, scope).execute();
      for (const o of orders) {
        await tx
          .updateTable("signup_orders")
          .set({
            id_card_enc: null,
            id_card_masked: null,
            request_hash: null,
            contact: maskMobile(o.contact),
            signer: isMasked(o.signer) ? o.signer : maskName(o.signer),
            payer: isMasked(o.payer) ? o.payer : maskName(o.payer),
          })
          .where("id", "=", o.id)
          .execute();
      }
      const leads = await leadQuery(tx, scope).execute();
      for (const l of leads) {
        if (l.id_copy_pic) pictures.push(l.id_copy_pic);
        await tx
          .updateTable("mcn_leads")
          .set({
            id_copy_pic: null,
            phone: maskMobile(l.phone),
            name: isMasked(l.name) ? l.name : maskName(l.name),
          })
          .where("id", "=", l.id)
          .execute();
      }
      const r = { orders: orders.length, leads: leads.length, files: pictures.length, ran: true };
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
    return { ...result, files };
  }

  const cutoff = () => new Date(now().getTime() - deps.days * 86_400_000).toISOString();

  return {
    days: deps.days,
    /** what the daily job would erase now */
    planExpired: () => plan({ before: cutoff() }),
    /** the daily job: erases what is older than PII_RETENTION_DAYS */
    async runExpired(): Promise<ErasureResult> {
      if (deps.days <= 0) return { orders: 0, leads: 0, files: 0, ran: false };
      const r = await erase(
        { before: cutoff() },
        {
          userId: null,
          username: "system",
          action: "retention_erase",
          summary: (x) =>
            `按保存期限（${deps.days} 天）清除 ${x.orders} 条报名订单、${x.leads} 条线索的身份证号、身份证复印件和手机号`,
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
      logger.info({ orders: r.orders, leads: r.leads }, "personal data erased on request");
      return r;
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

/** Runs the job shortly after start and then daily; returns a stop function. */
export function scheduleRetention(retention: Retention, logger: Logger, firstDelayMs = 60_000): () => void {
  if (retention.days <= 0) return () => {};
  const run = () =>
    retention
      .runExpired()
      .catch((err) => logger.error({ err: (err as Error).message }, "retention job failed"));
  const first = setTimeout(run, firstDelayMs);
  const daily = setInterval(run, 86_400_000);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
