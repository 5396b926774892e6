import { z } from "./zod";

/** The API's shapes (docs/product.md §3), used for responses and the OpenAPI document. */

export const TagSchema = z.object({ tagId: z.number().int(), tagName: z.string() });

export const ArticleSummarySchema = z.object({
  contentId: z.number().int(),
  title: z.string(),
  intro: z.string(),
  thumb: z.string(),
  author: z.string(),
  createTime: z.string().describe("ISO 8601"),
  columnId: z.number().int(),
  hot: z.boolean(),
  tagList: z.array(TagSchema),
});
export const ArticleSchema = ArticleSummarySchema.extend({
  content: z.string().describe("sanitised HTML body"),
  columnName: z.string(),
  seoTitle: z.string().describe("overrides the title for search engines and shares; empty: the title"),
  seoDescription: z.string().describe("overrides the intro as the description; empty: the intro"),
  shareImage: z.string().describe("overrides the cover in shares; empty: the cover"),
});

export const ColumnSchema = z.object({ columnId: z.number().int(), columnName: z.string() });

export const BannerSchema = z.object({
  bannerId: z.number().int(),
  columnId: z.number().int(),
  bannerName: z.string(),
  bannerLink: z.string(),
  image: z.string(),
  thumb: z.string().describe("the same picture as image (advertisement banners read thumb)"),
});

export const ActivitySchema = z.object({
  activityId: z.number().int(),
  columnId: z.number().int(),
  activityName: z.string(),
  activityLink: z.string(),
  thumb: z.string(),
  activityStartTime: z.string().describe("ISO 8601"),
  address: z.string(),
  activityIntro: z.string(),
  activityStatus: z.string(),
  guests: z.string(),
});

export const TravelItemSchema = z.object({
  id: z.number().int(),
  tabId: z.number().int(),
  serialNum: z.number().int(),
  picUrl: z.string(),
  name: z.string(),
  location: z.string(),
  price: z.number().describe("yuan"),
  password: z.string().describe("the promo code"),
});
export const TravelTabSchema = z.object({
  tabId: z.number().int(),
  listKey: z.string(),
  tabName: z.string(),
});

export const QuestionTypeSchema = z.enum(["INPUT", "TEXTAREA", "CHECKBOX", "RADIO", "CHECKBOX_INPUT"]);
export const QuestionOptionSchema = z.object({
  optionTitle: z.string(),
  questionId: z.number().int(),
  hasInput: z.boolean().describe("CHECKBOX_INPUT: the option carries a free-text input"),
});
export const QuestionSchema = z.object({
  questionId: z.number().int(),
  questionTitle: z.string(),
  showTitle: z.string(),
  questionField: z.string(),
  questionType: QuestionTypeSchema,
  required: z.enum(["TRUE", "FALSE"]),
  additionList: z.array(QuestionOptionSchema),
});

export const ProductDetailSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productContract: z.string().describe("sanitised HTML agreement"),
  price: z.number().describe("yuan"),
  requiresAgreement: z.boolean(),
});

export const CooperationContactSchema = z.object({
  title: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
});

export const PartnerSchema = z.object({ name: z.string(), thumb: z.string(), link: z.string() });

export const WechatSignSchema = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  noncestr: z.string(),
  signature: z.string(),
});

export type Tag = z.infer<typeof TagSchema>;
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;
export type Article = z.infer<typeof ArticleSchema>;
export type Column = z.infer<typeof ColumnSchema>;
export type Banner = z.infer<typeof BannerSchema>;
export type Activity = z.infer<typeof ActivitySchema>;
export type TravelItem = z.infer<typeof TravelItemSchema>;
export type TravelTab = z.infer<typeof TravelTabSchema>;
export type Question = z.infer<typeof QuestionSchema>;
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
export type CooperationContact = z.infer<typeof CooperationContactSchema>;
export type Partner = z.infer<typeof PartnerSchema>;
export type WechatSign = z.infer<typeof WechatSignSchema>;
