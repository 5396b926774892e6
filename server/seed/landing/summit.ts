import type { LandingPage } from "../../../contract/landing";
import { contact, DESK, guests, hero, MEDIA_PARTNERS, PARTNERS, tickets, ticketUrl } from "./conference";
import { SLOGAN_TITLE } from "./shared";

/**
 * /activity/wsfh/summit — the earlier conference page: 直播电商生态峰会 (2020-08-18, Hangzhou). As
 * docs/product.md §9 notes, this page lists both the ordinary and the VIP ticket at 580 yuan (the VIP ticket
 * differs in seats and check-in only).
 */
const F = "summit";
const ticket = (kind: string) => ticketUrl("live-summit-2020", kind);

export const page: LandingPage = {
  path: "/activity/wsfh/summit",
  title: SLOGAN_TITLE,
  name: "直播电商生态峰会",
  description: "直播电商生态峰会：2020 年 8 月 18 日，杭州。品牌、机构、平台与主播共话直播电商新生态。",
  shareImage: `/landing/${F}/hero.svg`,
  sections: [
    hero(F, {
      eyebrow: "直播电商生态峰会",
      title: "共建直播电商新生态",
      subtitle: "品牌、机构、平台与主播，一天读懂直播电商。",
      facts: ["2020 年 8 月 18 日", "中国 · 杭州", "800+ 参会者"],
      imageAlt: "直播电商生态峰会主视觉",
      buyLabel: "立即购票",
    }),
    {
      type: "scrollNav",
      items: [
        { id: "home", label: "首页" },
        { id: "guests", label: "嘉宾" },
        { id: "agenda", label: "议程" },
        { id: "tickets", label: "门票" },
        { id: "partners", label: "合作伙伴" },
        { id: "contact", label: "联系我们" },
      ],
      actions: [{ label: "购票", href: ticket("normal") }],
    },
    guests(F, "guests", "演讲嘉宾", 6),
    {
      type: "agenda",
      id: "agenda",
      title: "峰会议程",
      blocks: [
        {
          label: "上午",
          items: [
            { time: "09:30", title: "开幕致辞", speaker: "郑南星" },
            { time: "10:00", title: "直播电商的下一站", speaker: "李慕白" },
            { time: "10:40", title: "品牌自播方法论", speaker: "陈嘉言" },
            { time: "11:20", title: "平台政策解读", speaker: "王知秋" },
          ],
        },
        {
          label: "下午",
          items: [
            { time: "13:30", title: "圆桌：主播、机构与品牌的分工", speaker: "吴清和 · 赵一鸣" },
            { time: "14:30", title: "供应链如何承接直播爆单", speaker: "周行远" },
            { time: "15:30", title: "直播电商合规与风控", speaker: "孙若溪" },
          ],
        },
      ],
    },
    tickets(ticket, {
      title: "门票",
      normal: { price: 580, perks: ["全天主论坛", "午餐与茶歇", "会后资料下载"] },
      vip: { price: 580, limit: "限 100 席", perks: ["全天主论坛", "快速签到", "VIP 座位", "峰会资料包"] },
    }),
    {
      type: "logos",
      id: "partners",
      title: "合作伙伴",
      groups: [{ names: PARTNERS }, { label: "合作媒体", names: MEDIA_PARTNERS.slice(0, 6) }],
    },
    contact([DESK.attendance("summit@example.com"), DESK.sponsor]),
  ],
};
