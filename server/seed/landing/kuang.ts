import { offerPage } from "./offer";
import { pic } from "./shared";

/** /market/products/kuang — shopping-festival campaign (购物狂欢节 大促冲刺), three hotspots. */
export const page = offerPage({
  path: "/market/products/kuang",
  folder: "kuang",
  name: "购物节冲刺",
  description: "购物节冲刺方案：大促前种草蓄水、大促中直播收割、大促后复购沉淀。",
  eyebrow: "大促冲刺",
  headline: "购物节，提前 30 天开始赢",
  subtitle: "蓄水、预热、爆发、返场四个阶段，每一步都有内容与流量配合。",
  offers: [
    { label: "蓄水包", price: 5980, itemId: 7361, x: 70, y: 28 },
    { label: "爆发包", price: 12800, itemId: 7362, x: 80, y: 52 },
    { label: "全程托管", price: 29800, itemId: 7363, x: 72, y: 76 },
  ],
  features: [
    { icon: "蓄", title: "种草蓄水", text: "大促前 30 天集中铺设种草内容，积累加购与收藏。" },
    { icon: "播", title: "直播爆发", text: "达播专场与店播加场，集中转化。" },
    { icon: "返", title: "返场复购", text: "大促后会员权益与社群返场，延续热度。" },
  ],
  extra: [
    {
      type: "split",
      id: "timeline",
      title: "四阶段作战地图",
      paragraphs: ["我们按大促节奏把 30 天拆成蓄水、预热、爆发、返场四段，每段都有明确的内容量与目标。"],
      bullets: [
        "D-30 蓄水：种草铺量",
        "D-7 预热：搜索与加购",
        "D-Day 爆发：直播与广告",
        "D+3 返场：复购与口碑",
      ],
      image: pic("kuang", "timeline", "大促作战地图", 600, 420),
      reveal: true,
    },
  ],
});
