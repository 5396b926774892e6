import { pagedOf } from "../../../contract/answers";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  ImportJobSchema,
  ImportListSchema,
  ImportStartSchema,
  RedirectFilterSchema,
  RedirectFormSchema,
  RedirectRowSchema,
  UploadQuerySchema,
  WechatAccountArticleSchema,
  WechatAccountImportSchema,
  WechatAccountListSchema,
  WechatImportSchema,
} from "../../../contract/imports";
import { idNumber } from "../../../contract/params";
import { AppError } from "../../services/errors";
import { actorOf, pathId } from "../console";
import { endpoint } from "../endpoint";

const tag = "后台·导入";

const WechatBodySchema = WechatImportSchema.extend({
  columnId: idNumber("请选择栏目").optional(),
});

/**
 * 系统 › 导入 (docs/product.md, "Import"): a WordPress export uploaded and imported as a job the
 * console polls, WeChat articles by their addresses, and the old addresses answering 301.
 */
export const consoleImportEndpoints = [
  endpoint({
    method: "post",
    path: "/api/admin/imports/wordpress",
    tag,
    role: "editor",
    summary:
      "Upload a WordPress export (the request body is the .xml file itself, ≤ 512 MB); it is read in the background",
    description:
      "The body is streamed to disk (never held in memory); a declared or actual size over the limit is refused with 413 and nothing kept. The job then reads the file (status analysing → analysed, or failed with the reason).",
    query: UploadQuerySchema,
    response: ImportJobSchema,
    maxBodyBytes: IMPORT_MAX_BYTES,
    tooLarge: IMPORT_MESSAGES.tooLarge,
    streamed: true,
    handler: async (q, s, c) => {
      const declared = c.req.header("content-length");
      try {
        return await s.imports.upload(c.req.raw.body, {
          fileName: q.name ?? "wordpress.xml",
          declaredBytes: declared === undefined ? undefined : Number(declared),
          by: actorOf(c).username,
        });
      } catch (err) {
        // The rest of a refused upload is not read: the connection closes after the answer.
        c.header("Connection", "close");
        throw err;
      }
    },
    audit: (job) => ({
      action: "upload",
      entity: "import",
      entityId: job.id,
      summary: `上传 WordPress 导出文件：${job.fileName}（${Math.round(job.fileBytes / 1024)} KB）`,
    }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/imports",
    tag,
    role: "editor",
    summary: "Import jobs, newest first (without their reports)",
    query: ImportListSchema,
    response: pagedOf(ImportJobSchema),
    handler: (q, s) => s.imports.list(q),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/imports/:id",
    tag,
    role: "editor",
    summary: "One import job: its progress (the console polls it) and, once done, its report",
    response: ImportJobSchema,
    handler: (_q, s, c) => s.imports.job(pathId(c)),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/imports/:id/start",
    tag,
    role: "editor",
    summary: "Start an analysed WordPress import with its column mapping (or a dry run that writes nothing)",
    body: ImportStartSchema,
    response: ImportJobSchema,
    handler: (b, s, c) => s.imports.start(pathId(c), b),
    audit: (job) => ({
      action: job.dryRun ? "dry-run" : "start",
      entity: "import",
      entityId: job.id,
      summary: `${job.dryRun ? "预演" : "开始"}导入 ${job.siteTitle || job.fileName}（${job.total} 篇）`,
    }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/imports/:id/resume",
    tag,
    role: "editor",
    summary: "Go on with an interrupted or failed job (what was imported is skipped)",
    response: ImportJobSchema,
    handler: (_q, s, c) => s.imports.resume(pathId(c)),
    audit: (job) => ({
      action: "resume",
      entity: "import",
      entityId: job.id,
      summary: `继续导入 ${job.siteTitle || job.fileName}`,
    }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/imports/wechat",
    tag,
    role: "editor",
    summary:
      "Import WeChat articles by their mp.weixin.qq.com links, each as a draft with its pictures re-hosted",
    body: WechatBodySchema,
    response: ImportJobSchema,
    handler: (b, s, c) => s.imports.wechat({ urls: b.urls, columnId: b.columnId }, actorOf(c).username),
    audit: (job) => ({
      action: "wechat",
      entity: "import",
      entityId: job.id,
      summary: `导入公众号文章 ${job.total} 篇`,
    }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/imports/wechat/published",
    tag,
    role: "editor",
    summary:
      "从公众号选择: the 公众号's published articles (freepublish/batchget), newest first, each with whether it was imported",
    description:
      "`total` counts publishes (one publish may hold several articles, each a row). 409 when no 公众号 is configured, 503 when WeChat refuses (the message says why: IP whitelist, quota…).",
    query: WechatAccountListSchema,
    response: pagedOf(WechatAccountArticleSchema),
    handler: (q, s) => s.imports.wechatPublished(q),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/imports/wechat/published",
    tag,
    role: "editor",
    summary:
      "导入所选: import chosen published articles of the 公众号 as drafts (pictures re-hosted, WeChat link kept); a job",
    description:
      "An article imported before is updated in place when unchanged here, or left alone; never doubled. 409 when no 公众号 is configured.",
    body: WechatAccountImportSchema,
    response: ImportJobSchema,
    handler: (b, s, c) => s.imports.wechatAccount(b, actorOf(c).username),
    audit: (job) => ({
      action: "wechat",
      entity: "import",
      entityId: job.id,
      summary: `从公众号导入文章 ${job.total} 篇`,
    }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/redirects",
    tag,
    role: "editor",
    summary: "Old addresses answering 301, newest first",
    query: RedirectFilterSchema,
    response: pagedOf(RedirectRowSchema),
    handler: (f, s) => s.redirects.list(f),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/redirects",
    tag,
    role: "editor",
    summary: "Add an old address (a path or a whole URL) answering 301 to an article or a path of the site",
    body: RedirectFormSchema,
    response: RedirectRowSchema,
    handler: async (b, s, c) => {
      if (b.articleId !== undefined && b.target !== undefined)
        throw new AppError(400, "目标文章 ID 和跳转地址只填一项");
      return s.redirects.add(b, actorOf(c).username);
    },
    audit: (r) => ({
      action: "create",
      entity: "redirect",
      entityId: r.id,
      summary: `添加跳转：${r.path}${r.query ? `?${r.query}` : ""} → ${r.target}`,
    }),
  }),
  endpoint({
    method: "delete",
    path: "/api/admin/redirects/:id",
    tag,
    role: "editor",
    summary: "Remove a redirect (the old address then answers as any unknown address does)",
    response: RedirectRowSchema,
    handler: (_q, s, c) => s.redirects.remove(pathId(c)),
    audit: (r) => ({
      action: "delete",
      entity: "redirect",
      entityId: r.id,
      summary: `删除跳转：${r.path}${r.query ? `?${r.query}` : ""} → ${r.target}`,
    }),
  }),
];
