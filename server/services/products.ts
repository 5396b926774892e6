import type { ProductDetail, Question } from "../../contract/entities";
import type { Database } from "../db";
import { notFound } from "./errors";
import { bool, fenToYuan } from "./rows";

export function createProductService(database: Database) {
  const { db } = database;
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
    /** The visible sign-up questions of a product, with their options, in form order. */
    async questions(productId: number): Promise<Question[]> {
      const product = await db
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        .executeTakeFirst();
      if (!product) throw notFound("产品");
      const qs = await db
        .selectFrom("questions")
        .selectAll()
        .where((eb) => eb.or([eb("product_id", "=", productId), eb("product_id", "is", null)]))
        .where("hidden", "=", false)
        .orderBy("sort_order")
        .orderBy("id")
        .execute();
      const ids = qs.map((q) => q.id);
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
  };
}

export type ProductService = ReturnType<typeof createProductService>;
