import type { LandingPage } from "../../../contract/landing";
import { CHAT, heroBg, item, PORTRAIT_CLIPS, SLOGAN_TITLE, sampleClips } from "./shared";

/** /market/products/shortvideos — talent-led short videos (达人出镜短视频), hover-playing portrait samples. */
const F = "shortvideos";

export const page: LandingPage = {
  path: "/market/products/shortvideos",
  title: SLOGAN_TITLE,
  name: "达人出镜短视频",
  description: "达人出镜短视频：真人达人口播、测评与剧情短视频，可授权品牌二次投放。",
  sections: [
    {
      type: "hero",
      eyebrow: "达人出镜",
      title: "让达人替你讲好产品",
      subtitle: "真人口播、测评与剧情短视频，支持授权投放。",
      image: heroBg(F, "达人出镜短视频主视觉"),
      buyAnchor: { label: "选择套餐", href: "#plans" },
    },
    {
      type: "hoverVideos",
      id: "samples",
      title: "达人样片",
      intro: "鼠标悬停播放（手机上轻点播放），以下为示意短片。",
      reveal: true,
      clips: sampleClips(F, "v", PORTRAIT_CLIPS, 360, 640, [
        {
          title: "达人口播",
          caption: "9:16 · 30 秒",
          alt: "口播样片",
          sub: "达人口播",
        },
        {
          title: "真实测评",
          caption: "9:16 · 45 秒",
          alt: "测评样片",
          sub: "真实测评",
        },
        {
          title: "剧情种草",
          caption: "3:4 · 60 秒",
          alt: "剧情样片",
          sub: "剧情种草",
        },
      ]),
    },
    {
      type: "plans",
      id: "plans",
      title: "套餐",
      plans: [
        {
          name: "素人出镜",
          price: 980,
          unit: "元/条",
          perks: ["素人真实出镜", "30 秒以内", "一次修改"],
          cta: item(7611),
        },
        {
          name: "达人口播",
          price: 2980,
          unit: "元/条",
          featured: true,
          badge: "推荐",
          perks: ["1 万粉以上达人", "达人账号发布", "授权 3 个月"],
          cta: item(7612),
        },
        {
          name: "剧情短视频",
          price: 5980,
          unit: "元/条",
          perks: ["原创剧情脚本", "2–3 名演员", "授权 6 个月"],
          cta: item(7613),
        },
      ],
      note: "视频比例 9:16 或 3:4，时长 15–60 秒；授权期内品牌可用于广告投放。",
    },
    { type: "ctaBand", tone: "brand", title: "挑选合适的达人", ctas: [CHAT] },
  ],
};
