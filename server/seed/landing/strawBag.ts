import type { LandingPage } from "../../../contract/landing";
import { CHAT, heroBg, item, PORTRAIT_CLIPS, pic, pics, SLOGAN_TITLE, sampleClips } from "./shared";

/**
 * /market/products/strawBag — the content-seeding package page (种草包).
 * Decisions: title is the site slogan (docs/product.md §2 gives this route none); the hover image switcher has
 * six items (six, as docs/product.md §2 describes); the premium card buys item
 * 7001, the VIP card item 7002; consult opens the customer-service chat.
 */
const F = "strawbag";

export const page: LandingPage = {
  path: "/market/products/strawBag",
  title: SLOGAN_TITLE,
  name: "种草包",
  description:
    "电商报种草包：公域拉新与私域转化一站式内容种草，精品包 12800 元 60 项、VIP 包 30000 元 118 项，排期后 1 个月内完成服务。",
  shareImage: `/landing/${F}/hero.svg`,
  sections: [
    {
      type: "hero",
      eyebrow: "内容种草一站式服务",
      title: "种草包：让好产品被更多人看见",
      subtitle: "图文、短视频、买家秀与达人笔记组合投放，公域拉新、私域转化一次配齐。",
      image: heroBg(F, "种草包主视觉"),
      buyAnchor: { label: "立即选购套餐", href: "#packages" },
      ctas: [CHAT],
    },
    {
      type: "toggleGallery",
      id: "scenes",
      title: "两种场景，一套内容",
      reveal: true,
      options: [
        {
          key: "public",
          label: "公域拉新",
          text: "在小红书、微博、抖音等公域平台铺设种草内容，触达潜在新客，带动搜索与进店。",
          images: pics(
            F,
            "public",
            ["小红书达人笔记", "短视频种草", "微博话题曝光"],
            400,
            300,
            "poster",
            "公域拉新",
          ),
        },
        {
          key: "private",
          label: "私域转化",
          text: "把优质买家秀与种草内容沉淀到店铺、社群与会员触点，提升详情页转化与复购。",
          images: pics(
            F,
            "private",
            ["详情页买家秀", "社群种草素材", "会员复购内容"],
            400,
            300,
            "poster",
            "私域转化",
          ),
        },
      ],
    },
    {
      type: "hoverScroll",
      id: "notes",
      title: "真实笔记效果",
      intro: "把鼠标移到图片上（手机上直接滑动），浏览完整的种草笔记。",
      reveal: true,
      items: [
        {
          caption: "美妆个护 · 达人图文笔记",
          image: pic(F, "note-1", "美妆个护种草笔记长图", 360, 1200, "feed"),
        },
        {
          caption: "家居日用 · 买家秀合集",
          image: pic(F, "note-2", "家居日用买家秀长图", 360, 1200, "feed"),
        },
        {
          caption: "食品饮料 · 测评笔记",
          image: pic(F, "note-3", "食品饮料测评笔记长图", 360, 1200, "feed"),
        },
      ],
    },
    {
      type: "hoverVideos",
      id: "videos",
      title: "短视频种草样片",
      intro: "鼠标悬停即可播放（手机上轻点播放），以下为示意短片。",
      reveal: true,
      clips: sampleClips(F, "video", PORTRAIT_CLIPS, 360, 640, [
        {
          title: "开箱测评",
          caption: "9:16 竖版 · 30 秒",
          alt: "开箱测评短视频",
          sub: "9:16 竖版",
        },
        {
          title: "场景种草",
          caption: "9:16 竖版 · 45 秒",
          alt: "场景种草短视频",
          sub: "9:16 竖版",
        },
        {
          title: "达人口播",
          caption: "3:4 竖版 · 15 秒",
          alt: "达人口播短视频",
          sub: "3:4 竖版",
        },
      ]),
    },
    {
      type: "packageCards",
      id: "packages",
      title: "选择你的种草包",
      intro: "两档套餐，按需选购；下单后由专属运营排期执行。",
      cards: [
        {
          key: "premium",
          name: "精品种草包",
          price: 12800,
          items: 60,
          summary: "适合新品上市与店铺冷启动，快速积累第一批优质内容。",
          details: [
            "达人图文笔记 20 篇（小红书 / 微博）",
            "短视频种草 10 条（抖音 / 快手）",
            "买家秀图文 30 组",
            "专属运营 1 对 1 排期与复盘",
            "投放数据周报",
          ],
          buy: item(7001, "购买精品包"),
        },
        {
          key: "vip",
          name: "VIP 种草包",
          price: 30000,
          items: 118,
          summary: "适合大促冲刺与品牌长线经营，公域私域全链路覆盖。",
          details: [
            "达人图文笔记 40 篇（含 5 篇腰部达人）",
            "短视频种草 24 条（含 4 条达人口播）",
            "买家秀图文 50 组",
            "微博话题与社群素材包 4 套",
            "专属运营 + 内容策划双人服务",
            "投放数据周报与结案报告",
          ],
          featured: true,
          buy: item(7002, "购买 VIP 包"),
        },
      ],
      service: "排期后 1 个月内完成全部服务",
      remarks: {
        label: "备注：内容替换规则",
        lines: [
          "买家秀：每组至少 3 张图片，每张宽度不低于 750 像素；",
          "公域视频：画面比例 3:4 或 9:16；",
          "视频时长 15 至 60 秒；",
          "不符合以上规则的内容，可在交付后 7 天内申请免费替换。",
        ],
      },
      consult: { ...CHAT, label: "咨询客服" },
    },
    {
      type: "hoverSwitcher",
      id: "services",
      title: "六大服务能力",
      reveal: true,
      items: [
        {
          label: "达人筛选",
          text: "按品类与人群画像匹配达人",
          image: pic(F, "ability-1", "达人筛选", 720, 450),
        },
        { label: "内容策划", text: "选题、脚本与卖点共创", image: pic(F, "ability-2", "内容策划", 720, 450) },
        { label: "拍摄制作", text: "自有团队拍摄与剪辑", image: pic(F, "ability-3", "拍摄制作", 720, 450) },
        {
          label: "多平台投放",
          text: "小红书、微博、抖音同步发布",
          image: pic(F, "ability-4", "多平台投放", 720, 450),
        },
        {
          label: "买家秀沉淀",
          text: "优质内容回流店铺详情页",
          image: pic(F, "ability-5", "买家秀沉淀", 720, 450),
        },
        { label: "数据复盘", text: "曝光、互动与转化周报", image: pic(F, "ability-6", "数据复盘", 720, 450) },
      ],
    },
    {
      type: "caseCarousel",
      id: "cases",
      title: "客户案例",
      intervalMs: 4000,
      slides: [
        {
          title: "国货护肤品牌 · 新品冷启动",
          text: "精品种草包组合 20 篇达人笔记与 30 组买家秀，新品上市首月搜索量明显提升。",
          metrics: ["笔记曝光 120 万+", "搜索量提升 3 倍", "详情页转化 +35%"],
          image: pic(F, "case-1", "国货护肤品牌案例", 640, 400),
        },
        {
          title: "家居收纳品牌 · 大促冲刺",
          text: "VIP 种草包覆盖大促前 4 周，公域铺量与私域沉淀同步推进。",
          metrics: ["内容互动 18 万+", "大促 GMV 同比 +62%"],
          image: pic(F, "case-2", "家居收纳品牌案例", 640, 400),
        },
        {
          title: "零食品牌 · 口碑沉淀",
          text: "以测评笔记和短视频为主，集中沉淀真实口碑，带动复购。",
          metrics: ["复购率 +21%", "好评率 98%"],
          image: pic(F, "case-3", "零食品牌案例", 640, 400),
        },
        {
          title: "母婴品牌 · 私域转化",
          text: "买家秀回流详情页与社群，提升新客信任与下单意愿。",
          metrics: ["社群转化 +28%", "客单价 +15%"],
          image: pic(F, "case-4", "母婴品牌案例", 640, 400),
        },
      ],
      more: { label: "查看更多案例", href: "https://news.example.com/cases/seeding" },
    },
    {
      type: "ctaBand",
      tone: "brand",
      title: "不确定选哪一档？",
      text: "告诉我们你的品类与预算，客服 10 分钟内给出建议。",
      ctas: [{ ...CHAT, label: "咨询客服" }],
    },
  ],
};
