import type { LandingPage } from "../../../contract/landing";
import { heroBg, pic, SLOGAN_TITLE } from "./shared";

/**
 * /market/products/aboutus — 关于我们 (about us). Decision: this is the page with the three-image
 * switcher of docs/product.md §2 (the office, the studio, the event hall; previous / next).
 */
const F = "aboutus";

export const page: LandingPage = {
  path: "/market/products/aboutus",
  title: SLOGAN_TITLE,
  name: "关于我们",
  description: "关于电商报：面向电商商家与从业者的新闻资讯与营销服务平台，总部位于杭州。",
  sections: [
    {
      type: "hero",
      eyebrow: "关于我们",
      title: "电商报：电商人的新闻资讯平台",
      subtitle: "以资讯连接行业，以服务助力增长。",
      facts: ["总部：杭州", "成立：2016 年", "团队：120+ 人"],
      image: heroBg(F, "关于我们主视觉"),
    },
    {
      type: "split",
      id: "story",
      title: "我们在做什么",
      paragraphs: [
        "电商报每天为商家、主播、机构与从业者报道电商行业的政策、平台与品牌动态，并通过年度峰会、专题活动连接行业资源。",
        "同时，我们为商家提供内容种草、短视频制作、运营陪跑与培训等服务，帮助好产品找到对的人。",
      ],
      image: pic(F, "story", "电商报团队", 600, 420),
      reveal: true,
    },
    {
      type: "stepper",
      id: "places",
      title: "走进电商报",
      reveal: true,
      items: [
        {
          title: "杭州总部",
          text: "编辑部、运营中心与客户服务团队所在地。",
          image: pic(F, "place-1", "杭州总部办公区", 640, 420),
        },
        {
          title: "内容工作室",
          text: "自有拍摄棚与剪辑室，承接短视频与图文拍摄。",
          image: pic(F, "place-2", "内容工作室", 640, 420),
        },
        {
          title: "活动空间",
          text: "举办沙龙、训练营与发布会的多功能空间。",
          image: pic(F, "place-3", "活动空间", 640, 420),
        },
      ],
    },
    {
      type: "steps",
      id: "history",
      title: "发展历程",
      steps: [
        { title: "2016 创立", text: "电商报上线，专注电商行业资讯。" },
        { title: "2018 峰会", text: "举办第一届电商生态峰会。" },
        { title: "2020 服务", text: "推出内容种草与培训服务。" },
        { title: "2021 MCN", text: "成立电商报 MCN，签约达人 500+。" },
      ],
    },
    {
      type: "contact",
      id: "contact",
      title: "联系我们",
      people: [
        { role: "媒体合作", name: "林晓", phone: "0571-0000 6601", email: "media@example.com" },
        { role: "营销合作", name: "周远", phone: "0571-0000 6602", email: "marketing@example.com" },
      ],
      address: "浙江省杭州市余杭区文一西路 000 号",
      cta: { label: "更多合作方式", href: "/cooperate", sameWindow: true, variant: "ghost" },
    },
  ],
};
