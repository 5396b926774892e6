import { CHAT, heroBg, pic, titledByName } from "./shared";

/**
 * /market/products/nrst — 内容生态 (content ecosystem): the route titled 内容生态 (docs/product.md §2). A map of
 * the content services, each card linking to its own product page on this site.
 */
const F = "nrst";
const site = (slug: string, label = "了解详情") => ({ label, href: `/market/products/${slug}` });

export const page = titledByName({
  path: "/market/products/nrst",
  name: "内容生态",
  description: "电商报内容生态：种草、短视频、直播、达人与培训，连接品牌、达人与平台的内容服务网络。",
  sections: [
    {
      type: "hero",
      eyebrow: "内容生态",
      title: "连接品牌、达人与平台的内容网络",
      subtitle: "13000+ 合作账号、200+ 内容写手、10+ 拍摄团队，覆盖种草到转化全链路。",
      image: heroBg(F, "内容生态主视觉"),
      buyAnchor: { label: "浏览服务", href: "#services" },
      ctas: [CHAT],
    },
    {
      type: "stats",
      tone: "grey",
      items: [
        { value: "13000", unit: "+", label: "合作账号" },
        { value: "200", unit: "+", label: "内容写手" },
        { value: "10", unit: "+", label: "拍摄团队" },
        { value: "200万", unit: "+", label: "粉丝总量" },
      ],
    },
    {
      type: "features",
      id: "services",
      title: "内容服务一览",
      reveal: true,
      items: [
        {
          image: pic(F, "s-seed", "种草包", 400, 240),
          title: "种草包",
          text: "公域拉新与私域转化一体的种草套餐。",
          cta: site("strawBag"),
        },
        {
          image: pic(F, "s-solution", "内容营销方案", 400, 240),
          title: "内容营销方案",
          text: "图文、视频、视频服务三种套餐。",
          cta: site("nryx"),
        },
        {
          image: pic(F, "s-video", "短视频制作", 400, 240),
          title: "短视频制作",
          text: "从脚本到成片的短视频制作服务。",
          cta: site("shortvideo"),
        },
        {
          image: pic(F, "s-pyramid", "达人金字塔", 400, 240),
          title: "达人金字塔",
          text: "头部、腰部、素人分层投放模型。",
          cta: site("pyramid"),
        },
        {
          image: pic(F, "s-linkage", "全域联动", 400, 240),
          title: "全域联动",
          text: "公域种草与站内承接、私域复购打通。",
          cta: site("linkage"),
        },
        {
          image: pic(F, "s-train", "培训教育", 400, 240),
          title: "培训教育",
          text: "面向商家与运营的实战课程。",
          cta: site("train"),
        },
      ],
    },
    {
      type: "split",
      id: "mcn",
      title: "达人与机构，加入内容生态",
      paragraphs: ["电商报 MCN 为达人提供商单推荐、内容指导与流量扶持，为品牌提供可靠的达人资源。"],
      image: pic(F, "mcn", "电商报 MCN", 600, 420),
      ctas: [{ label: "了解 MCN 合作", href: "/wxmcn" }],
      reveal: true,
    },
  ],
});
