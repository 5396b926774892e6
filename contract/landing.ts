import { RemoteImagesReportSchema } from "./answers";
import { z } from "./zod";

/**
 * Landing pages: one zod schema per section type, the union of them on `type`, and the page. They
 * are the one description of a landing page: the renderer's types (app/landing/types.ts) are
 * inferred from them, and an API, its OpenAPI document and an editor's forms read the same schemas.
 *
 * Every field carries its Chinese label (`title`) and, where useful, help text (`description`) in
 * its metadata, so a form can be made from a schema. Fields that hold HTML are `RichTextSchema`
 * (metadata `html: true`): the server sanitises them. Links are `LinkHrefSchema` (`link: true`),
 * pictures `PicSchema` (`picture: true`). Unknown fields and unknown section types are refused.
 *
 * App code imports only the types of this module (`import type`): the schemas never reach the
 * public pages' client bundle.
 */

export const LANDING_MESSAGES = {
  notObject: "格式不正确",
  unknownFields: (keys: readonly string[]) => `不支持的字段：${keys.join("、")}`,
  unknownSection: (type: unknown) =>
    typeof type === "string" && type ? `未知的区块类型：${type}` : "请选择区块类型",
  link: (label: string) =>
    `${label}只能是 http(s):// 网址、以 / 开头的站内路径、# 开头的页内锚点或 tel: 电话号码`,
  src: (label: string) => `${label}须是以 / 开头的站内地址或 http(s):// 网址`,
  anchor: "锚点只能包含字母、数字、下划线和连字符，并以字母开头",
  path: "页面路径须以 / 开头，只能包含字母、数字、下划线、连字符、点和 /",
  phone: (label: string) => `请输入正确的${label}`,
  email: "请输入正确的邮箱",
} as const;

// ------------------------------------------------------------------ field builders

/** Label and help text of a field, as an editor's form shows them. */
const labelled = <T extends z.ZodType>(schema: T, title: string, description?: string): T =>
  schema.meta(description ? { title, description } : { title });

/** An optional field, carrying the label of the field it wraps. */
const opt = <T extends z.ZodType>(schema: T) => schema.optional().meta(schema.meta() ?? {});

/** An object that refuses fields it does not know. */
const strict = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? LANDING_MESSAGES.unknownFields(iss.keys)
        : LANDING_MESSAGES.notObject,
  });

const text = (title: string, max: number, description?: string) =>
  labelled(
    z
      .string({ error: `请填写${title}` })
      .min(1, `请填写${title}`)
      .max(max, `${title}不能超过 ${max} 个字`),
    title,
    description,
  );

const flag = (title: string, description?: string) =>
  labelled(z.boolean({ error: `${title}须为是或否` }), title, description);

const int = (title: string, min: number, max: number, description?: string) =>
  labelled(
    z
      .number({ error: `${title}须是数字` })
      .int(`${title}须是整数`)
      .min(min, `${title}不能小于 ${min}`)
      .max(max, `${title}不能大于 ${max}`),
    title,
    description,
  );

/** A price in yuan (whole yuan or up to two decimals). */
const yuan = (title: string) =>
  labelled(
    z
      .number({ error: `${title}须是数字` })
      .min(0, `${title}不能小于 0`)
      .max(10_000_000, `${title}不能超过 1000 万元`)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${title}最多两位小数`),
    title,
    "单位：元",
  );

/** One of a few values; `options` gives each its Chinese label. */
const choice = <const V extends string>(title: string, options: Record<V, string>, description?: string) =>
  z
    .enum(Object.keys(options) as [V, ...V[]], { error: `请选择${title}` })
    .meta({ title, ...(description ? { description } : {}), options });

const list = <T extends z.ZodType>(item: T, title: string, min: number, max: number, description?: string) =>
  labelled(
    z
      .array(item, { error: `${title}格式不正确` })
      .min(min, `请至少添加 ${min} 项${title}`)
      .max(max, `${title}最多 ${max} 项`),
    title,
    description,
  );

/** http(s) addresses, site paths (one leading slash), in-page anchors and tel: numbers. */
const HREF_RE = /^(?:https?:\/\/[^\s/\\?#][^\s\\]*|\/(?![/\\])[^\s\\]*|#[A-Za-z][\w-]*|tel:\+?\d[\d-]*)$/;
/** Addresses of pictures, clips and captions: site paths (one leading slash) and http(s) addresses. */
const SRC_RE = /^(?:https?:\/\/[^\s/\\?#][^\s\\]*|\/(?![/\\])[^\s\\]*)$/;

const linkHref = (title: string, description?: string) =>
  z
    .string({ error: `请填写${title}` })
    .min(1, `请填写${title}`)
    .max(1000, `${title}不能超过 1000 个字符`)
    .regex(HREF_RE, LANDING_MESSAGES.link(title))
    .meta({ title, ...(description ? { description } : {}), link: true });

const mediaSrc = (title: string, description?: string) =>
  labelled(
    z
      .string({ error: `请填写${title}` })
      .min(1, `请填写${title}`)
      .max(500, `${title}不能超过 500 个字符`)
      .regex(SRC_RE, LANDING_MESSAGES.src(title)),
    title,
    description,
  );

const anchorId = (title: string, description?: string) =>
  labelled(
    z
      .string({ error: `请填写${title}` })
      .max(40, `${title}不能超过 40 个字符`)
      .regex(/^[A-Za-z][\w-]*$/, LANDING_MESSAGES.anchor),
    title,
    description,
  );

const phone = (title: string) =>
  labelled(
    z.string({ error: `请填写${title}` }).regex(/^\+?[\d\s()-]{5,30}$/, LANDING_MESSAGES.phone(title)),
    title,
    "座机或手机，可含空格与连字符",
  );

/** A key naming an item for scripts and styles (data-key, data-package). */
const itemKey = (title: string) =>
  labelled(
    z
      .string({ error: `请填写${title}` })
      .regex(/^[A-Za-z0-9_-]{1,40}$/, `${title}只能包含字母、数字、下划线和连字符`),
    title,
    "页面内唯一的英文标识",
  );

// ------------------------------------------------------------------ shared values

/** A link: an http(s) address, a site path, an in-page anchor (#…) or a tel: number. */
export const LinkHrefSchema = linkHref("链接");

/** Short HTML an editor writes (bold, links, line breaks): sanitised by the server before it is stored. */
export const RichTextSchema = z
  .string({ error: "请填写内容" })
  .max(5000, "内容不能超过 5000 个字")
  .meta({ title: "富文本", html: true });

/** A picture: its address, the text read instead of it, and its natural size. */
export const PicSchema = strict({
  src: mediaSrc("图片地址", "上传的图片或 http(s) 图片地址"),
  alt: text("替代文字", 100, "图片无法显示时与读屏软件读出的文字；海报上也作为标题"),
  w: int("宽度", 1, 10_000, "图片原始宽度，像素"),
  h: int("高度", 1, 10_000, "图片原始高度，像素"),
  art: opt(
    choice(
      "占位图样式",
      { poster: "海报", bg: "背景", portrait: "人像", feed: "长截图" },
      "演示图片的绘制方式",
    ),
  ),
  sub: opt(text("海报副标题", 40, "海报上较小的第二行")),
}).meta({ title: "图片", picture: true });

/** A short clip with its poster and captions. */
export const ClipSchema = strict({
  src: mediaSrc("视频地址"),
  poster: PicSchema.meta({ title: "视频封面", picture: true }),
  title: text("视频标题", 60),
  captions: mediaSrc("字幕文件", "WebVTT 字幕地址"),
}).meta({ title: "视频" });

const ctaShape = {
  label: text("按钮文字", 30),
  href: linkHref("链接"),
  sameWindow: opt(flag("在本窗口打开", "默认在新窗口打开；页内锚点总在本页滚动")),
  variant: opt(choice("按钮样式", { primary: "主按钮", ghost: "描边按钮", light: "浅色按钮" })),
};

/**
 * A link or button. Everything opens in a new window (target=_blank, rel=noopener noreferrer)
 * except in-page anchors (#id) and links marked sameWindow.
 */
export const CtaSchema = strict(ctaShape).meta({ title: "按钮" });

// ------------------------------------------------------------------ sections

const baseShape = {
  id: opt(anchorId("锚点", "页内导航与购买按钮跳转到此区块时使用")),
  reveal: opt(flag("滚动渐显", "区块进入视野前 600px 时以短动画出现")),
  tone: opt(
    choice("背景色", { white: "白色", grey: "灰色", dark: "深色", brand: "品牌色" }, "不选时白色与灰色交替"),
  ),
  hidden: opt(flag("隐藏", "保留但不在页面上显示")),
};

/** A section of one type: its own fields after the shared ones (anchor, reveal, background, hidden). */
const section = <const T extends string, S extends z.core.$ZodLooseShape>(
  type: T,
  title: string,
  description: string,
  shape: S,
) => strict({ type: z.literal(type), ...baseShape, ...shape }).meta({ title, description });

const title = (label = "标题", max = 60) => text(label, max);
const intro = () => opt(text("导语", 300, "标题下的一段说明"));

export const HeroSectionSchema = section("hero", "头图", "页面顶部的大图与标题、购买锚点和价格热点", {
  eyebrow: opt(text("小标题", 40, "标题上方的一行小字")),
  title: title("主标题", 60),
  subtitle: opt(text("副标题", 120)),
  facts: opt(list(text("信息", 40), "信息行", 1, 6, "日期、地点等，显示在副标题下")),
  image: PicSchema.meta({ title: "背景图", picture: true, description: "建议 1440×520" }),
  buyAnchor: opt(CtaSchema.meta({ title: "购买锚点", description: "滚动到放购买按钮的区块，如 #tickets" })),
  ctas: opt(list(CtaSchema, "按钮", 1, 4)),
  hotspots: opt(
    list(
      strict({
        label: text("热点名称", 20),
        price: opt(yuan("价格")),
        href: linkHref("链接", "打开对应的产品页"),
        x: int("横向位置", 0, 100, "距头图左边的百分比"),
        y: int("纵向位置", 0, 100, "距头图上边的百分比"),
      }).meta({ title: "价格热点" }),
      "价格热点",
      1,
      6,
      "图上的产品点，每个打开自己的产品页",
    ),
  ),
});

export const BuyStripSectionSchema = section("buyStrip", "购买条", "一排带价格的购买按钮", {
  title: title(),
  note: opt(text("说明", 200)),
  buttons: list(
    strict({
      ...ctaShape,
      price: opt(yuan("价格")),
      caption: opt(text("按钮上方说明", 40)),
    }).meta({ title: "购买按钮" }),
    "购买按钮",
    1,
    8,
  ),
});

export const FloatingPanelSectionSchema = section(
  "floatingPanel",
  "右侧浮动面板",
  "固定在右侧的诊断、咨询与报名按钮，可收起",
  {
    diagnosis: CtaSchema.meta({ title: "诊断按钮" }),
    consultLabel: text("咨询按钮文字", 10),
    phone: phone("咨询电话"),
    signup: opt(CtaSchema.meta({ title: "报名按钮" })),
  },
);

export const SolutionTabsSectionSchema = section(
  "solutionTabs",
  "方案标签页",
  "每个标签一个套餐：介绍、投放渠道、说明、价格与购买链接",
  {
    title: title(),
    intro: intro(),
    tabs: list(
      strict({
        key: itemKey("标识"),
        label: text("标签名称", 20),
        price: yuan("价格"),
        intro: text("介绍", 300),
        channels: list(text("渠道", 20), "投放渠道", 1, 12),
        note: text("补充说明", 300),
        buy: CtaSchema.meta({ title: "购买按钮" }),
        image: PicSchema.meta({ title: "配图", picture: true }),
      }).meta({ title: "标签" }),
      "标签",
      1,
      8,
    ),
  },
);

export const PackageCardsSectionSchema = section(
  "packageCards",
  "套餐卡片",
  "套餐及其服务详情、备注和咨询按钮",
  {
    title: title(),
    intro: intro(),
    cards: list(
      strict({
        key: itemKey("标识"),
        name: text("套餐名称", 30),
        price: yuan("价格"),
        items: int("内容数量", 0, 10_000, "共多少项种草内容"),
        summary: text("简介", 200),
        details: list(text("详情", 100), "服务详情", 1, 20),
        featured: opt(flag("突出显示")),
        buy: CtaSchema.meta({ title: "购买按钮" }),
      }).meta({ title: "套餐" }),
      "套餐",
      1,
      6,
    ),
    remarks: strict({
      label: text("备注按钮文字", 20),
      lines: list(text("备注", 200), "备注", 1, 20),
    }).meta({ title: "备注" }),
    service: text("服务说明", 100),
    consult: CtaSchema.meta({ title: "咨询按钮" }),
  },
);

export const ToggleGallerySectionSchema = section("toggleGallery", "切换图组", "一个切换按钮，两组图片", {
  title: title(),
  options: list(
    strict({
      key: itemKey("标识"),
      label: text("选项名称", 20),
      text: text("说明", 300),
      images: list(PicSchema, "图片", 1, 12),
    }).meta({ title: "选项" }),
    "选项",
    2,
    6,
  ),
});

export const HoverSwitcherSectionSchema = section(
  "hoverSwitcher",
  "悬停切换图",
  "一列条目，悬停或点按时显示对应图片",
  {
    title: title(),
    intro: intro(),
    items: list(
      strict({
        label: text("条目名称", 20),
        text: text("说明", 200),
        image: PicSchema,
      }).meta({ title: "条目" }),
      "条目",
      1,
      12,
    ),
  },
);

export const HoverScrollSectionSchema = section(
  "hoverScroll",
  "悬停滚动长图",
  "长图放在矮框里，悬停时每 15 毫秒向下滚动 1 像素",
  {
    title: title(),
    intro: intro(),
    items: list(
      strict({ caption: text("图注", 60), image: PicSchema }).meta({ title: "长图" }),
      "长图",
      1,
      8,
    ),
  },
);

export const HoverVideosSectionSchema = section(
  "hoverVideos",
  "悬停播放视频",
  "竖版短视频，悬停时播放（手机上点按播放）",
  {
    title: title(),
    intro: intro(),
    clips: list(
      strict({
        ...ClipSchema.shape,
        caption: text("视频说明", 100),
      }).meta({ title: "视频" }),
      "视频",
      1,
      8,
    ),
  },
);

export const CaseCarouselSectionSchema = section(
  "caseCarousel",
  "案例轮播",
  "自动轮播的案例，悬停或聚焦时暂停",
  {
    title: title(),
    intervalMs: int("轮播间隔", 1000, 60_000, "毫秒，通常 4000"),
    slides: list(
      strict({
        title: text("案例标题", 60),
        text: text("案例说明", 300),
        metrics: list(text("数据", 30), "数据标签", 0, 6),
        image: PicSchema,
      }).meta({ title: "案例" }),
      "案例",
      1,
      12,
    ),
    more: opt(CtaSchema.meta({ title: "更多按钮" })),
  },
);

export const VideoGridSectionSchema = section(
  "videoGrid",
  "视频网格",
  "带封面和字幕的内嵌视频，点播放后才加载",
  {
    title: title(),
    intro: intro(),
    clips: list(
      strict({
        ...ClipSchema.shape,
        caption: opt(text("视频说明", 100)),
      }).meta({ title: "视频" }),
      "视频",
      1,
      12,
    ),
    ctas: opt(list(CtaSchema, "按钮", 1, 4)),
  },
);

export const ScrollNavSectionSchema = section(
  "scrollNav",
  "页内导航",
  "吸顶菜单，滚动到各区块并标出正在阅读的一项",
  {
    items: list(
      strict({
        id: anchorId("目标锚点", "要滚动到的区块的锚点"),
        label: text("菜单文字", 10),
      }).meta({ title: "菜单项" }),
      "菜单项",
      1,
      10,
      "按页面顺序排列",
    ),
    actions: opt(list(CtaSchema, "菜单按钮", 1, 3, "菜单末尾的按钮（回顾、购票）")),
  },
);

export const ContactSectionSchema = section("contact", "联系方式", "联系人卡片、地址和按钮", {
  title: title(),
  intro: intro(),
  people: list(
    strict({
      role: text("职责", 20),
      name: text("姓名", 20),
      phone: phone("电话"),
      email: opt(
        labelled(
          z
            .string({ error: LANDING_MESSAGES.email })
            .max(100, LANDING_MESSAGES.email)
            .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, LANDING_MESSAGES.email),
          "邮箱",
        ),
      ),
      wechat: opt(text("微信号", 40)),
    }).meta({ title: "联系人" }),
    "联系人",
    1,
    8,
  ),
  address: opt(text("地址", 100)),
  cta: opt(CtaSchema),
});

export const FeaturesSectionSchema = section(
  "features",
  "特色卡片",
  "一组卡片：标题、说明，可带图片、图标字或按钮",
  {
    title: title(),
    intro: intro(),
    columns: opt(
      labelled(z.literal([2, 3, 4], { error: "每行卡片数只能是 2、3 或 4" }), "每行卡片数", "默认 3"),
    ),
    items: list(
      strict({
        title: text("卡片标题", 40),
        text: text("卡片说明", 300),
        image: opt(PicSchema),
        icon: opt(text("图标字", 2, "卡片上方的一个字，如「诊」")),
        cta: opt(CtaSchema),
      }).meta({ title: "卡片" }),
      "卡片",
      1,
      12,
    ),
  },
);

export const SplitSectionSchema = section("split", "图文并排", "一侧文字（段落、要点、按钮），一侧图片", {
  title: title(),
  paragraphs: list(text("段落", 500), "段落", 1, 6),
  bullets: opt(list(text("要点", 60), "要点", 1, 10)),
  image: PicSchema,
  reverse: opt(flag("图片在左")),
  ctas: opt(list(CtaSchema, "按钮", 1, 4)),
});

export const StepsSectionSchema = section("steps", "步骤", "编号的流程步骤", {
  title: title(),
  intro: intro(),
  steps: list(
    strict({ title: text("步骤名称", 30), text: text("步骤说明", 200) }).meta({ title: "步骤" }),
    "步骤",
    1,
    12,
  ),
});

export const StatsSectionSchema = section("stats", "数据", "一排大号数字及其说明", {
  title: opt(title()),
  items: list(
    strict({
      value: text("数值", 12),
      unit: opt(text("单位", 6)),
      label: text("说明", 30),
    }).meta({ title: "数据" }),
    "数据",
    1,
    8,
  ),
});

export const PlansSectionSchema = section("plans", "价格方案", "方案卡片：价格、权益、限额和按钮", {
  title: title(),
  intro: intro(),
  plans: list(
    strict({
      name: text("方案名称", 30),
      price: yuan("价格"),
      unit: opt(text("价格单位", 10, "默认「元」")),
      badge: opt(text("角标", 10)),
      perks: list(text("权益", 60), "权益", 1, 12),
      limit: opt(text("限额", 30)),
      cta: CtaSchema,
      featured: opt(flag("突出显示")),
    }).meta({ title: "方案" }),
    "方案",
    1,
    6,
  ),
  note: opt(text("备注", 200)),
});

export const AgendaSectionSchema = section("agenda", "议程", "按时段分组的议程", {
  title: title(),
  intro: intro(),
  blocks: list(
    strict({
      label: text("时段", 20),
      items: list(
        strict({
          time: text("时间", 20),
          title: text("议题", 60),
          speaker: opt(text("讲者", 40)),
        }).meta({ title: "议程" }),
        "议程",
        1,
        30,
      ),
    }).meta({ title: "时段" }),
    "时段",
    1,
    8,
  ),
});

export const PeopleSectionSchema = section("people", "嘉宾", "嘉宾照片、姓名和头衔", {
  title: title(),
  intro: intro(),
  people: list(
    strict({
      name: text("姓名", 20),
      title: text("头衔", 40),
      photo: PicSchema.meta({ title: "照片", picture: true, description: "建议 320×320" }),
    }).meta({ title: "嘉宾" }),
    "嘉宾",
    1,
    40,
  ),
});

export const LogosSectionSchema = section("logos", "合作伙伴", "分组列出的合作伙伴名称", {
  title: title(),
  groups: list(
    strict({
      label: opt(text("分组名称", 20)),
      names: list(text("名称", 20), "名称", 1, 60),
    }).meta({ title: "分组" }),
    "分组",
    1,
    8,
  ),
});

export const GallerySectionSchema = section("gallery", "图集", "带图注的一组图片（图注即替代文字）", {
  title: title(),
  intro: intro(),
  images: list(PicSchema, "图片", 1, 24),
});

export const LinksSectionSchema = section("links", "报道链接", "外部报道：标题、来源、日期和摘要", {
  title: title(),
  intro: intro(),
  items: list(
    strict({
      title: text("报道标题", 80),
      source: text("来源", 20),
      date: opt(text("日期", 20)),
      href: linkHref("链接"),
      summary: opt(text("摘要", 200)),
    }).meta({ title: "报道" }),
    "报道",
    1,
    20,
  ),
});

export const AwardsSectionSchema = section("awards", "奖项", "奖项及获奖者", {
  title: title(),
  intro: intro(),
  awards: list(
    strict({
      award: text("奖项名称", 30),
      winners: list(text("获奖者", 30), "获奖者", 1, 20),
    }).meta({ title: "奖项" }),
    "奖项",
    1,
    20,
  ),
});

export const StepperSectionSchema = section("stepper", "逐个切换", "一次显示一项，用上一个/下一个切换", {
  title: title(),
  intro: intro(),
  items: list(
    strict({
      title: text("标题", 40),
      text: text("说明", 300),
      image: PicSchema,
      cta: opt(CtaSchema),
    }).meta({ title: "条目" }),
    "条目",
    1,
    12,
  ),
});

export const MediaEntriesSectionSchema = section(
  "mediaEntries",
  "音视频与文章",
  "视频、文章和音频条目，各带封面和链接",
  {
    title: title(),
    intro: intro(),
    entries: list(
      strict({
        kind: choice("类型", { video: "视频", article: "文章", audio: "音频" }),
        title: text("标题", 60),
        text: text("说明", 300),
        poster: PicSchema.meta({ title: "封面", picture: true }),
        href: linkHref("链接", "完整视频、全文或音频的地址"),
        clip: opt(ClipSchema.meta({ title: "内嵌视频", description: "有则在卡片内播放，代替封面" })),
        duration: opt(text("时长", 10)),
      }).meta({ title: "条目" }),
      "条目",
      1,
      20,
    ),
  },
);

export const LinkTabsSectionSchema = section("linkTabs", "文档标签", "每个标签打开一份外部文档", {
  title: title(),
  intro: intro(),
  tabs: list(
    strict({
      label: text("标签名称", 20),
      text: text("说明", 100),
      href: linkHref("文档链接"),
    }).meta({ title: "标签" }),
    "标签",
    1,
    12,
  ),
});

export const LevelsSectionSchema = section("levels", "进阶路线", "分阶段的课程、直播和文档", {
  title: title(),
  intro: intro(),
  levels: list(
    strict({
      name: text("阶段名称", 20),
      text: text("阶段说明", 200),
      items: list(
        strict({
          label: text("名称", 40),
          href: linkHref("链接"),
          kind: choice("类型", { 课程: "课程", 直播: "直播", 文档: "文档" }),
        }).meta({ title: "条目" }),
        "条目",
        1,
        12,
      ),
    }).meta({ title: "阶段" }),
    "阶段",
    1,
    8,
  ),
});

export const CtaBandSectionSchema = section("ctaBand", "行动条", "一句标题、一段说明和按钮", {
  title: title(),
  text: opt(text("说明", 200)),
  ctas: list(CtaSchema, "按钮", 1, 4),
});

export const CatalogSectionSchema = section("catalog", "产品目录", "产品卡片：图片、说明、价格和按钮", {
  title: title(),
  intro: intro(),
  items: list(
    strict({
      name: text("产品名称", 30),
      text: text("产品说明", 200),
      price: opt(yuan("价格")),
      unit: opt(text("价格单位", 10, "默认「元」")),
      image: PicSchema,
      cta: CtaSchema,
      tag: opt(text("标签", 6)),
    }).meta({ title: "产品" }),
    "产品",
    1,
    30,
  ),
});

export const LiveFrameSectionSchema = section(
  "liveFrame",
  "直播间",
  "在沙箱框架中嵌入直播间，并给出新窗口打开的按钮",
  {
    title: title("标题", 40),
    intro: opt(text("导语", 200, "标题下的一段说明")),
    src: opt(
      labelled(
        z
          .string({ error: "请填写直播间地址" })
          .max(1000, "直播间地址不能超过 1000 个字符")
          .regex(/^https:\/\/[^\s/\\?#][^\s\\]*$/, "直播间地址须是 https:// 网址"),
        "直播间地址",
        "只能是站点允许的直播平台地址；不填时用站点配置的直播间",
      ),
    ),
    frameTitle: text("框架标题", 40, "读屏软件读出的直播框架名称"),
    height: int("框架高度", 200, 3000, "像素，通常 1000"),
    openLabel: text("新窗口按钮文字", 20),
    noFrames: text("不支持框架时的提示", 200),
  },
);

export const ArticleListSectionSchema = section(
  "articleList",
  "文章列表",
  "某个栏目、标签或关键词的最新文章，发布匹配的文章后自动更新",
  {
    title: title("标题", 40),
    intro: opt(text("导语", 200, "标题下的一段说明")),
    source: choice("文章来源", { keyword: "关键词", column: "栏目", tag: "标签" }),
    keyword: opt(text("关键词", 30, "文章来源为关键词时填写")),
    columnId: opt(int("栏目", 1, 1_000_000_000, "文章来源为栏目时填写栏目编号")),
    tagId: opt(int("标签", 1, 1_000_000_000, "文章来源为标签时填写标签编号")),
    count: int("文章数", 1, 20, "显示最新的几篇"),
    empty: opt(text("没有文章时的提示", 60)),
    ctas: opt(list(CtaSchema, "按钮", 1, 4, "列表下方的按钮")),
  },
).refine(
  (s) =>
    (s.source === "keyword" && !!s.keyword) ||
    (s.source === "column" && s.columnId !== undefined) ||
    (s.source === "tag" && s.tagId !== undefined),
  { message: "请填写所选文章来源的关键词、栏目或标签", path: ["source"] },
);

/** The merchant (商家合作) or influencer (达人合作) form of the MCN page; each lead records this page. */
export const LeadFormSectionSchema = section(
  "leadForm",
  "线索表单",
  "商家合作或达人合作表单；提交的线索记下来自本页，可在「MCN 线索」中按页面筛选",
  {
    form: choice("表单", { business: "商家合作", expert: "达人合作" }, "与 MCN 页面的表单相同"),
    title: title(),
    intro: intro(),
  },
);

/**
 * A buy button: the sign-up page of one of the console's 报名产品, or an outside shop's page (new
 * window). A product that is gone is refused by the API and hidden on the public page.
 */
export const BuyButtonSectionSchema = section(
  "buyButton",
  "购买按钮",
  "打开一个报名产品的在线报名页，或外部店铺的商品链接",
  {
    title: opt(title()),
    text: opt(text("说明", 200)),
    label: text("按钮文字", 30),
    source: choice("购买方式", { product: "报名产品", link: "外部链接" }),
    productId: opt(
      int("报名产品", 1, 2_147_483_647, "购买方式为报名产品时选择；按钮打开该产品的在线报名页").meta({
        title: "报名产品",
        description: "购买方式为报名产品时选择；按钮打开该产品的在线报名页",
        product: true,
      }),
    ),
    href: opt(linkHref("外部链接", "购买方式为外部链接时填写，在新窗口打开")),
    priceNote: opt(text("价格说明", 40, "如「¥1980 / 人」，显示在按钮旁")),
  },
).superRefine((s, ctx) => {
  if (s.source === "product" && s.productId === undefined)
    ctx.addIssue({ code: "custom", message: "请选择报名产品", path: ["productId"] });
  if (s.source === "link" && !s.href)
    ctx.addIssue({ code: "custom", message: "请填写外部链接", path: ["href"] });
});

/** Every section schema, by type: the editor's palette lists them in this order. */
export const SECTION_SCHEMAS = {
  hero: HeroSectionSchema,
  buyStrip: BuyStripSectionSchema,
  floatingPanel: FloatingPanelSectionSchema,
  solutionTabs: SolutionTabsSectionSchema,
  packageCards: PackageCardsSectionSchema,
  toggleGallery: ToggleGallerySectionSchema,
  hoverSwitcher: HoverSwitcherSectionSchema,
  hoverScroll: HoverScrollSectionSchema,
  hoverVideos: HoverVideosSectionSchema,
  caseCarousel: CaseCarouselSectionSchema,
  videoGrid: VideoGridSectionSchema,
  scrollNav: ScrollNavSectionSchema,
  contact: ContactSectionSchema,
  features: FeaturesSectionSchema,
  split: SplitSectionSchema,
  steps: StepsSectionSchema,
  stats: StatsSectionSchema,
  plans: PlansSectionSchema,
  agenda: AgendaSectionSchema,
  people: PeopleSectionSchema,
  logos: LogosSectionSchema,
  gallery: GallerySectionSchema,
  links: LinksSectionSchema,
  awards: AwardsSectionSchema,
  stepper: StepperSectionSchema,
  mediaEntries: MediaEntriesSectionSchema,
  linkTabs: LinkTabsSectionSchema,
  levels: LevelsSectionSchema,
  ctaBand: CtaBandSectionSchema,
  catalog: CatalogSectionSchema,
  liveFrame: LiveFrameSectionSchema,
  articleList: ArticleListSectionSchema,
  leadForm: LeadFormSectionSchema,
  buyButton: BuyButtonSectionSchema,
} as const;

export const SectionSchema = z
  .discriminatedUnion(
    "type",
    [
      HeroSectionSchema,
      BuyStripSectionSchema,
      FloatingPanelSectionSchema,
      SolutionTabsSectionSchema,
      PackageCardsSectionSchema,
      ToggleGallerySectionSchema,
      HoverSwitcherSectionSchema,
      HoverScrollSectionSchema,
      HoverVideosSectionSchema,
      CaseCarouselSectionSchema,
      VideoGridSectionSchema,
      ScrollNavSectionSchema,
      ContactSectionSchema,
      FeaturesSectionSchema,
      SplitSectionSchema,
      StepsSectionSchema,
      StatsSectionSchema,
      PlansSectionSchema,
      AgendaSectionSchema,
      PeopleSectionSchema,
      LogosSectionSchema,
      GallerySectionSchema,
      LinksSectionSchema,
      AwardsSectionSchema,
      StepperSectionSchema,
      MediaEntriesSectionSchema,
      LinkTabsSectionSchema,
      LevelsSectionSchema,
      CtaBandSectionSchema,
      CatalogSectionSchema,
      LiveFrameSectionSchema,
      ArticleListSectionSchema,
      LeadFormSectionSchema,
      BuyButtonSectionSchema,
    ],
    {
      error: (iss) =>
        iss.code === "invalid_union"
          ? LANDING_MESSAGES.unknownSection((iss.input as { type?: unknown } | undefined)?.type)
          : LANDING_MESSAGES.notObject,
    },
  )
  .meta({ title: "区块" });

/** A landing page: its path, the texts search engines and shares show, and its sections in order. */
export const LandingPageSchema = strict({
  path: labelled(
    z
      .string({ error: "请填写页面路径" })
      .max(200, "页面路径不能超过 200 个字符")
      .regex(/^\/(?![/\\])[A-Za-z0-9/_.-]*$/, LANDING_MESSAGES.path),
    "页面路径",
    "如 /market/products/strawBag",
  ),
  title: text("页面标题", 80, "浏览器标签和搜索结果中的标题"),
  name: text("页面名称", 30, "显示在页面顶部栏"),
  description: text("页面描述", 200, "搜索结果摘要与微信分享卡片的描述"),
  shareTitle: opt(text("分享标题", 80, "微信分享卡片的标题；不填用页面标题")),
  shareDescription: opt(text("分享描述", 200, "微信分享卡片的描述；不填用页面描述")),
  shareImage: opt(mediaSrc("分享图片", "微信分享卡片与 og:image 的图片；不填用站点图标")),
  layout: opt(
    choice(
      "页面框架",
      { landing: "营销页框架", news: "资讯站框架" },
      "营销页框架：简洁的顶栏与页脚；资讯站框架：与资讯页相同的头部、侧栏和页脚，适合专题文章列表",
    ),
  ),
  sections: list(SectionSchema, "区块", 1, 100),
}).meta({ title: "营销页面" });

// ------------------------------------------------------------------ types

export type Pic = z.infer<typeof PicSchema>;
export type Clip = z.infer<typeof ClipSchema>;
export type Cta = z.infer<typeof CtaSchema>;
export type HeroSection = z.infer<typeof HeroSectionSchema>;
export type BuyStripSection = z.infer<typeof BuyStripSectionSchema>;
export type FloatingPanelSection = z.infer<typeof FloatingPanelSectionSchema>;
export type SolutionTabsSection = z.infer<typeof SolutionTabsSectionSchema>;
export type PackageCardsSection = z.infer<typeof PackageCardsSectionSchema>;
export type ToggleGallerySection = z.infer<typeof ToggleGallerySectionSchema>;
export type HoverSwitcherSection = z.infer<typeof HoverSwitcherSectionSchema>;
export type HoverScrollSection = z.infer<typeof HoverScrollSectionSchema>;
export type HoverVideosSection = z.infer<typeof HoverVideosSectionSchema>;
export type CaseCarouselSection = z.infer<typeof CaseCarouselSectionSchema>;
export type VideoGridSection = z.infer<typeof VideoGridSectionSchema>;
export type ScrollNavSection = z.infer<typeof ScrollNavSectionSchema>;
export type ContactSection = z.infer<typeof ContactSectionSchema>;
export type FeaturesSection = z.infer<typeof FeaturesSectionSchema>;
export type SplitSection = z.infer<typeof SplitSectionSchema>;
export type StepsSection = z.infer<typeof StepsSectionSchema>;
export type StatsSection = z.infer<typeof StatsSectionSchema>;
export type PlansSection = z.infer<typeof PlansSectionSchema>;
export type AgendaSection = z.infer<typeof AgendaSectionSchema>;
export type PeopleSection = z.infer<typeof PeopleSectionSchema>;
export type LogosSection = z.infer<typeof LogosSectionSchema>;
export type GallerySection = z.infer<typeof GallerySectionSchema>;
export type LinksSection = z.infer<typeof LinksSectionSchema>;
export type AwardsSection = z.infer<typeof AwardsSectionSchema>;
export type StepperSection = z.infer<typeof StepperSectionSchema>;
export type MediaEntriesSection = z.infer<typeof MediaEntriesSectionSchema>;
export type LinkTabsSection = z.infer<typeof LinkTabsSectionSchema>;
export type LevelsSection = z.infer<typeof LevelsSectionSchema>;
export type CtaBandSection = z.infer<typeof CtaBandSectionSchema>;
export type CatalogSection = z.infer<typeof CatalogSectionSchema>;
export type LiveFrameSection = z.infer<typeof LiveFrameSectionSchema>;
export type ArticleListSection = z.infer<typeof ArticleListSectionSchema>;
export type LeadFormSection = z.infer<typeof LeadFormSectionSchema>;
export type BuyButtonSection = z.infer<typeof BuyButtonSectionSchema>;
export type Section = z.infer<typeof SectionSchema>;
export type SectionType = Section["type"];
export type LandingPage = z.infer<typeof LandingPageSchema>;

// ------------------------------------------------------------------ console

/** draft: being written; scheduled: public at publishAt; published: public; offline: taken down. */
export const LANDING_STATUS_LABEL = {
  draft: "草稿",
  scheduled: "定时发布",
  published: "已发布",
  offline: "已下线",
} as const;
export type LandingStatus = keyof typeof LANDING_STATUS_LABEL;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** The console's list: search by name or path, filter by status, paged. */
export const LandingFilterSchema = z.object({
  q: z.preprocess(blank, z.string().trim().max(100, "搜索词不能超过 100 个字").optional()),
  status: z.preprocess(
    blank,
    z
      .enum(Object.keys(LANDING_STATUS_LABEL) as [LandingStatus, ...LandingStatus[]], {
        error: "页面状态不正确",
      })
      .optional(),
  ),
  page: z.coerce.number({ error: "页码不正确" }).int().min(1, "页码不正确").max(100000).default(1),
  pageSize: z.coerce
    .number({ error: "每页条数不正确" })
    .int()
    .min(1, "每页条数不正确")
    .max(200, "每页最多 200 条")
    .default(20),
});

/** A change of a page: the whole page, and the version the editor started from (older: refused). */
export const LandingUpdateSchema = LandingPageSchema.extend({
  version: z.number({ error: "缺少页面版本" }).int("页面版本不正确").min(1, "页面版本不正确"),
});

/** 定时发布: when the page goes public. */
export const LandingScheduleSchema = strict({
  publishAt: z
    .string({ error: "请选择发布时间" })
    .min(1, "请选择发布时间")
    .refine((v) => !Number.isNaN(Date.parse(v)), "请选择正确的发布时间")
    .refine((v) => Date.parse(v) > Date.now(), "定时发布的时间须晚于现在"),
});

const landingRowShape = {
  id: z.number(),
  path: z.string(),
  name: z.string(),
  status: z.enum(Object.keys(LANDING_STATUS_LABEL) as [LandingStatus, ...LandingStatus[]]),
  publishAt: z.string().nullable(),
  version: z.number(),
  updatedBy: z.string(),
  updatedAt: z.string(),
};

/** A page as the console's list shows it. */
export const AdminLandingRowSchema = z.object(landingRowShape);
export type AdminLandingRow = z.infer<typeof AdminLandingRowSchema>;

/** A page as the console edits it: the page itself, its status and who made and changed it. */
export const AdminLandingSchema = z.object({
  ...LandingPageSchema.shape,
  ...landingRowShape,
  sections: z.array(z.unknown()),
  createdBy: z.string(),
  createdAt: z.string(),
});
/** What a save (create, change, restore) answers: the page, and its outside pictures kept or not. */
export const SavedLandingSchema = AdminLandingSchema.extend({
  remoteImages: RemoteImagesReportSchema.optional(),
});
export type SavedLanding = AdminLanding & { remoteImages?: z.infer<typeof RemoteImagesReportSchema> };
export type AdminLanding = Omit<z.infer<typeof AdminLandingSchema>, "sections"> & { sections: Section[] };
