import type { TravelListPage } from "../types";
import { pic, SLOGAN_TITLE } from "./shared";

/** /activity/caicai/list2 — travel list 2: eight tabs, with each item's destination (docs/product.md §2). */
export const page: TravelListPage = {
  path: "/activity/caicai/list2",
  title: SLOGAN_TITLE,
  name: "旅行必买口令清单",
  description:
    "旅行必买口令清单：必买爆款、全国通兑、江浙沪、海南云南、西北川渝、东北滑雪、珠三角等目的地好物，复制口令即可下单。",
  listKey: "list2",
  showDestination: true,
  fallbackTabs: ["必买爆款", "全国通兑", "江浙沪", "海南与云南", "西北川渝", "东北滑雪", "珠三角", "其他"],
  intro: "按目的地挑选，复制口令，打开旅行 App 即可领取优惠下单。",
  buy: { label: "去购买", href: "https://travel.example.com/deals" },
  banner: pic("caicai", "list2-banner", "旅行必买口令清单", 1200, 240, "bg"),
};
