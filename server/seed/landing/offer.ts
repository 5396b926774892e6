import type {
  Cta,
  FloatingPanelSection,
  LandingPage,
  PlansSection,
  Section,
} from "../../../contract/landing";
import { CHAT, CONSULT_PHONE, DIAGNOSIS, heroBg, item, pic, SLOGAN_TITLE } from "./shared";

/** An offer of the official shop: a hotspot on the header image and a button of the buy strip. */
export interface Offer {
  label: string;
  price: number;
  itemId: number;
  /** where the hotspot sits, in percent of the header image */
  x: number;
  y: number;
  /** the line under the buy button (default: the label) */
  caption?: string;
  /** the buy button's text (default: 购买 and the label) */
  buyLabel?: string;
}

/** An offer's hotspot: opens its product page. */
export const offerHotspot = (f: Offer) => ({
  label: f.label,
  price: f.price,
  href: item(f.itemId).href,
  x: f.x,
  y: f.y,
});

/** An offer's buy button. */
export const offerButton = (f: Offer) => ({
  ...item(f.itemId, f.buyLabel ?? `购买${f.label}`),
  price: f.price,
  caption: f.caption ?? f.label,
});

/**
 * Hotspots for the first plans of a page, at these positions (percent of the header image): each shows
 * its plan's name and price and opens the plan's product page.
 */
export const planHotspots = (plans: PlansSection["plans"], at: [x: number, y: number][]) =>
  at.map(([x, y], i) => {
    const plan = plans[i]!;
    return { label: plan.name, price: plan.price, href: plan.cta.href, x, y };
  });

/**
 * The single-offer layout (docs/product.md §2 "Marketing pages"): header image with the buy anchor and two or
 * three hotspots, what the offer includes, how it runs, and the buy buttons. Pages that are single
 * offers describe themselves with this and add what they need in `extra`.
 */
export interface OfferSpec {
  path: string;
  folder: string;
  name: string;
  title?: string;
  description: string;
  eyebrow: string;
  headline: string;
  subtitle: string;
  /** each opens its own product page */
  offers: Offer[];
  features: { title: string; text: string; icon: string }[];
  steps?: { title: string; text: string }[];
  /** sections inserted after the features */
  extra?: Section[];
  /** the floating right panel; `signup` adds its sign-up button */
  panel?: { signup?: Cta };
  buyNote?: string;
}

export function offerPage(o: OfferSpec): LandingPage {
  const panel: FloatingPanelSection[] = o.panel
    ? [
        {
          type: "floatingPanel",
          diagnosis: DIAGNOSIS,
          consultLabel: "课程咨询",
          phone: CONSULT_PHONE,
          ...(o.panel.signup ? { signup: o.panel.signup } : {}),
        },
      ]
    : [];
  return {
    path: o.path,
    title: o.title ?? SLOGAN_TITLE,
    name: o.name,
    description: o.description,
    shareImage: `/landing/${o.folder}/hero.svg`,
    sections: [
      ...panel,
      {
        type: "hero",
        eyebrow: o.eyebrow,
        title: o.headline,
        subtitle: o.subtitle,
        image: heroBg(o.folder, `${o.name}主视觉`),
        buyAnchor: { label: "立即购买", href: "#buy" },
        ctas: [CHAT],
        hotspots: o.offers.map(offerHotspot),
      },
      {
        type: "features",
        id: "features",
        title: `${o.name}包含什么`,
        columns: o.features.length === 4 ? 4 : 3,
        reveal: true,
        items: o.features,
      },
      ...(o.extra ?? []),
      ...(o.steps
        ? [{ type: "steps" as const, id: "process", title: "服务流程", steps: o.steps, reveal: true }]
        : []),
      {
        type: "buyStrip",
        id: "buy",
        title: "立即购买",
        note: o.buyNote ?? "点击按钮进入官方店铺下单，付款后专属运营 24 小时内联系你。",
        buttons: o.offers.map(offerButton),
      },
    ],
  };
}

/** A small illustration for a split section of an offer page. */
export const offerPic = (folder: string, name: string, alt: string) => pic(folder, name, alt, 600, 420);
