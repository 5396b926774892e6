import { idNumber, MAX_ID, MAX_PAGE } from "./params";
import { z } from "./zod";

/**
 * Importing an archive and the old addresses (docs/product.md, "Import", "Old addresses"): limits,
 * messages, the console's forms and what its endpoints answer.
 */

/** The largest export accepted (a 200 MB export is a large WordPress site; the upload streams to disk). */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;
/** WeChat articles in one request */
export const WECHAT_MAX_URLS = 20;

export const IMPORT_MESSAGES = {
  tooLarge: `文件超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB，无法导入；请在 WordPress 的“导出”中按分类或时间分批导出`,
  empty: "请选择 WordPress 导出的 .xml 文件",
  noRoom: "服务器磁盘空间不足，无法保存上传的文件",
  interrupted: "上传中断，请重新上传",
  stopped: "导入被中断（服务器停止），可点击“继续导入”接着完成",
} as const;

const pageNo = z.coerce
  .number({ error: "页码不正确" })
  .int("页码不正确")
  .min(1, "页码不正确")
  .max(MAX_PAGE, "页码不正确")
  .default(1);
const pageSize = z.coerce
  .number({ error: "每页条数不正确" })
  .int("每页条数不正确")
  .min(1, "每页条数不正确")
  .max(100, "每页最多 100 条")
  .default(20);
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const ImportListSchema = z.object({ page: pageNo, pageSize });

export const UploadQuerySchema = z.object({
  name: z.preprocess(blank, z.string().trim().max(300, "文件名过长").optional()),
});

/** 开始导入: each category's column (an existing column's id, or a name to find or make) and a dry run. */
export const ImportStartSchema = z.object({
  columns: z
    .record(
      z.string().max(200),
      z.union([
        idNumber("栏目不正确"),
        z.string().trim().min(1, "栏目名称不能为空").max(20, "栏目名称不能超过 20 个字"),
      ]),
    )
    .optional(),
  dryRun: z.boolean().optional(),
});

const WECHAT_ARTICLE = /^https?:\/\/mp\.weixin\.qq\.com\/s(\/|\?)\S+$/i;
export const WECHAT_URL_MESSAGE = "请填写公众号文章链接（https://mp.weixin.qq.com/s/…）";

export const WechatImportSchema = z.object({
  urls: z
    .array(z.string().trim().max(2000, "链接过长").regex(WECHAT_ARTICLE, WECHAT_URL_MESSAGE), {
      error: WECHAT_URL_MESSAGE,
    })
    .min(1, WECHAT_URL_MESSAGE)
    .max(WECHAT_MAX_URLS, `一次最多导入 ${WECHAT_MAX_URLS} 篇`),
});

/** Published articles of the 公众号 per page of 从公众号选择 (freepublish/batchget takes 1-20 publishes). */
export const WECHAT_ACCOUNT_PAGE_SIZE = 10;
export const WECHAT_ACCOUNT_MESSAGES = {
  notConfigured:
    "未配置公众号（WECHAT_APP_ID、WECHAT_APP_SECRET），无法从公众号选择文章；可改为粘贴文章链接导入",
  choose: "请选择要导入的公众号文章",
  notFound: "公众号的发表记录中找不到这篇文章（可能已被删除），未导入",
  deleted: "这篇文章已在公众号中删除，未导入",
} as const;

export const WechatAccountListSchema = z.object({
  page: pageNo,
  pageSize: z.coerce
    .number({ error: "每页条数不正确" })
    .int("每页条数不正确")
    .min(1, "每页条数不正确")
    .max(20, "每页最多 20 条")
    .default(WECHAT_ACCOUNT_PAGE_SIZE),
});

/** 导入所选: published articles of the 公众号, each by its publish's article_id and its place in it. */
export const WechatAccountImportSchema = z.object({
  articles: z
    .array(
      z.object({
        articleId: z.string({ error: WECHAT_ACCOUNT_MESSAGES.choose }).trim().min(1).max(200),
        idx: z.number({ error: WECHAT_ACCOUNT_MESSAGES.choose }).int().min(1).max(8),
      }),
      { error: WECHAT_ACCOUNT_MESSAGES.choose },
    )
    .min(1, WECHAT_ACCOUNT_MESSAGES.choose)
    .max(WECHAT_MAX_URLS, `一次最多导入 ${WECHAT_MAX_URLS} 篇`),
  columnId: idNumber("请选择栏目").optional(),
});
export type WechatAccountImport = z.infer<typeof WechatAccountImportSchema>;

/** One published article of the 公众号 as 从公众号选择 lists it. */
export const WechatAccountArticleSchema = z.object({
  /** `articleId:idx` */
  key: z.string(),
  articleId: z.string(),
  /** its place in its publish (1 for the first article) */
  idx: z.number(),
  title: z.string(),
  author: z.string(),
  digest: z.string(),
  /** the article's WeChat link */
  url: z.string(),
  /** ISO time of its publish */
  publishedAt: z.string().nullable(),
  /** deleted from the 公众号 since it was published (cannot be imported) */
  deleted: z.boolean(),
  /** already imported (matched by its WeChat link): the article here, null when it was deleted here */
  imported: z.object({ articleId: z.number().nullable(), title: z.string() }).nullable(),
  /** published from this site by 同步到公众号: the site's article (importing it would copy it) */
  syncedFrom: z.number().nullable(),
});
export type WechatAccountArticle = z.infer<typeof WechatAccountArticleSchema>;

export const RedirectFilterSchema = z.object({
  q: z.preprocess(blank, z.string().trim().max(200).optional()),
  origin: z.preprocess(blank, z.enum(["import", "editor"], { error: "来源不正确" }).optional()),
  page: pageNo,
  pageSize,
});

/** The longest redirect target stored, percent-encoded (a Location header stays far below 8 KB). */
export const REDIRECT_TARGET_MAX = 2000;

export const REDIRECT_MESSAGES = {
  target: "跳转目标须为本站路径（以 / 开头）或 http(s) 网址",
  control: "跳转目标不能含有换行、制表符等控制字符",
  backslash: "跳转目标不能含有反斜杠（\\）",
  url: "跳转网址格式不正确",
  tooLong: "跳转目标过长",
} as const;

/** The host a site path is resolved against to check it: a path that leaves it names another site. */
const SITE_BASE = "http://site.invalid";

/**
 * A redirect target as stored and sent in `Location`: a path of the site (`/…`, resolved with the
 * WHATWG URL parser, non-ASCII and unsafe characters percent-encoded, never `//…`) or an absolute
 * http(s) URL (its `href`: host in punycode, path and query percent-encoded). Anything else is
 * refused with the Chinese message the console shows beside the field: backslashes (browsers read
 * `/\evil.example` as `//evil.example`), control characters, a path that resolves to another host.
 */
export function redirectTarget(input: string): { target: string } | { error: string } {
  const text = input.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  if (/[\u0000-\u001f\u007f]/.test(text)) return { error: REDIRECT_MESSAGES.control };
  if (text.includes("\\")) return { error: REDIRECT_MESSAGES.backslash };
  let target: string;
  if (text.startsWith("/")) {
    if (text.startsWith("//")) return { error: REDIRECT_MESSAGES.target };
    let u: URL;
    try {
      u = new URL(text, SITE_BASE);
    } catch {
      return { error: REDIRECT_MESSAGES.target };
    }
    target = u.pathname + u.search + u.hash;
    // `/.//evil.example` resolves to `//evil.example`, which a browser reads as another host.
    if (u.origin !== SITE_BASE || !target.startsWith("/") || target.startsWith("//"))
      return { error: REDIRECT_MESSAGES.target };
  } else if (/^https?:\/\//i.test(text)) {
    let u: URL;
    try {
      u = new URL(text);
    } catch {
      return { error: REDIRECT_MESSAGES.url };
    }
    if ((u.protocol !== "http:" && u.protocol !== "https:") || !u.hostname)
      return { error: REDIRECT_MESSAGES.url };
    target = u.href;
  } else return { error: REDIRECT_MESSAGES.target };
  if (target.length > REDIRECT_TARGET_MAX) return { error: REDIRECT_MESSAGES.tooLong };
  return { target };
}

/** 添加跳转: an old address (a path or a whole URL) and an article or a path of the site. */
export const RedirectFormSchema = z
  .object({
    from: z.string({ error: "请填写旧地址" }).trim().min(1, "请填写旧地址").max(1000, "旧地址过长"),
    articleId: z.preprocess(
      blank,
      z.coerce
        .number({ error: "文章 ID 不正确" })
        .int("文章 ID 不正确")
        .positive("文章 ID 不正确")
        .max(MAX_ID, "文章 ID 不正确")
        .optional(),
    ),
    target: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .max(1000, REDIRECT_MESSAGES.tooLong)
        .superRefine((t, ctx) => {
          const r = redirectTarget(t);
          if ("error" in r) ctx.addIssue({ code: "custom", message: r.error });
        })
        .optional(),
    ),
  })
  .refine((r) => r.articleId !== undefined || r.target !== undefined, {
    message: "请填写目标文章 ID 或跳转地址",
    path: ["target"],
  });

export const ImportNoteSchema = z.object({
  sourceId: z.string(),
  title: z.string(),
  outcome: z.enum(["created", "updated", "unchanged", "skipped", "failed"]),
  articleId: z.number().nullable(),
  notes: z.array(z.string()),
});

export const WordpressAnalysisSchema = z.object({
  version: z.string(),
  siteTitle: z.string(),
  site: z.string(),
  link: z.string(),
  /** posts that will be imported (trash and auto-drafts left out) */
  posts: z.number(),
  byStatus: z.record(z.string(), z.number()),
  pages: z.number(),
  attachments: z.number(),
  menus: z.number(),
  others: z.number(),
  comments: z.number(),
  authors: z.number(),
  categories: z.array(
    z.object({ slug: z.string(), name: z.string(), posts: z.number(), columnId: z.number().nullable() }),
  ),
});

export const ImportJobSchema = z.object({
  id: z.number(),
  kind: z.enum(["wordpress", "wechat"]),
  /** interrupted: its process stopped while it ran (it can go on) */
  status: z.enum(["analysing", "analysed", "running", "done", "failed", "interrupted"]),
  dryRun: z.boolean(),
  fileName: z.string(),
  fileBytes: z.number(),
  site: z.string(),
  siteTitle: z.string(),
  analysis: WordpressAnalysisSchema.nullable(),
  options: z.record(z.string(), z.unknown()),
  total: z.number(),
  processed: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  skipped: z.number(),
  failed: z.number(),
  report: z.array(ImportNoteSchema),
  error: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

export const RedirectRowSchema = z.object({
  id: z.number(),
  path: z.string(),
  query: z.string(),
  articleId: z.number().nullable(),
  articleTitle: z.string().nullable(),
  target: z.string(),
  origin: z.enum(["import", "editor"]),
  site: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});

export type ImportJob = z.infer<typeof ImportJobSchema>;
export type ImportNote = z.infer<typeof ImportNoteSchema>;
export type WordpressAnalysis = z.infer<typeof WordpressAnalysisSchema>;
export type RedirectRow = z.infer<typeof RedirectRowSchema>;

export const IMPORT_STATUS_LABELS: Record<ImportJob["status"], string> = {
  analysing: "读取文件中",
  analysed: "待开始",
  running: "导入中",
  done: "已完成",
  failed: "失败",
  interrupted: "已中断",
};
export const OUTCOME_LABELS: Record<ImportNote["outcome"], string> = {
  created: "新建",
  updated: "更新",
  unchanged: "未变化",
  skipped: "跳过",
  failed: "失败",
};
