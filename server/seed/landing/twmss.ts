import { offerPage } from "./offer";

/** /market/products/twmss — single offer: 图文买手秀 (graphic-text buyer show), two hotspots. */
export const page = offerPage({
  path: "/market/products/twmss",
  folder: "twmss",
  name: "图文买手秀",
  description: "图文买手秀：真实买手试用拍摄，产出高质量买家秀图文，提升详情页转化。",
  eyebrow: "买家秀",
  headline: "真实买手，真实好评",
  subtitle: "买手实拍试用，图文并茂，回流详情页与问大家。",
  offers: [
    { label: "买手秀 20 组", price: 2980, itemId: 7311, x: 74, y: 36 },
    { label: "买手秀 50 组", price: 6580, itemId: 7312, x: 80, y: 68 },
  ],
  features: [
    { icon: "拍", title: "实拍试用", text: "买手收到商品后真实使用并实拍，每组不少于 3 张图。" },
    { icon: "文", title: "用心撰写", text: "100 字以上使用感受，突出卖点与使用场景。" },
    { icon: "换", title: "不满意可换", text: "图片宽度不低于 750 像素，不合格免费替换。" },
  ],
});
