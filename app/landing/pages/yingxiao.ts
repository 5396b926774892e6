import type { ArticleListPage } from "../types";
import { SLOGAN_TITLE } from "./shared";

/**
 * /market/products/yingxiao — the marketing article list (the header's 营销 item), in the news
 * chrome. Decision: the fixed topic keyword is 营销; 10 articles are requested and the first 4 shown.
 */
export const page: ArticleListPage = {
  path: "/market/products/yingxiao",
  title: SLOGAN_TITLE,
  name: "营销",
  description: "电商营销专题：内容种草、直播带货、品牌营销的最新文章与案例。",
  keyword: "营销",
  intro: "电商营销的最新观察与实战案例。",
  ctas: [
    { label: "内容营销解决方案", href: "/market/products/nryx" },
    { label: "种草包", href: "/market/products/strawBag", variant: "ghost" },
  ],
};
