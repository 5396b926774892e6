import {
  ErasureDoneSchema,
  ErasurePreviewSchema,
  ErasureQuerySchema,
  ErasureRequestSchema,
} from "../../../contract/privacy";
import { actorOf } from "../console";
import { endpoint } from "../endpoint";

const tag = "后台·个人信息";

/**
 * Erasing one person's personal data on request (admins): GET shows what will be erased, POST
 * erases it; the erasure writes its own audit entry in its transaction (services/retention.ts).
 */
export const consolePrivacyEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/privacy/erasure",
    tag,
    role: "admin",
    summary: "What erasing one person's data (by mobile number) will change",
    query: ErasureQuerySchema,
    response: ErasurePreviewSchema,
    handler: async ({ mobile }, s) => ({
      ...(mobile ? await s.retention.planForMobile(mobile) : { orders: [], leads: [] }),
      retentionDays: s.retention.days,
    }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/privacy/erasure",
    tag,
    role: "admin",
    summary: "Erase one person's ID numbers, ID-card copies, mobiles and names (audited)",
    body: ErasureRequestSchema,
    response: ErasureDoneSchema,
    handler: ({ mobile }, s, c) => s.retention.eraseForMobile(mobile, actorOf(c)),
    answer: (r) => ({ orders: r.orders, leads: r.leads, files: r.files }),
  }),
];
