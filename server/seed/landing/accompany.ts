import { offerPage } from "./offer";
import { signup } from "./shared";

/** /market/products/accompany — operations coaching (陪跑), floating panel with a sign-up button to product 278. */
export const page = offerPage({
  path: "/market/products/accompany",
  folder: "accompany",
  name: "运营陪跑",
  description: "运营陪跑：资深运营一对一陪跑 90 天，从诊断到执行手把手带你把店铺做起来。",
  eyebrow: "一对一陪跑",
  headline: "资深运营陪你跑 90 天",
  subtitle: "每周诊断、每周任务、每周复盘，让方法真正落地到你的店铺。",
  offers: [
    { label: "30 天陪跑", price: 4980, itemId: 7381, x: 72, y: 30 },
    { label: "90 天陪跑", price: 12800, itemId: 7382, x: 80, y: 66 },
  ],
  features: [
    { icon: "诊", title: "店铺诊断", text: "首周完成全店诊断，找出最该先改的三件事。" },
    { icon: "任", title: "每周任务", text: "把方案拆成每周可执行的任务清单。" },
    { icon: "盘", title: "每周复盘", text: "视频会议复盘数据，调整下一周计划。" },
  ],
  steps: [
    { title: "报名", text: "提交店铺信息与目标。" },
    { title: "匹配导师", text: "按类目匹配资深运营。" },
    { title: "陪跑执行", text: "每周任务与复盘。" },
    { title: "结营总结", text: "输出店铺运营手册。" },
  ],
  panel: { signup: signup(278, "报名训练营") },
});
