import { z } from "zod";

/** Erasing one person's data at their request (PIPL), by the mobile number they gave. */
export const ErasureRequestSchema = z.object({
  mobile: z
    .string({ error: "请输入手机号" })
    .trim()
    .regex(/^[0-9-]{5,20}$/, "请输入完整的手机号（仅数字）"),
});

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
}
