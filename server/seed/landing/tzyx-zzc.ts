import { offerPage } from "./offer";
import { signup } from "./shared";

/** /tzyx/zebra/zzc — 种草直通车 (seeding express): single offer, with the floating panel's sign-up button (membership 210). */
export const page = offerPage({
  path: "/tzyx/zebra/zzc",
  folder: "tzyx-zzc",
  name: "种草直通车",
  description: "种草直通车：会员商家专享的种草投放通道，按篇计费，48 小时内发布。",
  eyebrow: "会员专享",
  headline: "种草直通车：48 小时发布",
  subtitle: "会员商家专享通道，达人按篇计费，不设最低消费。",
  offers: [
    { label: "单篇图文", price: 199, itemId: 7901, x: 72, y: 30 },
    { label: "单条短视频", price: 599, itemId: 7902, x: 80, y: 54 },
    { label: "十篇套装", price: 1799, itemId: 7903, x: 70, y: 78 },
  ],
  features: [
    { icon: "快", title: "48 小时发布", text: "下单后 48 小时内完成达人匹配与发布。" },
    { icon: "按", title: "按篇计费", text: "不设最低消费，先小量试投。" },
    { icon: "会", title: "会员专享", text: "电商报企业会员可享专属价格。" },
  ],
  panel: { signup: signup(210, "开通企业会员") },
});
