import type { LandingPage } from "../../../contract/landing";
import { CHAT, courseLink, heroBg, pic, SLOGAN_TITLE, signup } from "./shared";

/** /market/products/train — training (电商培训): course tracks and the training camp sign-up (product 278). */
const F = "train";

export const page: LandingPage = {
  path: "/market/products/train",
  title: SLOGAN_TITLE,
  name: "电商培训",
  description: "电商报培训：店铺运营、直播带货、内容种草三大方向，线上课程与线下训练营。",
  sections: [
    {
      type: "hero",
      eyebrow: "电商培训",
      title: "实战派讲师，教你能落地的方法",
      subtitle: "店铺运营、直播带货、内容种草三大方向，线上 + 线下结合。",
      image: heroBg(F, "电商培训主视觉"),
      buyAnchor: { label: "报名训练营", href: "#plans" },
      ctas: [CHAT],
    },
    {
      type: "features",
      id: "tracks",
      title: "三大课程方向",
      reveal: true,
      items: [
        {
          image: pic(F, "t-shop", "店铺运营", 400, 240),
          title: "店铺运营",
          text: "搜索、活动、数据与客服。",
          cta: courseLink("查看课程", "shop-ops"),
        },
        {
          image: pic(F, "t-live", "直播带货", 400, 240),
          title: "直播带货",
          text: "选品、话术、场控与投流。",
          cta: courseLink("查看课程", "live-selling"),
        },
        {
          image: pic(F, "t-seed", "内容种草", 400, 240),
          title: "内容种草",
          text: "达人合作、笔记与短视频。",
          cta: courseLink("查看课程", "seeding"),
        },
      ],
    },
    {
      type: "plans",
      id: "plans",
      title: "选择学习方式",
      plans: [
        {
          name: "线上精品课",
          price: 99,
          perks: ["24 节录播课，永久回看", "课件与模板下载", "社群答疑"],
          cta: courseLink("购买课程", "bundle"),
        },
        {
          name: "直播电商实战训练营",
          price: 99,
          unit: "元/人",
          badge: "推荐",
          featured: true,
          perks: ["8 节直播课 + 社群答疑", "结营后回放保留 90 天", "作业点评与结营证书"],
          cta: signup(278, "立即报名"),
        },
        {
          name: "企业内训",
          price: 19800,
          unit: "元/天起",
          perks: ["按企业需求定制课程", "讲师上门授课", "课后 30 天答疑"],
          cta: { ...CHAT, label: "咨询内训" },
        },
      ],
    },
  ],
};
