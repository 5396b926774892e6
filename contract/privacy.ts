import { z } from "zod";

/** Erasing one person's data at their request (PIPL), by the mobile number they gave. */
export const ErasureRequestSchema = z.object({
  mobile: z
    .string({ error: "请输入手机号" })
    .trim()
    .regex(/^[0-9-]{5,20}$/, "请输入完整的手机号（仅数字）"),
});

/** The preview's query: without a mobile number there is nothing to erase (and the retention shows). */
export const ErasureQuerySchema = z.object({ mobile: ErasureRequestSchema.shape.mobile.optional() });

export interface ErasurePreview {
  orders: { id: number; orderNo: string; createdAt: string; totalFen: number; fields: string[] }[];
  leads: { id: number; form: string; createdAt: string; fields: string[] }[];
  /** PII_RETENTION_DAYS: data older than this is erased daily without asking */
  retentionDays: number;
}

export interface ErasureDone {
  orders: number;
  leads: number;
  files: number;
  /**
   * the database files no longer hold what was erased; false: the rows are erased, but another
   * reader (a backup) kept SQLite's write-ahead log from being emptied; the server keeps trying
   */
  scrubbed: boolean;
}

/** What the console shows, instead of success, when an erasure's database files are not yet scrubbed. */
export const ERASURE_NOT_SCRUBBED =
  "个人信息已从订单和线索中清除，但数据库文件暂时未能清理：有其他操作（如正在进行的备份）正在读取数据库，被清除的内容仍可能留在数据库的日志文件中。系统每分钟自动重试；也可稍后点击“再次清理”。";

export const ErasurePreviewSchema = z.object({
  orders: z.array(
    z.object({
      id: z.number(),
      orderNo: z.string(),
      createdAt: z.string(),
      totalFen: z.number(),
      fields: z.array(z.string()),
    }),
  ),
  leads: z.array(
    z.object({ id: z.number(), form: z.string(), createdAt: z.string(), fields: z.array(z.string()) }),
  ),
  retentionDays: z.number(),
});

export const ErasureDoneSchema = z.object({
  orders: z.number(),
  leads: z.number(),
  files: z.number(),
  scrubbed: z.boolean(),
});

/** The dashboard's backup warning (server/backup/status.ts). */
export const BackupStatusSchema = z.object({
  intervalSeconds: z.number(),
  lastSuccessAt: z.string().nullable(),
  ageSeconds: z.number().nullable(),
  stale: z.boolean(),
});

/**
 * The personal fields of a sign-up order and of an MCN lead (docs/product.md "Personal data"): what
 * an erasure on request and the retention job clear, each in one way. "mobile" and "name" keep a
 * masked form (138****5678, 张*), "answers" keeps the chosen options and drops what was typed in,
 * "null" empties the column. The Chinese label is what the console shows before an erasure.
 */
export type PersonalFieldErasure = "mobile" | "name" | "answers" | "null";
export interface PersonalField {
  column: string;
  label: string;
  erase: PersonalFieldErasure;
}

export const ORDER_PERSONAL_FIELDS = [
  { column: "id_card_enc", label: "身份证号", erase: "null" },
  { column: "id_card_masked", label: "身份证号", erase: "null" },
  { column: "contact", label: "手机号", erase: "mobile" },
  { column: "signer", label: "签约人/付款人姓名", erase: "name" },
  { column: "payer", label: "签约人/付款人姓名", erase: "name" },
  { column: "shop_id", label: "店铺ID/店铺名", erase: "null" },
  { column: "shop_name", label: "店铺ID/店铺名", erase: "null" },
  { column: "answers_json", label: "填写的回答", erase: "answers" },
  // the keyed digest of the whole form (mobile and ID number included)
  { column: "request_hash", label: "表单摘要", erase: "null" },
] as const satisfies readonly PersonalField[];

export const LEAD_PERSONAL_FIELDS = [
  { column: "id_copy_pic", label: "身份证复印件", erase: "null" },
  { column: "phone", label: "手机号", erase: "mobile" },
  { column: "name", label: "姓名", erase: "name" },
  { column: "channel_nickname", label: "账号昵称", erase: "null" },
  { column: "channel_link", label: "账号链接", erase: "null" },
  { column: "user_agent", label: "浏览器标识", erase: "null" },
  { column: "ip_hash", label: "IP 摘要", erase: "null" },
] as const satisfies readonly PersonalField[];

/** Question types whose answers are typed in by the visitor (erased); choices are kept. */
export const FREE_TEXT_QUESTION_TYPES = ["INPUT", "TEXTAREA", "CHECKBOX_INPUT"] as const;
