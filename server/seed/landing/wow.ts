import type { LandingPage } from "../../../contract/landing";
import { contact, DESK, guests, hero, PARTNERS, ticketUrl } from "./conference";
import { pic, SLOGAN_TITLE } from "./shared";

/**
 * /activity/wsfh/wow — the 2021-05-11 marketing conference (WOW 内容营销大会) in a Hangzhou cinema
 * hall, with ticket presale. Its review is /activity/wsfh/wowback (the video summit page).
 */
const F = "wow";
const ticket = (kind: string) => ticketUrl("wow-2021", kind);

export const page: LandingPage = {
  path: "/activity/wsfh/wow",
  title: SLOGAN_TITLE,
  name: "WOW 内容营销大会",
  description: "2021 WOW 内容营销大会：2021 年 5 月 11 日，杭州某影城 IMAX 厅。门票预售中。",
  shareImage: `/landing/${F}/hero.svg`,
  sections: [
    hero(F, {
      eyebrow: "2021 WOW 内容营销大会",
      title: "在大银幕上，看懂内容营销",
      subtitle: "一场在电影院里举办的营销大会：案例、趋势与创作者面对面。",
      facts: ["2021 年 5 月 11 日", "杭州 · 某影城 IMAX 厅", "限 400 席"],
      imageAlt: "WOW 内容营销大会主视觉",
      buyLabel: "预售购票",
    }),
    {
      type: "scrollNav",
      items: [
        { id: "home", label: "首页" },
        { id: "highlights", label: "大会亮点" },
        { id: "guests", label: "嘉宾" },
        { id: "agenda", label: "议程" },
        { id: "tickets", label: "预售票" },
        { id: "contact", label: "联系我们" },
      ],
      actions: [{ label: "大会回顾", href: "/activity/wsfh/wowback", sameWindow: true, variant: "ghost" }],
    },
    {
      type: "features",
      id: "highlights",
      title: "大会亮点",
      reveal: true,
      items: [
        {
          image: pic(F, "hl-1", "IMAX 大银幕", 400, 240),
          title: "IMAX 大银幕",
          text: "案例视频在大银幕上放映，沉浸式看内容。",
        },
        {
          image: pic(F, "hl-2", "20 个爆款案例", 400, 240),
          title: "20 个爆款案例",
          text: "品牌与创作者拆解年度爆款内容。",
        },
        {
          image: pic(F, "hl-3", "创作者面对面", 400, 240),
          title: "创作者面对面",
          text: "散场后与达人、编导现场交流。",
        },
      ],
    },
    guests(F, "guests", "大会嘉宾", 4),
    {
      type: "agenda",
      id: "agenda",
      title: "大会议程",
      intro: "2021 年 5 月 11 日 · 13:30–18:00",
      blocks: [
        {
          label: "下午场",
          items: [
            { time: "13:30", title: "入场与观影式签到" },
            { time: "14:00", title: "开场片：2021 内容营销趋势" },
            { time: "14:20", title: "案例放映与拆解（上）", speaker: "吴清和" },
            { time: "15:30", title: "案例放映与拆解（下）", speaker: "赵一鸣" },
            { time: "16:40", title: "对谈：品牌如何与创作者共创", speaker: "陈嘉言 · 李慕白" },
            { time: "17:30", title: "创作者面对面" },
          ],
        },
      ],
    },
    {
      type: "plans",
      id: "tickets",
      title: "门票预售",
      intro: "预售期间享早鸟价，影院座位有限，按购票顺序选座。",
      plans: [
        {
          name: "预售普通票",
          price: 299,
          unit: "元/人",
          perks: ["大会全程", "影院座位按序选座", "观影零食"],
          cta: { label: "预售购票", href: ticket("presale") },
        },
        {
          name: "预售 VIP 票",
          price: 699,
          unit: "元/人",
          featured: true,
          limit: "限 40 席",
          perks: ["黄金观影区座位", "快速入场", "创作者面对面优先", "大会资料包"],
          cta: { label: "预售 VIP 票", href: ticket("vip") },
        },
      ],
    },
    { type: "logos", id: "partners", title: "合作伙伴", groups: [{ names: PARTNERS }] },
    contact([DESK.attendance("wow@example.com")], "浙江省杭州市某影城 IMAX 厅（具体地址随电子票发送）"),
  ],
};
