import type { ContactSection, HeroSection, PeopleSection, PlansSection } from "../../../contract/landing";
import { heroBg, pic } from "./shared";

/** Pieces shared by the conference pages (all guests and companies are fictional). */

const GUESTS: [string, string][] = [
  ["陈嘉言", "某国货美妆集团 创始人"],
  ["李慕白", "某直播电商机构 CEO"],
  ["王知秋", "某电商平台 内容生态负责人"],
  ["赵一鸣", "某家居品牌 联合创始人"],
  ["孙若溪", "某咨询公司 合伙人"],
  ["周行远", "某食品品牌 创始人"],
  ["吴清和", "某 MCN 机构 创始人"],
  ["郑南星", "电商报 主编"],
];

export function guests(folder: string, id: string, title: string, count = 8): PeopleSection {
  return {
    type: "people",
    id,
    title,
    reveal: true,
    people: GUESTS.slice(0, count).map(([name, role], i) => ({
      name,
      title: role,
      photo: pic(folder, `guest-${i + 1}`, `${name}`, 240, 240, "portrait"),
    })),
  };
}

export const MEDIA_PARTNERS = [
  "商业观察",
  "零售前沿",
  "新消费日报",
  "品牌周刊",
  "直播研究院",
  "数字经济网",
  "跨境电商说",
  "创业邦客",
  "财经早知道",
  "营销智库",
];

export const PARTNERS = [
  "云帆科技",
  "星澜传媒",
  "禾光品牌",
  "栖木家居",
  "远岫资本",
  "青橙直播",
  "澄明数据",
  "山海物流",
];

export const TICKET_HOST = "https://ticket.example.com/event";

/** The address of a ticket of an event on the ticket site, e.g. ticketUrl("remould-2021", "vip"). */
export const ticketUrl = (event: string, kind: string) => `${TICKET_HOST}/${event}?ticket=${kind}`;

/** The top of a conference page: the "home" its menu scrolls to, and a buy anchor to the tickets. */
export function hero(
  folder: string,
  h: {
    eyebrow: string;
    title: string;
    subtitle: string;
    facts: string[];
    imageAlt: string;
    buyLabel: string;
  },
): HeroSection {
  return {
    type: "hero",
    id: "home",
    eyebrow: h.eyebrow,
    title: h.title,
    subtitle: h.subtitle,
    facts: h.facts,
    image: heroBg(folder, h.imageAlt),
    buyAnchor: { label: h.buyLabel, href: "#tickets" },
  };
}

/** What a ticket offers; a badge and a seat limit are shown on the VIP ticket only. */
interface TicketOffer {
  price: number;
  perks: string[];
}
interface VipTicketOffer extends TicketOffer {
  badge?: string;
  limit?: string;
}

/**
 * The "tickets" section of a conference: the ordinary ticket and the featured VIP ticket, priced per
 * person, each bought at its address on the ticket site (`ticket("normal")`, `ticket("vip")`).
 */
export function tickets(
  ticket: (kind: "normal" | "vip") => string,
  t: { title: string; intro?: string; normal: TicketOffer; vip: VipTicketOffer; note?: string },
): PlansSection {
  const { normal, vip } = t;
  return {
    type: "plans",
    id: "tickets",
    title: t.title,
    ...(t.intro ? { intro: t.intro } : {}),
    plans: [
      {
        name: "普通票",
        price: normal.price,
        unit: "元/人",
        perks: normal.perks,
        cta: { label: "购买普通票", href: ticket("normal") },
      },
      {
        name: "VIP 票",
        price: vip.price,
        unit: "元/人",
        ...(vip.badge ? { badge: vip.badge } : {}),
        featured: true,
        ...(vip.limit ? { limit: vip.limit } : {}),
        perks: vip.perks,
        cta: { label: "购买 VIP 票", href: ticket("vip") },
      },
    ],
    ...(t.note ? { note: t.note } : {}),
  };
}

/** The conference team: 何晴 answers attendees (at each event's own address), 顾北 sponsors, 林晓 the media. */
export const DESK = {
  attendance: (email: string) => ({ role: "参会咨询", name: "何晴", phone: "0571-0000 6611", email }),
  sponsor: { role: "赞助合作", name: "顾北", phone: "0571-0000 6612", email: "sponsor@example.com" },
  media: { role: "媒体合作", name: "林晓", phone: "0571-0000 6601", email: "media@example.com" },
};

/** The "contact" section that ends a conference page (联系我们 in its menu). */
export function contact(people: ContactSection["people"], address?: string): ContactSection {
  return { type: "contact", id: "contact", title: "联系我们", people, ...(address ? { address } : {}) };
}
