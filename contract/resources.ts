import {
  ActivityFormSchema,
  BannerFormSchema,
  ColumnFormSchema,
  ContactFormSchema,
  PartnerFormSchema,
  type Role,
  TagFormSchema,
  TravelItemFormSchema,
  TravelTabFormSchema,
} from "./admin";
import type { z } from "./zod";

/**
 * The simple console resources, described once: what the server checks (role, form schema, whether
 * rows may be created, deleted or reordered), what the console's screen is called and where its
 * menu entry sits. The server adds the table mapping (server/entities/resources.ts), the console
 * adds its fields and columns (app/routes/admin/resource-config.ts); both spread these facts, so
 * they cannot disagree.
 */
/** The simple console resources, by the name their URL, audit entries and cache tags use. */
export type ResourceName =
  | "columns"
  | "tags"
  | "banners"
  | "activities"
  | "partners"
  | "contacts"
  | "travel-tabs"
  | "travel-items";

export interface ConsoleResource {
  /** URL segment under /api/admin/ and /admin/, and the audit log's entity name */
  name: ResourceName;
  /** the server's Chinese name for messages and audit summaries (栏目不存在, 调整栏目顺序) */
  label: string;
  /** the console screen's title */
  title: string;
  /** the menu section and entry */
  menu: { section: "content" | "site"; label: string };
  role: Role;
  schema: z.ZodObject;
  canCreate: boolean;
  canDelete: boolean;
  /** rows have a display order the console can rewrite (POST …/order) */
  sortable: boolean;
}

const resource = <N extends ResourceName>(r: ConsoleResource & { name: N }) => r;

export const CONSOLE_RESOURCES = {
  columns: resource({
    name: "columns",
    label: "栏目",
    title: "栏目",
    menu: { section: "content", label: "栏目" },
    role: "editor",
    schema: ColumnFormSchema,
    canCreate: true,
    canDelete: true,
    sortable: true,
  }),
  tags: resource({
    name: "tags",
    label: "标签",
    title: "标签",
    menu: { section: "content", label: "标签" },
    role: "editor",
    schema: TagFormSchema,
    canCreate: true,
    canDelete: true,
    sortable: false,
  }),
  banners: resource({
    name: "banners",
    label: "广告位",
    title: "广告位",
    menu: { section: "site", label: "广告位" },
    role: "editor",
    schema: BannerFormSchema,
    canCreate: true,
    canDelete: true,
    sortable: true,
  }),
  activities: resource({
    name: "activities",
    label: "活动",
    title: "活动",
    menu: { section: "site", label: "活动" },
    role: "editor",
    schema: ActivityFormSchema,
    canCreate: true,
    canDelete: true,
    sortable: false,
  }),
  partners: resource({
    name: "partners",
    label: "合作伙伴",
    title: "合作伙伴",
    menu: { section: "site", label: "合作伙伴" },
    role: "editor",
    schema: PartnerFormSchema,
    canCreate: true,
    canDelete: true,
    sortable: true,
  }),
  contacts: resource({
    name: "contacts",
    label: "商务合作联系方式",
    title: "商务合作联系方式",
    menu: { section: "site", label: "商务合作" },
    role: "editor",
    schema: ContactFormSchema,
    canCreate: false,
    canDelete: false,
    sortable: true,
  }),
  "travel-tabs": resource({
    name: "travel-tabs",
    label: "旅行清单分类",
    title: "旅行清单分类",
    menu: { section: "site", label: "旅行清单分类" },
    role: "editor",
    schema: TravelTabFormSchema,
    canCreate: true,
    canDelete: true,
    sortable: true,
  }),
  "travel-items": resource({
    name: "travel-items",
    label: "旅行商品",
    title: "旅行清单商品",
    menu: { section: "site", label: "旅行清单商品" },
    role: "editor",
    schema: TravelItemFormSchema,
    canCreate: true,
    canDelete: true,
    sortable: false,
  }),
} satisfies Record<ResourceName, ConsoleResource>;

/** Menu order: as declared above. */
export const CONSOLE_RESOURCE_LIST: ConsoleResource[] = Object.values(CONSOLE_RESOURCES);
