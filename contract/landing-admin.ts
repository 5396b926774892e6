import { z } from "zod";
import { AdminLandingSchema, LANDING_STATUS_LABEL, type LandingPage, type LandingStatus } from "./landing";

/**
 * The console's landing-page answers beyond the page itself (docs/product.md, "Landing pages"): its
 * revisions, and the check of a path as the editor types it.
 */

const statuses = Object.keys(LANDING_STATUS_LABEL) as [LandingStatus, ...LandingStatus[]];

/** A revision as the history lists it: what the save stored, without the sections. */
export const LandingRevisionRowSchema = z.object({
  id: z.number(),
  pageId: z.number(),
  version: z.number(),
  status: z.enum(statuses),
  name: z.string(),
  path: z.string(),
  savedBy: z.string(),
  savedAt: z.string(),
});
export type LandingRevisionRow = z.infer<typeof LandingRevisionRowSchema>;

/** One revision with the whole page it stored (the shape of a page the console edits). */
export const LandingRevisionSchema = LandingRevisionRowSchema.extend({
  page: AdminLandingSchema.pick({
    path: true,
    title: true,
    name: true,
    description: true,
    shareTitle: true,
    shareDescription: true,
    shareImage: true,
    layout: true,
    sections: true,
  }),
});
export type LandingRevision = LandingRevisionRow & { page: LandingPage };

/** A restore: the version of the page the editor has (older than stored: refused with the stored page). */
export const LandingRestoreSchema = z.strictObject(
  {
    version: z.number({ error: "缺少页面版本" }).int("页面版本不正确").min(1, "页面版本不正确"),
  },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys" ? `不支持的字段：${iss.keys.join("、")}` : "格式不正确",
  },
);

/** The path check's question: a path, and the page it is for (none: a new page). */
export const LandingPathCheckQuerySchema = z.object({
  path: z.string({ error: "请填写页面路径" }).max(1000, "页面路径不能超过 200 个字符"),
  id: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce
      .number({ error: "页面编号不正确" })
      .int("页面编号不正确")
      .min(1, "页面编号不正确")
      .max(2_147_483_647, "页面编号不正确")
      .optional(),
  ),
});

/** Whether a save would take the path; if not, why (the message the save would answer). */
export const LandingPathCheckSchema = z.object({ ok: z.boolean(), message: z.string().optional() });
export type LandingPathCheck = z.infer<typeof LandingPathCheckSchema>;
