import type { TravelListPage } from "../types";
import { pic, SLOGAN_TITLE } from "./shared";

/** /activity/caicai/list — travel list 1: five tabs, no destination column (docs/product.md §2). */
export const page: TravelListPage = {
  path: "/activity/caicai/list",
  title: SLOGAN_TITLE,
  name: "旅行好物口令清单",
  description:
    "旅行好物口令清单：跟团游、海南华南、华东华中、华北东北、西南等地精选旅行商品，复制口令即可下单。",
  listKey: "list1",
  showDestination: false,
  fallbackTabs: ["跟团游与爆款", "海南与华南", "华东与华中", "华北与东北", "西南及其他"],
  intro: "复制口令，打开旅行 App 即可领取优惠下单。",
  buy: { label: "去购买", href: "https://travel.example.com/deals" },
  banner: pic("caicai", "list-banner", "旅行好物口令清单", 1200, 240, "bg"),
};
