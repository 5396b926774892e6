import { offerPage } from "./offer";
import { pic } from "./shared";

/** /tzyx/zebra/storewindes — 店铺橱窗 (store-window design: the shop's showcase and homepage), single offer. */
export const page = offerPage({
  path: "/tzyx/zebra/storewindes",
  folder: "storewindes",
  name: "店铺橱窗设计",
  description: "店铺橱窗设计：店铺首页橱窗、分类导航与活动专区设计，让进店顾客一眼找到想买的。",
  eyebrow: "店铺装修",
  headline: "让进店顾客一眼找到想买的",
  subtitle: "首页橱窗、分类导航与活动专区，按转化路径设计。",
  offers: [
    { label: "橱窗设计", price: 1980, itemId: 7921, x: 74, y: 34 },
    { label: "整店装修", price: 5980, itemId: 7922, x: 80, y: 66 },
  ],
  features: [
    { icon: "窗", title: "首页橱窗", text: "主推商品与活动的首屏展示。" },
    { icon: "导", title: "分类导航", text: "按人群与场景重新组织分类。" },
    { icon: "活", title: "活动专区", text: "大促与上新专区模板，随时替换。" },
  ],
  extra: [
    {
      type: "gallery",
      id: "works",
      title: "橱窗案例",
      reveal: true,
      images: [
        pic("storewindes", "w-1", "美妆店铺橱窗", 400, 300),
        pic("storewindes", "w-2", "家居店铺橱窗", 400, 300),
        pic("storewindes", "w-3", "食品店铺橱窗", 400, 300),
      ],
    },
  ],
});
