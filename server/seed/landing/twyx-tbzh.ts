import { offerPage } from "./offer";

/** /twyx/tbzh — 逛逛种草号 (graphic-text marketing: content-account operation for the shop), single offer. */
export const page = offerPage({
  path: "/twyx/tbzh",
  folder: "twyx-tbzh",
  name: "逛逛种草号",
  description: "逛逛种草号代运营：店铺内容账号定位、日更图文与短视频、粉丝互动与数据复盘。",
  eyebrow: "图文营销",
  headline: "把店铺内容号做成种草号",
  subtitle: "账号定位、日更内容、粉丝互动，一个月见效果。",
  offers: [
    { label: "月度代运营", price: 3980, itemId: 7911, x: 74, y: 34 },
    { label: "季度代运营", price: 9980, itemId: 7912, x: 80, y: 66 },
  ],
  features: [
    { icon: "定", title: "账号定位", text: "确定人设、栏目与更新节奏。" },
    { icon: "更", title: "日更内容", text: "每天 1 条图文或短视频。" },
    { icon: "互", title: "粉丝互动", text: "评论回复与话题互动。" },
  ],
  steps: [
    { title: "账号诊断", text: "评估现有内容与粉丝。" },
    { title: "定位方案", text: "确定人设与栏目。" },
    { title: "日更执行", text: "内容日更与互动。" },
    { title: "月度复盘", text: "数据复盘与调整。" },
  ],
});
