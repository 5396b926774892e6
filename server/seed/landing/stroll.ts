import type { LandingPage } from "../../../contract/landing";
import { course, doc, heroBg, SLOGAN_TITLE } from "./shared";

/**
 * /flybird/stroll — the operations handbook (逛逛内容运营手册): five tabs opening external documents,
 * and three levels of four items each opening an external course or live lesson (docs/product.md §2).
 */
const F = "stroll";
const live = (slug: string) => `https://live.example.com/lesson/${slug}`;

/** The items of a level: a recorded course, or a lesson on the live site. */
const lesson = (label: string, slug: string) => ({ label, href: course(slug), kind: "课程" as const });
const liveLesson = (label: string, slug: string) => ({ label, href: live(slug), kind: "直播" as const });

export const page: LandingPage = {
  path: "/flybird/stroll",
  title: SLOGAN_TITLE,
  name: "内容运营手册",
  description: "内容运营手册：官方规则、新手入门、基础、进阶与购物节专题，三个阶段十二节课带你做好内容运营。",
  sections: [
    {
      type: "hero",
      eyebrow: "运营手册",
      title: "内容运营手册",
      subtitle: "从入驻到优质内容，三个阶段、十二节课，配套官方文档随时查阅。",
      image: heroBg(F, "内容运营手册主视觉"),
      buyAnchor: { label: "开始学习", href: "#levels" },
    },
    {
      type: "linkTabs",
      id: "docs",
      title: "手册文档",
      intro: "点击打开对应文档。",
      tabs: [
        { label: "官方规则", text: "平台内容规范与处罚规则", href: doc("rules") },
        { label: "新手入门", text: "入驻与账号设置指南", href: doc("beginner") },
        { label: "基础", text: "商品与内容的基础运营", href: doc("basic") },
        { label: "进阶", text: "流量、数据与内容策略", href: doc("advanced") },
        { label: "购物节专题", text: "大促期间的内容打法", href: doc("festival") },
      ],
    },
    {
      type: "levels",
      id: "levels",
      title: "三阶成长路径",
      reveal: true,
      levels: [
        {
          name: "新手",
          text: "完成入驻，了解规则，发出第一条合规内容。",
          items: [
            lesson("入驻流程", "stroll-onboarding"),
            lesson("身份认证", "stroll-verification"),
            lesson("权限开通", "stroll-permissions"),
            liveLesson("内容规范", "stroll-content-standard"),
          ],
        },
        {
          name: "基础",
          text: "找准定位，用对渠道，让内容被看见。",
          items: [
            lesson("商品定位", "stroll-positioning"),
            lesson("展示渠道", "stroll-channels"),
            liveLesson("内容调整", "stroll-adjustment"),
            lesson("渠道价值", "stroll-channel-value"),
          ],
        },
        {
          name: "进阶",
          text: "做出优质内容，承接流量，带动成交。",
          items: [
            lesson("短视频创作", "stroll-short-video"),
            liveLesson("流量承接", "stroll-traffic"),
            lesson("优质内容", "stroll-quality"),
            lesson("商品挂载", "stroll-attach-product"),
          ],
        },
      ],
    },
  ],
};
