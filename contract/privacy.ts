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
}

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

export const ErasureDoneSchema = z.object({ orders: z.number(), leads: z.number(), files: z.number() });

/** The dashboard's backup warning (server/backup/status.ts). */
export const BackupStatusSchema = z.object({
  intervalSeconds: z.number(),
  lastSuccessAt: z.string().nullable(),
  ageSeconds: z.number().nullable(),
  stale: z.boolean(),
});
