/**
 * Deterministic demo-content generator.
 *
 * All reader-facing text is Simplified Chinese and is produced from the
 * vocabulary lists and sentence templates in this file, combined through a
 * seeded PRNG (mulberry32). The same options always yield the same output.
 */

export interface DemoColumn {
  id: number;
  name: string;
  sortOrder: number;
}
export interface DemoArticle {
  columnId: number;
  title: string;
  intro: string;
  content: string; // HTML: <p>, <h2>, <h3>, <ul><li>, <strong>, <blockquote> only
  author: string;
  hot: boolean;
  createdAt: string; // ISO 8601 UTC
  tags: string[]; // 1..4 tag names, each one of DemoData.tags
  thumbCaption: string; // 2..8 Chinese chars for a generated cover image
}
export interface DemoBanner {
  id: number;
  columnId: number;
  name: string;
  link: string;
  caption: string;
}
export interface DemoActivity {
  id: number;
  columnId: 17 | 18 | 19;
  name: string;
  link: string;
  startTime: string /* ISO */;
  address: string;
  intro: string;
  status: string;
  guests: string;
  caption: string;
}
export interface DemoContact {
  title: string;
  contactName: string;
  phone: string;
  email: string;
}
export interface DemoTravelTab {
  id: number;
  listKey: "list1" | "list2";
  name: string;
  sortOrder: number;
}
export interface DemoTravelItem {
  tabId: number;
  serialNum: number;
  name: string;
  location: string;
  priceFen: number;
  password: string;
  caption: string;
}
export interface DemoProduct {
  id: number;
  name: string;
  priceFen: number;
  contractHtml: string;
  requiresAgreement: boolean;
}
export interface DemoQuestion {
  id: number;
  productId: number | null;
  title: string;
  showTitle: string;
  field: string;
  type: "INPUT" | "TEXTAREA" | "CHECKBOX" | "RADIO" | "CHECKBOX_INPUT";
  required: boolean;
  hidden: boolean;
  sortOrder: number;
  options: { title: string; hasInput: boolean }[];
}
export interface DemoData {
  columns: DemoColumn[];
  tags: string[];
  articles: DemoArticle[];
  banners: DemoBanner[];
  partners: { name: string; caption: string }[];
  activities: DemoActivity[];
  contacts: DemoContact[];
  travelTabs: DemoTravelTab[];
  travelItems: DemoTravelItem[];
  products: DemoProduct[];
  questions: DemoQuestion[];
}

const DEFAULT_SEED = 20201222;
const DEFAULT_NOW = "2026-11-20T08:00:00Z";
const DEFAULT_BODY_CHARS = 1600;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------
// PRNG helpers
// ---------------------------------------------------------------------------

/** A seeded generator (mulberry32): the same seed gives the same sequence (also bench/zipf.ts). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Derive an independent sub-stream seed so that sections do not influence each other. */
function deriveSeed(seed: number, salt: number): number {
  let h = (seed ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(arr: readonly T[]): T {
    return arr[Math.floor(this.next() * arr.length)] as T;
  }
  /** Pick an element different from `not` (when possible). */
  pickOther<T>(arr: readonly T[], not: T): T {
    for (let i = 0; i < 6; i++) {
      const v = this.pick(arr);
      if (v !== not) return v;
    }
    return this.pick(arr);
  }
  shuffle<T>(arr: readonly T[]): T[] {
    const out = arr.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }
  /** `k` distinct elements (k is clamped to arr.length). */
  sample<T>(arr: readonly T[], k: number): T[] {
    const n = Math.min(k, arr.length);
    const idx: number[] = [];
    while (idx.length < n) {
      const i = Math.floor(this.next() * arr.length);
      if (!idx.includes(i)) idx.push(i);
    }
    return idx.map((i) => arr[i] as T);
  }
}

// ---------------------------------------------------------------------------
// Templates: "{slot}" placeholders, compiled once into [lit, slot, lit, ...]
// ---------------------------------------------------------------------------

type Tpl = readonly string[];
const compile = (src: string): Tpl => src.split(/\{(\w+)\}/);
const T = (list: readonly string[]): Tpl[] => list.map(compile);

function countCjk(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x4e00 && c <= 0x9fff) n++;
  }
  return n;
}

const CN_NUM = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];

function fmtDecimal(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
}

type Ctx = Record<string, string>;

class Filler {
  constructor(
    private readonly rng: Rng,
    public ctx: Ctx,
  ) {}

  fill(t: Tpl): string {
    let s = t[0] as string;
    for (let i = 1; i < t.length; i += 2) {
      s += this.slot(t[i] as string) + (t[i + 1] as string);
    }
    return s;
  }

  private slot(name: string): string {
    const fixed = this.ctx[name];
    if (fixed !== undefined) return fixed;
    const r = this.rng;
    switch (name) {
      case "pct":
      case "pct2":
        return `${r.int(3, 68)}%`;
      case "pctHi":
        return `${r.int(30, 65)}%`;
      case "pctLo":
        return `${r.int(5, 25)}%`;
      case "bigpct":
        return `${r.int(120, 460)}%`;
      case "n":
        return String(r.int(3, 60));
      case "sn":
        return String(r.int(2, 9));
      case "n2":
        return String(r.int(12, 99) * 10);
      case "n3":
        return String(r.int(12, 98) * 100);
      case "wan":
        return r.chance(0.5) ? String(r.int(2, 99)) : fmtDecimal(r.int(12, 990));
      case "yi":
        return fmtDecimal(r.int(11, 980));
      case "x":
        return (r.int(12, 45) / 10).toFixed(1);
      case "d":
        return String(r.int(0, 9));
      case "cn":
        return r.pick(["二", "三", "四", "五"]);
      case "cn2":
        return r.pick(["五", "六", "七", "八"]);
      case "nth":
        return r.pick(["三", "四", "五", "六", "七", "八", "九", "十"]);
      case "m2":
        return String(r.int(1, 12));
      case "sh":
        return r.pick(["24", "48", "72"]);
      case "dn":
        return r.pick(["两", "三"]);
      case "qz":
        return r.pick(["一", "二", "三", "四"]);
      case "round":
        return r.pick(["天使轮", "Pre-A轮", "A轮", "A+轮", "B轮", "C轮", "战略"]);
      case "cityr":
        return r.pick(CITIES);
      default:
        throw new Error(`demo-content: unknown template slot {${name}}`);
    }
  }
}

// ---------------------------------------------------------------------------
// Shared vocabulary
// ---------------------------------------------------------------------------

const COLUMNS: readonly DemoColumn[] = [
  { id: 4, name: "视频", sortOrder: 1 },
  { id: 5, name: "科技", sortOrder: 2 },
  { id: 6, name: "生活", sortOrder: 3 },
  { id: 7, name: "直播电商", sortOrder: 4 },
  { id: 8, name: "跨境电商", sortOrder: 5 },
  { id: 9, name: "政策解读", sortOrder: 6 },
  { id: 10, name: "品牌营销", sortOrder: 7 },
  { id: 21, name: "商业动态", sortOrder: 8 },
  { id: 26, name: "活动报道", sortOrder: 9 },
];

const TAGS: readonly string[] = [
  "直播带货",
  "直播电商",
  "私域流量",
  "抖音电商",
  "淘宝",
  "天猫",
  "京东",
  "拼多多",
  "快手电商",
  "小红书",
  "视频号",
  "跨境电商",
  "品牌出海",
  "供应链",
  "短视频",
  "新消费",
  "AI",
  "GMV",
  "618",
  "双11",
  "内容营销",
  "即时零售",
  "社区团购",
  "本地生活",
  "数字人",
  "大模型",
  "AIGC",
  "SaaS",
  "店播",
  "达人带货",
  "MCN",
  "直播基地",
  "产业带",
  "TikTok Shop",
  "亚马逊",
  "Temu",
  "SHEIN",
  "海外仓",
  "独立站",
  "DTC",
  "物流",
  "监管",
  "平台规则",
  "消费者权益",
  "仅退款",
  "新国货",
  "品牌营销",
  "会员运营",
  "种草",
  "ROI",
  "用户增长",
  "下沉市场",
  "以旧换新",
  "数字化转型",
  "电商峰会",
  "融资",
  "财报",
  "直播切片",
  "年货节",
  "农产品电商",
  "兴趣电商",
  "全域经营",
  "宠物经济",
  "银发经济",
  "智能客服",
];

const PLATFORM_TAG: Record<string, string> = {
  抖音电商: "抖音电商",
  抖音: "抖音电商",
  淘宝: "淘宝",
  淘宝直播: "淘宝",
  天猫: "天猫",
  京东: "京东",
  拼多多: "拼多多",
  快手: "快手电商",
  快手电商: "快手电商",
  小红书: "小红书",
  视频号: "视频号",
  "TikTok Shop": "TikTok Shop",
  亚马逊: "亚马逊",
  Temu: "Temu",
  SHEIN: "SHEIN",
  美团: "本地生活",
  抖音生活服务: "本地生活",
  饿了么: "即时零售",
  京东到家: "即时零售",
};

const DOMESTIC_PLATFORMS = ["抖音电商", "淘宝", "天猫", "京东", "拼多多", "快手电商", "小红书", "视频号"];

const CATEGORIES: readonly (readonly [string, string])[] = [
  ["美妆个护", "美妆"],
  ["服饰鞋包", "服饰"],
  ["食品饮料", "食品"],
  ["家用电器", "家电"],
  ["3C数码", "数码"],
  ["母婴用品", "母婴"],
  ["家居家装", "家居"],
  ["户外运动", "户外"],
  ["宠物用品", "宠物"],
  ["生鲜农产品", "生鲜"],
  ["珠宝配饰", "珠宝"],
  ["图书文创", "文创"],
  ["茶叶酒水", "茶酒"],
  ["医药健康", "健康"],
];

const CITIES = [
  "杭州",
  "广州",
  "深圳",
  "义乌",
  "上海",
  "北京",
  "成都",
  "武汉",
  "厦门",
  "临沂",
  "苏州",
  "长沙",
  "郑州",
  "西安",
  "重庆",
  "宁波",
  "泉州",
  "东莞",
  "金华",
  "南京",
  "合肥",
  "青岛",
];

const REGIONS = ["东南亚", "中东", "拉美", "欧洲", "北美", "日韩", "中亚", "澳新"];

const BRANDS = [
  "森屿",
  "澜序",
  "青梧",
  "知味",
  "山野集",
  "橙意",
  "栖溪",
  "麦芒",
  "北岸",
  "南枝",
  "乐町",
  "初禾",
  "半亩",
  "朴里",
  "暖阳",
  "清研",
  "沐川",
  "晴川",
  "予木",
  "素野",
  "若水",
  "小满",
  "芒种",
  "谷雨",
  "野趣",
  "拾味",
  "云织",
  "梧桐里",
  "一方",
  "匠心坊",
  "家味",
  "绒绒",
  "轻屿",
  "望野",
  "禾田",
  "蓝汐",
];

const COMPANY_SUFFIX = ["科技", "集团", "数科", "供应链", "电子商务", "网络科技", "智能"];

const ANCHORS = [
  "小鹿姐",
  "阿杰同学",
  "大橙子",
  "七七酱",
  "老周说品",
  "朵朵",
  "米粒儿",
  "北北",
  "阿宁在路上",
  "一禾姐姐",
];

const EXPERT_NAMES = [
  "陈知远",
  "林一帆",
  "何书瑶",
  "方以安",
  "周可为",
  "沈嘉禾",
  "孟繁星",
  "罗景行",
  "赵晴川",
  "郑言蹊",
  "高若愚",
  "梁亦舟",
];

const EXPERT_ROLES: readonly (readonly [string, string])[] = [
  ["电商报研究院", "高级分析师"],
  ["数字零售研究中心", "主任"],
  ["某头部MCN机构", "联合创始人"],
  ["华东某电商服务商", "总经理"],
  ["某消费品投资机构", "合伙人"],
  ["某高校电子商务研究所", "研究员"],
  ["某跨境电商服务平台", "副总裁"],
  ["某品牌咨询公司", "创始人"],
];

const EXECUTIVES = ["宋启明", "谢文澜", "彭亦然", "袁川", "姜书航", "范一鸣", "顾清扬", "苏予安"];

const INVESTORS = ["星河资本", "远山创投", "青松资本", "澄海基金", "鲸跃资本", "松果创投"];

const REGULATORS = [
  "国家市场监督管理总局",
  "商务部",
  "国家网信办",
  "国家发展改革委",
  "海关总署",
  "国家税务总局",
  "工业和信息化部",
  "国家邮政局",
];

const LAWS = [
  "《网络直播营销行为规范（修订稿）》",
  "《电子商务平台规则公示指引》",
  "《关于促进直播电商高质量发展的指导意见》",
  "《跨境电商出口退税管理细则》",
  "《网络交易平台收费行为规则》",
  "《电商平台消费者权益保护指引》",
  "《网络销售商品质量抽检办法》",
];

const PLANS = [
  "“燎原计划”",
  "“新芽计划”",
  "“启航计划”",
  "“百川计划”",
  "“青禾计划”",
  "“扬帆计划”",
  "“点灯计划”",
];

const EVENT_NAMES = T([
  "{y}中国直播电商生态峰会",
  "第{nth}届跨境电商创新论坛",
  "{city}数字零售大会",
  "{y}新消费品牌增长峰会",
  "{y}电商报年度盛典",
  "{y}全域营销大会",
  "{city}产业带数字化论坛",
  "{y}品牌出海高峰论坛",
  "{y}电商服务商大会",
]);

const SLOGANS = [
  "新周期·新增长",
  "向新而行，共生共赢",
  "数智驱动，全域增长",
  "出海新航道",
  "回归用户，长期主义",
  "信任为本，效率为先",
];

const AUTHORS = [
  "电商报编辑部",
  "电商报研究院",
  "直播观察组",
  "跨境出海组",
  "周明远",
  "沈若溪",
  "陆一鸣",
  "许清和",
  "唐可欣",
  "韩知秋",
  "叶安然",
  "程思远",
];

// ---------------------------------------------------------------------------
// Generic article templates
// ---------------------------------------------------------------------------

interface Theme {
  h2: Tpl[];
  s: Tpl[];
}

const GENERIC_TITLES = T([
  "{p}宣布{k}新计划，未来一年投入{yi}亿元",
  "{y}年{c}线上消费报告：{sn}个趋势值得关注",
  "{k}观察：{cs}商家的增长机会在哪里",
  "GMV不再是唯一指标，{p}开始考核商家服务分",
  "直播+私域：{b}年销{yi}亿元的增长方法论",
  "{p}618大促收官：{cs}类目成交同比增长{pct}",
  "双11前瞻：{sn}大变化影响商家备货节奏",
  "AI正在改变电商：{p}商家使用率超{pct}",
  "中小商家生存报告：{pct}受访者计划加码直播",
  "{k}的下半场：从拼流量到拼效率",
]);

const GENERIC_INTROS = T([
  "{p}近日宣布{k}相关新举措，涉及流量扶持、费率优惠等多个方面。业内人士认为，这将进一步降低中小商家的经营门槛。",
  "从平台规则到商家打法，{k}正在经历一轮深刻调整。本文结合多方数据与一线访谈，梳理其中的关键变化。",
  "{y}年以来，{c}赛道竞争持续加剧，越来越多的商家开始寻找新的增长路径。",
  "在流量成本高企的当下，{k}为什么重新被重视？我们采访了多位商家和行业专家。",
]);

const NEWS_TAILS = T([
  "据悉，相关业务将在未来一段时间内逐步落地。",
  "公司方面表示，此举将进一步完善其在{k}领域的布局。",
  "业内人士认为，这一动向值得持续关注。",
  "电商报将持续跟进后续进展。",
]);

const INTRO_TAILS = T([
  "业内人士认为，这一变化将对中小商家产生深远影响。",
  "电商报对此进行了梳理。",
  "这背后释放了哪些信号？",
  "我们整理了其中值得关注的几个要点。",
]);

const GENERIC_LEADS = T([
  "电商报{md}消息，{p}近日就{k}相关事项发布公告，引发行业广泛关注。",
  "{md}，记者从{p}获悉，平台将围绕{k}推出一系列新举措，覆盖{c}等多个重点类目。",
  "近期，{k}成为电商行业讨论最多的话题之一。从平台到商家，各方都在重新审视自己的策略。",
  "电商报{md}讯，多家机构发布的最新数据显示，{c}线上消费在{y}年持续保持增长。",
]);

const THEMES: Record<string, Theme> = {
  background: {
    h2: T([
      "行业背景：{k}进入新阶段",
      "变化从何而来",
      "{cs}赛道的新变量",
      "流量红利见顶之后",
      "平台竞争的新焦点",
    ]),
    s: T([
      "过去几年，{c}行业的线上渗透率持续提升，消费者的购买路径也从搜索转向内容与推荐。",
      "随着流量红利见顶，平台之间的竞争正从规模扩张转向精细化运营。",
      "在{p}等平台的推动下，{k}已经从一种新鲜玩法变成商家的日常经营动作。",
      "据不完全统计，{y}年前三季度，{c}类目在主流电商平台的成交额同比增长{pct}。",
      "不少从业者坦言，如今获取一个新客户的成本，已经是三年前的{x}倍。",
      "与此同时，消费者变得更加理性，对价格、品质和服务的要求同步提高。",
      "{city}作为国内重要的电商产业集聚地，聚集了大量{c}工厂和服务商。",
      "行业的变化往往从细节开始，一条平台规则的调整，就可能改变整个赛道的竞争格局。",
      "从货架电商到内容电商，再到全域经营，电商行业的底层逻辑正在被重写。",
      "事实上，{k}并不是新概念，但直到最近一两年才真正进入规模化阶段。",
      "对于许多中小商家来说，过去依靠低价和刷量获得增长的方式已经难以为继。",
      "{p}此前已经在部分类目进行小范围测试，此次属于全面推广。",
      "多方数据显示，{c}消费正在向品质化、个性化和场景化方向演进。",
      "行业人士指出，{y}年是{k}从野蛮生长走向规范发展的关键一年。",
      "在消费复苏的大背景下，各大平台纷纷调整策略，争夺商家和用户的注意力。",
      "从供给侧看，产业带工厂直接触达消费者的链路越来越短。",
      "消费者的注意力越来越分散，单一渠道已经很难支撑一个品牌的全部增长。",
      "早在去年，{p}就已提出要在{k}方向加大投入，如今相关举措陆续落地。",
    ]),
  },
  data: {
    h2: T(["数据透视：增长来自哪里", "一组数据看懂{k}", "{cs}类目的增长曲线", "从数字看变化"]),
    s: T([
      "数据显示，参与活动的商家平均订单量提升了{pct}，客单价提升了{pct2}。",
      "第三方机构统计，{y}年{c}线上市场规模预计将达到{n3}亿元。",
      "其中，新入驻商家数量同比增长{pct}，三四线城市用户占比达到{pct2}。",
      "截至{m}月底，{p}平台上与{k}相关的商品数量已超过{wan}万个。",
      "从用户结构看，{age}后消费者贡献了超过{pct}的成交额。",
      "在转化效率方面，直播间的平均转化率为{sn}.{d}%，明显高于传统货架场景。",
      "一家{c}商家向电商报提供的后台数据显示，其复购率在半年内提升了{pct}。",
      "退货率是另一个值得关注的指标，部分{cs}品类的退货率一度高达{pctHi}。",
      "按照这一增速推算，{k}相关市场规模有望在两到三年内突破千亿元。",
      "值得注意的是，中小商家的成交额增速首次超过了头部品牌，达到{pct}。",
      "平台方面披露，活动期间共有超过{wan}万名商家参与，累计曝光超过{n2}亿次。",
      "同期，{cs}类目的搜索量增长了{bigpct}，成为增长最快的类目之一。",
      "从区域分布看，{city}、{city2}两地的商家数量合计占比接近{pct}。",
      "在广告投放上，品牌的平均投放ROI提升至1:{sn}，较去年同期有明显改善。",
      "电商报研究院的调研显示，{pct}的受访商家表示今年将增加在{k}上的预算。",
      "另有{pct}的商家表示仍在观望，主要顾虑集中在投入产出比和人才储备上。",
      "这一比例在去年同期仅为{pctLo}，增长势头十分明显。",
    ]),
  },
  move: {
    h2: T(["{p}的新举措", "政策要点梳理", "平台做了哪些调整", "扶持力度加码"]),
    s: T([
      "根据{p}公布的方案，新规将从下月起分阶段实施，首批覆盖{c}等{sn}个类目。",
      "{p}表示，将拿出{yi}亿元专项资金和流量资源，扶持优质中小商家。",
      "新政策的核心包括降低技术服务费、缩短结算周期以及优化流量分配机制。",
      "对于新入驻商家，{p}提供为期{n}天的保证金减免和新店流量扶持。",
      "平台还将上线{plan}，通过培训、诊断和流量激励帮助商家提升经营能力。",
      "在治理层面，{p}将加大对虚假宣传、刷单炒信等行为的处罚力度。",
      "此次调整还涉及售后规则，消费者发起退款后，商家需在{sh}小时内响应。",
      "{p}方面透露，相关功能已在{city}等地完成灰度测试，整体反馈积极。",
      "此外，平台将打通搜索、推荐和直播三个场景的数据，为商家提供统一的经营看板。",
      "按照规划，{p}将在年内新建{sn}个产业带服务中心，覆盖主要{cs}产区。",
      "平台同时推出了新的达人合作机制，品牌可以按实际效果向达人支付佣金。",
      "为了降低开播门槛，{p}还为新手商家提供免费的直播设备租借和运营培训。",
      "业内注意到，这是{p}今年以来第{cn}次调整商家相关政策。",
      "在物流环节，平台承诺将偏远地区的配送时效提升{pct}。",
      "{p}相关负责人表示，希望通过这些举措让“好商家获得更多流量”。",
    ]),
  },
  merchant: {
    h2: T(["商家怎么看", "一线商家的真实反馈", "{b}的实践", "来自{city}的样本"]),
    s: T([
      "{city}一家{cs}商家负责人告诉电商报，新政实施后，店铺每月可节省成本约{n}万元。",
      "{b}创始人表示，团队今年把更多精力放在了内容和用户运营上。",
      "“过去我们只关心今天卖了多少，现在更关心用户会不会回来。”一位{cs}品牌运营总监说。",
      "一些商家开始组建自己的直播团队，由老板或员工亲自出镜讲解产品。",
      "{b}在{p}开设旗舰店仅{sn}个月，粉丝数就突破了{wan}万。",
      "也有商家表达了担忧，认为规则调整过快，中小团队的学习成本较高。",
      "记者在{city}走访发现，不少工厂已经在车间旁搭建了直播间。",
      "一位从业{sn}年的服务商表示，今年咨询{k}相关业务的客户明显增多。",
      "{b}的做法是把爆款拆成不同规格，针对不同渠道做差异化定价。",
      "对于中小商家来说，最现实的问题仍然是如何在有限预算内获得稳定的订单。",
      "一位{cs}卖家算了一笔账：投放费用占销售额的比例已从{pctHi}下降到{pctLo}。",
      "在{b}看来，真正的壁垒不是流量，而是供应链和产品力。",
      "有商家透露，目前店铺超过一半的订单来自老客户复购。",
      "{b}今年还尝试了种草笔记加直播转化的组合打法，效果超出预期。",
      "也有服装商家表示，退货率依然是侵蚀利润的最大因素。",
    ]),
  },
  view: {
    h2: T(["专家观点", "如何理解这一变化", "行业声音", "背后的逻辑"]),
    s: T([
      "{e}认为，{k}的本质是用更低的成本连接更精准的用户。",
      "{e}分析称，平台规则的变化背后，是从追求GMV到追求健康生态的转变。",
      "在{en}看来，未来电商竞争的关键在于供应链效率和内容能力的结合。",
      "{e}指出，中小商家不必盲目追逐热点，找到适合自己的节奏更重要。",
      "有分析人士表示，{p}此举意在提升商家黏性，与其他平台形成差异化竞争。",
      "{en}提醒，商家在享受政策红利的同时，也要重视合规经营和消费者体验。",
      "业内普遍认为，流量逻辑正在让位于用户逻辑，精细化运营成为必修课。",
      "也有观点认为，短期内行业仍将处于调整期，商家需要做好长期投入的准备。",
      "{e}表示，数据能力将成为商家的核心竞争力之一。",
      "从长期看，{k}与{k2}的融合将催生新的商业模式。",
      "{en}强调，平台、商家和消费者三方利益的平衡，是行业可持续发展的前提。",
      "多位受访专家均提到，内容真实、价格透明和售后可靠是赢得信任的基础。",
    ]),
  },
  challenge: {
    h2: T(["挑战与隐忧", "仍待解决的问题", "繁荣背后的压力"]),
    s: T([
      "不过，挑战依然存在，人才短缺、投放成本上升和同质化竞争是商家面临的三大难题。",
      "部分商家反映，平台流量分配规则不够透明，经营结果难以预期。",
      "低价竞争导致的利润压缩，让一些{cs}商家陷入“卖得越多、亏得越多”的困境。",
      "此外，{k}领域的服务标准尚未统一，服务质量参差不齐。",
      "消费者对直播间“全网最低价”等宣传的信任度有所下降。",
      "跨平台经营带来的库存、价格和客服协同问题，也在考验商家的管理能力。",
      "一些新手商家投入大量资金后未能获得预期回报，最终选择退出。",
      "如何在合规前提下进行数据运营，是摆在许多商家面前的新课题。",
      "售后纠纷仍是投诉的高发领域，约占全年电商投诉总量的{pct}。",
      "行业也需要警惕过度营销带来的品牌透支问题。",
      "对于缺乏资金和团队的小商家来说，持续的内容产出同样是一项不小的负担。",
    ]),
  },
  outlook: {
    h2: T(["未来展望", "下一步怎么走", "给商家的建议", "写在最后"]),
    s: T([
      "展望未来，{k}有望成为更多商家的标配能力。",
      "可以预见，随着规则不断完善，行业将迎来更加健康的发展环境。",
      "业内预计，{next}年{c}线上市场仍将保持{pctLo}以上的增速。",
      "对商家而言，越早布局，越有机会在新一轮竞争中占据先机。",
      "电商报将持续关注相关政策的落地情况和商家反馈。",
      "下一阶段，平台之间的竞争将更多体现在服务能力和生态建设上。",
      "{p}表示，后续还将根据商家反馈持续优化相关规则。",
      "在技术和政策的双重驱动下，{k}的想象空间还远未被充分释放。",
      "真正能够穿越周期的，依然是那些专注产品、尊重用户的商家。",
      "可以肯定的是，电商行业的下一个十年，属于那些既懂内容又懂供应链的玩家。",
    ]),
  },
};

/** Generic sentences mixed into the column's own section. */
const MIX_POOL: Tpl[] = [...(THEMES.background as Theme).s, ...(THEMES.view as Theme).s];

const GENERIC_THEME_KEYS = ["background", "data", "move", "merchant", "view", "challenge"] as const;

const H3S = T([
  "降本增效成为关键词",
  "内容能力决定转化",
  "供应链是底层支撑",
  "用户运营回归本质",
  "合规是不可逾越的底线",
  "新玩法层出不穷",
  "中小商家的机会",
  "头部效应依然明显",
  "区域产业带加速崛起",
  "技术工具快速普及",
  "{cs}类目表现突出",
  "{p}的差异化打法",
]);

const LIST_INTROS = T([
  "具体来看，新举措主要包括以下几个方面：",
  "综合多位受访者的观点，商家可以重点关注以下几点：",
  "从调研结果看，商家最关心的问题集中在以下几个方面：",
  "结合{b}等商家的经验，可以总结出几条实用建议：",
]);

const LIST_ITEMS = T([
  "<strong>流量扶持</strong>：新店开播前{sn}周可获得额外的推荐流量",
  "<strong>费率优惠</strong>：部分类目技术服务费下调至{sn}%",
  "<strong>结算提速</strong>：货款结算周期缩短至{sn}天",
  "<strong>内容为王</strong>：持续输出真实、专业的内容，比单纯砸钱投流更有效",
  "<strong>精细运营</strong>：围绕老客户做分层运营，提升复购率和客单价",
  "<strong>供应链协同</strong>：与工厂建立快速反应机制，缩短上新周期",
  "<strong>合规经营</strong>：对照最新规则自查商品描述和宣传用语",
  "<strong>数据驱动</strong>：用经营数据指导选品、定价和投放决策",
  "<strong>人才建设</strong>：培养懂产品、懂内容、懂数据的复合型团队",
  "<strong>服务体验</strong>：优化售后流程，{sh}小时内完成退款处理",
  "<strong>渠道组合</strong>：结合搜索、推荐、直播和私域，避免依赖单一渠道",
  "<strong>成本控制</strong>：投放费用占比尽量控制在{pctLo}以内",
  "<strong>工具升级</strong>：借助AI工具完成商品图、文案和客服的提效",
  "<strong>品牌建设</strong>：从卖货思维转向品牌思维，积累长期资产",
  "<strong>本地化运营</strong>：针对{reg}市场调整产品规格和营销内容",
  "<strong>风险防范</strong>：关注汇率、物流和政策变化，预留足够的现金流",
  "<strong>用户洞察</strong>：通过评论区和社群收集反馈，快速迭代产品",
  "<strong>达人合作</strong>：优先选择与品牌调性一致的中腰部达人",
]);

const QUOTES = [
  "做电商没有捷径，真正的护城河是产品力和用户信任。",
  "流量会越来越贵，但好内容永远稀缺。",
  "规则越清晰，认真做事的商家越有机会。",
  "未来三年，不会做内容的商家会越来越难。",
  "我们不追求一场直播卖多少，而是追求用户愿不愿意再来。",
  "出海不是把货卖出去那么简单，而是要在当地真正扎根。",
  "技术最终要服务于人，AI是工具，不是答案。",
  "中小商家最需要的不是补贴，而是确定性。",
  "价格战没有赢家，拼到最后拼的是效率和服务。",
  "每一次平台规则的变化，都是一次重新洗牌的机会。",
  "品牌是时间的朋友，急不来，也省不了。",
  "把用户当朋友，而不是当流量，这是我们这些年最大的体会。",
];

const CAPTION_SUFFIX = ["观察", "新机", "趋势", "赛道", "增长", "风向"];

// ---------------------------------------------------------------------------
// Per-column article templates
// ---------------------------------------------------------------------------

interface ColumnSpec {
  id: number;
  platforms: readonly string[];
  keywords: readonly string[];
  titles: Tpl[];
  intros: Tpl[];
  leads: Tpl[];
  theme: Theme;
  tagPool: readonly string[];
  captions: readonly string[];
  /** Probability of using a generic title instead of a column title. */
  genericTitle: number;
}

const COLUMN_SPECS: readonly ColumnSpec[] = [
  {
    id: 4,
    platforms: ["抖音", "快手", "视频号", "小红书", "哔哩哔哩"],
    keywords: ["短视频带货", "直播切片", "内容种草", "视频号直播", "短剧营销", "创作者扶持"],
    titles: T([
      "{p}短视频带货新玩法：{k}成商家增长新引擎",
      "短视频日均播放破{n2}亿次，{cs}内容种草效率提升{pct}",
      "{p}上线创作者扶持计划，单条视频最高奖励{wan}万元",
      "从“种草”到“拔草”：{b}靠短视频实现销量翻倍",
      "视频号上线直播切片分发功能，创作者可获额外分成",
      "短剧营销升温：{cs}品牌投放预算同比增长{pct}",
      "{y}年短视频电商报告：{sn}个赛道跑出新黑马",
      "直播切片成带货新风口，{city}剪辑团队订单排满",
      "AI剪辑工具普及，短视频制作成本下降{pct}",
      "{p}调整视频推荐机制，优质原创内容流量上浮{pct}",
      "达人探店视频走红，{city}本地商家客流增长{pct}",
      "竖屏短剧与电商结合，{b}单月GMV破{wan}万元",
      "{p}打击低质搬运视频，{sn}万个账号被限流",
    ]),
    intros: T([
      "短视频正在成为用户发现商品的第一入口。{p}最新调整的推荐机制，让优质原创内容获得了更多曝光。",
      "从测评到剧情，从切片到短剧，{k}的玩法不断翻新。{b}等品牌已经尝到了甜头。",
      "{p}发布的数据显示，带货类短视频的播放量持续走高，{cs}类目表现尤为亮眼。",
    ]),
    leads: T([
      "电商报{md}消息，{p}近日发布{k}相关数据，短视频带货的渗透率进一步提升。",
      "{md}，{p}宣布升级创作者扶持政策，重点鼓励原创、真实和有用的带货内容。",
      "在{city}一间不足五十平方米的工作室里，十几名剪辑师正在赶制当天要发布的带货视频。",
    ]),
    theme: {
      h2: T(["短视频带货的新逻辑", "内容生产的工业化", "{p}的流量新规则", "创作者的生存状态"]),
      s: T([
        "短视频已经成为用户发现新商品的重要入口，{pct}的用户表示曾因一条视频下单。",
        "与直播相比，短视频的内容生命周期更长，一条优质视频可以持续带来数周的自然流量。",
        "{p}的创作者中心数据显示，带货视频的平均完播率为{pctLo}。",
        "剧情化、测评类和教程类内容是目前转化效果最好的三种视频形式。",
        "越来越多的品牌开始建立自己的短视频矩阵，由多个账号覆盖不同人群。",
        "直播切片让一场直播的内容被反复利用，大幅降低了内容生产成本。",
        "{city}的一家MCN机构每天产出超过{n2}条短视频，覆盖{cs}等多个类目。",
        "视频内容的竞争已经从拼数量转向拼质量，脚本、拍摄和剪辑都需要专业分工。",
        "平台对原创内容的扶持力度加大，搬运和低质混剪的流量被明显压缩。",
        "短剧与带货的结合是今年的新趋势，部分品牌定制短剧的播放量超过{sn}亿次。",
        "视频号依托微信生态，在私域转化上具备天然优势。",
        "一位拥有{wan}万粉丝的创作者坦言，现在每条视频的策划时间比一年前多了一倍。",
      ]),
    },
    tagPool: ["短视频", "内容营销", "直播切片", "种草", "视频号", "抖音电商", "达人带货", "兴趣电商"],
    captions: ["短视频观察", "视频带货", "内容新风口", "直播切片", "创作者经济"],
    genericTitle: 0.15,
  },
  {
    id: 5,
    platforms: ["淘宝", "天猫", "京东", "抖音电商", "拼多多", "快手电商"],
    keywords: ["AI数字人", "电商大模型", "智能客服", "AIGC内容生产", "智能供应链", "电商SaaS"],
    titles: T([
      "{p}上线AI商品图生成工具，商家上新效率提升{pct}",
      "大模型进入电商客服：{b}人工成本下降{pct}",
      "数字人主播全天开播，{cs}商家夜间成交占比达{pct}",
      "{co}发布电商大模型，覆盖选品、投放与客服全链路",
      "AIGC重塑内容生产：{p}商家日均生成素材超{wan}万条",
      "智能仓储升级：{city}物流园分拣效率提升{x}倍",
      "{p}开放AI经营助手，已服务{wan}万商家",
      "AR试妆、3D看房，{cs}线上体验迎来技术升级",
      "电商SaaS行业洗牌：{co}获{yi}亿元融资",
      "AI搜索改变购物路径，{pct}消费者用对话方式找商品",
      "{y}电商技术趋势：大模型、数字人与智能供应链",
      "AI选品准不准？{sn}家商家的实测结果出炉",
    ]),
    intros: T([
      "从商品图到客服，从选品到投放，AI正在渗透电商经营的每一个环节。{p}的最新动作再次印证了这一趋势。",
      "{co}近日发布面向商家的大模型产品，宣称可将运营效率提升{pct}。效果究竟如何？",
      "技术门槛不断降低，{k}开始从头部品牌走向中小商家。本文梳理了最新进展。",
    ]),
    leads: T([
      "电商报{md}消息，{p}宣布向全体商家开放{k}相关能力，首批已有{wan}万商家试用。",
      "{md}，{co}在{city}举办产品发布会，正式推出面向电商行业的{k}解决方案。",
      "凌晨三点，{b}的直播间里，一位数字人主播仍在不知疲倦地讲解商品。",
    ]),
    theme: {
      h2: T(["技术如何落地", "AI工具的真实效果", "{k}的应用场景", "技术背后的成本账"]),
      s: T([
        "大模型的应用让商品标题、详情页和营销文案的生成时间从数小时缩短到几分钟。",
        "数字人主播可以全天候直播，适合客单价较低、讲解标准化的商品。",
        "{co}推出的智能客服系统可以自动处理{pctHi}的常见咨询。",
        "在选品环节，AI可以结合历史销售和趋势数据，预测潜在爆款。",
        "技术门槛的降低，让中小商家也能用上过去只有大品牌才负担得起的工具。",
        "不过，AI生成内容的同质化问题也开始显现，平台正在加强对低质内容的识别。",
        "智能仓储和路径规划算法，让{city}仓库的订单履约时效缩短了{pct}。",
        "AR试穿、3D展示等技术正在降低{cs}类目的退货率。",
        "电商SaaS服务商正在把大模型能力集成到店铺管理、投放和客服等环节。",
        "数据安全和算法透明，是技术应用中必须守住的底线。",
        "据测算，使用AI工具后，一个{sn}人的运营团队可以管理的店铺数量增加了{x}倍。",
        "{p}技术负责人表示，平台每天调用大模型生成的商品素材已超过{wan}万条。",
      ]),
    },
    tagPool: ["AI", "大模型", "数字人", "AIGC", "SaaS", "数字化转型", "智能客服", "物流"],
    captions: ["智能电商", "大模型应用", "数字人主播", "技术前沿", "智能供应链"],
    genericTitle: 0.15,
  },
  {
    id: 6,
    platforms: ["美团", "饿了么", "抖音生活服务", "京东到家", "小红书", "拼多多"],
    keywords: ["即时零售", "本地生活", "社区团购", "以旧换新", "宠物经济", "银发经济"],
    titles: T([
      "即时零售提速：{city}“30分钟达”覆盖{pct}社区",
      "{p}本地生活订单同比增长{pct}，餐饮成最大品类",
      "年轻人爱上“平替消费”：平价{cs}销量涨{pct}",
      "社区团购回暖，{city}团长数量半年增加{sn}万人",
      "宠物经济升温：{p}宠物用品成交额增长{pct}",
      "露营骑行带火户外装备，{b}线上销量翻{x}倍",
      "夜经济线上化：{city}夜市商户直播引流效果显著",
      "以旧换新专区上线，家电补贴最高{n2}元",
      "银发族网购增长快，适老化产品成新蓝海",
      "外卖平台加码平价套餐，{city}订单量增长{pct}",
      "县城消费新图景：下沉市场{cs}网购增速领先",
      "{y}年货节前瞻：{cs}与地方特产预订量走高",
    ]),
    intros: T([
      "买菜、买药、买花，越来越多的日常需求在手机上完成。{k}正在改变{city}居民的生活方式。",
      "消费者更理性，也更懂生活。{p}最新数据显示，{cs}等品类的线上需求持续走高。",
      "从一线城市到县城，{k}的渗透速度超出预期。商家如何抓住这波机会？",
    ]),
    leads: T([
      "电商报{md}消息，{p}发布最新消费数据，{k}相关订单同比增长{pct}。",
      "{md}晚上七点，{city}一家社区便利店的骑手正在门口排队取货。",
      "周末的{city}，城郊营地里搭满了帐篷，不少装备都是消费者前几天在网上下单的。",
    ]),
    theme: {
      h2: T(["生活方式的线上化", "{k}背后的消费变化", "离消费者更近一点", "新需求催生新供给"]),
      s: T([
        "即时零售正在改变人们的购物习惯，越来越多的日用品通过“小时达”送到家。",
        "在{city}，下午下单、晚饭前送达已经成为很多家庭的日常。",
        "本地生活服务的线上化，让餐饮、美容和休闲娱乐商家获得了新的客源。",
        "年轻消费者更愿意为情绪价值买单，小而美的生活方式品牌迎来机会。",
        "社区团购经历洗牌后，头部平台的履约效率和商品品质明显提升。",
        "消费场景更加多元，露营、健身和宠物陪伴等需求持续走高。",
        "银发群体的网购频次提升明显，适老化改造成为平台的新课题。",
        "下沉市场的消费潜力正在释放，县城用户的客单价同比提升{pct}。",
        "消费者越来越看重性价比，平价替代品的搜索量持续上涨。",
        "一位{city}居民告诉记者，现在买菜、买药甚至买花都习惯在手机上完成。",
        "到店团购与外卖配送的边界正在模糊，商家需要同时经营线上线下两个阵地。",
      ]),
    },
    tagPool: ["新消费", "即时零售", "本地生活", "社区团购", "下沉市场", "以旧换新", "宠物经济", "银发经济"],
    captions: ["即时零售", "本地生活", "新消费观察", "社区团购", "生活方式"],
    genericTitle: 0.12,
  },
  {
    id: 7,
    platforms: ["抖音电商", "快手电商", "淘宝直播", "视频号", "小红书", "京东"],
    keywords: ["直播带货", "品牌自播", "达人分销", "直播基地", "产业带直播", "直播合规"],
    titles: T([
      "{p}发布直播新规：虚假宣传将扣除{sn}分信用分",
      "{b}直播间单场GMV破{yi}亿元，{cs}成最大黑马",
      "主播{a}开启年度专场直播，{cs}类目成交增长{pct}",
      "直播电商进入下半场：中小主播如何突围",
      "{city}直播基地扩容，年内新增{n2}家入驻企业",
      "店播占比超{pct}，{p}品牌自播迎来爆发",
      "{p}直播推出{plan}，扶持{sn}万中小商家",
      "农产品直播走红：{city}果农一晚卖出{n}万斤",
      "直播带货退货率居高不下，{cs}商家如何破局",
      "头部主播{a}转型供应链，自营品牌月销过亿",
      "{p}直播间上线“价格保护”，买贵可退差价",
      "直播电商从业者超{n2}万人，专业化分工加速",
      "{y}直播电商报告：GMV同比增长{pct}，店播贡献过半",
      "直播切片授权规范出台，{p}严打未授权搬运",
      "工厂直播兴起：{city}产业带商家直连消费者",
      "618直播战报：{p}直播间成交额同比增长{pct}",
      "双11直播预售开启，{cs}品牌抢跑首日",
    ]),
    intros: T([
      "直播电商告别野蛮生长，专业化和规范化成为关键词。{p}最新规则对主播和商家提出了更高要求。",
      "一场直播卖出{yi}亿元的故事仍在上演，但更多中小主播正在寻找属于自己的细分赛道。",
      "从达人直播到品牌自播，再到产业带工厂直播，{k}的形态越来越丰富。",
    ]),
    leads: T([
      "电商报{md}消息，{p}发布直播电商新规，对主播资质、商品宣传和售后服务作出明确要求。",
      "{md}晚八点，主播{a}的直播间准时开播，在线人数很快突破{wan}万。",
      "在{city}直播基地，上百个直播间同时亮灯，主播们的讲解声此起彼伏。",
    ]),
    theme: {
      h2: T(["直播间里的新变化", "从达人直播到店播", "{k}的关键环节", "主播与商家的新关系"]),
      s: T([
        "直播电商经过多年高速增长，已经从“人找货”转变为“货找人”的成熟模式。",
        "店播的兴起让品牌掌握了更多主动权，不再完全依赖头部主播。",
        "一场成功的直播，背后往往是选品、脚本、场控和投流等多个环节的配合。",
        "{a}的直播间每晚在线人数稳定在{wan}万左右，复购用户占比超过{pctHi}。",
        "越来越多的工厂老板走进直播间，以源头价格和专业讲解吸引消费者。",
        "主播的专业度正在成为核心竞争力，懂产品比会吆喝更重要。",
        "直播间的流量越来越贵，精准投放和私域沉淀成为商家必须掌握的能力。",
        "平台对直播间虚假宣传、夸大功效等行为的处罚力度持续加大。",
        "{city}的直播基地为入驻商家提供场地、供应链和人才培训等一站式服务。",
        "中小主播通过深耕垂直领域，在{cs}等细分类目中找到了生存空间。",
        "直播带货的退货率问题依然突出，部分品类的退货率超过{pctHi}。",
        "连麦、福袋和限时秒杀等互动玩法，能够有效延长用户在直播间的停留时间。",
      ]),
    },
    tagPool: ["直播带货", "直播电商", "店播", "达人带货", "MCN", "直播基地", "GMV", "产业带"],
    captions: ["直播带货", "直播新规", "店播时代", "主播观察", "直播基地"],
    genericTitle: 0,
  },
  {
    id: 8,
    platforms: ["亚马逊", "TikTok Shop", "Temu", "SHEIN", "速卖通", "Shopee", "Lazada", "阿里国际站"],
    keywords: ["品牌出海", "全托管模式", "海外仓", "独立站", "跨境直播", "跨境支付"],
    titles: T([
      "{p}{reg}站点佣金下调{pctLo}，中国卖家迎新机遇",
      "品牌出海新阶段：{b}在{reg}市场年销突破{yi}亿元",
      "跨境电商出口同比增长{pct}，{city}卖家贡献突出",
      "{reg}电商市场爆发，{cs}成中国卖家首选品类",
      "海外仓加速布局：{co}在{reg}新增{sn}万平方米仓容",
      "{p}推出全托管2.0模式，卖家回款周期缩短至{sn}天",
      "独立站流量成本上涨{pct}，DTC品牌如何应对",
      "TikTok Shop{reg}直播带货GMV同比翻{x}倍",
      "{reg}小额包裹政策调整，卖家加速备货海外仓",
      "中国跨境卖家出海新打法：从铺货到品牌化",
      "{city}跨境电商综试区前{m}月进出口额增长{pct}",
      "黑五网一备战：{cs}卖家提前{sn}周锁定物流舱位",
    ]),
    intros: T([
      "{reg}市场正在成为中国卖家的新增长极。{p}最新政策为中小卖家带来了哪些机会？",
      "从铺货到品牌化，从平台到独立站，{k}进入深水区。{b}的经验或许值得借鉴。",
      "跨境电商出口保持增长，但汇率、物流和合规的不确定性也在增加，卖家需要更稳健的打法。",
    ]),
    leads: T([
      "电商报{md}消息，{p}宣布调整{reg}站点卖家政策，涉及佣金、物流和流量扶持等多个方面。",
      "{md}，海关最新数据显示，跨境电商出口继续保持增长，{cs}等品类表现亮眼。",
      "在{city}的一间办公室里，墙上的时钟分别显示着北京、{reg}和伦敦的时间。",
    ]),
    theme: {
      h2: T(["{reg}市场的机会", "从铺货到品牌", "物流与合规的考验", "出海卖家的新打法"]),
      s: T([
        "{reg}市场的电商渗透率仍然较低，为中国卖家提供了广阔的增长空间。",
        "全托管模式降低了出海门槛，工厂只需负责供货，运营和物流由平台承担。",
        "海外仓的布局让配送时效从数周缩短到{sn}天以内，显著提升了消费者体验。",
        "越来越多的中国卖家开始注册海外商标，从铺货模式转向品牌化经营。",
        "{p}在{reg}的日活用户已超过{n2}万，成为当地重要的购物渠道。",
        "汇率波动、物流成本和合规要求，是跨境卖家面临的三大不确定因素。",
        "{city}的跨境卖家依托本地产业带优势，在{cs}等品类上形成了明显竞争力。",
        "内容电商平台的出海，让直播带货模式在海外复制成功。",
        "不同市场的消费习惯差异巨大，本地化运营成为品牌出海的必修课。",
        "跨境电商综试区的政策支持，为企业在通关、退税和结汇等方面提供了便利。",
        "独立站模式让品牌能够直接积累用户数据，但获客成本也相对更高。",
      ]),
    },
    tagPool: ["跨境电商", "品牌出海", "海外仓", "独立站", "DTC", "供应链", "物流"],
    captions: ["品牌出海", "跨境观察", "海外仓", "出海新机遇", "全球开店"],
    genericTitle: 0.05,
  },
  {
    id: 9,
    platforms: DOMESTIC_PLATFORMS,
    keywords: ["平台规则", "消费者权益保护", "直播营销合规", "平台收费治理", "数据合规", "电商税收"],
    titles: T([
      "{org}发布新规，直播带货将全面实行“亮证亮照”",
      "解读：{law}施行，平台责任有哪些变化",
      "{org}：严查“仅退款”滥用，保障商家合法权益",
      "平台收费新规出台，中小商家经营成本有望下降{pctLo}",
      "{city}出台直播电商扶持政策，最高奖励{n2}万元",
      "跨境电商税收新政解读：出口退税流程简化",
      "个人信息保护再升级，电商平台数据使用划红线",
      "{org}开展网络市场专项整治，下架违规商品{wan}万件",
      "“以旧换新”补贴加码：{cs}线上销售迎政策红利",
      "农村电商新政：{next}年将建成{n2}个县级物流中心",
      "一图读懂{law}的{sn}个关键条款",
      "新规之下，直播间哪些宣传用语不能再用",
    ]),
    intros: T([
      "{org}近日发布{law}，对平台、商家和主播的责任作出进一步明确。本文对关键条款逐一解读。",
      "政策频出的背后，是{k}走向规范化的必然要求。商家需要关注哪些变化？",
      "新规将于{next}年起施行，涉及收费透明、售后保障和数据使用等多个方面。",
    ]),
    leads: T([
      "电商报{md}消息，{org}近日发布{law}，自发布之日起向社会公开征求意见。",
      "{md}，{org}召开新闻发布会，介绍网络市场监管工作进展及下一步安排。",
      "一份新的监管文件，又一次让电商行业的目光聚焦到{k}上。",
    ]),
    theme: {
      h2: T(["新规要点解读", "平台责任进一步压实", "对商家意味着什么", "{k}的监管逻辑"]),
      s: T([
        "{org}相关负责人表示，此次出台的规定旨在进一步规范网络交易秩序。",
        "{law}明确了平台、商家和主播各自的责任边界。",
        "根据规定，直播营销人员不得对商品功效作虚假或者引人误解的宣传。",
        "新规要求平台建立健全消费者投诉处理机制，并在规定时限内处理完毕。",
        "对于违规行为，监管部门将视情节轻重给予警告、罚款等处罚。",
        "业内人士认为，新规对平台收费透明度提出了更高要求，有利于减轻中小商家负担。",
        "政策的出台并非要限制行业发展，而是为了引导行业走向规范和可持续。",
        "{city}商务部门同步推出配套措施，对合规经营的电商企业给予奖励。",
        "规定特别提到，平台不得利用技术手段对商家实施不合理限制或者附加不合理条件。",
        "在个人信息保护方面，新规要求平台收集用户数据须遵循最小必要原则。",
        "法律界人士提醒，商家应及时对照新规自查，避免因不了解规则而受罚。",
        "该办法共{cn2}章{n}条，将于{next}年{m2}月1日起正式施行。",
      ]),
    },
    tagPool: ["监管", "平台规则", "消费者权益", "仅退款", "以旧换新", "农产品电商", "直播电商"],
    captions: ["政策解读", "新规速览", "监管动态", "合规经营", "法规要点"],
    genericTitle: 0,
  },
  {
    id: 10,
    platforms: ["天猫", "小红书", "抖音电商", "京东", "视频号", "得物"],
    keywords: ["私域流量", "内容营销", "会员运营", "联名营销", "全域经营", "新国货"],
    titles: T([
      "{b}联名{b2}爆火：{sn}小时售罄背后的营销逻辑",
      "新国货品牌{b}：靠种草年销破{yi}亿元",
      "品牌自播还是达人分销？{cs}品牌的投放账本",
      "{p}618营销策略解析：内容种草与全域经营并重",
      "私域流量再升温：{b}沉淀会员{wan}万人",
      "品牌年轻化：老字号{b}的{sn}次跨界尝试",
      "情绪消费崛起，{cs}品牌如何讲好品牌故事",
      "内容营销ROI如何衡量？{sn}个品牌给出答案",
      "{b}官宣新代言人，{p}店铺搜索量暴涨{bigpct}",
      "会员运营成增长新抓手，{b}复购率提升{pct}",
      "{cs}品牌的双11打法：预售、直播与私域并进",
      "从流量到留量：{b}的DTC转型之路",
    ]),
    intros: T([
      "在流量越来越贵的今天，{b}找到了一条以内容和用户为核心的增长路径。",
      "{k}正在成为品牌的必修课。我们拆解了{b}等品牌的案例，总结出几条可复制的方法。",
      "品牌营销的衡量标准正在改变，从曝光到转化，再到复购与口碑。",
    ]),
    leads: T([
      "电商报{md}消息，{b}近日在{p}发起的营销活动引发广泛讨论，相关话题阅读量超过{n2}万。",
      "一款新品，{sn}小时售罄，{b}又一次站上了热搜。",
      "“我们的营销预算没有变多，但花法完全变了。”{b}市场负责人这样总结今年的变化。",
    ]),
    theme: {
      h2: T(["品牌营销的新范式", "{b}做对了什么", "从种草到复购", "{k}的方法论"]),
      s: T([
        "品牌营销正在从单一渠道投放转向全域协同，内容、搜索和私域缺一不可。",
        "{b}的营销团队每月会在小红书上发布超过{n2}篇种草笔记。",
        "联名营销的关键在于双方用户群的契合度，而不只是话题热度。",
        "私域运营让品牌能够以更低的成本触达老客户，提升复购率和客单价。",
        "越来越多的新消费品牌开始重视线下渠道，通过快闪店和体验店强化品牌认知。",
        "{b}相关负责人表示，品牌今年的营销预算中，内容投放占比提升至{pctHi}。",
        "情绪价值、国潮文化和可持续理念，是当下年轻消费者最关注的品牌特质。",
        "品牌自播与达人带货并行，已经成为{cs}品牌的常见打法。",
        "营销效果的衡量标准正在变化，品牌开始关注搜索指数、复购率和用户口碑等长期指标。",
        "会员体系的搭建让品牌可以针对不同层级用户提供差异化权益。",
        "一次成功的营销活动，往往始于对用户洞察的深刻理解。",
      ]),
    },
    tagPool: [
      "品牌营销",
      "私域流量",
      "内容营销",
      "新国货",
      "会员运营",
      "种草",
      "ROI",
      "用户增长",
      "全域经营",
    ],
    captions: ["品牌营销", "种草经济", "私域运营", "国货新潮", "营销案例"],
    genericTitle: 0.12,
  },
  {
    id: 21,
    platforms: [...DOMESTIC_PLATFORMS, "TikTok Shop", "美团"],
    keywords: ["即时零售", "跨境电商", "直播电商", "供应链服务", "电商SaaS", "新消费"],
    titles: T([
      "{co}完成{yi}亿元{round}融资，加码{k}业务",
      "{p}{qz}季度GMV同比增长{pct}",
      "{co}宣布进军{k}，首期投入{yi}亿元",
      "{p}高管调整：{pname}出任电商业务负责人",
      "{b}官方旗舰店入驻{p}，首日成交破{wan}万元",
      "{co}在{city}设立区域总部，辐射华东市场",
      "{p}与{co}达成战略合作，共建{cs}供应链",
      "快讯：{p}上线{plan}，覆盖{n}个产业带",
      "{co}发布{y}年财报，营收同比增长{pct}",
      "{city}新增{sn}个电商产业园，计划引入{n2}家企业",
      "{co}收缩{cs}业务线，聚焦核心品类",
      "{p}下调{cs}类目技术服务费至{sn}%",
      "{b}门店数突破{n3}家，线上销售占比超{pct}",
    ]),
    intros: T([
      "{co}今日宣布完成新一轮融资，资金将用于{k}相关业务拓展和技术研发。",
      "电商报快讯：{p}公布最新经营数据，多项核心指标保持增长。",
      "{p}与{co}正式签署战略合作协议，双方将在{cs}供应链等领域展开合作。",
    ]),
    leads: T([
      "电商报{md}快讯，{co}宣布完成新一轮融资，本轮由{inv}领投。",
      "电商报{md}消息，{p}公布最新一期经营数据，{cs}类目增长明显。",
      "{md}，{co}与{p}在{city}签署战略合作协议。",
    ]),
    theme: {
      h2: T(["事件回顾", "公司概况", "行业影响", "资本动向"]),
      s: T([
        "据悉，本轮融资由{inv}领投，资金将主要用于技术研发和市场拓展。",
        "公开信息显示，{co}成立于{fy}年，总部位于{city}。",
        "公司核心团队来自头部电商平台和品牌方，具备丰富的行业经验。",
        "此次战略合作双方将在商品、物流和数据等方面展开深度协同。",
        "{co}相关负责人表示，公司将继续深耕{k}领域，服务更多中小商家。",
        "财报显示，报告期内公司实现营收{yi}亿元，同比增长{pct}。",
        "在人事调整方面，{pname}此前曾在多家消费品公司担任高管。",
        "新设立的区域总部将辐射华东、华南等重点市场。",
        "业内人士认为，这一动向反映出资本对{k}赛道的持续看好。",
        "公司计划在未来{sn}年内将服务网络扩展至全国{n}个城市。",
        "截至目前，{co}已累计服务超过{wan}万家商家。",
      ]),
    },
    tagPool: ["融资", "财报", "GMV", "供应链", "新消费", "SaaS", "跨境电商"],
    captions: ["商业快讯", "融资动态", "财报速递", "行业动态", "战略合作"],
    genericTitle: 0,
  },
  {
    id: 26,
    platforms: DOMESTIC_PLATFORMS,
    keywords: ["直播电商", "品牌出海", "AI应用", "全域经营", "产业带数字化", "新消费"],
    titles: T([
      "{ev}在{city}举办，{n2}余位行业代表共话新机遇",
      "{ev}圆满落幕，{k}成热议焦点",
      "聚焦{k}：{ev}主论坛观点精华",
      "{ev}开幕，{p}、{p2}等平台代表出席",
      "现场直击：{ev}聚焦AI如何重塑电商经营",
      "{ev}发布《{y}{k}发展报告》",
      "{ev}举行，{sn}个出海项目现场签约",
      "{ev}颁奖：{n}家企业获评年度标杆品牌",
      "{ev}召开，{n2}家服务商参展",
      "从{ev}看{next}年电商行业{sn}大趋势",
      "{ev}分论坛：中小商家如何做好{k}",
    ]),
    intros: T([
      "{md}，{ev}在{city}举行。来自平台、品牌和服务商的嘉宾围绕{k}等议题展开深入交流。",
      "为期{dn}天的{ev}落下帷幕，多项行业报告和合作项目在会上发布。",
      "{ev}以“{slogan}”为主题，吸引了众多行业人士参会，以下是现场观点精华。",
    ]),
    leads: T([
      "{md}，{ev}在{city}开幕，本届大会以“{slogan}”为主题。",
      "电商报{md}消息，由电商报主办的{ev}在{city}举行，现场座无虚席。",
      "清晨八点，{city}会展中心门口已经排起长队，{ev}即将在这里拉开帷幕。",
    ]),
    theme: {
      h2: T(["大会现场", "主论坛观点", "分论坛看点", "现场签约与发布"]),
      s: T([
        "本届{ev}以“{slogan}”为主题，吸引了超过{n2}位品牌方、平台代表和服务商参会。",
        "大会由电商报主办，为期{dn}天，设置了主论坛和{sn}场平行分论坛。",
        "开幕式上，主办方发布了《{y}{k}发展报告》，对行业趋势进行了系统梳理。",
        "{e}在主题演讲中表示，行业正在进入以效率和信任为核心的新阶段。",
        "圆桌对话环节，来自{p}、{p2}的嘉宾围绕{k}展开了热烈讨论。",
        "现场还举行了多个项目的签约仪式，涉及金额超过{yi}亿元。",
        "展区内，{n}家服务商集中展示了AI营销、智能客服和供应链管理等最新产品。",
        "不少参会商家表示，此次大会让他们对下一阶段的经营方向有了更清晰的判断。",
        "在晚间举行的颁奖典礼上，{n}家企业和{sn}位个人获得年度荣誉。",
        "据主办方介绍，本届大会线上直播观看人次累计突破{wan}万。",
        "会议期间，{city}相关部门负责人介绍了当地电商产业扶持政策。",
        "下一届大会预计将于{next}年在{city2}举办。",
      ]),
    },
    tagPool: ["电商峰会", "直播电商", "品牌出海", "AI", "数字化转型", "全域经营", "产业带"],
    captions: ["峰会现场", "论坛直击", "大会报道", "活动回顾", "年度盛典"],
    genericTitle: 0,
  },
];

/** Column mix: one shuffled block of 12 slots per 12 articles (every column appears at least once). */
const COLUMN_BLOCK = [4, 5, 6, 7, 8, 8, 9, 10, 10, 21, 21, 26];

// ---------------------------------------------------------------------------
// Article generation
// ---------------------------------------------------------------------------

interface PreparedColumn {
  spec: ColumnSpec;
  tagPool: string[];
}

function makeCtx(rng: Rng, f: Filler, spec: ColumnSpec, date: Date): Ctx {
  const y = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const [cat, catShort] = rng.pick(CATEGORIES);
  const p = rng.pick(spec.platforms);
  const b = rng.pick(BRANDS);
  const city = rng.pick(CITIES);
  const k = rng.pick(spec.keywords);
  const [org, role] = rng.pick(EXPERT_ROLES);
  const en = rng.pick(EXPERT_NAMES);
  const ctx: Ctx = {
    p,
    p2: rng.pickOther(spec.platforms, p),
    b,
    b2: rng.pickOther(BRANDS, b),
    co: b + rng.pick(COMPANY_SUFFIX),
    c: cat,
    cs: catShort,
    city,
    city2: rng.pickOther(CITIES, city),
    reg: rng.pick(REGIONS),
    k,
    k2: rng.pickOther(spec.keywords, k),
    e: `${org}${role}${en}`,
    en,
    a: rng.pick(ANCHORS),
    y: String(y),
    next: String(y + 1),
    m: String(month),
    md: `${month}月${date.getUTCDate()}日`,
    org: rng.pick(REGULATORS),
    law: rng.pick(LAWS),
    plan: rng.pick(PLANS),
    slogan: rng.pick(SLOGANS),
    inv: rng.pick(INVESTORS),
    pname: rng.pick(EXECUTIVES),
    fy: String(rng.int(2012, 2021)),
    age: rng.pick(["80", "85", "90", "95", "00"]),
    ev: "",
  };
  f.ctx = ctx;
  ctx.ev = f.fill(rng.pick(EVENT_NAMES));
  return ctx;
}

function makeTitle(rng: Rng, f: Filler, spec: ColumnSpec, seen: Set<string>): string {
  let title = "";
  for (let attempt = 0; attempt < 14; attempt++) {
    const pool = spec.genericTitle > 0 && rng.chance(spec.genericTitle) ? GENERIC_TITLES : spec.titles;
    title = f.fill(rng.pick(pool));
    if (title.length >= 12 && title.length <= 30 && !seen.has(title)) break;
  }
  if (title.length > 30) title = title.slice(0, 30);
  seen.add(title);
  return title;
}

/** Headline rewritten as a plain sentence (used by the short-news column). */
function headlineSentence(title: string): string {
  return title.replace(/^快讯：/, "").replace(/：/g, "，");
}

function makeIntro(rng: Rng, f: Filler, spec: ColumnSpec, title: string): string {
  let intro = "";
  if (spec.id === 21) {
    intro = `电商报${f.ctx.md ?? ""}快讯，${headlineSentence(title)}。`;
    while (intro.length < 40) intro += f.fill(rng.pick(NEWS_TAILS));
    return intro.length <= 90 ? intro : `${intro.slice(0, 89)}。`;
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    intro = f.fill(rng.pick(rng.chance(0.8) ? spec.intros : GENERIC_INTROS));
    while (intro.length < 40) intro += f.fill(rng.pick(INTRO_TAILS));
    if (intro.length <= 90) return intro;
  }
  return `${intro.slice(0, 89)}。`;
}

/**
 * Paragraph of `n` sentences from `pool`, ~30% from `mix`. `used` is shared
 * across one article so sentence templates repeat only once the pools run dry.
 */
function paragraph(rng: Rng, f: Filler, pool: Tpl[], mix: Tpl[], n: number, used: Set<Tpl>): string {
  let s = "";
  for (let i = 0; i < n; i++) {
    let t: Tpl = rng.pick(pool);
    for (let tries = 0; tries < 8; tries++) {
      t = rng.chance(0.3) ? rng.pick(mix) : rng.pick(pool);
      if (!used.has(t)) break;
    }
    used.add(t);
    s += f.fill(t);
  }
  return s;
}

function makeBody(rng: Rng, f: Filler, spec: ColumnSpec, target: number, title: string): string {
  const out: string[] = [];
  const used = new Set<Tpl>();
  let count = 0;
  const emit = (html: string, text: string) => {
    out.push(html);
    count += countCjk(text);
  };
  const numbered = rng.chance(0.5);
  let h2n = 0;
  const h2 = (text: string) => {
    const label = numbered ? `${CN_NUM[h2n] ?? ""}、${text}` : text;
    h2n++;
    emit(`<h2>${label}</h2>`, label);
  };
  const colTheme = spec.theme;
  const colPool = colTheme.s;

  // Lead paragraph.
  const opening =
    spec.id === 21 && rng.chance(0.7)
      ? `${f.ctx.md ?? ""}，${headlineSentence(title)}。`
      : f.fill(rng.pick(spec.id !== 21 && spec.id !== 26 && rng.chance(0.2) ? GENERIC_LEADS : spec.leads));
  const lead = opening + paragraph(rng, f, colPool, MIX_POOL, rng.int(1, 2), used);
  emit(`<p>${lead}</p>`, lead);

  const order: Theme[] = [colTheme];
  for (const key of rng.shuffle(GENERIC_THEME_KEYS)) order.push(THEMES[key] as Theme);

  let quoteDone = false;
  let listDone = !rng.chance(0.6);
  let sec = 0;
  const outlook = THEMES.outlook as Theme;
  while (count < target - 120 || sec < 2) {
    const theme = order[sec % order.length] as Theme;
    h2(f.fill(rng.pick(theme.h2)));
    const paras = rng.int(1, 2);
    for (let i = 0; i < paras; i++) {
      const text = paragraph(rng, f, theme.s, theme === colTheme ? MIX_POOL : colPool, rng.int(3, 5), used);
      if (i === 0 && rng.chance(0.2)) {
        const cut = text.indexOf("。") + 1;
        if (cut > 0 && cut < text.length) {
          emit(`<p><strong>${text.slice(0, cut)}</strong>${text.slice(cut)}</p>`, text);
          continue;
        }
      }
      emit(`<p>${text}</p>`, text);
    }
    if (rng.chance(0.35)) {
      const h3 = f.fill(rng.pick(H3S));
      emit(`<h3>${h3}</h3>`, h3);
      const text = paragraph(rng, f, theme.s, theme === colTheme ? MIX_POOL : colPool, rng.int(2, 4), used);
      emit(`<p>${text}</p>`, text);
    }
    if (!listDone && sec >= 1) {
      listDone = true;
      const intro = f.fill(rng.pick(LIST_INTROS));
      emit(`<p>${intro}</p>`, intro);
      const items = rng.sample(LIST_ITEMS, rng.int(3, 5));
      let html = "<ul>";
      let text = "";
      for (let i = 0; i < items.length; i++) {
        const li = f.fill(items[i] as Tpl) + (i === items.length - 1 ? "。" : "；");
        html += `<li>${li}</li>`;
        text += li;
      }
      emit(`${html}</ul>`, text);
    }
    if (!quoteDone && sec >= 1 && rng.chance(0.6)) {
      quoteDone = true;
      const q = rng.pick(QUOTES);
      const who = (rng.chance(0.5) ? f.ctx.e : f.ctx.en) ?? "";
      emit(`<blockquote><p>“${q}”</p><p>——${who}</p></blockquote>`, q + who);
    }
    sec++;
  }
  if (!quoteDone) {
    const q = rng.pick(QUOTES);
    emit(`<blockquote><p>“${q}”</p><p>——${f.ctx.e ?? ""}</p></blockquote>`, q);
  }
  // Closing section.
  h2(f.fill(rng.pick(outlook.h2)));
  let closing = paragraph(rng, f, outlook.s, outlook.s, rng.int(3, 4), used);
  emit(`<p>${closing}</p>`, closing);
  while (count < target) {
    closing = paragraph(rng, f, outlook.s, THEMES.view?.s ?? outlook.s, 3, used);
    emit(`<p>${closing}</p>`, closing);
  }
  return out.join("");
}

function makeTags(
  rng: Rng,
  title: string,
  platform: string,
  col: PreparedColumn,
  all: readonly string[],
  allSet: Set<string>,
): string[] {
  if (all.length === 0) return [];
  const want = rng.int(1, 4);
  const tags: string[] = [];
  const add = (t: string | undefined) => {
    if (t !== undefined && tags.length < want && allSet.has(t) && !tags.includes(t)) tags.push(t);
  };
  for (const t of all) {
    if (tags.length >= Math.min(want, 2)) break;
    if (title.includes(t)) add(t);
  }
  add(PLATFORM_TAG[platform]);
  const pool = col.tagPool.length > 0 ? col.tagPool : all;
  for (let tries = 0; tags.length < want && tries < 12; tries++) add(rng.pick(pool));
  for (let tries = 0; tags.length < want && tries < 12; tries++) add(rng.pick(all));
  if (tags.length === 0) tags.push(all[0] as string);
  return tags;
}

function makeCaption(rng: Rng, spec: ColumnSpec, catShort: string): string {
  return rng.chance(0.6) ? rng.pick(spec.captions) : catShort + rng.pick(CAPTION_SUFFIX);
}

/** Only the article generator, streaming-friendly for the 100,000-article benchmark dataset. */
export function* generateArticles(opts: {
  count: number;
  seed?: number;
  now?: Date;
  bodyChars?: number;
  tags: string[];
}): Generator<DemoArticle> {
  const count = Math.max(0, Math.floor(opts.count));
  const seed = opts.seed ?? DEFAULT_SEED;
  const nowMs = (opts.now ?? new Date(DEFAULT_NOW)).getTime();
  const bodyChars = opts.bodyChars ?? DEFAULT_BODY_CHARS;
  const allTags = opts.tags.slice();
  const allSet = new Set(allTags);

  const rng = new Rng(deriveSeed(seed, 1));
  const f = new Filler(rng, {});
  const specById = new Map<number, PreparedColumn>();
  for (const spec of COLUMN_SPECS) {
    specById.set(spec.id, { spec, tagPool: spec.tagPool.filter((t) => allSet.has(t)) });
  }

  // Timestamps: decreasing with index over ~400 days, jittered inside disjoint slots.
  const span = 400 * DAY_MS;
  const step = count > 0 ? span / count : span;
  const gran = step >= 3_600_000 ? 60_000 : step >= 20_000 ? 1000 : 1;
  const newest = nowMs - 20 * 60_000;

  const seen = new Set<string>();
  let block: number[] = [];
  for (let i = 0; i < count; i++) {
    if (block.length === 0) block = rng.shuffle(COLUMN_BLOCK);
    const columnId = block.pop() as number;
    const col = specById.get(columnId) as PreparedColumn;
    const spec = col.spec;

    const slotTop = newest - i * step;
    const t = Math.floor((slotTop - rng.next() * step * 0.85) / gran) * gran;
    const created = new Date(t);
    const local = new Date(t + 8 * 3_600_000); // Beijing time for dates in the text

    const ctx = makeCtx(rng, f, spec, local);
    const title = makeTitle(rng, f, spec, seen);
    const intro = makeIntro(rng, f, spec, title);
    const content = makeBody(rng, f, spec, bodyChars, title);
    const tags = makeTags(rng, title, ctx.p as string, col, allTags, allSet);
    const author =
      columnId === 8 && rng.chance(0.3)
        ? "跨境出海组"
        : columnId === 7 && rng.chance(0.3)
          ? "直播观察组"
          : rng.pick(AUTHORS);
    yield {
      columnId,
      title,
      intro,
      content,
      author,
      hot: rng.next() < 1 / 3,
      createdAt: created.toISOString(),
      tags,
      thumbCaption: makeCaption(rng, spec, ctx.cs as string),
    };
  }
}

// ---------------------------------------------------------------------------
// Other demo entities
// ---------------------------------------------------------------------------

function makeBanners(): DemoBanner[] {
  return [
    {
      id: 1,
      columnId: 11,
      name: "直播电商生态峰会 报名通道开启",
      link: "/activity/wsfh/summit",
      caption: "生态峰会",
    },
    {
      id: 2,
      columnId: 11,
      name: "创新力量榜单征集中",
      link: "/activity/wsfh/newispower",
      caption: "创新力量",
    },
    {
      id: 3,
      columnId: 11,
      name: "年度直播电商白皮书正式发布",
      link: "/articledetail/12",
      caption: "行业白皮书",
    },
    {
      id: 4,
      columnId: 11,
      name: "草编收纳好物 限时特惠",
      link: "/market/products/strawBag",
      caption: "好物推荐",
    },
    {
      id: 5,
      columnId: 20,
      name: "企业会员入驻 尊享全年权益",
      link: "/market/products/strawBag",
      caption: "会员入驻",
    },
    { id: 6, columnId: 20, name: "优质MCN机构招募", link: "/wxmcn", caption: "机构招募" },
    {
      id: 7,
      columnId: 20,
      name: "电商服务商选型指南",
      link: "https://fuwu.example.com/guide",
      caption: "服务商指南",
    },
    {
      id: 8,
      columnId: 20,
      name: "品牌出海训练营 第二期",
      link: "https://chuhai.example.com/camp",
      caption: "出海训练营",
    },
    { id: 9, columnId: 20, name: "时光大会 精彩回顾", link: "/activity/wsfh/timing", caption: "精彩回顾" },
    {
      id: 10,
      columnId: 20,
      name: "年度旅行好物 限时抢购",
      link: "https://travel.example.com/deals",
      caption: "旅行好物",
    },
    {
      id: 13,
      columnId: 13,
      name: "电商大学 更多精品课程",
      link: "https://daxue.example.com/course/other",
      caption: "更多课程",
    },
    {
      id: 98,
      columnId: 98,
      name: "电商大学 直播运营进阶课",
      link: "https://daxue.example.com/course/2",
      caption: "精品课程",
    },
  ];
}

const PARTNER_WORDS = [
  "云帆",
  "星澜",
  "禾光",
  "栖木",
  "远岫",
  "青橙",
  "澄明",
  "拓野",
  "砚池",
  "汀兰",
  "明岚",
  "曜石",
  "林樾",
  "晴岚",
  "霁月",
  "云岫",
  "若谷",
  "松涛",
  "嘉木",
  "朗月",
  "墨池",
  "望舒",
  "星野",
  "川流",
  "知微",
  "鹿鸣",
  "溪山",
  "半夏",
  "橙屿",
  "蔚舟",
];

const PARTNER_FIELDS: readonly (readonly [string, string])[] = [
  ["数字科技", "数科"],
  ["供应链", "供应链"],
  ["文化传媒", "传媒"],
  ["智慧物流", "物流"],
  ["云服务", "云"],
  ["品牌管理", "品牌"],
  ["跨境科技", "跨境"],
  ["电商服务", "电商"],
  ["网络科技", "科技"],
  ["营销咨询", "营销"],
];

function makePartners(rng: Rng): { name: string; caption: string }[] {
  return PARTNER_WORDS.map((w, i) => {
    const [full, short] = PARTNER_FIELDS[(i * 7 + rng.int(0, 2)) % PARTNER_FIELDS.length] as readonly [
      string,
      string,
    ];
    return { name: w + full, caption: w + short };
  });
}

const ACTIVITY_DEFS: Record<17 | 18 | 19, readonly (readonly [string, string, string])[]> = {
  // [name, caption, topic]
  17: [
    ["中国直播电商生态峰会", "直播峰会", "直播电商生态"],
    ["跨境电商品牌出海峰会", "出海峰会", "品牌出海"],
    ["新消费品牌增长峰会", "增长峰会", "新消费品牌增长"],
    ["电商服务商生态峰会", "生态峰会", "服务商生态"],
    ["全域营销增长峰会", "营销峰会", "全域营销"],
    ["产业带数字化峰会", "产业带峰会", "产业带数字化"],
    ["电商报年度盛典", "年度盛典", "年度趋势"],
    ["农产品电商发展峰会", "农货峰会", "农产品上行"],
    ["即时零售创新峰会", "零售峰会", "即时零售"],
    ["私域增长峰会", "私域峰会", "私域运营"],
    ["电商供应链峰会", "供应链峰会", "供应链效率"],
    ["女性消费趋势峰会", "她经济峰会", "女性消费"],
    ["数字人与智能电商峰会", "智能电商", "数字人与大模型"],
    ["品牌自播峰会", "自播峰会", "品牌自播"],
  ],
  18: [
    ["直播电商创新论坛", "创新论坛", "直播电商"],
    ["跨境出海创新论坛", "出海论坛", "跨境出海"],
    ["智能电商应用创新论坛", "智能论坛", "大模型应用"],
    ["新国货品牌创新论坛", "国货论坛", "新国货"],
    ["县域电商创新论坛", "县域论坛", "县域电商"],
    ["内容营销创新论坛", "内容论坛", "内容营销"],
    ["供应链数字化创新论坛", "数字化论坛", "供应链数字化"],
    ["本地生活服务创新论坛", "本地生活", "本地生活"],
    ["电商人才培养创新论坛", "人才论坛", "人才培养"],
    ["绿色包装与物流创新论坛", "绿色物流", "绿色物流"],
    ["银发经济创新论坛", "银发经济", "银发消费"],
    ["宠物消费创新论坛", "宠物经济", "宠物消费"],
    ["私域运营创新论坛", "私域论坛", "私域运营"],
    ["短视频内容创新论坛", "内容创新", "短视频内容"],
  ],
  19: [
    ["直播电商操盘手训练营", "操盘手营", "直播操盘"],
    ["跨境卖家交流沙龙", "卖家沙龙", "跨境运营"],
    ["产业带商家游学", "商家游学", "产业带参访"],
    ["电商报读者开放日", "开放日", "读者交流"],
    ["品牌营销案例分享会", "案例分享", "营销案例"],
    ["新锐品牌路演", "品牌路演", "新锐品牌"],
    ["机构与品牌对接会", "对接会", "机构合作"],
    ["种草实战工作坊", "种草工坊", "内容种草"],
    ["店铺运营公开课", "公开课", "店铺运营"],
    ["大促复盘交流会", "大促复盘", "大促复盘"],
    ["双11备战分享会", "备战分享", "大促备战"],
    ["出海选品闭门会", "闭门交流", "出海选品"],
    ["年货节招商对接会", "招商对接", "年货节招商"],
    ["智能工具实操工作坊", "实操工坊", "智能工具"],
  ],
};

const VENUES = [
  "杭州·国际博览中心",
  "上海·世博中心",
  "深圳·会展中心",
  "北京·国家会议中心",
  "广州·琶洲会展中心",
  "成都·世纪城会展中心",
  "义乌·国际博览中心",
  "厦门·国际会议中心",
  "南京·国际博览中心",
  "武汉·客厅会展中心",
  "苏州·金鸡湖会议中心",
  "长沙·国际会展中心",
];

const ACTIVITY_LINKS: Record<17 | 18 | 19, readonly string[]> = {
  17: ["/activity/wsfh/summit", "/activity/wsfh/summit", "https://summit.example.com/event/"],
  18: ["/activity/wsfh/newispower", "/activity/wsfh/remould", "https://forum.example.com/event/"],
  19: ["/activity/wsfh/timing", "/activity/wsfh/wow", "https://event.example.com/detail/"],
};

const ACTIVITY_IDS: Record<17 | 18 | 19, readonly number[]> = {
  17: [120, 119, 117, 116, 8, 1, 2, 3, 4, 5, 6, 7, 9, 10],
  18: [21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34],
  19: [41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54],
};

/** Status per position: the first ids of each column are the current ones. */
const ACTIVITY_STATUS = [
  "进行中",
  "报名中",
  "进行中",
  "即将开始",
  "已结束",
  "进行中",
  "报名中",
  "即将开始",
  "已结束",
  "报名中",
  "已结束",
  "已结束",
  "已结束",
  "已结束",
];

function makeActivities(rng: Rng): DemoActivity[] {
  const ref = Date.UTC(2026, 10, 20, 1, 0, 0); // 2026-11-20 09:00 Beijing
  const endedFrom = Date.UTC(2020, 2, 1, 1, 0, 0);
  const endedTo = Date.UTC(2026, 9, 25, 1, 0, 0);
  const out: DemoActivity[] = [];
  for (const columnId of [17, 18, 19] as const) {
    const defs = rng.shuffle(ACTIVITY_DEFS[columnId]);
    const ids = ACTIVITY_IDS[columnId];
    const endedCount = ACTIVITY_STATUS.filter((s) => s === "已结束").length;
    let endedIdx = 0;
    ids.forEach((id, i) => {
      const [baseName, caption, topic] = defs[i % defs.length] as readonly [string, string, string];
      const status = ACTIVITY_STATUS[i] as string;
      let start: number;
      if (status === "进行中") start = ref - rng.int(0, 20) * DAY_MS;
      else if (status === "即将开始") start = ref + rng.int(3, 14) * DAY_MS;
      else if (status === "报名中") start = ref + rng.int(20, 130) * DAY_MS;
      else {
        // Ended events spread from 2020 to autumn 2026, newest first.
        const frac = (endedIdx + rng.next() * 0.6) / endedCount;
        start = endedTo - Math.floor(((endedTo - endedFrom) * frac) / DAY_MS) * DAY_MS;
        endedIdx++;
      }
      start += rng.pick([0, 30, 60, 300]) * 60_000;
      const year = new Date(start).getUTCFullYear();
      const venue = rng.pick(VENUES);
      const city = venue.split("·")[0] as string;
      const name =
        columnId === 17
          ? `${year}${baseName}`
          : columnId === 18
            ? `${baseName}（${city}站）`
            : `${baseName}·${city}站`;
      const linkBase = rng.pick(ACTIVITY_LINKS[columnId]);
      const link = linkBase.startsWith("https://") ? `${linkBase}${id}` : linkBase;
      const guests = rng.chance(0.5)
        ? `${rng.pick([30, 50, 80, 100, 120])}+ 位行业大咖`
        : `嘉宾：${rng.sample(EXPERT_NAMES, 3).join(" / ")}`;
      const intro = rng.pick([
        `本次活动聚焦${topic}，邀请平台、品牌与服务商代表分享一线实践，帮助商家把握下一阶段的增长机会。`,
        `围绕${topic}等热点议题，${city}站将设置主题演讲、圆桌对话和现场对接环节，欢迎行业伙伴报名参加。`,
        `活动汇集${topic}领域的实战派嘉宾，拆解真实案例与数据，面向品牌方、商家和服务商开放报名。`,
      ]);
      out.push({
        id,
        columnId,
        name,
        link,
        startTime: new Date(start).toISOString(),
        address: venue,
        intro,
        status,
        guests,
        caption,
      });
    });
  }
  return out;
}

function makeContacts(): DemoContact[] {
  return [
    { title: "媒体合作", contactName: "林小溪", phone: "0571-0000 6601", email: "media@example.com" },
    { title: "营销合作", contactName: "周一航", phone: "138 0000 0001", email: "marketing@example.com" },
    { title: "培训咨询", contactName: "陈若楠", phone: "0571-0000 6603", email: "training@example.com" },
    { title: "投诉与反馈", contactName: "许知行", phone: "139 0000 0004", email: "feedback@example.com" },
  ];
}

const TRAVEL_TABS: readonly DemoTravelTab[] = [
  { id: 1, listKey: "list1", name: "跟团游与爆款", sortOrder: 1 },
  { id: 2, listKey: "list1", name: "海南与华南", sortOrder: 2 },
  { id: 3, listKey: "list1", name: "华东与华中", sortOrder: 3 },
  { id: 4, listKey: "list1", name: "华北与东北", sortOrder: 4 },
  { id: 5, listKey: "list1", name: "西南及其他", sortOrder: 5 },
  { id: 11, listKey: "list2", name: "必买爆款", sortOrder: 1 },
  { id: 12, listKey: "list2", name: "全国通兑", sortOrder: 2 },
  { id: 13, listKey: "list2", name: "江浙沪", sortOrder: 3 },
  { id: 14, listKey: "list2", name: "海南与云南", sortOrder: 4 },
  { id: 15, listKey: "list2", name: "西北川渝", sortOrder: 5 },
  { id: 16, listKey: "list2", name: "东北滑雪", sortOrder: 6 },
  { id: 17, listKey: "list2", name: "珠三角", sortOrder: 7 },
  { id: 18, listKey: "list2", name: "其他", sortOrder: 8 },
];

const TAB_CITIES: Record<number, readonly string[]> = {
  1: ["三亚", "丽江", "张家界", "桂林", "西安", "厦门", "北京", "大理"],
  2: ["三亚", "海口", "万宁", "广州", "深圳", "珠海", "厦门", "北海", "桂林"],
  3: ["杭州", "苏州", "上海", "南京", "黄山", "乌镇", "武汉", "长沙", "千岛湖"],
  4: ["北京", "天津", "秦皇岛", "哈尔滨", "长白山", "大连", "沈阳", "呼伦贝尔"],
  5: ["成都", "重庆", "丽江", "大理", "西双版纳", "九寨沟", "拉萨", "西安", "敦煌"],
  11: ["三亚", "杭州", "成都", "厦门", "丽江", "上海", "西安", "长白山"],
  12: ["全国"],
  13: ["杭州", "苏州", "上海", "乌镇", "莫干山", "千岛湖", "无锡"],
  14: ["三亚", "海口", "万宁", "西双版纳", "大理", "丽江", "昆明"],
  15: ["西安", "敦煌", "成都", "重庆", "九寨沟", "西宁", "乌鲁木齐"],
  16: ["长白山", "哈尔滨", "亚布力", "吉林", "崇礼", "雪乡"],
  17: ["广州", "深圳", "珠海", "佛山", "东莞", "中山", "惠州"],
  18: ["厦门", "青岛", "桂林", "张家界", "黄山", "北京", "大连"],
};

const HOTEL_WORDS = [
  "澜庭",
  "栖云",
  "望海",
  "松间",
  "溪谷",
  "半山",
  "星空",
  "花间",
  "枫林",
  "云境",
  "揽月",
  "听涛",
];
const HOTEL_KINDS = ["度假酒店", "精品民宿", "温泉酒店", "度假村", "国际酒店", "观景酒店"];
const ROOM_KINDS = ["豪华大床房", "景观双床房", "亲子家庭房", "高级套房", "山景房"];
const ATTRACTIONS = [
  "海洋公园",
  "野生动物园",
  "主题乐园",
  "温泉乐园",
  "古镇夜游",
  "游船夜游",
  "科技馆",
  "森林公园",
];
const PROMO_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function promoCode(rng: Rng, used: Set<string>): string {
  for (;;) {
    const len = rng.int(6, 8);
    let s = "";
    for (let i = 0; i < len; i++) s += PROMO_CHARS[rng.int(0, PROMO_CHARS.length - 1)];
    if (!used.has(s) && /\d/.test(s) && /[A-Z]/.test(s)) {
      used.add(s);
      return s;
    }
  }
}

function yuan(rng: Rng, min: number, max: number): number {
  // Whole-yuan prices, mostly ending in 9; a few with .9 (e.g. 199.9).
  const y = rng.int(Math.ceil(min / 10), Math.floor(max / 10)) * 10 - 1;
  return rng.chance(0.1) ? y * 100 + 90 : y * 100;
}

function travelItem(
  rng: Rng,
  tabId: number,
  city: string,
): Omit<DemoTravelItem, "tabId" | "serialNum" | "password"> {
  const hotel = rng.pick(HOTEL_WORDS) + rng.pick(HOTEL_KINDS);
  if (tabId === 12) {
    const nights = rng.pick([1, 1, 2]);
    const cities = rng.pick([30, 50, 80, 120]);
    return {
      name: `${rng.pick(HOTEL_WORDS)}酒店集团 全国${cities}城通兑房券 ${nights}晚 含双早`,
      location: "全国",
      priceFen: yuan(rng, 299, 1299) * nights,
      caption: "全国通兑",
    };
  }
  if (tabId === 16) {
    const days = rng.int(2, 4);
    return rng.chance(0.5)
      ? {
          name: `${city}${hotel} 滑雪${days}日套餐 含雪票雪具`,
          location: city,
          priceFen: yuan(rng, 999, 3999),
          caption: `${city}滑雪`,
        }
      : {
          name: `${city}滑雪场 全天雪票 含雪板雪鞋租赁`,
          location: city,
          priceFen: yuan(rng, 199, 699),
          caption: "畅滑雪票",
        };
  }
  const kind =
    tabId === 1
      ? rng.pick(["tour", "tour", "package", "hotel"])
      : rng.pick(["hotel", "hotel", "ticket", "package"]);
  if (kind === "tour") {
    const days = rng.int(4, 7);
    return {
      name: `${city}${days}日${days - 1}晚跟团游 纯玩无购物 含往返交通`,
      location: city,
      priceFen: yuan(rng, 1299, 3999),
      caption: `${city}跟团游`,
    };
  }
  if (kind === "ticket") {
    const spot = rng.pick(ATTRACTIONS);
    return {
      name: `${city}${spot}门票 成人票 ${rng.pick(["随买随用", "提前1天预订", "节假日通用"])}`,
      location: city,
      priceFen: yuan(rng, 99, 399),
      caption: `${city}${spot}`.slice(0, 8),
    };
  }
  if (kind === "package") {
    const days = rng.int(3, 5);
    return {
      name: `${city}${days}天${days - 1}晚度假套餐 含${hotel}+景区门票`,
      location: city,
      priceFen: yuan(rng, 999, 3999),
      caption: `${city}度假`,
    };
  }
  const nights = rng.pick([1, 2, 2, 3]);
  return {
    name: `${city}${hotel} ${rng.pick(ROOM_KINDS)}${nights}晚 含双早`,
    location: city,
    priceFen: yuan(rng, 299, 1599) * (nights > 1 ? 2 : 1),
    caption: `${city}${rng.pick(["好宿", "酒店", "度假", "美宿"])}`,
  };
}

function makeTravel(rng: Rng): { tabs: DemoTravelTab[]; items: DemoTravelItem[] } {
  const items: DemoTravelItem[] = [];
  const used = new Set<string>();
  for (const tab of TRAVEL_TABS) {
    const cities = TAB_CITIES[tab.id] ?? ["杭州"];
    const n = rng.int(6, 12);
    const names = new Set<string>();
    for (let serial = 1; serial <= n; serial++) {
      let item = travelItem(rng, tab.id, rng.pick(cities));
      for (let tries = 0; tries < 10 && names.has(item.name); tries++)
        item = travelItem(rng, tab.id, rng.pick(cities));
      names.add(item.name);
      items.push({ tabId: tab.id, serialNum: serial, ...item, password: promoCode(rng, used) });
    }
  }
  return { tabs: TRAVEL_TABS.map((t) => ({ ...t })), items };
}

function agreement(title: string, service: string, refund: string): string {
  return [
    `<h3>${title}</h3>`,
    "<p>本协议由您（以下简称“用户”）与电商报（以下简称“平台”）共同订立。用户在提交订单前应仔细阅读本协议全部条款，提交订单即视为已阅读并同意本协议。</p>",
    "<h3>一、服务内容</h3>",
    `<p>${service}</p>`,
    "<h3>二、费用与支付</h3>",
    "<p>服务费用以订单页面展示的价格为准。用户完成支付后，平台将在三个工作日内开通相应服务，并通过短信或邮件通知用户。</p>",
    "<h3>三、双方权利与义务</h3>",
    "<p>用户应保证提交的信息真实、准确、完整，并对账号下的全部行为负责。平台应按照约定提供服务，并对用户提交的资料承担保密义务，法律法规另有规定的除外。</p>",
    "<h3>四、退款规则</h3>",
    `<p>${refund}</p>`,
    "<h3>五、知识产权</h3>",
    "<p>平台提供的课程、报告、图文等内容的知识产权归平台或相关权利人所有。未经书面许可，用户不得复制、转载、传播或用于商业用途。</p>",
    "<h3>六、其他约定</h3>",
    "<p>本协议的订立、履行和解释均适用中华人民共和国法律。因本协议产生的争议，双方应友好协商解决；协商不成的，任何一方均可向平台所在地有管辖权的人民法院提起诉讼。</p>",
  ].join("");
}

function makeProducts(year: number): DemoProduct[] {
  return [
    {
      id: 210,
      name: "电商报企业会员入驻（年度）",
      priceFen: 299900,
      contractHtml: agreement(
        "电商报企业会员服务协议",
        "企业会员服务期为一年，自开通之日起计算。会员权益包括：企业主页展示、行业报告全年免费阅读、年度峰会门票两张、优先参与平台组织的对接活动及专属客户经理服务。",
        "会员服务开通后七日内，如用户未使用任何会员权益，可申请全额退款；已使用部分权益的，按剩余服务期折算退款；开通超过三十日的，不再办理退款。",
      ),
      requiresAgreement: true,
    },
    {
      id: 278,
      name: "直播电商实战训练营（单人名额）",
      priceFen: 9900,
      contractHtml: agreement(
        "电商报训练营报名服务协议",
        "训练营为线上直播课与社群答疑相结合的形式，共八节课程，课程回放在结营后保留九十天。每个名额仅限一人学习，不得转借或共享账号。",
        "开营前可申请全额退款；开营后已学习课程不足两节的，可申请退还百分之五十费用；学习超过两节的，不予退款。",
      ),
      requiresAgreement: true,
    },
    {
      id: 415,
      name: `${year}直播电商行业白皮书（电子版）`,
      priceFen: 19900,
      contractHtml: "",
      requiresAgreement: false,
    },
    {
      id: 416,
      name: "电商报年度峰会门票（标准票）",
      priceFen: 59900,
      contractHtml: "",
      requiresAgreement: false,
    },
    {
      id: 417,
      name: "品牌出海案例精选合集",
      priceFen: 4900,
      contractHtml: "",
      requiresAgreement: false,
    },
  ];
}

const opt = (titles: readonly string[], inputTitle?: string): { title: string; hasInput: boolean }[] => {
  const list = titles.map((title) => ({ title, hasInput: false }));
  if (inputTitle !== undefined) list.push({ title: inputTitle, hasInput: true });
  return list;
};

function makeQuestions(): DemoQuestion[] {
  const q = (
    id: number,
    productId: number | null,
    sortOrder: number,
    type: DemoQuestion["type"],
    title: string,
    showTitle: string,
    field: string,
    required: boolean,
    options: { title: string; hasInput: boolean }[] = [],
    hidden = false,
  ): DemoQuestion => ({ id, productId, title, showTitle, field, type, required, hidden, sortOrder, options });

  return [
    q(
      1,
      null,
      0,
      "RADIO",
      "会员身份",
      "会员身份",
      "memberProfession",
      false,
      opt(["品牌方", "商家", "服务商", "从业者", "投资人", "学生"]),
      true,
    ),
    q(
      23,
      null,
      1,
      "RADIO",
      "会员类型",
      "会员类型",
      "memberType",
      false,
      opt(["个人会员", "企业会员", "战略会员"]),
      true,
    ),

    q(101, 210, 1, "INPUT", "企业名称", "请填写营业执照上的企业名称", "companyName", true),
    q(
      102,
      210,
      2,
      "CHECKBOX_INPUT",
      "经营平台",
      "请选择贵司目前经营的平台（可多选）",
      "platforms",
      true,
      opt(["淘宝/天猫", "抖音电商", "京东", "拼多多", "快手电商"], "其他平台"),
    ),
    q(
      103,
      210,
      3,
      "RADIO",
      "主营类目",
      "请选择主营类目",
      "mainCategory",
      true,
      opt(["美妆个护", "服饰鞋包", "食品饮料", "家居家电", "3C数码", "其他"]),
    ),
    q(
      104,
      210,
      4,
      "CHECKBOX",
      "合作需求",
      "您希望获得哪些合作支持（可多选）",
      "cooperationNeeds",
      false,
      opt(["品牌曝光", "渠道对接", "培训课程", "行业报告", "活动参与"]),
    ),
    q(105, 210, 5, "TEXTAREA", "企业简介", "请简要介绍企业的主营业务和发展情况", "companyIntro", false),

    q(111, 278, 1, "INPUT", "店铺链接", "请填写您的店铺或直播间链接", "shopUrl", false),
    q(
      112,
      278,
      2,
      "RADIO",
      "粉丝量级",
      "当前账号的粉丝量级",
      "fanLevel",
      true,
      opt(["1万以下", "1万至10万", "10万至100万", "100万以上"]),
    ),
    q(
      113,
      278,
      3,
      "CHECKBOX_INPUT",
      "直播平台",
      "您主要在哪些平台直播（可多选）",
      "livePlatforms",
      true,
      opt(["抖音", "快手", "视频号", "淘宝直播"], "其他平台"),
    ),
    q(
      114,
      278,
      4,
      "CHECKBOX",
      "希望提升的能力",
      "您最希望在训练营中提升哪些能力",
      "skillGoals",
      false,
      opt(["选品", "脚本策划", "投流", "场控", "私域运营"]),
    ),
    q(
      115,
      278,
      5,
      "TEXTAREA",
      "当前遇到的问题",
      "请描述您在直播经营中遇到的主要问题",
      "currentProblems",
      false,
    ),

    q(121, 415, 1, "INPUT", "公司或机构", "请填写您所在的公司或机构", "organization", true),
    q(
      122,
      415,
      2,
      "RADIO",
      "所在行业",
      "您所在的行业",
      "industry",
      false,
      opt(["品牌方", "电商平台", "MCN机构", "服务商", "投资机构", "其他"]),
    ),
    q(
      123,
      415,
      3,
      "CHECKBOX",
      "关注主题",
      "您关注报告中的哪些主题",
      "reportTopics",
      false,
      opt(["市场规模", "平台格局", "主播生态", "监管政策"]),
    ),

    q(131, 416, 1, "INPUT", "参会人姓名", "请填写参会人姓名（用于制作胸卡）", "attendeeName", true),
    q(
      132,
      416,
      2,
      "RADIO",
      "参会身份",
      "您的参会身份",
      "attendeeRole",
      true,
      opt(["品牌方", "商家", "服务商", "媒体", "其他"]),
    ),
    q(
      133,
      416,
      3,
      "CHECKBOX",
      "感兴趣的议题",
      "您感兴趣的议题（可多选）",
      "topics",
      false,
      opt(["直播电商", "品牌出海", "AI应用", "私域运营", "供应链"]),
    ),
    q(134, 416, 4, "TEXTAREA", "交流意向", "您希望在大会上对接哪些资源", "networkingWishes", false),

    q(141, 417, 1, "INPUT", "职位", "请填写您的职位", "jobTitle", false),
    q(
      142,
      417,
      2,
      "CHECKBOX_INPUT",
      "关注市场",
      "您关注的海外市场（可多选）",
      "targetMarkets",
      true,
      opt(["东南亚", "北美", "欧洲", "中东"], "其他市场"),
    ),
  ];
}

// ---------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------

export function generateDemoContent(opts: {
  articleCount: number;
  seed?: number;
  now?: Date;
  bodyChars?: number;
}): DemoData {
  const seed = opts.seed ?? DEFAULT_SEED;
  const now = opts.now ?? new Date(DEFAULT_NOW);
  const tags = TAGS.slice();
  const articles = Array.from(
    generateArticles({
      count: opts.articleCount,
      seed,
      now,
      bodyChars: opts.bodyChars ?? DEFAULT_BODY_CHARS,
      tags,
    }),
  );
  const travel = makeTravel(new Rng(deriveSeed(seed, 4)));
  return {
    columns: COLUMNS.map((c) => ({ ...c })),
    tags,
    articles,
    banners: makeBanners(),
    partners: makePartners(new Rng(deriveSeed(seed, 2))),
    activities: makeActivities(new Rng(deriveSeed(seed, 3))),
    contacts: makeContacts(),
    travelTabs: travel.tabs,
    travelItems: travel.items,
    products: makeProducts(now.getUTCFullYear()),
    questions: makeQuestions(),
  };
}
