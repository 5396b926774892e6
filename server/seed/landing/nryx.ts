import type { LandingPage } from "../../../contract/landing";
import { CHAT, heroBg, item, pic, SLOGAN_TITLE } from "./shared";

/**
 * /market/products/nryx — the content-marketing solution page (内容营销解决方案) with its three
 * package tabs (docs/product.md §9 prices: graphic-text 9900, video 14800, video-service 7600 yuan).
 */
const F = "nryx";

export const page: LandingPage = {
  path: "/market/products/nryx",
  title: SLOGAN_TITLE,
  name: "内容营销解决方案",
  description: "电商报内容营销解决方案：图文种草套餐 9900 元、视频种草套餐 14800 元、视频服务套餐 7600 元。",
  sections: [
    {
      type: "hero",
      eyebrow: "内容营销解决方案",
      title: "图文、视频、服务，三种套餐按需组合",
      subtitle: "从内容生产到渠道分发，一站交付，价格透明。",
      image: heroBg(F, "内容营销解决方案主视觉"),
      buyAnchor: { label: "查看套餐", href: "#solutions" },
    },
    {
      type: "solutionTabs",
      id: "solutions",
      title: "选择适合你的套餐",
      intro: "切换标签查看每个套餐的介绍、投放渠道与说明。",
      tabs: [
        {
          key: "graphic",
          label: "图文种草套餐",
          price: 9900,
          intro: "20 篇达人图文笔记 + 20 组买家秀，适合新品上市和日常口碑积累，内容可回流店铺详情页。",
          channels: ["小红书", "微博", "淘宝逛逛", "知乎"],
          note: "达人粉丝量 1000–5 万不等，按品类匹配；笔记发布后保留不少于 90 天。",
          buy: item(7101, "购买图文套餐"),
          image: pic(F, "graphic", "图文种草套餐", 560, 380, "poster", "9900 元"),
        },
        {
          key: "video",
          label: "视频种草套餐",
          price: 14800,
          intro: "12 条达人短视频（开箱、测评、场景种草），同步产出竖版与横版两种规格，适合抖音快手投放。",
          channels: ["抖音", "快手", "视频号", "淘宝逛逛"],
          note: "视频时长 15–60 秒，比例 9:16 或 3:4；含一次脚本修改与一次剪辑修改。",
          buy: item(7102, "购买视频套餐"),
          image: pic(F, "video", "视频种草套餐", 560, 380, "poster", "14800 元"),
        },
        {
          key: "service",
          label: "视频服务套餐",
          price: 7600,
          intro: "商家自有账号代运营：脚本策划、拍摄剪辑与发布排期，每月交付 8 条短视频。",
          channels: ["店铺短视频", "主图视频", "抖音企业号", "视频号"],
          note: "拍摄样品由商家寄送，服务周期 1 个月；如需模特出镜另行报价。",
          buy: item(7103, "购买服务套餐"),
          image: pic(F, "service", "视频服务套餐", 560, 380, "poster", "7600 元"),
        },
      ],
    },
    {
      type: "steps",
      id: "process",
      title: "服务流程",
      reveal: true,
      steps: [
        { title: "需求沟通", text: "确认品类、卖点、预算与上线时间。" },
        { title: "方案确认", text: "给出达人名单、选题与排期表。" },
        { title: "内容生产", text: "寄样、拍摄、撰写，商家审核后发布。" },
        { title: "数据复盘", text: "交付数据报告与下一步优化建议。" },
      ],
    },
    {
      type: "ctaBand",
      tone: "brand",
      title: "想要定制组合？",
      text: "套餐之外的组合需求，客服为你单独报价。",
      ctas: [CHAT],
    },
  ],
};
