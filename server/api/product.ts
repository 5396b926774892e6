import { z } from "zod";
import { PRODUCTS, productTag } from "../../contract/cache-tags";
import { ProductDetailSchema, QuestionSchema, WechatSignSchema } from "../../contract/entities";
import { idParam } from "../../contract/params";
import { PROFESSION_VALUES } from "../../contract/signup";
import { endpoint } from "./endpoint";

export const productEndpoints = [
  endpoint({
    method: "get",
    path: "/api/product/question/list",
    tags: () => [PRODUCTS],
    tag: "报名",
    summary: "The sign-up questions of a product",
    query: z.object({
      menberProfession: z
        .enum(["NONE", ...PROFESSION_VALUES], {
          error: "参数 menberProfession 不正确",
        })
        .optional(),
      productId: idParam("productId"),
    }),
    response: z.object({ questionList: z.array(QuestionSchema) }),
    handler: async (q, s) => ({ questionList: await s.products.questions(q.productId) }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/detail",
    tags: (q) => [productTag(q.productId), PRODUCTS],
    tag: "报名",
    summary: "Product name, price (yuan) and agreement",
    query: z.object({ productId: idParam("productId") }),
    response: ProductDetailSchema,
    handler: async (q, s) => s.products.detail(q.productId),
  }),
  endpoint({
    method: "get",
    path: "/api/product/wechat/getSign",
    tag: "分享",
    summary: "WeChat JS-SDK signature for a page URL",
    cache: false,
    description: "503 when WeChat sharing is not configured or WeChat cannot be reached; pages keep working.",
    query: z.object({
      url: z
        .string({ error: "缺少参数 url" })
        .max(2048, "参数 url 过长")
        .refine((u) => /^https?:\/\/[^\s]+$/i.test(u) && URL.canParse(u), "参数 url 必须是完整的网址"),
    }),
    response: WechatSignSchema,
    handler: async (q, s) => s.wechat.sign(q.url),
  }),
];
