import type { LandingPage } from "../../../contract/landing";
import { CHAT, heroBg, pic, SLOGAN_TITLE, signup } from "./shared";

/**
 * /tzyx/zebra/allproducts — 商家服务 · 全部产品 (the header's 商家 item): every product with a sign-up
 * form on this site (/tzyx/zebra/product/{id}). Prices are shown on the sign-up form, which reads
 * them from the database, so this page never shows a stale price.
 */
const F = "allproducts";
const img = (name: string, alt: string) => pic(F, name, alt, 400, 240);

export const page: LandingPage = {
  path: "/tzyx/zebra/allproducts",
  title: SLOGAN_TITLE,
  name: "商家服务 · 全部产品",
  description: "电商报商家服务：企业会员、训练营、行业白皮书、峰会门票与案例合集，在线报名与支付。",
  sections: [
    {
      type: "hero",
      eyebrow: "商家服务",
      title: "电商报商家服务",
      subtitle: "会员、课程、报告与活动，在线报名，即时开通。",
      image: heroBg(F, "商家服务主视觉"),
      buyAnchor: { label: "查看全部产品", href: "#products" },
      ctas: [CHAT],
    },
    {
      type: "catalog",
      id: "products",
      title: "全部产品",
      intro: "点击报名进入报名与支付页面，价格以报名页为准。",
      items: [
        {
          name: "企业会员入驻（年度）",
          text: "企业主页、全年报告、峰会门票两张与专属客户经理。",
          image: img("p-210", "企业会员"),
          cta: signup(210),
          tag: "会员",
        },
        {
          name: "直播电商实战训练营",
          text: "8 节直播课 + 社群答疑，回放保留 90 天。",
          image: img("p-278", "直播电商训练营"),
          cta: signup(278),
          tag: "课程",
        },
        {
          name: "直播电商行业白皮书",
          text: "年度行业数据与趋势，电子版即买即读。",
          image: img("p-415", "行业白皮书"),
          cta: signup(415, "立即购买"),
          tag: "报告",
        },
        {
          name: "年度峰会门票（标准票）",
          text: "电商报年度峰会全天通票。",
          image: img("p-416", "峰会门票"),
          cta: signup(416, "立即购买"),
          tag: "活动",
        },
        {
          name: "品牌出海案例精选合集",
          text: "20 个品牌出海案例深度拆解。",
          image: img("p-417", "出海案例合集"),
          cta: signup(417, "立即购买"),
          tag: "报告",
        },
      ],
    },
    {
      type: "steps",
      id: "how",
      title: "报名流程",
      steps: [
        { title: "选择产品", text: "点击报名进入报名页。" },
        { title: "填写信息", text: "填写签约信息与问卷。" },
        { title: "在线支付", text: "支付宝安全支付。" },
        { title: "开通服务", text: "客户经理 24 小时内联系你。" },
      ],
    },
  ],
};
