import { offerPage } from "./offer";

/** /market/products/superHot — best-seller incubation (爆款孵化), with the floating panel and its sign-up button. */
export const page = offerPage({
  path: "/market/products/superHot",
  folder: "superhot",
  name: "爆款孵化",
  description: "爆款孵化计划：选品测款、内容种草、流量放大三步，把潜力款做成爆款。",
  eyebrow: "爆款孵化计划",
  headline: "从潜力款到爆款，只差一套方法",
  subtitle: "数据测款、集中种草、付费放大，90 天孵化周期。",
  offers: [
    { label: "测款服务", price: 2980, itemId: 7371, x: 72, y: 30 },
    { label: "孵化计划", price: 19800, itemId: 7372, x: 80, y: 66 },
  ],
  features: [
    { icon: "测", title: "数据测款", text: "小预算多款测试，用点击与加购数据选出潜力款。" },
    { icon: "种", title: "集中种草", text: "潜力款集中投放 60+ 篇种草内容。" },
    { icon: "放", title: "流量放大", text: "内容起量后叠加付费流量，放大成交。" },
    { icon: "复", title: "周度复盘", text: "每周复盘核心数据，及时止损或加码。" },
  ],
  panel: { signup: { label: "报名孵化计划", href: "https://form.example.com/f/superhot-signup" } },
});
