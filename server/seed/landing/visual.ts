import type { LandingPage, PlansSection } from "../../../contract/landing";
import { planHotspots } from "./offer";
import { CHAT, heroBg, item, pics, SLOGAN_TITLE } from "./shared";

/** /market/products/visual — 视觉设计 (design services): packages and the before/after samples. */
const F = "visual";

/** The plans; the first ones are also hotspots on the header image. */
const PLANS: PlansSection["plans"] = [
  {
    name: "主图设计",
    price: 1280,
    unit: "元/5 张",
    perks: ["竞品分析", "两轮修改", "源文件交付"],
    cta: item(7501),
  },
  {
    name: "详情页设计",
    price: 2980,
    unit: "元/页",
    featured: true,
    badge: "热销",
    perks: ["卖点梳理与文案", "两轮修改", "手机端适配"],
    cta: item(7502),
  },
  {
    name: "店铺首页",
    price: 4980,
    unit: "元/套",
    perks: ["首页 + 3 个分类页", "大促版本一次", "源文件交付"],
    cta: item(7503),
  },
];

export const page: LandingPage = {
  path: "/market/products/visual",
  title: SLOGAN_TITLE,
  name: "视觉设计",
  description: "电商报视觉设计：主图、详情页、店铺首页与大促视觉，资深电商设计师出品。",
  sections: [
    {
      type: "hero",
      eyebrow: "视觉设计",
      title: "好看，更要好卖",
      subtitle: "主图、详情页、店铺首页与大促视觉，以转化为目标的电商设计。",
      image: heroBg(F, "视觉设计主视觉"),
      buyAnchor: { label: "选择套餐", href: "#plans" },
      hotspots: planHotspots(PLANS, [
        [74, 34],
        [80, 66],
      ]),
    },
    {
      type: "gallery",
      id: "works",
      title: "设计作品",
      reveal: true,
      images: pics(
        F,
        "w",
        ["美妆主图", "家居详情页", "食品大促首页", "服饰主图", "数码详情页", "母婴店铺首页"],
        400,
        400,
      ),
    },
    {
      type: "plans",
      id: "plans",
      title: "设计套餐",
      plans: PLANS,
    },
    { type: "ctaBand", tone: "brand", title: "需要整店视觉升级？", ctas: [CHAT] },
  ],
};
