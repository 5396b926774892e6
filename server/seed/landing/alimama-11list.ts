import type { LandingPage } from "../../../contract/landing";
import { heroBg, pic, SLOGAN_TITLE } from "./shared";

/**
 * /alimama/11list — the original site lists this route without its content. Decision: the Double 11 good-buy
 * list (双 11 好物清单): picks of the editors, each opening its product page in a new window.
 */
const F = "alimama-11list";
const img = (name: string, alt: string) => pic(F, name, alt, 400, 300);
const buy = (id: number) => ({ label: "去看看", href: `https://item.example.com/item.htm?id=${id}` });

export const page: LandingPage = {
  path: "/alimama/11list",
  title: SLOGAN_TITLE,
  name: "双 11 好物清单",
  description: "电商报编辑部精选双 11 好物清单：家居、美妆、食品、数码，每件都有真实测评。",
  sections: [
    {
      type: "hero",
      eyebrow: "双 11 好物清单",
      title: "编辑部精选：双 11 值得买",
      subtitle: "每一件都经过编辑部真实试用，只推荐我们自己也会买的。",
      image: heroBg(F, "双 11 好物清单主视觉"),
      buyAnchor: { label: "查看清单", href: "#list" },
    },
    {
      type: "catalog",
      id: "list",
      title: "好物清单",
      items: [
        {
          name: "草编收纳篮三件套",
          text: "手工草编，客厅卧室都好看。",
          price: 89,
          image: img("g-1", "草编收纳篮"),
          cta: buy(8101),
          tag: "家居",
        },
        {
          name: "氨基酸洁面乳",
          text: "温和不紧绷，敏感肌可用。",
          price: 69,
          image: img("g-2", "洁面乳"),
          cta: buy(8102),
          tag: "美妆",
        },
        {
          name: "每日坚果 30 袋",
          text: "7 种坚果果干，办公室常备。",
          price: 99,
          image: img("g-3", "每日坚果"),
          cta: buy(8103),
          tag: "食品",
        },
        {
          name: "降噪蓝牙耳机",
          text: "通勤降噪，续航 30 小时。",
          price: 299,
          image: img("g-4", "降噪耳机"),
          cta: buy(8104),
          tag: "数码",
        },
        {
          name: "恒温电热水壶",
          text: "多档控温，泡茶冲奶都合适。",
          price: 159,
          image: img("g-5", "电热水壶"),
          cta: buy(8105),
          tag: "家电",
        },
        {
          name: "羊毛混纺围巾",
          text: "柔软不扎，多色可选。",
          price: 129,
          image: img("g-6", "羊毛围巾"),
          cta: buy(8106),
          tag: "服饰",
        },
      ],
    },
  ],
};
