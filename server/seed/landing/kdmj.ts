import { offerPage } from "./offer";
import { courseLink } from "./shared";

/** /market/products/kdmj — single offer: 开店秘籍 (shop-opening guide course bundle), three hotspots. */
export const page = offerPage({
  path: "/market/products/kdmj",
  folder: "kdmj",
  name: "开店秘籍",
  description: "开店秘籍：从注册开店到首单成交的实战课程包，含店铺装修模板与选品清单。",
  eyebrow: "新手开店",
  headline: "开店秘籍：30 天跑通第一单",
  subtitle: "注册、装修、选品、上新、推广，每一步都有模板和讲解。",
  offers: [
    { label: "入门课程包", price: 199, itemId: 7321, x: 70, y: 28 },
    { label: "实战陪跑营", price: 1999, itemId: 7322, x: 80, y: 52 },
    { label: "装修模板包", price: 299, itemId: 7323, x: 72, y: 76 },
  ],
  features: [
    { icon: "课", title: "24 节视频课", text: "平台规则、店铺装修、选品定价、上新节奏全覆盖。" },
    { icon: "模", title: "装修模板", text: "12 套首页与详情页模板，替换图片即可上线。" },
    { icon: "群", title: "答疑社群", text: "讲师每周两次社群答疑，新手问题不过夜。" },
  ],
  extra: [
    {
      type: "ctaBand",
      title: "先试听一节",
      text: "免费试听《开店前必须知道的 10 条规则》。",
      ctas: [courseLink("免费试听", "kdmj-trial")],
    },
  ],
});
