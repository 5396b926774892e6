import type { LandingPage } from "../../../contract/landing";
import { guests, hero, MEDIA_PARTNERS, PARTNERS, tickets, ticketUrl } from "./conference";
import { SLOGAN_TITLE } from "./shared";

/** /activity/wsfh/remould — the remould summit (重塑 · 电商增长峰会, 2021-09-16, Hangzhou); review at /remouldback. */
const F = "remould";
const ticket = (kind: string) => ticketUrl("remould-2021", kind);

export const page: LandingPage = {
  path: "/activity/wsfh/remould",
  title: SLOGAN_TITLE,
  name: "重塑 · 电商增长峰会",
  description: "重塑 · 电商增长峰会：2021 年 9 月 16 日，杭州。重塑渠道、重塑产品、重塑组织。",
  shareImage: `/landing/${F}/hero.svg`,
  sections: [
    hero(F, {
      eyebrow: "重塑 · 电商增长峰会",
      title: "重塑渠道 · 重塑产品 · 重塑组织",
      subtitle: "增长放缓的时代，用重塑找到新的确定性。",
      facts: ["2021 年 9 月 16 日", "中国 · 杭州"],
      imageAlt: "重塑峰会主视觉",
      buyLabel: "购票",
    }),
    {
      type: "scrollNav",
      items: [
        { id: "home", label: "首页" },
        { id: "topics", label: "议题" },
        { id: "guests", label: "嘉宾" },
        { id: "agenda", label: "议程" },
        { id: "tickets", label: "门票" },
        { id: "partners", label: "合作伙伴" },
      ],
      actions: [
        { label: "峰会回顾", href: "/activity/wsfh/remouldback", sameWindow: true, variant: "ghost" },
      ],
    },
    {
      type: "features",
      id: "topics",
      title: "三大议题",
      reveal: true,
      items: [
        { icon: "渠", title: "重塑渠道", text: "从单一平台到全域经营，渠道组合怎么配？" },
        { icon: "品", title: "重塑产品", text: "从流量驱动到产品驱动，研发与供应链如何升级？" },
        { icon: "组", title: "重塑组织", text: "内容时代的电商团队，需要哪些新角色？" },
      ],
    },
    guests(F, "guests", "峰会嘉宾", 8),
    {
      type: "agenda",
      id: "agenda",
      title: "峰会议程",
      blocks: [
        {
          label: "上午 · 重塑渠道",
          items: [
            { time: "09:30", title: "开幕致辞", speaker: "郑南星" },
            { time: "09:50", title: "全域经营的账怎么算", speaker: "孙若溪" },
            { time: "10:40", title: "平台生态展望", speaker: "王知秋" },
          ],
        },
        {
          label: "下午 · 重塑产品与组织",
          items: [
            { time: "13:30", title: "产品驱动的增长", speaker: "陈嘉言" },
            { time: "14:20", title: "内容团队的组织设计", speaker: "吴清和" },
            { time: "15:30", title: "重塑奖项颁奖典礼" },
          ],
        },
      ],
    },
    tickets(ticket, {
      title: "门票",
      normal: { price: 580, perks: ["全天通票", "午餐与茶歇"] },
      vip: { price: 980, limit: "限 100 席", perks: ["快速签到", "VIP 座位", "嘉宾晚宴", "峰会资料包"] },
    }),
    {
      type: "logos",
      id: "partners",
      title: "合作伙伴",
      groups: [{ names: PARTNERS }, { label: "合作媒体", names: MEDIA_PARTNERS }],
    },
  ],
};
