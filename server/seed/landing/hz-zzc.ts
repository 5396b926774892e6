import type { LandingPage } from "../../../contract/landing";
import { applyBand, heroBg, SLOGAN_TITLE } from "./shared";

/** /hz/zebra/zzc — 合作 · 种草池: brands apply to join the seeding pool (sign-up by external form). */
const F = "hz-zzc";

export const page: LandingPage = {
  path: "/hz/zebra/zzc",
  title: SLOGAN_TITLE,
  name: "品牌种草池招募",
  description: "品牌种草池招募：入池品牌的商品进入达人选品库，达人按兴趣认领创作种草内容。",
  sections: [
    {
      type: "hero",
      eyebrow: "合作招募",
      title: "品牌种草池，让达人主动来种草",
      subtitle: "入池商品进入 13000+ 达人的选品库，达人按兴趣认领创作。",
      image: heroBg(F, "品牌种草池主视觉"),
      buyAnchor: { label: "立即申请", href: "#apply" },
    },
    {
      type: "steps",
      id: "how",
      title: "入池流程",
      steps: [
        { title: "提交申请", text: "填写品牌与商品信息。" },
        { title: "资质审核", text: "3 个工作日内完成审核。" },
        { title: "寄送样品", text: "按达人认领数量寄样。" },
        { title: "达人创作", text: "达人发布后同步数据。" },
      ],
    },
    {
      type: "features",
      id: "rules",
      title: "入池要求",
      reveal: true,
      items: [
        { icon: "证", title: "资质齐全", text: "品牌授权与质检报告齐全。" },
        { icon: "样", title: "样品充足", text: "每款商品可提供不少于 20 份样品。" },
        { icon: "价", title: "价格稳定", text: "入池期间不低于日常价的 7 折。" },
      ],
    },
    applyBand("现在申请，下周入池", {
      label: "申请加入种草池",
      href: "https://form.example.com/f/seeding-pool",
    }),
  ],
};
