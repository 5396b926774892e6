import { z } from "zod";
import {
  ArticleFilterSchema,
  ArticleFormSchema,
  ListQuerySchema,
  OrderIdsSchema,
  ProductFormSchema,
  QuestionFormSchema,
} from "../../../contract/admin";
import { resourceChange } from "../../../contract/cache-tags";
import { IMAGE_KINDS, IMAGE_MAX_BYTES, type ImageKind } from "../../admin/images";
import { RESOURCES, resourceByName } from "../../admin/resources";
import type { Services } from "../../services";
import { AppError } from "../../services/errors";
import { ok, parse } from "../envelope";
import { type AdminApp, type AdminContext, actorOf, idParamOf, jsonBody, requireRole } from "./context";

const STATUS_LABEL = { published: "已发布", draft: "草稿" } as const;

/** Articles, products with their questions, the simple entities, and picture uploads (editors and admins). */
export function mountContentRoutes(app: AdminApp, services: Services) {
  const { admin } = services;
  const { audit } = admin;
  const record = (
    c: AdminContext,
    action: string,
    entity: string,
    entityId: number | string,
    summary: string,
  ) => audit.record(actorOf(c), { action, entity, entityId, summary });

  // ------------------------------------------------------------ articles

  app.get("/api/admin/articles", async (c) => {
    requireRole(c, "editor");
    return ok(c, await admin.articles.list(parse(ArticleFilterSchema, c.req.query())));
  });
  app.get("/api/admin/articles/:id", async (c) => {
    requireRole(c, "editor");
    return ok(c, await admin.articles.get(idParamOf(c)));
  });
  app.post("/api/admin/articles", async (c) => {
    requireRole(c, "editor");
    const a = await admin.articles.save(await jsonBody(c, ArticleFormSchema));
    await record(c, "create", "article", a.id, `${a.title}（${STATUS_LABEL[a.status]}）`);
    return ok(c, a);
  });
  app.put("/api/admin/articles/:id", async (c) => {
    requireRole(c, "editor");
    const a = await admin.articles.save(await jsonBody(c, ArticleFormSchema), idParamOf(c));
    await record(c, "update", "article", a.id, `${a.title}（${STATUS_LABEL[a.status]}）`);
    return ok(c, a);
  });
  app.put("/api/admin/articles/:id/hot", async (c) => {
    requireRole(c, "editor");
    const { hot } = await jsonBody(c, z.object({ hot: z.boolean({ error: "请选择是否热点" }) }));
    const a = await admin.articles.setHot(idParamOf(c), hot);
    await record(c, "update", "article", a.id, `${a.title}：${hot ? "设为热点" : "取消热点"}`);
    return ok(c, a);
  });
  app.delete("/api/admin/articles/:id", async (c) => {
    requireRole(c, "editor");
    const a = await admin.articles.remove(idParamOf(c));
    await record(c, "delete", "article", a.id, a.title);
    return ok(c, null);
  });

  // ------------------------------------------------------------ products and questions

  app.get("/api/admin/products", async (c) => {
    requireRole(c, "editor");
    return ok(c, { items: await admin.products.list() });
  });
  app.get("/api/admin/products/:id", async (c) => {
    requireRole(c, "editor");
    return ok(c, await admin.products.get(idParamOf(c)));
  });
  app.post("/api/admin/products", async (c) => {
    requireRole(c, "editor");
    const p = await admin.products.create(await jsonBody(c, ProductFormSchema));
    await record(c, "create", "product", p.id, `${p.name}（${p.price} 元）`);
    return ok(c, p);
  });
  app.put("/api/admin/products/:id", async (c) => {
    requireRole(c, "editor");
    const p = await admin.products.update(idParamOf(c), await jsonBody(c, ProductFormSchema));
    await record(c, "update", "product", p.id, `${p.name}（${p.price} 元）`);
    return ok(c, p);
  });
  app.delete("/api/admin/products/:id", async (c) => {
    requireRole(c, "editor");
    const p = await admin.products.remove(idParamOf(c));
    await record(c, "delete", "product", p.id, p.name);
    return ok(c, null);
  });
  app.post("/api/admin/products/:id/questions", async (c) => {
    requireRole(c, "editor");
    const productId = idParamOf(c);
    const q = await admin.products.saveQuestion(productId, await jsonBody(c, QuestionFormSchema));
    await record(c, "create", "question", q.id, `产品 ${productId}：${q.title}`);
    return ok(c, q);
  });
  app.put("/api/admin/products/:id/questions/:qid", async (c) => {
    requireRole(c, "editor");
    const productId = idParamOf(c);
    const q = await admin.products.saveQuestion(
      productId,
      await jsonBody(c, QuestionFormSchema),
      idParamOf(c, "qid"),
    );
    await record(c, "update", "question", q.id, `产品 ${productId}：${q.title}`);
    return ok(c, q);
  });
  app.delete("/api/admin/products/:id/questions/:qid", async (c) => {
    requireRole(c, "editor");
    const productId = idParamOf(c);
    const q = await admin.products.removeQuestion(productId, idParamOf(c, "qid"));
    await record(c, "delete", "question", q.id, `产品 ${productId}：${q.title}`);
    return ok(c, null);
  });

  // ------------------------------------------------------------ pictures

  app.post("/api/admin/upload", async (c) => {
    requireRole(c, "editor");
    const kind = c.req.query("kind") ?? "";
    if (!(kind in IMAGE_KINDS)) throw new AppError(400, "图片用途不正确");
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > IMAGE_MAX_BYTES + 64 * 1024) throw new AppError(413, "图片不能超过 8 MB");
    let file: unknown;
    try {
      file = (await c.req.formData()).get("file");
    } catch {
      throw new AppError(400, "请选择要上传的图片");
    }
    if (!file || typeof file === "string") throw new AppError(400, "请选择要上传的图片");
    const blob = file as File;
    if (blob.size > IMAGE_MAX_BYTES) throw new AppError(413, "图片不能超过 8 MB");
    const stored = await admin.storeImage(kind as ImageKind, new Uint8Array(await blob.arrayBuffer()));
    return ok(c, stored);
  });

  // ------------------------------------------------------------ the simple entities

  for (const def of RESOURCES) {
    const base = `/api/admin/${def.name}`;
    app.get(base, async (c) => {
      requireRole(c, def.role);
      return ok(c, await admin.resources.list(def, parse(ListQuerySchema, c.req.query())));
    });
    app.get(`${base}/:id`, async (c) => {
      requireRole(c, def.role);
      return ok(c, await admin.resources.get(def, idParamOf(c)));
    });
    app.post(base, async (c) => {
      requireRole(c, def.role);
      const input = await jsonBody(c, def.schema);
      const row = await admin.resources.create(def, input);
      await admin.events.changed(resourceChange(def.name));
      await record(c, "create", def.name, Number(row.id), def.summary(row));
      return ok(c, row);
    });
    app.put(`${base}/:id`, async (c) => {
      requireRole(c, def.role);
      const id = idParamOf(c);
      const row = await admin.resources.update(def, id, await jsonBody(c, def.schema));
      await admin.events.changed(resourceChange(def.name));
      await record(c, "update", def.name, id, def.summary(row));
      return ok(c, row);
    });
    app.delete(`${base}/:id`, async (c) => {
      requireRole(c, def.role);
      const id = idParamOf(c);
      const row = await admin.resources.remove(def, id);
      await admin.events.changed(resourceChange(def.name));
      await record(c, "delete", def.name, id, def.summary(row));
      return ok(c, null);
    });
    app.post(`${base}/order`, async (c) => {
      requireRole(c, def.role);
      const { ids } = await jsonBody(c, OrderIdsSchema);
      await admin.resources.reorder(def, ids);
      await admin.events.changed(resourceChange(def.name));
      await record(c, "reorder", def.name, ids.join(",").slice(0, 100), `调整${def.label}顺序`);
      return ok(c, null);
    });
  }
  // Guard against a typo in a resource name answering 404 silently in the console.
  if (resourceByName.size !== RESOURCES.length) throw new Error("duplicate admin resource name");
}
