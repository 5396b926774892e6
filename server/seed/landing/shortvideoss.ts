import type { LandingPage } from "../../../contract/landing";
import { CHAT, heroBg, item, pic, SLOGAN_TITLE } from "./shared";

/** /market/products/shortvideoss — series production (短视频系列栏目): monthly content series for brand accounts. */
const F = "shortvideoss";

export const page: LandingPage = {
  path: "/market/products/shortvideoss",
  title: SLOGAN_TITLE,
  name: "短视频系列栏目",
  description: "短视频系列栏目：为品牌账号策划并持续制作系列化短视频栏目，稳定涨粉与转化。",
  sections: [
    {
      type: "hero",
      eyebrow: "系列栏目",
      title: "把品牌账号做成一档栏目",
      subtitle: "固定人设、固定栏目、固定更新，让粉丝追着看。",
      image: heroBg(F, "短视频系列栏目主视觉"),
      buyAnchor: { label: "查看套餐", href: "#plans" },
    },
    {
      type: "features",
      id: "formats",
      title: "常见栏目形式",
      columns: 4,
      reveal: true,
      items: [
        {
          image: pic(F, "f-1", "老板说", 320, 200),
          title: "老板说",
          text: "创始人出镜讲品牌故事与产品理念。",
        },
        { image: pic(F, "f-2", "工厂探访", 320, 200), title: "工厂探访", text: "走进产线，展示品质与工艺。" },
        { image: pic(F, "f-3", "用户故事", 320, 200), title: "用户故事", text: "真实用户的使用场景与改变。" },
        { image: pic(F, "f-4", "干货教程", 320, 200), title: "干货教程", text: "围绕产品的实用技巧与教程。" },
      ],
    },
    {
      type: "plans",
      id: "plans",
      title: "栏目套餐",
      plans: [
        {
          name: "季度栏目",
          price: 29800,
          unit: "元/季",
          perks: ["每月 8 条", "栏目策划与人设", "账号运营建议"],
          cta: item(7621),
        },
        {
          name: "年度栏目",
          price: 98000,
          unit: "元/年",
          featured: true,
          badge: "省 18%",
          perks: ["每月 10 条", "专属编导", "季度复盘会"],
          cta: item(7622),
        },
      ],
    },
    { type: "ctaBand", tone: "brand", title: "先聊聊你的账号定位", ctas: [CHAT] },
  ],
};
