import { ACTIVITY_TABS, BANNER_GROUPS, TRAVEL_LISTS } from "../../../contract/admin";
import { ACTIVITY_TAB, BANNER_GROUP } from "../../../contract/columns";
import { CONSOLE_RESOURCES, type ConsoleResource, type ResourceName } from "../../../contract/resources";
import type { ImageKind } from "./ImageField";

export interface FieldDef {
  name: string;
  label: string;
  kind: "text" | "textarea" | "number" | "money" | "select" | "image" | "datetime";
  required?: boolean;
  options?: readonly { value: string | number; label: string }[];
  /** options loaded from another resource (travel tabs for travel items) */
  optionsFrom?: { resource: string; label: (row: Record<string, unknown>) => string };
  imageKind?: ImageKind | ((values: Record<string, unknown>) => ImageKind);
  extra?: string;
  /** shown as a column of the table */
  column?: boolean;
  width?: number;
}

/** A console resource's screen: its shared description (contract/resources.ts) plus fields and columns. */
export interface ResourceUi extends ConsoleResource {
  fields: FieldDef[];
  /** a filter of the list by its group column (banner slot, activity tab, travel list or tab) */
  group?: {
    label: string;
    options?: readonly { value: string | number; label: string }[];
    field: string;
    optionsFrom?: string;
  };
  /** read-only columns the server adds (click counts, article counts) */
  stats?: { key: string; title: string }[];
  defaults?: Record<string, unknown>;
  hint?: string;
}

const groupOptions = <T extends { label: string }>(list: readonly T[], key: keyof T) =>
  list.map((g) => ({ value: g[key] as unknown as number | string, label: g.label }));

/** The simple entities of the console, as forms and tables (their schemas are the server's). */
export const RESOURCE_UI: Record<ResourceName, ResourceUi> = {
  columns: {
    ...CONSOLE_RESOURCES.columns,
    fields: [
      { name: "name", label: "栏目名称", kind: "text", required: true, column: true },
      { name: "sortOrder", label: "排序", kind: "number", column: true, width: 80 },
    ],
    stats: [{ key: "articles", title: "文章数" }],
    hint: "栏目顺序即网站菜单顺序；左侧菜单的“更多”显示第 4 至 6 个栏目。",
  },
  tags: {
    ...CONSOLE_RESOURCES.tags,
    fields: [{ name: "name", label: "标签名称", kind: "text", required: true, column: true }],
    stats: [{ key: "articles", title: "文章数" }],
    hint: "写文章时也可以直接输入新标签。删除标签会把它从所有文章上移除。",
  },
  banners: {
    ...CONSOLE_RESOURCES.banners,
    group: { label: "位置", options: groupOptions(BANNER_GROUPS, "columnId"), field: "columnId" },
    fields: [
      {
        name: "columnId",
        label: "位置",
        kind: "select",
        required: true,
        options: groupOptions(BANNER_GROUPS, "columnId"),
        column: true,
        width: 120,
      },
      {
        name: "image",
        label: "图片",
        kind: "image",
        required: true,
        imageKind: (v) => (v.columnId === BANNER_GROUP.carousel ? "banner" : "ad"),
        column: true,
        extra: "轮播图建议 1200×392，广告图 600×200",
      },
      { name: "name", label: "名称", kind: "text", column: true },
      { name: "link", label: "链接", kind: "text", column: true, extra: "以 https:// 或 / 开头" },
      { name: "sortOrder", label: "排序", kind: "number", width: 70 },
    ],
    stats: [{ key: "clickCount", title: "点击" }],
    defaults: { columnId: BANNER_GROUP.carousel },
    hint: "首页轮播图取前 4 张，广告图取前 6 张；课程跳转 98 / 13 是 /idaxue/class 跳转的目标链接。",
  },
  partners: {
    ...CONSOLE_RESOURCES.partners,
    fields: [
      { name: "thumb", label: "标志", kind: "image", required: true, imageKind: "partner", column: true },
      { name: "name", label: "名称", kind: "text", column: true },
      { name: "link", label: "链接", kind: "text", column: true },
      { name: "sortOrder", label: "排序", kind: "number", width: 70 },
    ],
  },
  activities: {
    ...CONSOLE_RESOURCES.activities,
    group: { label: "分类", options: groupOptions(ACTIVITY_TABS, "columnId"), field: "columnId" },
    fields: [
      {
        name: "columnId",
        label: "分类",
        kind: "select",
        required: true,
        options: groupOptions(ACTIVITY_TABS, "columnId"),
        column: true,
        width: 100,
      },
      { name: "thumb", label: "图片", kind: "image", required: true, imageKind: "activity", column: true },
      { name: "name", label: "活动名称", kind: "text", required: true, column: true },
      { name: "startTime", label: "开始时间", kind: "datetime", required: true, column: true, width: 150 },
      { name: "address", label: "地点", kind: "text" },
      { name: "guests", label: "嘉宾", kind: "text" },
      {
        name: "status",
        label: "状态",
        kind: "text",
        required: true,
        column: true,
        width: 90,
        extra: "如：进行中、报名中、已结束（“进行中”在网站上高亮）",
      },
      { name: "link", label: "活动链接", kind: "text" },
      { name: "intro", label: "简介", kind: "textarea" },
    ],
    defaults: { columnId: ACTIVITY_TAB.summit, status: "报名中" },
  },
  contacts: {
    ...CONSOLE_RESOURCES.contacts,
    fields: [
      { name: "title", label: "标题", kind: "text", required: true, column: true },
      { name: "contactName", label: "联系人", kind: "text", required: true, column: true },
      { name: "phone", label: "电话", kind: "text", required: true, column: true },
      { name: "email", label: "邮箱", kind: "text", required: true, column: true },
      { name: "sortOrder", label: "排序", kind: "number", width: 70 },
    ],
    hint: "“商务合作”页面的四个联系方式：媒体合作、营销合作、培训咨询、投诉与反馈。",
  },
  "travel-tabs": {
    ...CONSOLE_RESOURCES["travel-tabs"],
    group: { label: "清单", options: groupOptions(TRAVEL_LISTS, "listKey"), field: "listKey" },
    fields: [
      {
        name: "listKey",
        label: "清单",
        kind: "select",
        required: true,
        options: groupOptions(TRAVEL_LISTS, "listKey"),
        column: true,
        width: 100,
      },
      { name: "name", label: "分类名称", kind: "text", required: true, column: true },
      { name: "sortOrder", label: "排序", kind: "number", column: true, width: 80 },
    ],
    defaults: { listKey: "list1" },
  },
  "travel-items": {
    ...CONSOLE_RESOURCES["travel-items"],
    group: { label: "分类", field: "tabId", optionsFrom: "travel-tabs" },
    fields: [
      {
        name: "tabId",
        label: "分类",
        kind: "select",
        required: true,
        optionsFrom: {
          resource: "travel-tabs",
          label: (r) => `${r.listKey === "list1" ? "清单一" : "清单二"} · ${r.name}`,
        },
        column: true,
        width: 160,
      },
      { name: "picUrl", label: "图片", kind: "image", required: true, imageKind: "travel", column: true },
      { name: "name", label: "商品名称", kind: "text", required: true, column: true },
      { name: "location", label: "目的地", kind: "text", column: true, width: 100 },
      { name: "price", label: "最低价（元）", kind: "money", required: true, column: true, width: 110 },
      { name: "password", label: "优惠口令", kind: "text", required: true, column: true, width: 120 },
      { name: "serialNum", label: "排序", kind: "number", width: 70 },
    ],
  },
};

/** The screen of a resource named in a URL, or undefined. */
export const resourceUi = (name: string): ResourceUi | undefined =>
  Object.hasOwn(RESOURCE_UI, name) ? RESOURCE_UI[name as ResourceName] : undefined;
