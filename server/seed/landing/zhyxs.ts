import { type Offer, offerButton, offerHotspot } from "./offer";
import { CHAT, CONSULT_PHONE, DIAGNOSIS, heroBg, pic, titledByName } from "./shared";

/**
 * /market/products/zhyxs — 智慧营销 (smart marketing): the route with the title 智慧营销 (docs/product.md §2).
 * An overview of the data-driven marketing services, with the floating panel (no sign-up button).
 */
const F = "zhyxs";

/** The two services: hotspots on the header image and the buttons of the buy strip. */
const OFFERS: Offer[] = [
  { label: "人群洞察报告", price: 2980, itemId: 7401, x: 72, y: 32, buyLabel: "购买洞察报告" },
  {
    label: "智能投放托管",
    price: 9800,
    itemId: 7402,
    x: 80,
    y: 66,
    buyLabel: "购买投放托管",
    caption: "智能投放托管（月）",
  },
];

export const page = titledByName({
  path: "/market/products/zhyxs",
  name: "智慧营销",
  description: "电商报智慧营销：人群洞察、内容种草、投放优化与数据复盘，用数据驱动每一次营销决策。",
  sections: [
    { type: "floatingPanel", diagnosis: DIAGNOSIS, consultLabel: "课程咨询", phone: CONSULT_PHONE },
    {
      type: "hero",
      eyebrow: "智慧营销",
      title: "让每一分营销预算都有数据依据",
      subtitle: "人群洞察 → 内容策略 → 精准投放 → 效果复盘，闭环增长。",
      image: heroBg(F, "智慧营销主视觉"),
      buyAnchor: { label: "查看服务", href: "#buy" },
      hotspots: OFFERS.map(offerHotspot),
    },
    {
      type: "stats",
      tone: "brand",
      items: [
        { value: "3000", unit: "+", label: "服务商家" },
        { value: "12", unit: "亿+", label: "内容曝光" },
        { value: "40", unit: "+", label: "覆盖类目" },
        { value: "92", unit: "%", label: "续约率" },
      ],
    },
    {
      type: "features",
      id: "abilities",
      title: "智慧营销四步法",
      columns: 4,
      reveal: true,
      items: [
        { icon: "察", title: "人群洞察", text: "基于店铺与类目数据，找到高潜人群与购买动机。" },
        { icon: "策", title: "内容策略", text: "针对不同人群设计卖点表达与内容形式。" },
        { icon: "投", title: "精准投放", text: "按人群与时段分配预算，实时优化出价。" },
        { icon: "盘", title: "效果复盘", text: "周报 + 月度复盘会，沉淀可复用的方法。" },
      ],
    },
    {
      type: "split",
      id: "report",
      title: "先看一份人群洞察报告",
      paragraphs: ["报告包含店铺人群画像、竞品人群对比、高潜人群包与内容建议，5 个工作日交付。"],
      bullets: ["店铺人群画像", "竞品人群对比", "高潜人群包", "内容与投放建议"],
      image: pic(F, "report", "人群洞察报告示意", 600, 420),
      reveal: true,
    },
    {
      type: "buyStrip",
      id: "buy",
      title: "选择服务",
      buttons: OFFERS.map(offerButton),
    },
    {
      type: "ctaBand",
      tone: "brand",
      title: "不知道从哪里开始？",
      text: "免费诊断你的店铺。",
      ctas: [DIAGNOSIS, CHAT],
    },
  ],
});
