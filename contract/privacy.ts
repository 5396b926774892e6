import { z } from "zod";

/** Erasing one person's data at their request (PIPL), by the mobile number they gave. */
export const ErasureRequestSchema = z.object({
  mobile: z
    .string({ error: "请输入手机号" })
    .trim()
    .regex(/^[0-9-]{5,20}$/, "请输入完整的手机号（仅数字）"),
});

/** What erasing a mobile number's data would touch, shown to the admin before it is done. */
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
  /** PII_RETENTION_DAYS: data older than this is erased daily without asking */
  retentionDays: z.number(),
});
export type ErasurePreview = z.infer<typeof ErasurePreviewSchema>;

export const ErasureDoneSchema = z.object({ orders: z.number(), leads: z.number(), files: z.number() });
export type ErasureDone = z.infer<typeof ErasureDoneSchema>;

/** The last good backup, for the dashboard's warning (README "Backups"). */
export const BackupStatusSchema = z.object({
  intervalSeconds: z.number(),
  lastSuccessAt: z.string().nullable(),
  ageSeconds: z.number().nullable(),
  stale: z.boolean(),
});
export type BackupStatus = z.infer<typeof BackupStatusSchema>;
