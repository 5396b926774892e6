import { z } from "./zod";

/**
 * What the console's endpoints answer (the envelope's data), as schemas: the server documents them
 * in OpenAPI, the console's client (app/api/client.ts) checks every answer against them.
 */

const ROLE = z.enum(["admin", "editor"]);

export const AdminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  role: ROLE,
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export const SessionInfoSchema = z.object({
  user: AdminUserSchema,
  csrfToken: z.string(),
  expiresAt: z.string(),
});
export const SetupNeededSchema = z.object({ needed: z.boolean() });

/** A page of a console list. */
export const pagedOf = <S extends z.ZodType>(item: S) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
export const itemsOf = <S extends z.ZodType>(item: S) => z.object({ items: z.array(item) });

const TagRef = z.object({ tagId: z.number(), tagName: z.string() });

export const AdminArticleRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  columnId: z.number(),
  columnName: z.string(),
  author: z.string(),
  thumb: z.string(),
  status: z.enum(["published", "scheduled", "draft"]),
  hot: z.boolean(),
  viewCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  tags: z.array(TagRef),
});
export const AdminArticleSchema = AdminArticleRowSchema.extend({
  intro: z.string(),
  content: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  shareImage: z.string(),
  /** counted up by every save; the editor sends it back as its baseVersion */
  version: z.number(),
  /** where an imported article came from: its old slug, its original's address, its WeChat link */
  slug: z.string().nullable(),
  sourceUrl: z.string(),
  wechatUrl: z.string(),
});

/**
 * Pictures of a saved body whose address was outside the site: how many were fetched and stored
 * as our own uploads, and those that could not be kept (left as they were), each with its address
 * and the Chinese reason.
 */
export const RemoteImagesReportSchema = z.object({
  stored: z.number(),
  failed: z.array(z.object({ url: z.string(), reason: z.string() })),
});
/** What a console save (create, change, restore) answers: the article and, from this version on, the picture report. */
export const SavedArticleSchema = AdminArticleSchema.extend({
  remoteImages: RemoteImagesReportSchema.optional(),
});

export const AdminLeadSchema = z.object({
  id: z.number(),
  form: z.enum(["business", "expert"]),
  name: z.string(),
  phone: z.string(),
  brand: z.string().nullable(),
  role: z.string().nullable(),
  channelNickname: z.string().nullable(),
  channelLink: z.string().nullable(),
  idCopyPic: z.string().nullable(),
  sourcePage: z.string().nullable(),
  userAgent: z.string().nullable(),
  status: z.enum(["new", "contacted", "closed"]),
  createdAt: z.string(),
});

/** A page leads were sent from (线索's page filter): its path, the landing page's name there, how many. */
export const LeadSourcePageSchema = z.object({
  page: z.string(),
  name: z.string().nullable(),
  leads: z.number(),
});
export type LeadSourcePage = z.infer<typeof LeadSourcePageSchema>;

export const AdminOrderSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  productId: z.number(),
  productName: z.string(),
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  profession: z.string(),
  signWay: z.string(),
  companyName: z.string().nullable(),
  signer: z.string(),
  contact: z.string(),
  idCardMasked: z.string().nullable(),
  hasIdCard: z.boolean(),
  payer: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  total: z.number(),
  status: z.enum(["PENDING", "PAID"]),
  tradeNo: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  answers: z.array(z.object({ questionId: z.number(), title: z.string(), answer: z.string() })),
});
export const RevealedIdSchema = z.object({ idCard: z.string() });

export const PushRowSchema = z.object({
  id: z.number(),
  engine: z.enum(["baidu", "indexnow"]),
  url: z.string(),
  articleId: z.number().nullable(),
  status: z.enum(["pending", "done", "failed", "quota"]),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lastStatusCode: z.number().nullable(),
  lastAnswer: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const PushSettingsSchema = z.object({
  baidu: z.boolean(),
  indexnow: z.boolean(),
  publicUrl: z.string().nullable(),
  active: z.boolean(),
});

export const AuditEntrySchema = z.object({
  id: z.number(),
  username: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  createdAt: z.string(),
});

const count = z.number();
export const DashboardSchema = z.object({
  days: z.array(z.string()),
  leadsPerDay: z.array(z.object({ day: z.string(), business: count, expert: count })),
  ordersPerDay: z.array(z.object({ day: z.string(), orders: count, paid: count, revenue: z.number() })),
  totals: z.object({ leads: count, newLeads: count, orders: count, paidOrders: count, revenue: z.number() }),
  topArticles: z.array(z.object({ id: z.number(), title: z.string(), views: count })),
  topKeywords: z.array(z.object({ keyword: z.string(), searches: count })),
  zeroResults: z.array(z.object({ keyword: z.string(), searches: count })),
});

export const AdminProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  contractHtml: z.string(),
  requiresAgreement: z.boolean(),
  createdAt: z.string(),
  orders: z.number(),
});
export const AdminQuestionSchema = z.object({
  id: z.number(),
  productId: z.number().nullable(),
  title: z.string(),
  showTitle: z.string(),
  field: z.string(),
  type: z.enum(["INPUT", "TEXTAREA", "CHECKBOX", "RADIO", "CHECKBOX_INPUT"]),
  required: z.boolean(),
  hidden: z.boolean(),
  sortOrder: z.number(),
  options: z.array(z.object({ title: z.string(), hasInput: z.boolean() })),
});
export const AdminProductDetailSchema = AdminProductSchema.extend({
  questions: z.array(AdminQuestionSchema),
});

/** A row of a simple console resource (its fields are the resource's form fields, plus id and counts). */
export const ResourceRowSchema = z.looseObject({ id: z.number() });

/** A picture the console uploaded: its public path and the sizes made of it. */
export const StoredImageSchema = z.looseObject({ url: z.string() });

export type AdminUser = z.infer<typeof AdminUserSchema>;
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };
export type AdminArticleRow = z.infer<typeof AdminArticleRowSchema>;
export type AdminArticle = z.infer<typeof AdminArticleSchema>;
export type RemoteImagesReport = z.infer<typeof RemoteImagesReportSchema>;
export type SavedArticle = z.infer<typeof SavedArticleSchema>;
export type AdminLead = z.infer<typeof AdminLeadSchema>;
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export type PushRow = z.infer<typeof PushRowSchema>;
export type PushSettings = z.infer<typeof PushSettingsSchema>;
export type Dashboard = z.infer<typeof DashboardSchema>;
export type AdminProduct = z.infer<typeof AdminProductSchema>;
export type AdminQuestion = z.infer<typeof AdminQuestionSchema>;
export type ResourceRow = z.infer<typeof ResourceRowSchema>;
