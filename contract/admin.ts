import { ACTIVITY_TABS, BANNER_GROUP, CLASS_BANNER } from "./columns";
import { idNumber, optionalIdFilter } from "./params";
import { z } from "./zod";

/**
 * The editors' console: one zod schema per form, used by the antd forms in the browser and by the
 * /api/admin endpoints, so both sides show the same Chinese messages.
 */

export const ROLES = ["admin", "editor"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: "管理员", editor: "编辑" };

export const ADMIN_MESSAGES = {
  signInRequired: "请先登录",
  badCredentials: "用户名或密码错误",
  /** this address has failed too often on this account (or signed in too often at all) */
  tooManyAttempts: (waitSec: number) => `登录失败次数过多，请 ${Math.ceil(waitSec / 60)} 分钟后再试`,
  /** the account has failed too often from anywhere: each attempt waits its turn */
  signInWait: (waitSec: number) => `该账号近期登录失败较多，请 ${waitSec} 秒后再试`,
  csrf: "安全校验失败，请刷新页面后重试",
  forbidden: "没有权限执行此操作",
  setupDone: "管理员已存在，请直接登录",
  lastAdmin: "至少需要保留一名可用的管理员",
  saved: "保存成功",
  deleted: "删除成功",
} as const;

/** Banner groups: top carousel 11, ad banners 20, the class-redirect banners 98 and 13. */
export const BANNER_GROUPS = [
  { columnId: BANNER_GROUP.carousel, label: "首页轮播图" },
  { columnId: BANNER_GROUP.ads, label: "广告图" },
  { columnId: CLASS_BANNER.class2, label: "课程跳转 98" },
  { columnId: CLASS_BANNER.other, label: "课程跳转 13" },
] as const;
export { ACTIVITY_TABS };
export const TRAVEL_LISTS = [
  { listKey: "list1", label: "清单一" },
  { listKey: "list2", label: "清单二" },
] as const;
export const LEAD_STATUSES = [
  { value: "new", label: "新线索" },
  { value: "contacted", label: "已联系" },
  { value: "closed", label: "已关闭" },
] as const;
export const ORDER_STATUSES = [
  { value: "PENDING", label: "待支付" },
  { value: "PAID", label: "已支付" },
] as const;
export const ARTICLE_STATUSES = [
  { value: "published", label: "已发布" },
  { value: "scheduled", label: "定时发布" },
  { value: "draft", label: "草稿" },
] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number]["value"];
export const ARTICLE_STATUS_LABEL = Object.fromEntries(
  ARTICLE_STATUSES.map((s) => [s.value, s.label]),
) as Record<ArticleStatus, string>;
/** The message for a schedule whose time has passed (docs/product.md, "Scheduled publishing"). */
export const SCHEDULE_IN_PAST = "定时发布时间须晚于当前时间";
export const QUESTION_TYPES = [
  { value: "INPUT", label: "单行文本" },
  { value: "TEXTAREA", label: "多行文本" },
  { value: "RADIO", label: "单选" },
  { value: "CHECKBOX", label: "多选" },
  { value: "CHECKBOX_INPUT", label: "多选（可填写）" },
] as const;

// ------------------------------------------------------------------ field builders

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过 ${max} 个字`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`)
    .optional()
    .transform((v) => v ?? "");
/** A site path or an http(s) address; never javascript: or data: */
const LINK_RE = /^(https?:\/\/[^\s]+|\/[^\s]*)$/;
const link = (label: string, required: boolean) => {
  const base = z.string().trim().max(1000, `${label}不能超过 1000 个字符`);
  return required
    ? base.min(1, `请输入${label}`).regex(LINK_RE, `请输入正确的${label}（以 http(s):// 或 / 开头）`)
    : base
        .refine((v) => v === "" || LINK_RE.test(v), `请输入正确的${label}（以 http(s):// 或 / 开头）`)
        .optional()
        .transform((v) => v ?? "");
};
const image = (label: string) =>
  z
    .string({ error: `请上传${label}` })
    .trim()
    .min(1, `请上传${label}`)
    .max(500, `${label}地址过长`)
    .regex(/^(\/uploads\/[^\s]+|https?:\/\/[^\s]+)$/, `请上传${label}`);
const sortOrder = z
  .number({ error: "排序必须是整数" })
  .int("排序必须是整数")
  .min(0, "排序不能小于 0")
  .max(100000, "排序不能大于 100000")
  .optional()
  .transform((v) => v ?? 0);
const isoTime = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .min(1, `请选择${label}`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `请选择正确的${label}`);
/** Yuan with at most two decimals: stored in fen. */
const yuan = (label: string) =>
  z
    .number({ error: `请输入${label}` })
    .min(0, `${label}不能小于 0`)
    .max(10_000_000, `${label}不能超过 1000 万元`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label}最多两位小数`);

export const yuanToFen = (y: number) => Math.round(y * 100);

// ------------------------------------------------------------------ accounts

export const USERNAME_RULE = "用户名为 3-32 位字母、数字、下划线、点或连字符";
export const usernameField = z
  .string({ error: "请输入用户名" })
  .trim()
  .min(1, "请输入用户名")
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, USERNAME_RULE);
export const PASSWORD_MIN = 10;
export const passwordField = z
  .string({ error: "请输入密码" })
  .min(1, "请输入密码")
  .min(PASSWORD_MIN, `密码至少 ${PASSWORD_MIN} 位`)
  .max(200, "密码不能超过 200 位");
const roleField = z.enum(ROLES, { error: "请选择角色" });

export const LoginSchema = z.object({
  username: z.string({ error: "请输入用户名" }).trim().min(1, "请输入用户名").max(50, "用户名或密码错误"),
  password: z.string({ error: "请输入密码" }).min(1, "请输入密码").max(200, "用户名或密码错误"),
});
export const SetupSchema = z.object({
  username: usernameField,
  displayName: text("姓名", 50),
  password: passwordField,
});
export const UserCreateSchema = SetupSchema.extend({ role: roleField });
export const UserUpdateSchema = z.object({
  displayName: text("姓名", 50),
  role: roleField,
  disabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? false),
  /** empty: keep the password */
  password: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(passwordField.optional()),
});

// ------------------------------------------------------------------ content

export const ArticleFormSchema = z
  .object({
    title: text("标题", 200),
    intro: optionalText("摘要", 500),
    content: z
      .string({ error: "请输入正文" })
      .max(500_000, "正文过长")
      .refine((v) => v.replace(/<[^>]*>/g, "").trim().length > 0 || /<img\s/i.test(v), "请输入正文"),
    thumb: image("封面图"),
    author: optionalText("作者", 100),
    columnId: idNumber("请选择栏目"),
    tags: z
      .array(z.string().trim().min(1, "标签不能为空").max(20, "标签不能超过 20 个字"))
      .max(10, "标签最多 10 个")
      .optional()
      .transform((v) => v ?? []),
    hot: z
      .boolean()
      .optional()
      .transform((v) => v ?? false),
    status: z.enum(["published", "scheduled", "draft"], { error: "请选择状态" }),
    seoTitle: optionalText("SEO 标题", 200),
    seoDescription: optionalText("SEO 描述", 500),
    shareImage: z
      .preprocess((v) => (v === "" || v === null ? undefined : v), image("分享图").optional())
      .transform((v) => v ?? ""),
    createdAt: isoTime("发布时间"),
    /** the version the editor started from (a save from an older one is refused with 409) */
    baseVersion: idNumber("版本号不正确").optional(),
  })
  .refine((a) => a.status !== "scheduled" || Date.parse(a.createdAt) > Date.now(), {
    message: SCHEDULE_IN_PAST,
    path: ["createdAt"],
  });
export type ArticleForm = z.input<typeof ArticleFormSchema>;

export const ColumnFormSchema = z.object({ name: text("栏目名称", 20), sortOrder });
export const TagFormSchema = z.object({ name: text("标签名称", 20) });
export const BannerFormSchema = z.object({
  columnId: z.literal(
    BANNER_GROUPS.map((g) => g.columnId),
    { error: "请选择广告位" },
  ),
  name: optionalText("名称", 100),
  link: link("链接", false),
  image: image("图片"),
  sortOrder,
});
export const PartnerFormSchema = z.object({
  name: optionalText("名称", 100),
  thumb: image("标志图片"),
  link: link("链接", false),
  sortOrder,
});
export const ActivityFormSchema = z.object({
  columnId: z.literal(
    ACTIVITY_TABS.map((t) => t.columnId),
    { error: "请选择活动分类" },
  ),
  name: text("活动名称", 200),
  link: link("活动链接", false),
  thumb: image("活动图片"),
  startTime: isoTime("开始时间"),
  address: optionalText("地点", 200),
  intro: optionalText("简介", 2000),
  status: text("状态", 20),
  guests: optionalText("嘉宾", 200),
});
export const TravelTabFormSchema = z.object({
  listKey: z.enum(["list1", "list2"], { error: "请选择清单" }),
  name: text("分类名称", 50),
  sortOrder,
});
export const TravelItemFormSchema = z.object({
  tabId: idNumber("请选择分类"),
  serialNum: sortOrder,
  picUrl: image("商品图片"),
  name: text("商品名称", 200),
  location: optionalText("目的地", 100),
  price: yuan("最低价"),
  password: text("优惠口令", 50),
});
export const ContactFormSchema = z.object({
  title: text("标题", 50),
  contactName: text("联系人", 50),
  phone: text("电话", 50),
  email: z
    .string({ error: "请输入邮箱" })
    .trim()
    .min(1, "请输入邮箱")
    .max(100, "邮箱不能超过 100 个字符")
    .email("请输入正确的邮箱"),
  sortOrder,
});

export const ProductFormSchema = z.object({
  id: z
    .number({ error: "请输入产品编号" })
    .int("产品编号必须是整数")
    .min(1, "产品编号必须是正整数")
    .max(2_147_483_647, "产品编号过大"),
  name: text("产品名称", 200),
  price: yuan("价格"),
  contractHtml: z
    .string()
    .max(500_000, "协议过长")
    .optional()
    .transform((v) => v ?? ""),
  requiresAgreement: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export const QuestionFormSchema = z
  .object({
    title: text("问题标题", 100),
    showTitle: optionalText("显示标题", 100),
    field: z
      .string({ error: "请输入字段名" })
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, "字段名为字母开头的字母、数字或下划线"),
    type: z.enum(["INPUT", "TEXTAREA", "CHECKBOX", "RADIO", "CHECKBOX_INPUT"], { error: "请选择题型" }),
    required: z
      .boolean()
      .optional()
      .transform((v) => v ?? false),
    sortOrder,
    options: z
      .array(
        z.object({
          title: text("选项", 100),
          hasInput: z
            .boolean()
            .optional()
            .transform((v) => v ?? false),
        }),
      )
      .max(50, "选项最多 50 个")
      .optional()
      .transform((v) => v ?? []),
  })
  .refine((q) => q.type === "INPUT" || q.type === "TEXTAREA" || q.options.length > 0, {
    message: "选择题至少需要一个选项",
    path: ["options"],
  });

// ------------------------------------------------------------------ leads and orders

export const LeadStatusSchema = z.object({
  status: z.enum(["new", "contacted", "closed"], { error: "请选择状态" }),
});
export const OrderStatusSchema = z.object({
  status: z.enum(["PENDING", "PAID"], { error: "请选择状态" }),
});

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD")
  .optional();
const pageNo = z.coerce.number({ error: "页码不正确" }).int().min(1, "页码不正确").max(100000).default(1);
const pageSize = z.coerce
  .number({ error: "每页条数不正确" })
  .int()
  .min(1, "每页条数不正确")
  .max(200, "每页最多 200 条")
  .default(20);
const optionalId = optionalIdFilter;
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const LeadFilterSchema = z.object({
  form: z.preprocess(blankToUndefined, z.enum(["business", "expert"]).optional()),
  status: z.preprocess(blankToUndefined, z.enum(["new", "contacted", "closed"]).optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  /** the page the leads were sent from (its path, exactly as 线索 lists it) */
  sourcePage: z.preprocess(
    blankToUndefined,
    z.string({ error: "来源页面不正确" }).trim().max(500, "来源页面不能超过 500 个字符").optional(),
  ),
  from: z.preprocess(blankToUndefined, day),
  to: z.preprocess(blankToUndefined, day),
  page: pageNo,
  pageSize,
});
export const OrderFilterSchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(["PENDING", "PAID"]).optional()),
  productId: z.preprocess(blankToUndefined, optionalId),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  from: z.preprocess(blankToUndefined, day),
  to: z.preprocess(blankToUndefined, day),
  page: pageNo,
  pageSize,
});
export const ArticleFilterSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  columnId: z.preprocess(blankToUndefined, optionalId),
  tagId: z.preprocess(blankToUndefined, optionalId),
  status: z.preprocess(blankToUndefined, z.enum(["published", "scheduled", "draft"]).optional()),
  hot: z.preprocess(blankToUndefined, z.enum(["1", "0"]).optional()),
  page: pageNo,
  pageSize,
});
export const ListQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  group: z.preprocess(blankToUndefined, z.string().max(20).optional()),
  page: pageNo,
  pageSize,
});
/** The search-engine push log (docs/product.md, "Search engine push"). */
export const PushFilterSchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(["pending", "done", "failed", "quota"], { error: "推送状态不正确" }).optional(),
  ),
  engine: z.preprocess(
    blankToUndefined,
    z.enum(["baidu", "indexnow"], { error: "搜索引擎不正确" }).optional(),
  ),
  page: pageNo,
  pageSize,
});
export const PUSH_STATUSES = [
  { value: "pending", label: "待推送" },
  { value: "done", label: "已推送" },
  { value: "failed", label: "失败" },
  { value: "quota", label: "配额用尽" },
] as const;
export const PUSH_ENGINES = [
  { value: "baidu", label: "百度" },
  { value: "indexnow", label: "IndexNow" },
] as const;

export const AuditFilterSchema = z.object({
  entity: z.preprocess(blankToUndefined, z.string().max(40).optional()),
  action: z.preprocess(blankToUndefined, z.string().max(40).optional()),
  page: pageNo,
  pageSize,
});
export const OrderIdsSchema = z.object({
  ids: z.array(idNumber("排序的条目不正确")).min(1, "请选择要排序的条目").max(1000),
});

// ------------------------------------------------------------------ answers (contract/answers.ts)

export type {
  AdminArticle,
  AdminArticleRow,
  AdminLead,
  AdminOrder,
  AdminProduct,
  AdminQuestion,
  AdminUser,
  AuditEntry,
  Dashboard,
  Paged,
  SessionInfo,
} from "./answers";
