import { z } from "zod";

/** How many revisions an article keeps; older ones go when a save adds one. */
export const MAX_REVISIONS = 50;

export const RevisionRowSchema = z.object({
  id: z.number(),
  articleId: z.number(),
  version: z.number(),
  title: z.string(),
  status: z.enum(["published", "scheduled", "draft"]),
  publishedAt: z.string(),
  savedBy: z.string(),
  savedAt: z.string(),
});
export const RevisionSchema = RevisionRowSchema.extend({
  intro: z.string(),
  content: z.string(),
  thumb: z.string(),
  columnId: z.number(),
  tags: z.array(z.string()),
});

export type RevisionRow = z.infer<typeof RevisionRowSchema>;
export type Revision = z.infer<typeof RevisionSchema>;
