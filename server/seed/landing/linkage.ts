import type { LandingPage } from "../../../contract/landing";
import { type Offer, offerButton, offerHotspot } from "./offer";
import { CHAT, CONSULT_PHONE, DIAGNOSIS, heroBg, pic, SLOGAN_TITLE } from "./shared";

/**
 * /market/products/linkage — 全域联动 (full-domain linkage), the page with the floating right panel
 * (free shop diagnosis, course consultation with the phone number, collapse arrow, and a sign-up button).
 */
const F = "linkage";

/** The three services: hotspots on the header image and the buttons of the buy strip. */
const OFFERS: Offer[] = [
  { label: "全域诊断", price: 1999, itemId: 7201, x: 70, y: 30 },
  { label: "联动运营月卡", price: 19800, itemId: 7202, x: 80, y: 56, buyLabel: "购买月卡" },
  { label: "大促联动包", price: 39800, itemId: 7203, x: 68, y: 78, buyLabel: "购买大促包" },
];

export const page: LandingPage = {
  path: "/market/products/linkage",
  title: SLOGAN_TITLE,
  name: "全域联动",
  description: "全域联动：站内搜索、内容种草、直播与私域一体化运营，打通品牌增长全链路。",
  sections: [
    {
      type: "floatingPanel",
      diagnosis: DIAGNOSIS,
      consultLabel: "课程咨询",
      phone: CONSULT_PHONE,
      signup: { label: "立即报名", href: "https://form.example.com/f/linkage-signup" },
    },
    {
      type: "hero",
      eyebrow: "全域联动增长方案",
      title: "公域种草 × 站内承接 × 私域复购",
      subtitle: "一个团队、一套数据，打通内容、搜索、直播与会员运营。",
      image: heroBg(F, "全域联动主视觉"),
      buyAnchor: { label: "立即购买", href: "#buy" },
      hotspots: OFFERS.map(offerHotspot),
    },
    {
      type: "features",
      id: "value",
      title: "为什么要全域联动",
      reveal: true,
      columns: 4,
      items: [
        { icon: "搜", title: "搜索承接", text: "种草内容带来的搜索流量，在站内被关键词与主图精准承接。" },
        { icon: "草", title: "内容种草", text: "达人笔记与短视频持续铺量，建立品类心智。" },
        { icon: "播", title: "直播转化", text: "店播与达播联动，集中释放种草积累的购买意愿。" },
        { icon: "私", title: "私域复购", text: "会员与社群沉淀新客，拉长生命周期价值。" },
      ],
    },
    {
      type: "split",
      id: "method",
      title: "一张数据看板，看清每一分投入",
      paragraphs: [
        "我们把种草曝光、搜索增长、直播成交与会员复购放进同一张看板，按周复盘，及时调整预算。",
        "适合年销售额 500 万以上、希望从单一渠道走向多渠道增长的品牌与店铺。",
      ],
      bullets: ["周度数据复盘会", "专属运营与策划双人服务", "大促节点联动排期"],
      image: pic(F, "dashboard", "全域数据看板", 600, 420),
      reveal: true,
    },
    {
      type: "buyStrip",
      id: "buy",
      title: "选择服务",
      note: "购买后 24 小时内由专属运营联系你。",
      buttons: OFFERS.map(offerButton),
    },
    { type: "ctaBand", tone: "brand", title: "先聊聊你的店铺", ctas: [CHAT] },
  ],
};
