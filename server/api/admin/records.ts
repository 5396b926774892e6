import type { Context } from "hono";
import { z } from "zod";
import {
  LEAD_STATUSES,
  LeadFilterSchema,
  LeadStatusSchema,
  ORDER_STATUSES,
  OrderFilterSchema,
  OrderStatusSchema,
} from "../../../contract/admin";
import {
  AdminLeadSchema,
  AdminOrderSchema,
  DashboardSchema,
  itemsOf,
  LeadSourcePageSchema,
  pagedOf,
  RevealedIdSchema,
} from "../../../contract/answers";
import { beijingDay } from "../../services/stats";
import { pathId, requireSession } from "../console";
import { endpoint } from "../endpoint";

/** The Chinese file name for browsers that read filename*, an ASCII one for the rest. */
const csvResponse = (c: Context, csv: string, name: string, ascii: string) =>
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
const filtered = (f: Record<string, unknown>) => (describeFilter(f) ? `（${describeFilter(f)}）` : "");

/** Exports answer a CSV file (UTF-8 with BOM, for Excel), not the envelope. */
const csvFile = z.string().describe("text/csv attachment");

const leads = "后台·MCN 线索";
const orders = "后台·报名订单";

/**
 * The dashboard, leads and sign-up orders (admins): lists, detail, status, CSV export, and revealing
 * one ID number. Exports and reveals are written to the audit log. Export filters come in the JSON
 * body of a POST, so an export needs the CSRF token like any other action with a trace.
 */
export const consoleRecordEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/dashboard",
    tag: "后台·概览",
    role: "editor",
    summary: "Views, searches, leads and (admins) sales of the last days",
    response: DashboardSchema,
    query: z.object({
      days: z.coerce.number().int().min(7, "天数为 7 到 90").max(90, "天数为 7 到 90").default(30),
    }),
    handler: ({ days }, s, c) =>
      s.dashboard.load({ days, includeSales: requireSession(c).user.role === "admin" }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/leads",
    tag: leads,
    role: "admin",
    summary: "MCN leads, filtered and paged",
    response: pagedOf(AdminLeadSchema),
    query: LeadFilterSchema,
    handler: (f, s) => s.mcn.leads(f),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/leads/source-pages",
    tag: leads,
    role: "admin",
    summary: "The pages leads were sent from, most leads first (the sourcePage filter's choices)",
    response: itemsOf(LeadSourcePageSchema),
    handler: async (_q, s) => ({ items: await s.mcn.sourcePages() }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/leads/:id",
    tag: leads,
    role: "admin",
    summary: "One lead",
    response: AdminLeadSchema,
    handler: (_q, s, c) => s.mcn.lead(pathId(c)),
  }),
  endpoint({
    method: "put",
    path: "/api/admin/leads/:id/status",
    tag: leads,
    role: "admin",
    summary: "Set a lead's follow-up status",
    response: AdminLeadSchema,
    body: LeadStatusSchema,
    handler: ({ status }, s, c) => s.mcn.setLeadStatus(pathId(c), status),
    audit: (lead, { status }) => ({
      action: "status",
      entity: "lead",
      entityId: lead.id,
      summary: `线索 #${lead.id}：${LEAD_STATUSES.find((x) => x.value === status)?.label}`,
    }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/leads/export",
    tag: leads,
    role: "admin",
    summary: "The filtered leads as a CSV file (filters in the JSON body)",
    response: csvFile,
    body: LeadFilterSchema,
    handler: async (f, s, c) => {
      const { csv, rows } = await s.mcn.leadsCsv(f);
      return { f, rows, file: csvResponse(c, csv, `MCN线索-${beijingDay()}`, `mcn-leads-${beijingDay()}`) };
    },
    answer: (r) => r.file,
    audit: ({ f, rows }) => ({
      action: "export",
      entity: "lead",
      summary: `导出线索 ${rows} 条${filtered(f)}`,
    }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/orders",
    tag: orders,
    role: "admin",
    summary: "Sign-up orders, filtered and paged",
    response: pagedOf(AdminOrderSchema),
    query: OrderFilterSchema,
    handler: (f, s) => s.orders.orders(f),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/orders/:id",
    tag: orders,
    role: "admin",
    summary: "One order with its answers (ID number masked)",
    response: AdminOrderSchema,
    handler: (_q, s, c) => s.orders.order(pathId(c)),
  }),
  endpoint({
    method: "put",
    path: "/api/admin/orders/:id/status",
    tag: orders,
    role: "admin",
    summary: "Set an order's status",
    response: AdminOrderSchema,
    body: OrderStatusSchema,
    handler: ({ status }, s, c) => s.orders.setOrderStatus(pathId(c), status),
    audit: (order, { status }) => ({
      action: "status",
      entity: "order",
      entityId: order.id,
      summary: `订单 ${order.orderNo}：${ORDER_STATUSES.find((x) => x.value === status)?.label}`,
    }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/orders/:id/reveal-id",
    tag: orders,
    role: "admin",
    summary: "The full ID number of one order (written to the audit log)",
    response: RevealedIdSchema,
    handler: (_q, s, c) => {
      c.header("Cache-Control", "no-store");
      return s.orders.revealIdCard(pathId(c));
    },
    answer: ({ idCard }) => ({ idCard }),
    audit: ({ order }) => ({
      action: "reveal_id",
      entity: "order",
      entityId: order.id,
      summary: `查看订单 ${order.orderNo} 的完整身份证号`,
    }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/orders/export",
    tag: orders,
    role: "admin",
    summary: "The filtered orders as a CSV file (filters in the JSON body)",
    response: csvFile,
    body: OrderFilterSchema,
    handler: async (f, s, c) => {
      const { csv, rows } = await s.orders.ordersCsv(f);
      return {
        f,
        rows,
        file: csvResponse(c, csv, `报名订单-${beijingDay()}`, `signup-orders-${beijingDay()}`),
      };
    },
    answer: (r) => r.file,
    audit: ({ f, rows }) => ({
      action: "export",
      entity: "order",
      summary: `导出报名订单 ${rows} 条${filtered(f)}`,
    }),
  }),
];
