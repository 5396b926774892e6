import type { z } from "zod";
import {
  type AdminProduct,
  type AdminQuestion,
  type ProductFormSchema,
  type QuestionFormSchema,
  yuanToFen,
} from "../../contract/admin";
import { productChange } from "../../contract/cache-tags";
import type { ProductDetail, Question } from "../../contract/entities";
import type { Database } from "../db";
import type { ContentEvents } from "../services/content-events";
import { AppError, notFound } from "../services/errors";
import { sanitizeRichText } from "../services/html";
import { bool, fenToYuan } from "../services/rows";

type ProductForm = z.infer<typeof ProductFormSchema>;
type QuestionForm = z.infer<typeof QuestionFormSchema>;

/**
 * Sign-up products and their questions: what the sign-up form reads, and what editors change (price
 * in yuan, stored in fen; agreement HTML sanitised).
 */
export function createProductService(deps: { database: Database; events: ContentEvents }) {
  const { db } = deps.database;

  async function orderCounts(ids: number[]) {
    if (ids.length === 0) return new Map<number, number>();
    const rows = await db
      .selectFrom("signup_orders")
      .select(["product_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("product_id", "in", ids)
      .groupBy("product_id")
      .execute();
    return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
  }

  /** A product's questions (its own and the shared ones) with their options, in form order. */
  async function questionRows(productId: number, visibleOnly: boolean) {
    let q = db
      .selectFrom("questions")
      .selectAll()
      .where((eb) => eb.or([eb("product_id", "=", productId), eb("product_id", "is", null)]));
    if (visibleOnly) q = q.where("hidden", "=", false);
    const qs = await q.orderBy("sort_order").orderBy("id").execute();
    const ids = qs.map((x) => x.id);
    const options =
      ids.length === 0
        ? []
        : await db
            .selectFrom("question_options")
            .selectAll()
            .where("question_id", "in", ids)
            .orderBy("question_id")
            .orderBy("sort_order")
            .orderBy("id")
            .execute();
    return { qs, options };
  }

  async function questions(productId: number): Promise<AdminQuestion[]> {
    const { qs, options } = await questionRows(productId, false);
    return qs.map((q) => ({
      id: q.id,
      productId: q.product_id,
      title: q.title,
      showTitle: q.show_title,
      field: q.field,
      type: q.type,
      required: bool(q.required),
      hidden: bool(q.hidden),
      sortOrder: q.sort_order,
      options: options
        .filter((o) => o.question_id === q.id)
        .map((o) => ({ title: o.title, hasInput: bool(o.has_input) })),
    }));
  }

  async function question(id: number): Promise<AdminQuestion> {
    const q = await db.selectFrom("questions").select("product_id").where("id", "=", id).executeTakeFirst();
    if (!q) throw new AppError(404, "问题不存在");
    const all = await questions(q.product_id ?? 0);
    const found = all.find((x) => x.id === id);
    if (!found) throw new AppError(404, "问题不存在");
    return found;
  }

  const toProduct = (
    r: {
      id: number;
      name: string;
      price_fen: number;
      contract_html: string;
      requires_agreement: boolean | number;
      created_at: string;
    },
    orders: number,
  ): AdminProduct => ({
    id: r.id,
    name: r.name,
    price: fenToYuan(Number(r.price_fen)),
    contractHtml: r.contract_html,
    requiresAgreement: bool(r.requires_agreement),
    createdAt: r.created_at,
    orders,
  });

  return {
    async detail(productId: number): Promise<ProductDetail> {
      const p = await db.selectFrom("products").selectAll().where("id", "=", productId).executeTakeFirst();
      if (!p) throw notFound("产品");
      return {
        productId: p.id,
        productName: p.name,
        productContract: p.contract_html,
        price: fenToYuan(p.price_fen),
        requiresAgreement: bool(p.requires_agreement),
      };
    },

    /** The visible sign-up questions of a product, with their options, in form order (the sign-up form). */
    async questions(productId: number): Promise<Question[]> {
      const product = await db
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        .executeTakeFirst();
      if (!product) throw notFound("产品");
      const { qs, options } = await questionRows(productId, true);
      return qs.map((q) => ({
        questionId: q.id,
        questionTitle: q.title,
        showTitle: q.show_title,
        questionField: q.field,
        questionType: q.type,
        required: bool(q.required) ? "TRUE" : "FALSE",
        additionList: options
          .filter((o) => o.question_id === q.id)
          .map((o) => ({ optionTitle: o.title, questionId: o.question_id, hasInput: bool(o.has_input) })),
      }));
    },

    /** Which of these product ids exist (a landing page's buy buttons). */
    async existing(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom("products")
        .select("id")
        .where("id", "in", [...new Set(ids)])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Every product with its order count (the console's list). */
    async all(): Promise<AdminProduct[]> {
      const rows = await db.selectFrom("products").selectAll().orderBy("id").execute();
      const counts = await orderCounts(rows.map((r) => r.id));
      return rows.map((r) => toProduct(r, counts.get(r.id) ?? 0));
    },

    /** One product with all its questions, hidden ones included (the console's editor). */
    async product(id: number): Promise<AdminProduct & { questions: AdminQuestion[] }> {
      const r = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
      if (!r) throw new AppError(404, "产品不存在");
      const counts = await orderCounts([id]);
      return { ...toProduct(r, counts.get(id) ?? 0), questions: await questions(id) };
    },

    async create(input: ProductForm): Promise<AdminProduct> {
      const taken = await db
        .selectFrom("products")
        .select("id")
        .where("id", "=", input.id)
        .executeTakeFirst();
      if (taken) throw new AppError(409, "产品编号已存在");
      await db
        .insertInto("products")
        .values({
          id: input.id,
          name: input.name,
          price_fen: yuanToFen(input.price),
          contract_html: sanitizeRichText(input.contractHtml),
          requires_agreement: input.requiresAgreement,
          created_at: new Date().toISOString(),
        })
        .execute();
      await deps.events.changed(productChange(input.id));
      return this.product(input.id);
    },

    /** The id stays what it is (orders and links refer to it). */
    async update(id: number, input: ProductForm): Promise<AdminProduct> {
      const r = await db
        .updateTable("products")
        .set({
          name: input.name,
          price_fen: yuanToFen(input.price),
          contract_html: sanitizeRichText(input.contractHtml),
          requires_agreement: input.requiresAgreement,
        })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw new AppError(404, "产品不存在");
      await deps.events.changed(productChange(id));
      return this.product(id);
    },

    async remove(id: number): Promise<AdminProduct> {
      const p = await this.product(id);
      if (p.orders > 0) throw new AppError(409, "该产品已有报名订单，不能删除");
      await db.deleteFrom("products").where("id", "=", id).execute();
      await deps.events.changed(productChange(id));
      return p;
    },

    question,

    /** A new question of a product, or a change to one of its own (shared questions stay as they are). */
    async saveQuestion(productId: number, input: QuestionForm, id?: number): Promise<AdminQuestion> {
      const product = await db
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        .executeTakeFirst();
      if (!product) throw new AppError(404, "产品不存在");
      const choice = input.type !== "INPUT" && input.type !== "TEXTAREA";
      const saved = await db.transaction().execute(async (tx) => {
        let qid = id;
        const values = {
          title: input.title,
          show_title: input.showTitle,
          field: input.field,
          type: input.type,
          required: input.required,
          sort_order: input.sortOrder,
        };
        if (qid === undefined) {
          const m = await tx
            .selectFrom("questions")
            .select((eb) => eb.fn.max("id").as("m"))
            .executeTakeFirst();
          qid = Math.max(Number(m?.m ?? 0) + 1, 100);
          await tx
            .insertInto("questions")
            .values({ id: qid, product_id: productId, hidden: false, ...values })
            .execute();
        } else {
          const old = await tx
            .selectFrom("questions")
            .select("product_id")
            .where("id", "=", qid)
            .executeTakeFirst();
          if (!old) throw new AppError(404, "问题不存在");
          if (old.product_id !== productId) throw new AppError(409, "公共问题不能在单个产品下修改");
          await tx.updateTable("questions").set(values).where("id", "=", qid).execute();
          await tx.deleteFrom("question_options").where("question_id", "=", qid).execute();
        }
        if (choice) {
          for (const [i, o] of input.options.entries()) {
            await tx
              .insertInto("question_options")
              .values({
                question_id: qid,
                title: o.title,
                has_input: input.type === "CHECKBOX_INPUT" && o.hasInput,
                sort_order: i,
              })
              .execute();
          }
        }
        return qid;
      });
      await deps.events.changed(productChange(productId));
      return question(saved);
    },

    async removeQuestion(productId: number, id: number): Promise<AdminQuestion> {
      const q = await question(id);
      if (q.productId !== productId) throw new AppError(409, "公共问题不能在单个产品下删除");
      await db.deleteFrom("questions").where("id", "=", id).execute();
      await deps.events.changed(productChange(productId));
      return q;
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
