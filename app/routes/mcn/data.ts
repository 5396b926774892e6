/**
 * Content of the MCN page (/wxmcn). Plain data, also read by scripts/generate-mcn-media.ts, which
 * draws the posters, the case videos and the partner-brand PDFs named here into public/mcn/.
 */

export type McnTab = "intro" | "business" | "expert";

export const MCN_MENU: { tab: McnTab; label: string }[] = [
  { tab: "intro", label: "MCN 介绍" },
  { tab: "business", label: "商家合作" },
  { tab: "expert", label: "达人合作" },
];

export const TOP_SLIDES = [
  {
    image: "/mcn/banner-1.svg",
    title: "电商报 MCN · 内容种草一站式服务",
    text: "从达人筛选、内容创作到投放复盘，帮品牌把好产品讲给对的人听",
  },
  {
    image: "/mcn/banner-2.svg",
    title: "全平台达人矩阵，精准触达目标人群",
    text: "小红书 · 微博 · 抖音 13000+ 合作账号，总粉丝 200 万+",
  },
  {
    image: "/mcn/banner-3.svg",
    title: "达人入驻，接更多品牌合作",
    text: "签约即享商单推荐、内容指导与流量扶持，创作更有回报",
  },
];

/** docs/product.md §9: the MCN page statistics. */
export const STATS = [
  { value: "6000", unit: "+", label: "小红书生活方式账号" },
  { value: "5000", unit: "+", label: "微博账号" },
  { value: "2000", unit: "+", label: "抖音视频账号" },
  { value: "500", unit: "+", label: "签约绑定账号" },
  { value: "200", unit: "+", label: "内容写手" },
  { value: "10", unit: "+", label: "拍摄人员" },
  { value: "200万", unit: "+", label: "粉丝总量" },
];

export const PAIN_POINTS = [
  { title: "找不到合适的达人", text: "达人数量多、质量参差，逐个筛选沟通耗时耗力，报价也不透明。" },
  { title: "内容同质化严重", text: "千篇一律的广告文案难以打动消费者，种草变成了硬广。" },
  { title: "投放效果难评估", text: "曝光、互动、进店数据分散在各个平台，花了钱却说不清效果。" },
  { title: "试错成本高", text: "单次投放预算有限，缺少组合策略，一次失败就不敢再投。" },
];

export const ADVANTAGES = [
  { title: "海量达人资源", text: "覆盖小红书、微博、抖音三大平台 13000+ 账号，500+ 签约账号稳定合作。" },
  { title: "专业内容团队", text: "200+ 写手、10+ 拍摄人员，选题、脚本、拍摄、剪辑一站完成。" },
  { title: "数据驱动匹配", text: "按品类、粉丝画像与历史表现匹配达人，投放后出具完整数据报告。" },
  { title: "行业媒体背书", text: "依托电商报行业媒体资源，品牌声量与行业口碑同步提升。" },
];

export interface ResourceAccount {
  name: string;
  category: string;
  fans: string;
}

export const RESOURCE_PLATFORMS: {
  key: string;
  label: string;
  summary: string;
  accounts: ResourceAccount[];
}[] = [
  {
    key: "xiaohongshu",
    label: "小红书",
    summary: "6000+ 生活方式账号，美妆、母婴、家居、美食全品类覆盖",
    accounts: [
      { name: "小鹿爱护肤", category: "美妆护肤", fans: "32.6万" },
      { name: "阿卷的厨房", category: "美食", fans: "18.4万" },
      { name: "住进光里", category: "家居", fans: "12.9万" },
      { name: "萌娃成长记", category: "母婴", fans: "9.7万" },
      { name: "通勤穿搭日记", category: "时尚穿搭", fans: "21.3万" },
      { name: "周末去哪儿", category: "旅行", fans: "7.8万" },
      { name: "宠物研究所", category: "萌宠", fans: "15.2万" },
      { name: "好物测评君", category: "数码家电", fans: "26.1万" },
    ],
  },
  {
    key: "weibo",
    label: "微博",
    summary: "5000+ 账号，热点话题、品牌活动快速引爆声量",
    accounts: [
      { name: "电商观察员", category: "财经商业", fans: "45.0万" },
      { name: "今天吃点啥", category: "美食", fans: "28.7万" },
      { name: "潮流情报局", category: "时尚", fans: "36.2万" },
      { name: "数码小百科", category: "科技数码", fans: "19.5万" },
      { name: "城市生活指南", category: "本地生活", fans: "11.3万" },
      { name: "爱读书的猫", category: "文化读书", fans: "8.6万" },
      { name: "健身搭子", category: "运动健康", fans: "13.8万" },
      { name: "追剧笔记", category: "影视娱乐", fans: "24.4万" },
    ],
  },
  {
    key: "douyin",
    label: "抖音",
    summary: "2000+ 视频账号，短视频种草与直播带货一体化",
    accounts: [
      { name: "开箱研究社", category: "好物开箱", fans: "52.3万" },
      { name: "妈妈的味道", category: "美食", fans: "38.1万" },
      { name: "三分钟化妆间", category: "美妆", fans: "29.6万" },
      { name: "小屋改造计划", category: "家居", fans: "16.2万" },
      { name: "老张聊电商", category: "知识分享", fans: "22.9万" },
      { name: "每日穿搭", category: "时尚穿搭", fans: "31.7万" },
      { name: "户外小分队", category: "户外运动", fans: "10.4万" },
      { name: "萌宠日常", category: "萌宠", fans: "27.5万" },
    ],
  },
];

export const PROCESS = {
  business: {
    title: "商家合作流程",
    steps: [
      { title: "提交需求", text: "填写商家合作表单，说明品牌、产品与推广目标。" },
      { title: "方案策划", text: "1 个工作日内商务联系您，结合预算给出投放方案。" },
      { title: "达人匹配", text: "按品类与人群画像筛选达人，确认名单与报价。" },
      { title: "内容创作", text: "达人与内容团队共创脚本、图文或视频，品牌审核。" },
      { title: "发布推广", text: "按排期在各平台发布，实时跟进互动与舆情。" },
      { title: "数据复盘", text: "投放结束出具数据报告，沉淀优质内容与达人。" },
    ],
  },
  expert: {
    title: "达人入驻流程",
    steps: [
      { title: "提交资料", text: "填写达人合作表单，留下主阵地昵称与主页链接。" },
      { title: "资质审核", text: "3 个工作日内完成账号数据与内容质量评估。" },
      { title: "签约入驻", text: "审核通过后沟通合作方式，签约成为电商报 MCN 达人。" },
      { title: "接单创作", text: "获得品牌商单推荐与内容指导，按需创作发布。" },
      { title: "结算成长", text: "按约定周期结算收益，享受流量扶持与培训资源。" },
    ],
  },
};

export const CASES = [
  {
    key: "beauty",
    title: "美妆品牌新品上市种草",
    brand: "悦肤（示例品牌）",
    text: "联动 60 位小红书美妆达人，首周笔记曝光 480 万，新品进店转化提升 3.2 倍。",
    poster: "/mcn/case-beauty.svg",
    video: "/mcn/case-beauty.mp4",
  },
  {
    key: "food",
    title: "零食品牌节日营销",
    brand: "禾味（示例品牌）",
    text: "微博话题 + 抖音短视频组合投放，话题阅读 1.2 亿，节日礼盒售罄。",
    poster: "/mcn/case-food.svg",
    video: "/mcn/case-food.mp4",
  },
  {
    key: "home",
    title: "家居品牌直播带货",
    brand: "栖居（示例品牌）",
    text: "10 场达人直播 + 30 条短视频预热，单场最高成交 86 万元。",
    poster: "/mcn/case-home.svg",
    video: "/mcn/case-home.mp4",
  },
];

export const PARTNER_PDFS = [
  {
    key: "yuefu",
    brand: "悦肤",
    title: "悦肤 × 电商报 MCN 合作案例",
    file: "/mcn/pdf/yuefu-case.pdf",
    summary: "美妆 · 新品上市 · 小红书种草",
  },
  {
    key: "hewei",
    brand: "禾味",
    title: "禾味 × 电商报 MCN 合作案例",
    file: "/mcn/pdf/hewei-case.pdf",
    summary: "食品 · 节日营销 · 微博 + 抖音",
  },
  {
    key: "qiju",
    brand: "栖居",
    title: "栖居 × 电商报 MCN 合作案例",
    file: "/mcn/pdf/qiju-case.pdf",
    summary: "家居 · 直播带货 · 短视频预热",
  },
];

export const CONTACT = {
  title: "联系我们",
  lines: [
    { label: "商务合作", value: "周经理 0571-0000 6688" },
    { label: "达人入驻", value: "林老师 0571-0000 6699" },
    { label: "邮箱", value: "mcn@example.com" },
    { label: "工作时间", value: "周一至周五 9:00–18:00" },
    { label: "地址", value: "浙江省杭州市（示例地址）" },
  ],
};
