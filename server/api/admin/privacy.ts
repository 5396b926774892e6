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
 * Erasing one person's personal data on request (admins): POST …/preview shows what will be
 * erased, POST …/erasure erases it (the mobile number travels in the body, never in a URL); the erasure writes its own audit entry in its transaction (services/retention.ts).
 */
export const consolePrivacyEndpoints = [
  endpoint({
    method: "post",
    path: "/api/admin/privacy/erasure/preview",
    tag,
    role: "admin",
    summary: "What erasing one person's data (by mobile number) will change",
    description:
      "A POST so that the mobile number stays out of URLs (access logs, browser history); it changes nothing.",
    body: ErasureQuerySchema,
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
    summary: "Erase one person's personal data in orders and leads (contract/privacy.ts; audited)",
    description:
      "Answers once the database files are scrubbed too, waiting up to 10 s for readers of SQLite's WAL. " +
      "`scrubbed: false`: the rows are erased and audited, but the files may still hold the old bytes " +
      "(a backup was reading); the server retries every minute, and a second call (nothing left to " +
      "erase) retries at once.",
    body: ErasureRequestSchema,
    response: ErasureDoneSchema,
    handler: ({ mobile }, s, c) => s.retention.eraseForMobile(mobile, actorOf(c)),
    answer: (r) => ({ orders: r.orders, leads: r.leads, files: r.files, scrubbed: r.scrubbed }),
  }),
];
