import { ProductFormSchema, QuestionFormSchema } from "../../../contract/admin";
import {
  type AdminProduct,
  AdminProductDetailSchema,
  AdminProductSchema,
  type AdminQuestion,
  AdminQuestionSchema,
  itemsOf,
} from "../../../contract/answers";
import { pathId } from "../console";
import { type AuditNote, endpoint, nothing, RICH_TEXT_MAX_BODY_BYTES } from "../endpoint";

const tag = "后台·报名产品";

/** Sign-up products and their questions (editors and admins). */
export const consoleProductEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/products",
    tag,
    role: "editor",
    summary: "Sign-up products with their order counts",
    response: itemsOf(AdminProductSchema),
    handler: async (_q, s) => ({ items: await s.products.all() }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/products/:id",
    tag,
    role: "editor",
    summary: "One product with its questions",
    response: AdminProductDetailSchema,
    handler: (_q, s, c) => s.products.product(pathId(c)),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/products",
    tag,
    role: "editor",
    summary: "Create a product (the id is chosen by the editor)",
    response: AdminProductDetailSchema,
    body: ProductFormSchema,
    maxBodyBytes: RICH_TEXT_MAX_BODY_BYTES,
    handler: (input, s) => s.products.create(input),
    audit: (p) => productNote("create", p),
  }),
  endpoint({
    method: "put",
    path: "/api/admin/products/:id",
    tag,
    role: "editor",
    summary: "Change a product",
    response: AdminProductDetailSchema,
    body: ProductFormSchema,
    maxBodyBytes: RICH_TEXT_MAX_BODY_BYTES,
    handler: (input, s, c) => s.products.update(pathId(c), input),
    audit: (p) => productNote("update", p),
  }),
  endpoint({
    method: "delete",
    path: "/api/admin/products/:id",
    tag,
    role: "editor",
    summary: "Delete a product without orders",
    response: nothing,
    handler: (_q, s, c) => s.products.remove(pathId(c)),
    answer: () => null,
    audit: (p) => ({ action: "delete", entity: "product", entityId: p.id, summary: p.name }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/products/:id/questions",
    tag,
    role: "editor",
    summary: "Add a question to a product",
    response: AdminQuestionSchema,
    body: QuestionFormSchema,
    handler: (input, s, c) => s.products.saveQuestion(pathId(c), input),
    audit: (q) => questionNote("create", q),
  }),
  endpoint({
    method: "put",
    path: "/api/admin/products/:id/questions/:qid",
    tag,
    role: "editor",
    summary: "Change a product's own question",
    response: AdminQuestionSchema,
    body: QuestionFormSchema,
    handler: (input, s, c) => s.products.saveQuestion(pathId(c), input, pathId(c, "qid")),
    audit: (q) => questionNote("update", q),
  }),
  endpoint({
    method: "delete",
    path: "/api/admin/products/:id/questions/:qid",
    tag,
    role: "editor",
    summary: "Delete a product's own question",
    response: nothing,
    handler: (_q, s, c) => s.products.removeQuestion(pathId(c), pathId(c, "qid")),
    answer: () => null,
    audit: (q) => questionNote("delete", q),
  }),
];

/** The audit line of a change to a product: its name and price. */
function productNote(action: string, p: Pick<AdminProduct, "id" | "name" | "price">): AuditNote {
  return { action, entity: "product", entityId: p.id, summary: `${p.name}（${p.price} 元）` };
}

/** The audit line of a change to one of a product's own questions. */
function questionNote(action: string, q: Pick<AdminQuestion, "id" | "productId" | "title">): AuditNote {
  return { action, entity: "question", entityId: q.id, summary: `产品 ${q.productId}：${q.title}` };
}
