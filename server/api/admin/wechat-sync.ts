import { pagedOf } from "../../../contract/answers";
import {
  WechatJobFilterSchema,
  WechatJobSchema,
  WechatPreviewSchema,
  WechatSettingsSchema,
  WechatSyncFormSchema,
  WechatTestSchema,
} from "../../../contract/wechat";
import { actorOf, pathId } from "../console";
import { endpoint } from "../endpoint";

const tag = "后台·公众号同步";

/**
 * 同步到公众号 (docs/product.md, "WeChat sync"): editors sync an article from its editor (the
 * preview of what is sent, then 存入草稿箱 or 发布) and follow or retry its sync; admins see every
 * sync under 系统 › 公众号同步, whether the account is set up, and test the connection. Every sync
 * and retry is audited.
 */
export const consoleWechatSyncEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/articles/:id/wechat",
    tag,
    role: "editor",
    summary:
      "What a sync of the article would send: the converted HTML, its length, the defaults, the covers",
    response: WechatPreviewSchema,
    handler: (_q, s, c) => s.wechatSync.preview(pathId(c)),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/articles/:id/wechat",
    tag,
    role: "editor",
    summary:
      "Sync the article to the 公众号: 存入草稿箱 (draft) or 发布 (publish); the job runs in the background",
    description:
      "400 when a limit is broken (title 32, author 16, digest 128, content under 20,000 characters, a cover), 409 while the article is already being synced, 503 when no 公众号 is configured.",
    body: WechatSyncFormSchema,
    response: WechatJobSchema,
    handler: (form, s, c) => s.wechatSync.create(pathId(c), form, actorOf(c).username),
    audit: (job) => ({
      action: "wechat_sync",
      entity: "article",
      entityId: job.articleId,
      summary: `同步到公众号（${job.action === "publish" ? "发布" : "存入草稿箱"}）：${job.title}`,
    }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/wechat-sync/jobs",
    tag,
    role: "admin",
    summary: "Every sync, newest first, filtered by state or article",
    query: WechatJobFilterSchema,
    response: pagedOf(WechatJobSchema),
    handler: (f, s) => s.wechatSync.list(f),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/wechat-sync/jobs/:id",
    tag,
    role: "editor",
    summary: "One sync: its state, step, error and WeChat link",
    response: WechatJobSchema,
    handler: (_q, s, c) => s.wechatSync.job(pathId(c)),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/wechat-sync/jobs/:id/retry",
    tag,
    role: "editor",
    summary: "Run a failed sync again from the step it failed at (a refused publish is submitted again)",
    response: WechatJobSchema,
    handler: (_q, s, c) => s.wechatSync.retry(pathId(c)),
    audit: (job) => ({
      action: "wechat_retry",
      entity: "wechat_sync",
      entityId: job.id,
      summary: `重试同步到公众号（${job.action === "publish" ? "发布" : "存入草稿箱"}）：${job.title}`,
    }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/wechat-sync/settings",
    tag,
    role: "admin",
    summary: "Whether a 公众号 is configured (WECHAT_APP_ID, WECHAT_APP_SECRET) and the callback address",
    response: WechatSettingsSchema,
    handler: async (_q, s) => s.wechatSync.settings(),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/wechat-sync/test",
    tag,
    role: "admin",
    summary:
      "测试连接: asks WeChat for a token now and makes one call with it; answers what happened in Chinese",
    response: WechatTestSchema,
    handler: async (_q, s) => s.wechatSync.testConnection(),
  }),
];
