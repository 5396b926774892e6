import type { LandingPage } from "../../../contract/landing";
import { CHAT, heroBg, SHOP_LISTING, SLOGAN_TITLE } from "./shared";

/**
 * /market/products/serve — 产品服务 (product services, the header's 内容生态 › 产品服务): the catalogue
 * of every service, each card opening its page on this site; the shop listing button opens the shop.
 */
const F = "serve";
const on = (slug: string) => ({ label: "查看详情", href: `/market/products/${slug}` });
const img = (name: string, alt: string) => ({
  src: `/landing/${F}/${name}.svg`,
  alt,
  w: 400,
  h: 240,
  art: "poster" as const,
});

export const page: LandingPage = {
  path: "/market/products/serve",
  title: SLOGAN_TITLE,
  name: "产品服务",
  description: "电商报产品服务：种草、短视频、视觉设计、小程序、活动运营与培训，一站式电商服务目录。",
  sections: [
    {
      type: "hero",
      eyebrow: "产品服务",
      title: "一站式电商服务目录",
      subtitle: "按需选购，每项服务都有明确的交付标准与价格。",
      image: heroBg(F, "产品服务主视觉"),
      buyAnchor: { label: "浏览全部服务", href: "#catalog" },
      ctas: [SHOP_LISTING],
    },
    {
      type: "catalog",
      id: "catalog",
      title: "全部服务",
      items: [
        {
          name: "种草包",
          text: "精品 60 项 / VIP 118 项内容种草。",
          price: 12800,
          unit: "元起",
          image: img("c-seed", "种草包"),
          cta: on("strawBag"),
          tag: "热销",
        },
        {
          name: "内容营销方案",
          text: "图文、视频、视频服务三种套餐。",
          price: 7600,
          unit: "元起",
          image: img("c-solution", "内容营销方案"),
          cta: on("nryx"),
        },
        {
          name: "短视频制作",
          text: "脚本、拍摄、剪辑一条龙。",
          price: 1980,
          unit: "元起",
          image: img("c-video", "短视频制作"),
          cta: on("shortvideo"),
        },
        {
          name: "视觉设计",
          text: "主图、详情页与店铺装修。",
          price: 1280,
          unit: "元起",
          image: img("c-visual", "视觉设计"),
          cta: on("visual"),
        },
        {
          name: "小程序开发",
          text: "商城与会员小程序模板与定制。",
          price: 4980,
          unit: "元起",
          image: img("c-mini", "小程序开发"),
          cta: on("mini"),
        },
        {
          name: "天天特卖托管",
          text: "活动选品、代报名与承接。",
          price: 699,
          unit: "元起",
          image: img("c-tttm", "天天特卖"),
          cta: on("tttm"),
        },
        {
          name: "爆款孵化",
          text: "测款、种草与放大三步孵化。",
          price: 2980,
          unit: "元起",
          image: img("c-hot", "爆款孵化"),
          cta: on("superHot"),
        },
        {
          name: "运营陪跑",
          text: "资深运营一对一陪跑。",
          price: 4980,
          unit: "元起",
          image: img("c-accompany", "运营陪跑"),
          cta: on("accompany"),
        },
        {
          name: "电商培训",
          text: "线上课程与线下训练营。",
          price: 99,
          unit: "元起",
          image: img("c-train", "电商培训"),
          cta: on("train"),
        },
      ],
    },
    {
      type: "ctaBand",
      tone: "brand",
      title: "找不到需要的服务？",
      text: "告诉客服你的需求，我们为你组合方案。",
      ctas: [CHAT],
    },
  ],
};
