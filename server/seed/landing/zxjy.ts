import type { LandingPage } from "../../../contract/landing";
import { courseLink, heroBg, pic, SLOGAN_TITLE, signup } from "./shared";

/** /market/products/zxjy — 在线教育 (online education); the training page with the contact block (docs/product.md §2). */
const F = "zxjy";

export const page: LandingPage = {
  path: "/market/products/zxjy",
  title: SLOGAN_TITLE,
  name: "在线教育",
  description: "电商报在线教育：系统化电商课程、训练营与企业内训，培训顾问一对一咨询。",
  sections: [
    {
      type: "hero",
      eyebrow: "在线教育",
      title: "系统学电商，从这里开始",
      subtitle: "200+ 节课程，覆盖开店、运营、直播、内容与管理。",
      image: heroBg(F, "在线教育主视觉"),
      buyAnchor: { label: "联系培训顾问", href: "#contact" },
      ctas: [courseLink("免费试听", "trial")],
    },
    {
      type: "features",
      id: "courses",
      title: "热门课程",
      reveal: true,
      items: [
        {
          image: pic(F, "c-1", "新手开店 30 天", 400, 240),
          title: "新手开店 30 天",
          text: "从注册到首单。",
          cta: courseLink("去学习", "newbie-30"),
        },
        {
          image: pic(F, "c-2", "直播间搭建与话术", 400, 240),
          title: "直播间搭建与话术",
          text: "设备、灯光、话术与场控。",
          cta: courseLink("去学习", "live-room"),
        },
        {
          image: pic(F, "c-3", "数据化运营", 400, 240),
          title: "数据化运营",
          text: "看懂数据，做对决策。",
          cta: courseLink("去学习", "data-ops"),
        },
      ],
    },
    {
      type: "contact",
      id: "contact",
      title: "联系培训顾问",
      intro: "课程选择、企业内训与训练营报名，欢迎联系。",
      people: [
        {
          role: "培训咨询",
          name: "陈若楠",
          phone: "0571-0000 6603",
          email: "training@example.com",
          wechat: "dsb-training",
        },
        { role: "企业内训", name: "王一舟", phone: "0571-0000 6606", email: "corp-training@example.com" },
      ],
      cta: signup(278, "报名直播电商实战训练营"),
    },
  ],
};
