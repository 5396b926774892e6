import { z } from "./zod";

/**
 * The two lead forms of the MCN page (/wxmcn), docs/product.md §3 and §5. One schema per form, used by the
 * antd form in the browser (field by field, on blur) and by the API (POST /api/mcn/insertMcnBusiness
 * and /api/mcn/insertMcnExpert, fields as query parameters or as a JSON / form body).
 *
 * Merchant form (business): contactName, contactPhone, brand, role.
 * Influencer form (expert): name, phone, channelNickname (nickname on the influencer's main
 * channel), channelLink (http(s) link to that channel's home page), idCopyPic (optional ID-copy
 * picture: the path POST /api/upload answered, /uploads/mcn/<random>.<ext>).
 *
 * Limits the original site left open: every field ≤ 100 characters (the channel link too: a channel's home
 * link fits), a phone that is a mainland mobile or a landline number.
 */

export const MCN_TEXT_MAX = 100;
export const MCN_LINK_MAX = 100;
/** The same phone on the same form within this window is one lead. */
export const MCN_DEDUP_MINUTES = 10;
/**
 * Hidden field that people never see or fill; anything in it marks a bot, whose submit is answered
 * as a success and dropped.
 */
export const HONEYPOT_FIELD = "website";

export const MCN_MESSAGES = {
  contactName: "请填写联系人",
  contactPhone: "请填写电话",
  brand: "请填写品牌名",
  role: "请填写角色",
  name: "请填写姓名",
  phone: "请填写电话",
  phoneFormat: "请填写正确的电话号码（手机号或带区号的座机号）",
  channelLink: "请填写以 http:// 或 https:// 开头的主页链接",
  idCopyPic: "身份证复印件图片无效，请重新上传",
  confirmTitle: "提示",
  confirmText: "是否确认提交?",
  confirmOk: "确定",
  confirmCancel: "取消",
  cancelled: "已取消提交",
  success: "提交成功",
  failure: "提交失败",
  rateLimited: "提交过于频繁，请稍后再试",
} as const;

const tooLong = (label: string, max: number) => `${label}不能超过 ${max} 个字符`;

/** JSON clients may send a phone as a number and an empty optional field as null. */
const loose = (v: unknown) => (typeof v === "number" ? String(v) : v === null ? undefined : v);

function requiredText(label: string, message: string, max = MCN_TEXT_MAX) {
  return z.preprocess(
    loose,
    z.string({ error: message }).trim().min(1, message).max(max, tooLong(label, max)),
  );
}

function optionalText(label: string, max = MCN_TEXT_MAX) {
  return z.preprocess(
    loose,
    z
      .string({ error: `${label}格式不正确` })
      .trim()
      .max(max, tooLong(label, max))
      .optional()
      .transform((v) => (v ? v : undefined)),
  );
}

/** Digits only, without the +86 / 0086 country prefix: "+86 138-1234-5678" → "13812345678". */
export function normalizePhone(raw: string): string {
  const s = raw.replace(/[\s\-()（）]/g, "").replace(/^(\+86|0086)/, "");
  return /^861\d{10}$/.test(s) ? s.slice(2) : s;
}

const MOBILE = /^1[3-9]\d{9}$/;
/** area code (0 + 2–3 digits) and a 7–8 digit number */
const LANDLINE = /^0\d{9,11}$/;
export const isPhone = (normalized: string) => MOBILE.test(normalized) || LANDLINE.test(normalized);

function phone(message: string) {
  return z.preprocess(
    loose,
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(30, MCN_MESSAGES.phoneFormat)
      .transform(normalizePhone)
      .refine(isPhone, MCN_MESSAGES.phoneFormat),
  );
}

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.includes(".");
  } catch {
    return false;
  }
};

/** Pictures POST /api/upload stored for this form. */
export const MCN_UPLOAD_PATH = /^\/uploads\/mcn\/[0-9a-f]{32}\.(jpg|png|webp)$/;

const idCopyPic = z.preprocess(
  (v) => {
    const s = loose(v);
    // An absolute URL of one of our pictures is kept as its path.
    if (typeof s === "string") {
      const m = /^https?:\/\/[^/]+(\/uploads\/mcn\/.*)$/.exec(s.trim());
      return m ? m[1] : s.trim() || undefined;
    }
    return s;
  },
  z
    .string({ error: MCN_MESSAGES.idCopyPic })
    .regex(MCN_UPLOAD_PATH, MCN_MESSAGES.idCopyPic)
    .optional()
    .describe("picture path answered by POST /api/upload"),
);

const honeypot = z.unknown().optional().describe("leave empty (a field people never see)");

export const McnBusinessForm = z.object({
  contactName: requiredText("联系人", MCN_MESSAGES.contactName).describe("contact person"),
  contactPhone: phone(MCN_MESSAGES.contactPhone).describe("mainland mobile or landline"),
  brand: requiredText("品牌名", MCN_MESSAGES.brand).describe("brand name"),
  role: requiredText("角色", MCN_MESSAGES.role).describe("the contact's role, free text"),
});

export const McnExpertForm = z.object({
  name: requiredText("姓名", MCN_MESSAGES.name),
  phone: phone(MCN_MESSAGES.phone).describe("mainland mobile or landline"),
  channelNickname: optionalText("主阵地昵称").describe("nickname on the influencer's main channel"),
  channelLink: z
    .preprocess(
      loose,
      z
        .string({ error: MCN_MESSAGES.channelLink })
        .trim()
        .max(MCN_LINK_MAX, tooLong("主阵地链接", MCN_LINK_MAX))
        .optional()
        .transform((v) => (v ? v : undefined))
        .refine((v) => v === undefined || isHttpUrl(v), MCN_MESSAGES.channelLink),
    )
    .describe("http(s) link to the main channel's home page"),
  idCopyPic,
});

/** The API's input: the form plus the honeypot. */
export const McnBusinessInput = McnBusinessForm.extend({ [HONEYPOT_FIELD]: honeypot });
export const McnExpertInput = McnExpertForm.extend({ [HONEYPOT_FIELD]: honeypot });

export type McnBusiness = z.infer<typeof McnBusinessForm>;
export type McnExpert = z.infer<typeof McnExpertForm>;
export type McnForm = "business" | "expert";

/** Field values as the browser form holds them. */
export type McnBusinessValues = Partial<Record<keyof McnBusiness, string>>;
export type McnExpertValues = Partial<Record<keyof McnExpert, string>>;

/** Answer of POST /api/upload: data.result is the picture's public path. */
export const UploadResultSchema = z.object({ result: z.string().describe("/uploads/mcn/<name>.<ext>") });
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const UPLOAD_MESSAGES = {
  missing: "请选择要上传的图片",
  type: "仅支持 JPG、PNG、WebP 格式的图片",
  tooLarge: "图片不能超过 5 MB",
  broken: "图片已损坏，无法读取",
  rateLimited: "上传过于频繁，请稍后再试",
  failure: "上传失败，请重试",
} as const;
