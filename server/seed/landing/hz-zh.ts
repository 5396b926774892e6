import type { LandingPage } from "../../../contract/landing";
import { applyBand, heroBg, pic, SLOGAN_TITLE } from "./shared";

/** /hz/zebra/zh — 合作 · 置换: product-for-content exchange with influencers (sign-up by external form). */
const F = "hz-zh";

export const page: LandingPage = {
  path: "/hz/zebra/zh",
  title: SLOGAN_TITLE,
  name: "达人置换合作",
  description: "达人置换合作：以商品置换达人真实测评内容，零现金投入积累口碑。",
  sections: [
    {
      type: "hero",
      eyebrow: "合作招募",
      title: "用好产品，换真实口碑",
      subtitle: "以商品置换达人测评内容，零现金投入，适合新品与新店。",
      image: heroBg(F, "达人置换合作主视觉"),
      buyAnchor: { label: "提交申请", href: "#apply" },
    },
    {
      type: "split",
      id: "how",
      title: "置换怎么做",
      paragraphs: ["你提供商品，我们匹配适合的素人与腰部达人，达人收到商品后真实体验并发布测评。"],
      bullets: ["每款商品不少于 10 份", "达人粉丝 1000–1 万", "发布后 30 天内不删除"],
      image: pic(F, "how", "置换合作流程", 600, 420),
      reveal: true,
    },
    applyBand(
      "提交置换申请",
      { label: "提交置换申请", href: "https://form.example.com/f/exchange" },
      "审核通过后 3 天内开始匹配达人。",
    ),
  ],
};
