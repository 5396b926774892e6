import type { LandingPage } from "../../../contract/landing";
import { SLOGAN_TITLE } from "./shared";

/**
 * /market/products/yingxiao — the marketing article list (the header's 营销 item), in the news
 * chrome: the latest 4 articles found for the keyword 营销.
 */
export const page: LandingPage = {
  path: "/market/products/yingxiao",
  title: SLOGAN_TITLE,
  name: "营销",
  description: "电商营销专题：内容种草、直播带货、品牌营销的最新文章与案例。",
  layout: "news",
  sections: [
    {
      type: "articleList",
      title: "营销",
      intro: "电商营销的最新观察与实战案例。",
      source: "keyword",
      keyword: "营销",
      count: 4,
      empty: "暂时没有相关文章，去首页看看最新资讯吧。",
      ctas: [
        { label: "内容营销解决方案", href: "/market/products/nryx" },
        { label: "种草包", href: "/market/products/strawBag", variant: "ghost" },
      ],
    },
  ],
};
