import { type ErasureDone, type ErasurePreview, ErasureRequestSchema } from "../../../contract/privacy";
import type { Services } from "../../services";
import { ok, parse } from "../envelope";
import { type AdminApp, actorOf, jsonBody, requireRole } from "./context";

/**
 * Erasing one person's personal data on request (admins): GET shows what will be erased, POST
 * erases it and writes the audit log (services/retention.ts).
 */
export function mountPrivacyRoutes(app: AdminApp, services: Services) {
  const { retention } = services;
  app.get("/api/admin/privacy/erasure", async (c) => {
    requireRole(c, "admin");
    const { mobile } = parse(ErasureRequestSchema, c.req.query());
    const plan = await retention.planForMobile(mobile);
    const data: ErasurePreview = { ...plan, retentionDays: retention.days };
    return ok(c, data);
  });
  app.post("/api/admin/privacy/erasure", async (c) => {
    requireRole(c, "admin");
    const { mobile } = await jsonBody(c, ErasureRequestSchema);
    const r = await retention.eraseForMobile(mobile, actorOf(c));
    const data: ErasureDone = { orders: r.orders, leads: r.leads, files: r.files };
    return ok(c, data);
  });
}
