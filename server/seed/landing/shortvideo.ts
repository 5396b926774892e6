import type { LandingPage, PlansSection } from "../../../contract/landing";
import { planHotspots } from "./offer";
import { CHAT, heroBg, item, LANDSCAPE_CLIPS, SLOGAN_TITLE, sampleClips } from "./shared";

/**
 * /market/products/shortvideo — short-video production, the basic packages (商品短视频).
 * shortvideos and shortvideoss are the talent-led and the series packages.
 */
const F = "shortvideo";

/** The plans; the first ones are also hotspots on the header image. */
const PLANS: PlansSection["plans"] = [
  {
    name: "主图视频",
    price: 680,
    unit: "元/条",
    perks: ["15 秒以内", "白底或简单场景", "一次修改"],
    cta: item(7601),
  },
  {
    name: "场景短视频",
    price: 1980,
    unit: "元/条",
    featured: true,
    badge: "热销",
    perks: ["30–60 秒", "脚本策划 + 场景拍摄", "两次修改"],
    cta: item(7602),
  },
  {
    name: "月度包",
    price: 6800,
    unit: "元/月",
    perks: ["每月 8 条", "固定拍摄档期", "数据复盘"],
    cta: item(7603),
  },
];

export const page: LandingPage = {
  path: "/market/products/shortvideo",
  title: SLOGAN_TITLE,
  name: "商品短视频制作",
  description: "商品短视频制作：主图视频、详情页视频与场景短视频，脚本、拍摄、剪辑一条龙。",
  sections: [
    {
      type: "hero",
      eyebrow: "短视频制作",
      title: "一条好视频，顶十张图",
      subtitle: "主图视频、详情视频、场景短视频，72 小时出片。",
      image: heroBg(F, "商品短视频主视觉"),
      buyAnchor: { label: "选择套餐", href: "#plans" },
      hotspots: planHotspots(PLANS, [
        [72, 30],
        [80, 54],
        [70, 78],
      ]),
    },
    {
      type: "videoGrid",
      id: "samples",
      title: "样片",
      intro: "以下为示意短片，实际成片按你的商品拍摄。",
      reveal: true,
      clips: sampleClips(F, "v", LANDSCAPE_CLIPS, 640, 360, [
        {
          title: "主图视频",
          caption: "15 秒 · 1:1 / 16:9",
          alt: "主图视频样片",
          sub: "主图视频",
        },
        {
          title: "场景短视频",
          caption: "30 秒 · 9:16",
          alt: "场景短视频样片",
          sub: "场景短视频",
        },
        {
          title: "详情页视频",
          caption: "60 秒 · 16:9",
          alt: "详情页视频样片",
          sub: "详情视频",
        },
      ]),
    },
    {
      type: "plans",
      id: "plans",
      title: "制作套餐",
      plans: PLANS,
    },
    {
      type: "steps",
      id: "process",
      title: "制作流程",
      steps: [
        { title: "寄送样品", text: "下单后寄送商品样品。" },
        { title: "脚本确认", text: "24 小时内给出脚本。" },
        { title: "拍摄剪辑", text: "自有影棚拍摄。" },
        { title: "交付修改", text: "72 小时内交付成片。" },
      ],
    },
    { type: "ctaBand", tone: "brand", title: "有特别的拍摄需求？", ctas: [CHAT] },
  ],
};
