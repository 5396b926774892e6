import { offerPage } from "./offer";

/** /market/products/tttm — 天天特卖 daily-deals campaign sign-up service, three hotspots. */
export const page = offerPage({
  path: "/market/products/tttm",
  folder: "tttm",
  name: "天天特卖",
  description: "天天特卖活动代报名与运营：选品、报名、页面与流量承接一条龙。",
  eyebrow: "活动运营",
  headline: "天天特卖，天天有单",
  subtitle: "活动选品、代报名、页面优化与库存节奏，一条龙托管。",
  offers: [
    { label: "单次代报名", price: 699, itemId: 7341, x: 70, y: 28 },
    { label: "月度托管", price: 3980, itemId: 7342, x: 80, y: 52 },
    { label: "季度托管", price: 9980, itemId: 7343, x: 72, y: 76 },
  ],
  features: [
    { icon: "选", title: "活动选品", text: "按活动规则与历史数据挑选最易通过、最能出单的商品。" },
    { icon: "报", title: "代报名", text: "资料准备与提报全程代办，通过率持续跟踪。" },
    { icon: "承", title: "流量承接", text: "活动页、详情页与客服话术同步优化。" },
  ],
  steps: [
    { title: "店铺评估", text: "确认店铺资质与类目。" },
    { title: "选品提报", text: "3 个工作日内完成提报。" },
    { title: "活动执行", text: "活动期间实时盯盘。" },
    { title: "活动复盘", text: "输出活动数据与下次建议。" },
  ],
});
