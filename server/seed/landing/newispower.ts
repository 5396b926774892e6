import type { LandingPage } from "../../../contract/landing";
import { contact, DESK, guests, hero, MEDIA_PARTNERS, PARTNERS, tickets, ticketUrl } from "./conference";
import { SLOGAN_TITLE } from "./shared";

/**
 * /activity/wsfh/newispower — the 2020 year-end summit (22 December 2020, Hangzhou), "创新力量".
 * Menu (docs/product.md §2): home, guests, agenda, early-bird tickets, media partners, contact, plus a review button.
 * Ticket decision (docs/product.md §9 gives the VIP price as 980 by one reading and 580 by another): VIP is
 * 980 yuan here, because the VIP ticket adds fast check-in, VIP seats and materials on top of the
 * 580-yuan all-day pass; the earlier conference page (/activity/wsfh/summit) keeps 580 for both.
 */
const F = "newispower";
const ticket = (kind: string) => ticketUrl("newispower-2020", kind);

export const page: LandingPage = {
  path: "/activity/wsfh/newispower",
  title: SLOGAN_TITLE,
  name: "2020 创新力量年终峰会",
  description:
    "2020 电商创新力量年终峰会：2020 年 12 月 22 日，杭州。普通票 580 元全天通票，VIP 票 980 元限 100 席。",
  shareImage: `/landing/${F}/hero.svg`,
  sections: [
    hero(F, {
      eyebrow: "2020 年终峰会",
      title: "创新力量 · 2020 电商年终峰会",
      subtitle: "回望变革之年，寻找下一个增长点。",
      facts: ["2020 年 12 月 22 日", "中国 · 杭州", "1000+ 行业从业者"],
      imageAlt: "2020 创新力量年终峰会主视觉",
      buyLabel: "抢早鸟票",
    }),
    {
      type: "scrollNav",
      items: [
        { id: "home", label: "首页" },
        { id: "guests", label: "嘉宾" },
        { id: "agenda", label: "议程" },
        { id: "tickets", label: "早鸟票" },
        { id: "media", label: "合作媒体" },
        { id: "contact", label: "联系我们" },
      ],
      actions: [
        { label: "精彩回顾", href: "/activity/wsfh/newispower/review", sameWindow: true, variant: "ghost" },
        { label: "购票", href: ticket("normal") },
      ],
    },
    guests(F, "guests", "峰会嘉宾"),
    {
      type: "agenda",
      id: "agenda",
      title: "峰会议程",
      intro: "2020 年 12 月 22 日 · 全天",
      blocks: [
        {
          label: "上午 · 主论坛",
          items: [
            { time: "09:00–09:30", title: "签到入场" },
            { time: "09:30–09:50", title: "开幕致辞：变革之年的创新力量", speaker: "郑南星 · 电商报 主编" },
            { time: "09:50–10:30", title: "主题演讲：国货品牌的十年与下一个十年", speaker: "陈嘉言" },
            { time: "10:30–11:10", title: "主题演讲：直播电商的规模化与专业化", speaker: "李慕白" },
            { time: "11:10–12:00", title: "圆桌：2021 增长从哪里来", speaker: "王知秋 · 孙若溪 · 周行远" },
          ],
        },
        {
          label: "下午 · 分论坛与颁奖",
          items: [
            { time: "13:30–15:00", title: "分论坛：内容种草与品牌增长", speaker: "吴清和 · 赵一鸣" },
            { time: "15:00–16:30", title: "分论坛：供应链与新渠道" },
            { time: "16:30–17:30", title: "2020 创新力量榜单发布与颁奖" },
          ],
        },
      ],
    },
    tickets(ticket, {
      title: "早鸟票",
      intro: "早鸟价限时发售，售完即止。",
      normal: { price: 580, perks: ["全天通票：主论坛 + 分论坛", "颁奖典礼观礼", "午餐与茶歇"] },
      vip: {
        price: 980,
        badge: "限量 100 席",
        limit: "限 100 席，售完即止",
        perks: ["全天通票", "快速签到通道", "VIP 专属座位", "峰会资料包"],
      },
      note: "门票一经售出不予退换，可转让；发票请在购票页面申请。",
    }),
    {
      type: "logos",
      id: "media",
      title: "合作媒体",
      groups: [{ names: MEDIA_PARTNERS }, { label: "合作伙伴", names: PARTNERS }],
    },
    contact(
      [DESK.attendance("summit@example.com"), DESK.sponsor, DESK.media],
      "浙江省杭州市（具体会场地址随电子票发送）",
    ),
  ],
};
