import type { LandingPage } from "../../../contract/landing";
import { CHAT, heroBg, item, pic, SLOGAN_TITLE } from "./shared";

/** /market/products/pyramid — the influencer-pyramid model (达人金字塔): head / waist / amateur tiers. */
const F = "pyramid";

export const page: LandingPage = {
  path: "/market/products/pyramid",
  title: SLOGAN_TITLE,
  name: "达人金字塔",
  description: "达人金字塔投放模型：头部造势、腰部种草、素人铺量，用最合理的预算结构做种草。",
  sections: [
    {
      type: "hero",
      eyebrow: "达人金字塔",
      title: "头部造势 · 腰部种草 · 素人铺量",
      subtitle: "经过 3000+ 商家验证的达人投放结构。",
      image: heroBg(F, "达人金字塔主视觉"),
      buyAnchor: { label: "选择组合", href: "#plans" },
    },
    {
      type: "split",
      id: "model",
      title: "为什么是金字塔",
      paragraphs: [
        "头部达人带来声量与信任背书，腰部达人贡献最稳定的种草效率，大量素人内容让搜索结果里处处是好评。",
        "三层按 1 : 10 : 50 的数量配比，预算约为 4 : 4 : 2。",
      ],
      bullets: ["头部：1–3 位，造势背书", "腰部：10–30 位，种草主力", "素人：50–150 位，铺量口碑"],
      image: pic(F, "model", "达人金字塔模型", 600, 420),
      reveal: true,
    },
    {
      type: "plans",
      id: "plans",
      title: "金字塔组合",
      plans: [
        {
          name: "小金字塔",
          price: 19800,
          perks: ["腰部达人 10 位", "素人 50 位", "投放报告"],
          cta: item(7801),
        },
        {
          name: "标准金字塔",
          price: 49800,
          featured: true,
          badge: "推荐",
          perks: ["头部达人 1 位", "腰部达人 20 位", "素人 100 位", "周报 + 结案报告"],
          cta: item(7802),
        },
        {
          name: "品牌金字塔",
          price: 128000,
          perks: ["头部达人 3 位", "腰部达人 30 位", "素人 150 位", "专属策划团队"],
          cta: item(7803),
        },
      ],
    },
    { type: "ctaBand", tone: "brand", title: "按你的预算配一座金字塔", ctas: [CHAT] },
  ],
};
