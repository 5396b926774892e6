import { z } from "zod";
import {
  LEAD_STATUSES,
  LeadFilterSchema,
  LeadStatusSchema,
  ORDER_STATUSES,
  OrderFilterSchema,
  OrderStatusSchema,
} from "../../../contract/admin";
import { beijingDay } from "../../admin/stats";
import type { Services } from "../../services";
import { ok, parse } from "../envelope";
import { type AdminApp, type AdminContext, actorOf, idParamOf, jsonBody, requireRole } from "./context";

/** The Chinese file name for browsers that read filename*, an ASCII one for the rest. */
const csvResponse = (c: AdminContext, csv: string, name: string, ascii: string) =>
  c.body(csv, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(name)}.csv`,
    "cache-control": "no-store",
  });

const describeFilter = (f: Record<string, unknown>) =>
  Object.entries(f)
    .filter(([k, v]) => v !== undefined && k !== "page" && k !== "pageSize")
    .map(([k, v]) => `${k}=${String(v)}`)
    .join("&");

/**
 * Leads and sign-up orders (admins): lists, detail, status, CSV export, and revealing one ID
 * number. Exports and reveals are written to the audit log. Export filters come in the JSON body
 * of a POST, so an export needs the CSRF token like any other action with a trace.
 */
export function mountRecordRoutes(app: AdminApp, services: Services) {
  const { records, audit, dashboard } = services.admin;

  app.get("/api/admin/dashboard", async (c) => {
    const s = requireRole(c, "editor");
    const { days } = parse(
      z.object({
        days: z.coerce.number().int().min(7, "天数为 7 到 90").max(90, "天数为 7 到 90").default(30),
      }),
      c.req.query(),
    );
    return ok(c, await dashboard.load({ days, includeSales: s.user.role === "admin" }));
  });

  app.get("/api/admin/leads", async (c) => {
    requireRole(c, "admin");
    return ok(c, await records.leads(parse(LeadFilterSchema, c.req.query())));
  });
  app.get("/api/admin/leads/:id", async (c) => {
    requireRole(c, "admin");
    return ok(c, await records.lead(idParamOf(c)));
  });
  app.put("/api/admin/leads/:id/status", async (c) => {
    requireRole(c, "admin");
    const { status } = await jsonBody(c, LeadStatusSchema);
    const lead = await records.setLeadStatus(idParamOf(c), status);
    await audit.record(actorOf(c), {
      action: "status",
      entity: "lead",
      entityId: lead.id,
      summary: `线索 #${lead.id}：${LEAD_STATUSES.find((s) => s.value === status)?.label}`,
    });
    return ok(c, lead);
  });
  app.post("/api/admin/leads/export", async (c) => {
    requireRole(c, "admin");
    const f = await jsonBody(c, LeadFilterSchema);
    const { csv, rows } = await records.leadsCsv(f);
    await audit.record(actorOf(c), {
      action: "export",
      entity: "lead",
      summary: `导出线索 ${rows} 条${describeFilter(f) ? `（${describeFilter(f)}）` : ""}`,
    });
    return csvResponse(c, csv, `MCN线索-${beijingDay()}`, `mcn-leads-${beijingDay()}`);
  });

  app.get("/api/admin/orders", async (c) => {
    requireRole(c, "admin");
    return ok(c, await records.orders(parse(OrderFilterSchema, c.req.query())));
  });
  app.get("/api/admin/orders/:id", async (c) => {
    requireRole(c, "admin");
    return ok(c, await records.order(idParamOf(c)));
  });
  app.put("/api/admin/orders/:id/status", async (c) => {
    requireRole(c, "admin");
    const { status } = await jsonBody(c, OrderStatusSchema);
    const order = await records.setOrderStatus(idParamOf(c), status);
    await audit.record(actorOf(c), {
      action: "status",
      entity: "order",
      entityId: order.id,
      summary: `订单 ${order.orderNo}：${ORDER_STATUSES.find((s) => s.value === status)?.label}`,
    });
    return ok(c, order);
  });
  app.post("/api/admin/orders/:id/reveal-id", async (c) => {
    requireRole(c, "admin");
    const { order, idCard } = await records.revealIdCard(idParamOf(c));
    await audit.record(actorOf(c), {
      action: "reveal_id",
      entity: "order",
      entityId: order.id,
      summary: `查看订单 ${order.orderNo} 的完整身份证号`,
    });
    c.header("Cache-Control", "no-store");
    return ok(c, { idCard });
  });
  app.post("/api/admin/orders/export", async (c) => {
    requireRole(c, "admin");
    const f = await jsonBody(c, OrderFilterSchema);
    const { csv, rows } = await records.ordersCsv(f);
    await audit.record(actorOf(c), {
      action: "export",
      entity: "order",
      summary: `导出报名订单 ${rows} 条${describeFilter(f) ? `（${describeFilter(f)}）` : ""}`,
    });
    return csvResponse(c, csv, `报名订单-${beijingDay()}`, `signup-orders-${beijingDay()}`);
  });
}
