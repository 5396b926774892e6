import { offerPage } from "./offer";
import { pic } from "./shared";

/** /market/products/foodie — a food-category seeding campaign (吃货节), three hotspots. */
export const page = offerPage({
  path: "/market/products/foodie",
  folder: "foodie",
  name: "吃货种草节",
  description: "吃货种草节：食品类目专场种草活动，美食达人测评 + 短视频 + 买家秀组合。",
  eyebrow: "食品类目专场",
  headline: "吃货种草节：让好味道被种草",
  subtitle: "美食达人测评、探店短视频与真实买家秀，专为零食、生鲜与饮品打造。",
  offers: [
    { label: "尝鲜包", price: 2980, itemId: 7351, x: 70, y: 28 },
    { label: "热卖包", price: 6980, itemId: 7352, x: 80, y: 52 },
    { label: "爆款包", price: 12800, itemId: 7353, x: 72, y: 76 },
  ],
  features: [
    { icon: "测", title: "达人测评", text: "美食达人盲测打分，真实口感描述更可信。" },
    { icon: "视", title: "短视频种草", text: "开箱、试吃与做法教程三种脚本任选。" },
    { icon: "秀", title: "买家秀", text: "高颜值食物实拍，回流详情页提升转化。" },
  ],
  extra: [
    {
      type: "gallery",
      id: "samples",
      title: "往期内容示例",
      reveal: true,
      images: [
        pic("foodie", "sample-1", "坚果礼盒测评", 400, 300),
        pic("foodie", "sample-2", "火锅底料试吃", 400, 300),
        pic("foodie", "sample-3", "鲜花饼开箱", 400, 300),
      ],
    },
  ],
});
