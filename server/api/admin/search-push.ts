import { PUSH_ENGINES, PushFilterSchema } from "../../../contract/admin";
import { PushRowSchema, PushSettingsSchema, pagedOf } from "../../../contract/answers";
import { pathId } from "../console";
import { endpoint } from "../endpoint";

const tag = "后台·搜索引擎推送";

/**
 * The search-engine push log (admins): what was sent to Baidu and IndexNow, with each engine's
 * answer, and sending a failed row again (audited). The pushes themselves are logged in their own
 * table (services/search-push.ts), not in the audit log.
 */
export const consoleSearchPushEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/search-pushes",
    tag,
    role: "admin",
    summary: "The push log, newest first, filtered by status and engine",
    query: PushFilterSchema,
    response: pagedOf(PushRowSchema),
    handler: (f, s) => s.pushes.list(f),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/search-pushes/settings",
    tag,
    role: "admin",
    summary: "Which engines are set up (BAIDU_PUSH_URL, INDEXNOW_KEY) and whether PUBLIC_URL allows pushing",
    response: PushSettingsSchema,
    handler: async (_q, s) => s.pushes.settings(),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/search-pushes/:id/retry",
    tag,
    role: "admin",
    summary: "Queue a failed push again at once, with a fresh count of attempts",
    response: PushRowSchema,
    handler: (_q, s, c) => s.pushes.retry(pathId(c)),
    audit: (row) => ({
      action: "retry",
      entity: "search_push",
      entityId: row.id,
      summary: `重新推送（${PUSH_ENGINES.find((e) => e.value === row.engine)?.label}）：${row.url}`,
    }),
  }),
];
