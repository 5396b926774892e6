import type { LandingPage, PlansSection } from "../../../contract/landing";
import { planHotspots } from "./offer";
import { CHAT, heroBg, item, pic, SLOGAN_TITLE } from "./shared";

/** /market/products/mini — mini-program services (小程序): store and membership mini-programs. */
const F = "mini";

/** The plans; the first ones are also hotspots on the header image. */
const PLANS: PlansSection["plans"] = [
  {
    name: "模板商城",
    price: 4980,
    unit: "元/年",
    perks: ["20+ 行业模板", "7 天上线", "基础运营培训"],
    cta: item(7701),
  },
  {
    name: "定制开发",
    price: 29800,
    unit: "元起",
    featured: true,
    perks: ["按需定制功能", "对接 ERP 与会员系统", "一年维护"],
    cta: item(7702),
  },
];

export const page: LandingPage = {
  path: "/market/products/mini",
  title: SLOGAN_TITLE,
  name: "小程序服务",
  description: "电商报小程序服务：商城、会员与分销小程序，模板快速上线，也可按需定制。",
  sections: [
    {
      type: "hero",
      eyebrow: "小程序服务",
      title: "7 天上线你的品牌小程序",
      subtitle: "商城、会员、分销三合一，打通私域经营。",
      image: heroBg(F, "小程序服务主视觉"),
      buyAnchor: { label: "选择方案", href: "#plans" },
      hotspots: planHotspots(PLANS, [
        [74, 34],
        [80, 66],
      ]),
    },
    {
      type: "features",
      id: "features",
      title: "核心功能",
      reveal: true,
      items: [
        { icon: "商", title: "商城", text: "商品、订单、优惠券与拼团秒杀。" },
        { icon: "会", title: "会员", text: "积分、等级、储值与会员日。" },
        { icon: "分", title: "分销", text: "导购与团长分销，佣金自动结算。" },
      ],
    },
    {
      type: "split",
      id: "preview",
      title: "所见即所得的装修后台",
      paragraphs: ["拖拽组件即可搭建首页与活动页，运营同学无需写代码。"],
      image: pic(F, "preview", "小程序装修后台", 600, 420),
      reveal: true,
    },
    {
      type: "plans",
      id: "plans",
      title: "方案与价格",
      plans: PLANS,
    },
    { type: "ctaBand", tone: "brand", title: "看看同行的小程序", ctas: [{ ...CHAT, label: "预约演示" }] },
  ],
};
