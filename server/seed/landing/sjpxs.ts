import type { LandingPage } from "../../../contract/landing";
import { CHAT, courseLink, heroBg, pics, SLOGAN_TITLE } from "./shared";

/** /market/products/sjpxs — 商家培训室 (merchant training room): offline classes and their schedule. */
const F = "sjpxs";

/** A class of the monthly timetable: the week it runs, its subject, its teacher and how many days it takes. */
const monthly = (week: number, title: string, teacher: string, days: number) => ({
  time: `每月第 ${week} 周`,
  title,
  speaker: `${teacher} · ${days} 天`,
});

export const page: LandingPage = {
  path: "/market/products/sjpxs",
  title: SLOGAN_TITLE,
  name: "商家培训室",
  description: "电商报商家培训室：每月线下小班课，10–20 人实操教学，杭州、广州、上海三地开课。",
  sections: [
    {
      type: "hero",
      eyebrow: "商家培训室",
      title: "线下小班，手把手实操",
      subtitle: "每班 10–20 人，带电脑来上课，当天改完自己的店。",
      facts: ["杭州 · 广州 · 上海", "每月开班"],
      image: heroBg(F, "商家培训室主视觉"),
      buyAnchor: { label: "查看课表", href: "#schedule" },
    },
    {
      type: "agenda",
      id: "schedule",
      title: "近期课表",
      blocks: [
        {
          label: "杭州",
          items: [monthly(1, "店铺装修与主图优化", "视觉讲师", 2), monthly(3, "直播间实操", "直播讲师", 2)],
        },
        {
          label: "广州 · 上海",
          items: [monthly(2, "搜索与活动运营", "运营讲师", 2), monthly(4, "内容种草实操", "内容讲师", 1)],
        },
      ],
    },
    {
      type: "plans",
      id: "price",
      title: "课程价格",
      plans: [
        {
          name: "单门课程",
          price: 1980,
          unit: "元/人",
          perks: ["1–2 天线下实操", "课后 7 天答疑"],
          cta: courseLink("报名", "offline-single"),
        },
        {
          name: "全年通票",
          price: 9800,
          unit: "元/人",
          featured: true,
          badge: "省 60%",
          perks: ["全年任意课程", "三地通用", "优先预约座位"],
          cta: courseLink("购买通票", "offline-annual"),
        },
      ],
    },
    {
      type: "gallery",
      id: "moments",
      title: "课堂现场",
      reveal: true,
      images: pics(F, "m", ["杭州课堂", "直播实操", "结业合影"], 400, 300),
    },
    { type: "ctaBand", tone: "brand", title: "不确定适合哪门课？", ctas: [CHAT] },
  ],
};
