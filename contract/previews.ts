import { z } from "zod";

/**
 * A preview link as the console lists it (the token itself is shown once, when it is made). It
 * opens one article or one landing page: the other id is null.
 */
export const PreviewLinkSchema = z.object({
  id: z.string(),
  articleId: z.number().nullable(),
  landingPageId: z.number().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type PreviewLink = z.infer<typeof PreviewLinkSchema>;

export const PreviewCreatedSchema = z.object({ path: z.string(), link: PreviewLinkSchema });

export const PreviewFormSchema = z.object({
  days: z
    .number({ error: "有效天数须为 1 到 30 的整数" })
    .int("有效天数须为 1 到 30 的整数")
    .min(1, "有效天数须为 1 到 30 的整数")
    .max(30, "有效天数须为 1 到 30 的整数")
    .optional(),
});

/** The id the console names a link by, as `?link=` of a revoke. */
export const PreviewRevokeSchema = z.object({
  link: z.string({ error: "请指定预览链接" }).regex(/^[0-9a-f]{12}$/, "预览链接不存在"),
});

/** Where a preview token opens its article or landing page. */
export const previewPath = (token: string) => `/preview/${token}`;

/** What a preview link that opens nothing says (unknown, tampered with, expired or revoked). */
export const PREVIEW_INVALID = "预览链接无效、已过期或已被撤销，请向编辑索取新的链接";
