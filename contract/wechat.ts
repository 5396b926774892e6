import { optionalIdFilter } from "./params";
import { z } from "./zod";

/**
 * 同步到公众号 (docs/product.md, "WeChat sync"): what the console sends, what it gets back, and the
 * limits the 公众号 API puts on an article, checked in the browser and again on the server.
 */

/** The 公众号's limits on one article of a draft (draft/add), in characters unless said otherwise. */
export const WECHAT_LIMITS = {
  title: 32,
  author: 16,
  digest: 128,
  /** the content, HTML and inline styles included, must stay under this many characters */
  content: 20_000,
  /** and under this many bytes */
  contentBytes: 1_000_000,
  /** 阅读原文 */
  sourceUrl: 1024,
  /** a picture in the body (media/uploadimg): JPEG or PNG under 1 MB */
  bodyPictureBytes: 1024 * 1024,
  /** the cover (material/add_material?type=thumb): JPEG, at most 64 KB */
  thumbBytes: 64 * 1024,
} as const;

/** Characters as people count them (an emoji is one), as WeChat counts a title's length. */
export const charCount = (s: string) => [...s].length;

const chars = (max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => charCount(v) <= max, message);

export const WECHAT_MESSAGES = {
  title: `标题不能超过 ${WECHAT_LIMITS.title} 个字（公众号的限制）`,
  titleEmpty: "请填写标题",
  author: `作者不能超过 ${WECHAT_LIMITS.author} 个字（公众号的限制）`,
  digest: `摘要不能超过 ${WECHAT_LIMITS.digest} 个字（公众号的限制）`,
  cover: "请选择封面图（公众号要求每篇文章有封面）",
  content: (n: number) =>
    `正文转换后共 ${n.toLocaleString("en-US")} 个字符，公众号要求少于 ${WECHAT_LIMITS.content.toLocaleString("en-US")} 个，请删减正文`,
  contentEmpty: "正文为空，公众号不接受空白文章",
  notConfigured: "未配置公众号（WECHAT_APP_ID、WECHAT_APP_SECRET），无法同步",
  busy: "这篇文章正在同步中，请等本次同步结束后再试",
} as const;

/** What the editor chooses in the 同步到公众号 dialog. */
export const WechatSyncFormSchema = z.object({
  /** draft: 存入草稿箱; publish: 存入草稿箱 and 发布 (a permanent link, not a mass send to followers) */
  action: z.enum(["draft", "publish"], { error: "请选择存入草稿箱或发布" }),
  title: chars(WECHAT_LIMITS.title, WECHAT_MESSAGES.title).refine(
    (v) => v.length > 0,
    WECHAT_MESSAGES.titleEmpty,
  ),
  author: chars(WECHAT_LIMITS.author, WECHAT_MESSAGES.author).default(""),
  digest: chars(WECHAT_LIMITS.digest, WECHAT_MESSAGES.digest).default(""),
  /** a picture of the article (its cover, share picture or a body picture): a site path or http(s) URL */
  cover: z
    .string({ error: WECHAT_MESSAGES.cover })
    .trim()
    .max(1000, WECHAT_MESSAGES.cover)
    .refine((v) => /^(\/(?!\/)\S+|https?:\/\/\S+)$/i.test(v), WECHAT_MESSAGES.cover),
  openComment: z.boolean().default(false),
  fansOnlyComment: z.boolean().default(false),
});
export type WechatSyncForm = z.infer<typeof WechatSyncFormSchema>;

export interface WechatCheck {
  key: "title" | "author" | "digest" | "content" | "cover";
  ok: boolean;
  message: string;
}

/** The limit checks the dialog lists before anything is sent (the server refuses the same). */
export function wechatChecks(v: {
  title: string;
  author: string;
  digest: string;
  cover: string;
  contentLength: number;
}): WechatCheck[] {
  const title = charCount(v.title.trim());
  const author = charCount(v.author.trim());
  const digest = charCount(v.digest.trim());
  return [
    {
      key: "title",
      ok: title > 0 && title <= WECHAT_LIMITS.title,
      message:
        title === 0
          ? WECHAT_MESSAGES.titleEmpty
          : title > WECHAT_LIMITS.title
            ? WECHAT_MESSAGES.title
            : `标题 ${title}/${WECHAT_LIMITS.title} 字`,
    },
    {
      key: "author",
      ok: author <= WECHAT_LIMITS.author,
      message:
        author > WECHAT_LIMITS.author ? WECHAT_MESSAGES.author : `作者 ${author}/${WECHAT_LIMITS.author} 字`,
    },
    {
      key: "digest",
      ok: digest <= WECHAT_LIMITS.digest,
      message:
        digest > WECHAT_LIMITS.digest ? WECHAT_MESSAGES.digest : `摘要 ${digest}/${WECHAT_LIMITS.digest} 字`,
    },
    {
      key: "content",
      ok: v.contentLength > 0 && v.contentLength < WECHAT_LIMITS.content,
      message:
        v.contentLength === 0
          ? WECHAT_MESSAGES.contentEmpty
          : v.contentLength >= WECHAT_LIMITS.content
            ? WECHAT_MESSAGES.content(v.contentLength)
            : `正文 ${v.contentLength.toLocaleString("en-US")}/${WECHAT_LIMITS.content.toLocaleString("en-US")} 字符（含排版样式）`,
    },
    {
      key: "cover",
      ok: v.cover.trim().length > 0,
      message: v.cover.trim() ? "已选封面图" : WECHAT_MESSAGES.cover,
    },
  ];
}

export const WECHAT_SYNC_STATES = [
  { value: "pending", label: "进行中" },
  { value: "done", label: "已完成" },
  { value: "failed", label: "失败" },
] as const;

/** The steps of a sync, in order; a draft-only sync ends after `draft`. */
export const WECHAT_SYNC_STEPS = [
  { value: "pictures", label: "上传图片" },
  { value: "cover", label: "上传封面" },
  { value: "draft", label: "存入草稿箱" },
  { value: "submit", label: "提交发布" },
  { value: "status", label: "等待发布结果" },
  { value: "done", label: "完成" },
] as const;
export type WechatSyncStep = (typeof WECHAT_SYNC_STEPS)[number]["value"];
export type WechatSyncState = (typeof WECHAT_SYNC_STATES)[number]["value"];

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const WechatJobFilterSchema = z.object({
  state: z.preprocess(
    blankToUndefined,
    z.enum(["pending", "done", "failed"], { error: "同步状态不正确" }).optional(),
  ),
  articleId: z.preprocess(blankToUndefined, optionalIdFilter),
  page: z.coerce.number({ error: "页码不正确" }).int().min(1, "页码不正确").max(100000).default(1),
  pageSize: z.coerce
    .number({ error: "每页条数不正确" })
    .int()
    .min(1, "每页条数不正确")
    .max(200, "每页最多 200 条")
    .default(20),
});

export const WechatJobSchema = z.object({
  id: z.number(),
  articleId: z.number(),
  /** the title sent (the article may have changed or gone since) */
  title: z.string(),
  action: z.enum(["draft", "publish"]),
  state: z.enum(["pending", "done", "failed"]),
  step: z.enum(["pictures", "cover", "draft", "submit", "status", "done"]),
  pictures: z.object({ done: z.number(), total: z.number() }),
  /** true when this sync updated the draft an earlier one made (draft/update) */
  updatedDraft: z.boolean(),
  draftMediaId: z.string().nullable(),
  publishId: z.string().nullable(),
  /** the article's WeChat link once published */
  articleUrl: z.string().nullable(),
  errorCode: z.number().nullable(),
  /** why it failed, or what it waits for, in Chinese */
  error: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type WechatJob = z.infer<typeof WechatJobSchema>;

/** What the dialog shows before anything is sent. */
export const WechatPreviewSchema = z.object({
  configured: z.boolean(),
  /** exactly the HTML that will be sent, with the site's picture addresses (replaced by WeChat's on upload) */
  html: z.string(),
  contentLength: z.number(),
  pictures: z.number(),
  notes: z.number(),
  /** 阅读原文: the article's public URL, or null without PUBLIC_URL */
  sourceUrl: z.string().nullable(),
  defaults: z.object({ title: z.string(), author: z.string(), digest: z.string(), cover: z.string() }),
  /** the pictures that may be the cover: the article's cover, share picture and body pictures */
  covers: z.array(z.object({ url: z.string(), label: z.string() })),
  /** a draft of this article is in the draft box: a sync updates it (until it is published) */
  hasDraft: z.boolean(),
  lastJob: WechatJobSchema.nullable(),
});
export type WechatPreview = z.infer<typeof WechatPreviewSchema>;

export const WechatSettingsSchema = z.object({
  configured: z.boolean(),
  /** the AppID with its middle masked */
  appId: z.string().nullable(),
  apiBase: z.string(),
  /** where to point the 公众号's server configuration (PUBLISHJOBFINISH), or null without PUBLIC_URL */
  callbackUrl: z.string().nullable(),
  callbackToken: z.boolean(),
});
export type WechatSettings = z.infer<typeof WechatSettingsSchema>;

export const WechatTestSchema = z.object({ ok: z.boolean(), message: z.string() });
export type WechatTest = z.infer<typeof WechatTestSchema>;
