import { offerPage } from "./offer";

/** /market/products/yljzt — single offer: 引流矩阵投放 (traffic-matrix placement), three hotspots. */
export const page = offerPage({
  path: "/market/products/yljzt",
  folder: "yljzt",
  name: "引流矩阵投放",
  description: "引流矩阵投放：达人矩阵 + 站外广告 + 站内搜索承接，按效果复盘的引流服务。",
  eyebrow: "单品引流",
  headline: "一个爆品，一张引流矩阵",
  subtitle: "头部、腰部、素人达人分层铺量，站外流量直达商品页。",
  offers: [
    { label: "基础矩阵", price: 3980, itemId: 7301, x: 72, y: 28 },
    { label: "进阶矩阵", price: 8980, itemId: 7302, x: 80, y: 52 },
    { label: "爆品矩阵", price: 16800, itemId: 7303, x: 70, y: 76 },
  ],
  features: [
    { icon: "层", title: "分层达人", text: "头部造势、腰部种草、素人铺量，三层组合覆盖不同人群。" },
    { icon: "链", title: "链接直达", text: "每条内容挂载商品链接或口令，流量不流失。" },
    { icon: "数", title: "效果看板", text: "按渠道统计点击、进店与成交，预算随效果调整。" },
  ],
  steps: [
    { title: "选品诊断", text: "评估商品卖点与价格竞争力。" },
    { title: "矩阵搭建", text: "确定达人层级与数量。" },
    { title: "分批投放", text: "按周分批，及时替换低效内容。" },
    { title: "效果复盘", text: "输出引流报告与下一轮建议。" },
  ],
});
