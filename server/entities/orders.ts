import type { Insertable, Selectable } from "kysely";
import type { z } from "zod";
import type { AdminOrder, OrderFilterSchema, Paged } from "../../contract/admin";
import { ORDER_STATUSES } from "../../contract/admin";
import { professionLabel } from "../../contract/signup";
import type { Database } from "../db";
import type { SignupOrderTable } from "../db/schema";
import { beijingDayEnd, beijingDayStart, beijingTime, toCsv } from "../services/csv";
import { AppError } from "../services/errors";
import type { Pii } from "../services/pii";
import { fenToYuan } from "../services/rows";
import { EXPORT_MAX_ROWS } from "./leads";

type OrderFilter = z.infer<typeof OrderFilterSchema>;
export type OrderRow = Selectable<SignupOrderTable>;
export type NewOrder = Insertable<SignupOrderTable>;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    /UNIQUE constraint/i.test(e?.message ?? "")
  );
}

/** Orders with their product's name (a deleted product: null). */
const withProduct = (db: Database["db"]) =>
  db
    .selectFrom("signup_orders as o")
    .leftJoin("products as p", "p.id", "o.product_id")
    .selectAll("o")
    .select("p.name as product_name");

/**
 * The sign-up flow's own reads and writes of orders (server/services/signup.ts holds the rules
 * and the payment; this holds the table): by order number or Idempotency-Key, the insert that
 * answers a stored order for a repeated key, and the one-way PENDING → PAID of a gateway notify.
 */
export function createOrderStore(database: Database) {
  const { db } = database;
  const byOrderNo = (orderNo: string) =>
    db.selectFrom("signup_orders").selectAll().where("order_no", "=", orderNo).executeTakeFirst();
  const byKey = (key: string) =>
    db.selectFrom("signup_orders").selectAll().where("idempotency_key", "=", key).executeTakeFirst();

  return {
    byOrderNo,

    /** The order with its product's name (the result page and the cashier show it). */
    async withProductName(orderNo: string): Promise<(OrderRow & { product_name: string }) | undefined> {
      const r = await withProduct(db).where("o.order_no", "=", orderNo).executeTakeFirst();
      return r ? { ...r, product_name: r.product_name ?? "" } : undefined;
    },

    /**
     * Stores a PENDING order under a fresh order number (drawn again when one is taken). With a key,
     * an order already stored under it is answered instead, also when a concurrent insert with the
     * same key wins the race: `created` tells which.
     */
    async insertOnce(
      values: Omit<NewOrder, "order_no" | "idempotency_key">,
      key: string | undefined,
      orderNo: () => string,
    ): Promise<{ row: OrderRow; created: boolean }> {
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          return await db.transaction().execute(async (trx) => {
            if (key) {
              const existing = await trx
                .selectFrom("signup_orders")
                .selectAll()
                .where("idempotency_key", "=", key)
                .executeTakeFirst();
              if (existing) return { row: existing, created: false };
            }
            const row = await trx
              .insertInto("signup_orders")
              .values({ ...values, order_no: orderNo(), idempotency_key: key ?? null })
              .returningAll()
              .executeTakeFirstOrThrow();
            return { row, created: true };
          });
        } catch (err) {
          if (key) {
            const existing = await byKey(key);
            if (existing) return { row: existing, created: false };
          }
          if (isUniqueViolation(err)) continue; // order number taken: draw another
          throw err;
        }
      }
      throw new Error("could not allocate an order number");
    },

    /** PENDING → PAID with the gateway's trade number, once; false when the order was not pending. */
    async markPaid(orderNo: string, tradeNo: string | null): Promise<boolean> {
      const r = await db
        .updateTable("signup_orders")
        .set({ status: "PAID", trade_no: tradeNo, paid_at: new Date().toISOString() })
        .where("order_no", "=", orderNo)
        .where("status", "=", "PENDING")
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
export type OrderStore = ReturnType<typeof createOrderStore>;

const SIGN_WAYS: Record<string, string> = { INDIVIDUAL: "个人", COMPANY: "企业" };
const label = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((x) => x.value === v)?.label ?? v;

function parseAnswers(json: string): AdminOrder["answers"] {
  try {
    const v = JSON.parse(json) as unknown;
    if (!Array.isArray(v)) return [];
    return v
      .filter((a): a is Record<string, unknown> => a !== null && typeof a === "object")
      .map((a) => ({
        questionId: Number(a.questionId),
        title: String(a.title ?? ""),
        answer: String(a.answer ?? ""),
      }));
  } catch {
    return [];
  }
}

const toOrder = (r: Selectable<SignupOrderTable> & { product_name: string | null }): AdminOrder => ({
  id: r.id,
  orderNo: r.order_no,
  productId: r.product_id,
  productName: r.product_name ?? "",
  shopId: r.shop_id,
  shopName: r.shop_name,
  profession: r.profession,
  signWay: r.sign_way,
  companyName: r.company_name,
  signer: r.signer,
  contact: r.contact,
  idCardMasked: r.id_card_masked,
  hasIdCard: Boolean(r.id_card_enc),
  payer: r.payer,
  quantity: r.quantity,
  unitPrice: fenToYuan(Number(r.unit_price_fen)),
  total: fenToYuan(Number(r.total_fen)),
  status: r.status,
  tradeNo: r.trade_no,
  createdAt: r.created_at,
  paidAt: r.paid_at,
  answers: parseAnswers(r.answers_json),
});

/**
 * Sign-up orders for operators: filtered lists, detail, status, CSV export. ID
 * numbers stay masked everywhere; reveal() decrypts one on request (the caller audits it).
 */
export function createOrderRecords(deps: { database: Database; pii: () => Pii }) {
  const { db } = deps.database;

  function orderQuery(f: Omit<OrderFilter, "page" | "pageSize">) {
    let q = db.selectFrom("signup_orders as o").leftJoin("products as p", "p.id", "o.product_id");
    if (f.status) q = q.where("o.status", "=", f.status);
    if (f.productId) q = q.where("o.product_id", "=", f.productId);
    if (f.from) q = q.where("o.created_at", ">=", beijingDayStart(f.from));
    if (f.to) q = q.where("o.created_at", "<", beijingDayEnd(f.to));
    if (f.q) {
      const like = `%${f.q}%`;
      q = q.where((eb) =>
        eb.or([
          eb("o.order_no", "like", like),
          eb("o.signer", "like", like),
          eb("o.company_name", "like", like),
          eb("o.contact", "like", like),
          eb("o.payer", "like", like),
        ]),
      );
    }
    return q;
  }

  return {
    async orders(f: OrderFilter): Promise<Paged<AdminOrder>> {
      const q = orderQuery(f);
      const [rows, total] = await Promise.all([
        q
          .selectAll("o")
          .select("p.name as product_name")
          .orderBy("o.created_at", "desc")
          .orderBy("o.id", "desc")
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toOrder), total: Number(total.n), page: f.page, pageSize: f.pageSize };
    },

    async order(id: number): Promise<AdminOrder> {
      const r = await withProduct(db).where("o.id", "=", id).executeTakeFirst();
      if (!r) throw new AppError(404, "订单不存在");
      return toOrder(r);
    },

    /**
     * Marks an order paid by hand (a transfer outside the gateway) or back to pending. A paid
     * order keeps its gateway trade number; paid_at is set when it becomes paid.
     */
    async setOrderStatus(id: number, status: AdminOrder["status"]): Promise<AdminOrder> {
      const r = await db
        .updateTable("signup_orders")
        .set(status === "PAID" ? { status, paid_at: new Date().toISOString() } : { status, paid_at: null })
        .where("id", "=", id)
        .where("status", "!=", status)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) await this.order(id); // 404 when missing; else unchanged
      return this.order(id);
    },

    /** The full ID number of one order (decrypted). The caller writes the audit entry. */
    async revealIdCard(id: number): Promise<{ order: AdminOrder; idCard: string }> {
      const r = await db
        .selectFrom("signup_orders")
        .select(["id", "id_card_enc"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!r) throw new AppError(404, "订单不存在");
      if (!r.id_card_enc) throw new AppError(404, "该订单没有身份证号");
      let idCard: string;
      try {
        idCard = deps.pii().decrypt(r.id_card_enc);
      } catch {
        throw new AppError(409, "身份证号无法解密（密钥与加密时不同）");
      }
      return { order: await this.order(id), idCard };
    },

    async ordersCsv(f: Omit<OrderFilter, "page" | "pageSize">): Promise<{ csv: string; rows: number }> {
      const rows = await orderQuery(f)
        .selectAll("o")
        .select("p.name as product_name")
        .orderBy("o.created_at", "desc")
        .orderBy("o.id", "desc")
        .limit(EXPORT_MAX_ROWS)
        .execute();
      const csv = toCsv(
        [
          "订单号",
          "产品编号",
          "产品",
          "身份",
          "签约方式",
          "企业名称",
          "签约人",
          "手机号",
          "身份证号（已脱敏）",
          "付款人/方",
          "份数",
          "单价（元）",
          "金额（元）",
          "状态",
          "支付流水号",
          "店铺编号",
          "店铺名称",
          "下单时间",
          "支付时间",
          "问卷回答",
        ],
        rows.map((r) => {
          const o = toOrder(r);
          return [
            o.orderNo,
            o.productId,
            o.productName,
            professionLabel(o.profession),
            SIGN_WAYS[o.signWay] ?? o.signWay,
            o.companyName,
            o.signer,
            o.contact,
            o.idCardMasked,
            o.payer,
            o.quantity,
            o.unitPrice.toFixed(2),
            o.total.toFixed(2),
            label(ORDER_STATUSES, o.status),
            o.tradeNo,
            o.shopId,
            o.shopName,
            beijingTime(o.createdAt),
            beijingTime(o.paidAt),
            o.answers.map((a) => `${a.title}：${a.answer}`).join("；"),
          ];
        }),
      );
      return { csv, rows: rows.length };
    },
  };
}

export type OrderRecords = ReturnType<typeof createOrderRecords>;
