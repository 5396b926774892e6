import type { LandingPage, Pic } from "./landing";

/**
 * Starter templates of the console's 营销页面 (docs/product.md "Landing pages"): each makes a complete
 * page that passes LandingPageSchema, with Chinese placeholder text an editor replaces ("会议名称",
 * "嘉宾姓名") and pictures of the site's own landing pictures (public/landing/) until real ones are
 * uploaded. Placeholder outside links point at example.com so a page published unchanged leads nowhere.
 */

export type LandingTemplateKey = "conference" | "product" | "recruit";

export interface LandingTemplate {
  key: LandingTemplateKey;
  label: string;
  description: string;
  /** A new page at `path`, every section filled with placeholder text. */
  make(path: string): LandingPage;
}

/** A hero background (1440×520, no text on it). */
const heroPic = (folder: string, alt: string): Pic => ({
  src: `/landing/${folder}/hero.svg`,
  alt,
  w: 1440,
  h: 520,
  art: "bg",
});

/** A portrait placeholder (240×240) for a guest's photo. */
const guestPhoto = (n: number): Pic => ({
  src: `/landing/summit/guest-${n}.svg`,
  alt: `嘉宾${n}照片`,
  w: 240,
  h: 240,
  art: "portrait",
});

/** Where a placeholder button leads until the editor gives the real address. */
const PLACEHOLDER_LINK = "https://example.com/";

const conference: LandingTemplate = {
  key: "conference",
  label: "会议页",
  description: "页内导航、带日期和地点的头图、嘉宾、议程、购票按钮、合作媒体和联系方式",
  make: (path) => ({
    path,
    title: "会议名称 - 电商报",
    name: "会议名称",
    description: "会议简介：时间、地点、主题，一句话说明为什么值得参加。",
    shareImage: "/landing/summit/hero.svg",
    sections: [
      {
        type: "scrollNav",
        items: [
          { id: "home", label: "首页" },
          { id: "guests", label: "嘉宾" },
          { id: "agenda", label: "议程" },
          { id: "tickets", label: "门票" },
          { id: "partners", label: "合作媒体" },
          { id: "contact", label: "联系我们" },
        ],
        actions: [{ label: "购票", href: "#tickets" }],
      },
      {
        type: "hero",
        id: "home",
        eyebrow: "会议名称",
        title: "会议主题",
        subtitle: "一句话介绍会议：谁来讲、讲什么、听众能带走什么。",
        facts: ["2025 年 1 月 1 日", "城市 · 会场名称"],
        image: heroPic("summit", "会议主视觉"),
        buyAnchor: { label: "立即购票", href: "#tickets" },
      },
      {
        type: "people",
        id: "guests",
        title: "演讲嘉宾",
        reveal: true,
        people: [1, 2, 3, 4].map((n) => ({ name: "嘉宾姓名", title: "公司 职位", photo: guestPhoto(n) })),
      },
      {
        type: "agenda",
        id: "agenda",
        title: "会议议程",
        blocks: [
          {
            label: "上午",
            items: [
              { time: "09:30", title: "开幕致辞", speaker: "嘉宾姓名" },
              { time: "10:00", title: "主题演讲", speaker: "嘉宾姓名" },
              { time: "11:00", title: "圆桌讨论", speaker: "嘉宾姓名" },
            ],
          },
          {
            label: "下午",
            items: [
              { time: "13:30", title: "分论坛", speaker: "嘉宾姓名" },
              { time: "15:00", title: "闭幕", speaker: "嘉宾姓名" },
            ],
          },
        ],
      },
      {
        type: "buyStrip",
        id: "tickets",
        title: "购买门票",
        note: "门票说明：包含的权益、退改规则和发票。",
        buttons: [
          { label: "购买普通票", href: `${PLACEHOLDER_LINK}ticket/normal`, price: 0, caption: "普通票" },
          { label: "购买 VIP 票", href: `${PLACEHOLDER_LINK}ticket/vip`, price: 0, caption: "VIP 票" },
        ],
      },
      {
        type: "logos",
        id: "partners",
        title: "合作媒体",
        groups: [{ names: ["媒体名称", "媒体名称", "媒体名称", "媒体名称"] }],
      },
      {
        type: "contact",
        id: "contact",
        title: "联系我们",
        people: [
          { role: "参会咨询", name: "联系人姓名", phone: "400-000-0000" },
          { role: "赞助合作", name: "联系人姓名", phone: "400-000-0000" },
        ],
        address: "会场地址",
      },
    ],
  }),
};

const product: LandingTemplate = {
  key: "product",
  label: "单品页",
  description: "带价格热点的头图、服务包含的内容、服务流程和购买条",
  make: (path) => ({
    path,
    title: "产品名称 - 电商报",
    name: "产品名称",
    description: "产品简介：为谁解决什么问题，一句话说清。",
    shareImage: "/landing/yljzt/hero.svg",
    sections: [
      {
        type: "hero",
        eyebrow: "产品类别",
        title: "产品主标题",
        subtitle: "一句话说明产品带来的结果。",
        image: heroPic("yljzt", "产品主视觉"),
        buyAnchor: { label: "立即购买", href: "#buy" },
        hotspots: [
          { label: "基础版", price: 0, href: `${PLACEHOLDER_LINK}product/basic`, x: 72, y: 30 },
          { label: "进阶版", price: 0, href: `${PLACEHOLDER_LINK}product/pro`, x: 78, y: 60 },
        ],
      },
      {
        type: "features",
        id: "features",
        title: "服务包含什么",
        columns: 3,
        reveal: true,
        items: [
          { icon: "一", title: "服务内容", text: "这一项服务做什么、交付什么。" },
          { icon: "二", title: "服务内容", text: "这一项服务做什么、交付什么。" },
          { icon: "三", title: "服务内容", text: "这一项服务做什么、交付什么。" },
        ],
      },
      {
        type: "steps",
        id: "process",
        title: "服务流程",
        reveal: true,
        steps: [
          { title: "步骤名称", text: "这一步做什么。" },
          { title: "步骤名称", text: "这一步做什么。" },
          { title: "步骤名称", text: "这一步做什么。" },
          { title: "步骤名称", text: "这一步做什么。" },
        ],
      },
      {
        type: "buyStrip",
        id: "buy",
        title: "立即购买",
        note: "购买说明：付款后多久有人联系、如何开具发票。",
        buttons: [
          { label: "购买基础版", href: `${PLACEHOLDER_LINK}product/basic`, price: 0, caption: "基础版" },
          { label: "购买进阶版", href: `${PLACEHOLDER_LINK}product/pro`, price: 0, caption: "进阶版" },
        ],
      },
    ],
  }),
};

const recruit: LandingTemplate = {
  key: "recruit",
  label: "招募页",
  description: "头图、合作优势、合作流程、报名表单和申请条",
  make: (path) => ({
    path,
    title: "招募名称 - 电商报",
    name: "招募名称",
    description: "招募简介：招募谁、合作什么、有什么回报。",
    shareImage: "/landing/hz-zzc/hero.svg",
    sections: [
      {
        type: "hero",
        eyebrow: "合作招募",
        title: "招募主标题",
        subtitle: "一句话说明为什么和我们合作。",
        image: heroPic("hz-zzc", "招募主视觉"),
        buyAnchor: { label: "立即报名", href: "#signup" },
      },
      {
        type: "features",
        id: "advantages",
        title: "合作优势",
        columns: 3,
        reveal: true,
        items: [
          { icon: "优", title: "优势名称", text: "说明这项优势。" },
          { icon: "势", title: "优势名称", text: "说明这项优势。" },
          { icon: "强", title: "优势名称", text: "说明这项优势。" },
        ],
      },
      {
        type: "steps",
        id: "process",
        title: "合作流程",
        reveal: true,
        steps: [
          { title: "提交报名", text: "填写下方表单。" },
          { title: "审核沟通", text: "工作人员联系你确认合作细节。" },
          { title: "开始合作", text: "签约后开始合作。" },
        ],
      },
      {
        type: "leadForm",
        id: "signup",
        form: "business",
        title: "填写报名信息",
        intro: "提交后工作人员 1 个工作日内联系你。招募达人时把表单换成「达人合作」。",
      },
      {
        type: "ctaBand",
        id: "apply",
        tone: "brand",
        title: "现在申请合作",
        text: "名额有限，审核通过后尽快安排。",
        ctas: [{ label: "立即申请", href: "#signup" }],
      },
    ],
  }),
};

/** The starter templates, in the order the new-page dialog lists them. */
export const LANDING_TEMPLATES: readonly LandingTemplate[] = [conference, product, recruit];
