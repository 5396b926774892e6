import type { LandingPage } from "../../../contract/landing";
import { contact, DESK, PARTNERS, TICKET_HOST } from "./conference";
import { heroBg, SLOGAN_TITLE } from "./shared";

/** /activity/wsfh/timing — 时光大会 (the anniversary conference): agenda, partners, contact (docs/product.md §2). */
const F = "timing";

export const page: LandingPage = {
  path: "/activity/wsfh/timing",
  title: SLOGAN_TITLE,
  name: "时光大会",
  description: "电商报时光大会：五周年特别活动，回顾电商行业五年变迁，与老朋友再相聚。",
  shareImage: `/landing/${F}/hero.svg`,
  sections: [
    {
      type: "hero",
      id: "home",
      eyebrow: "电商报五周年",
      title: "时光大会：五年，和电商一起长大",
      subtitle: "回顾五年行业变迁，致敬一路同行的商家、主播与伙伴。",
      facts: ["2021 年 11 月 26 日", "中国 · 杭州"],
      image: heroBg(F, "时光大会主视觉"),
      buyAnchor: { label: "报名参会", href: `${TICKET_HOST}/timing-2021` },
    },
    {
      type: "scrollNav",
      items: [
        { id: "agenda", label: "议程" },
        { id: "partners", label: "合作伙伴" },
        { id: "contact", label: "联系我们" },
      ],
      actions: [{ label: "报名参会", href: `${TICKET_HOST}/timing-2021` }],
    },
    {
      type: "agenda",
      id: "agenda",
      title: "大会议程",
      blocks: [
        {
          label: "下午 · 时光论坛",
          items: [
            { time: "14:00", title: "五年：电商行业的变与不变", speaker: "郑南星 · 电商报 主编" },
            { time: "14:40", title: "时光对谈：五位老朋友的五年", speaker: "陈嘉言 · 李慕白 · 赵一鸣" },
            { time: "15:40", title: "未来五年：趋势预测" },
          ],
        },
        {
          label: "晚上 · 时光之夜",
          items: [
            { time: "18:00", title: "五周年晚宴" },
            { time: "19:30", title: "年度伙伴致敬" },
          ],
        },
      ],
    },
    { type: "logos", id: "partners", title: "合作伙伴", groups: [{ names: PARTNERS }] },
    contact([DESK.attendance("timing@example.com"), { ...DESK.sponsor, role: "合作咨询" }]),
  ],
};
