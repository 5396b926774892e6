import { offerPage } from "./offer";

/** /market/products/sttj — single offer: 首图推荐 (main-picture design and test), two hotspots. */
export const page = offerPage({
  path: "/market/products/sttj",
  folder: "sttj",
  name: "首图推荐",
  description: "首图推荐：主图与首屏设计加点击率测试，让商品在搜索结果里被一眼选中。",
  eyebrow: "主图优化",
  headline: "点击率，从一张首图开始",
  subtitle: "设计师出图 + 小流量测试，选出点击率最高的主图。",
  offers: [
    { label: "首图 5 张", price: 1280, itemId: 7331, x: 74, y: 36 },
    { label: "首图 + 测试", price: 2680, itemId: 7332, x: 80, y: 68 },
  ],
  features: [
    { icon: "析", title: "竞品分析", text: "分析同类目前 50 名主图，找出差异化表达。" },
    { icon: "设", title: "专业设计", text: "资深电商设计师出图，两轮修改。" },
    { icon: "测", title: "点击测试", text: "小流量测试 7 天，用数据选图。" },
  ],
});
