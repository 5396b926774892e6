import { z } from "zod";
import { ACTIVITY_TABS, BANNER_GROUP } from "../../contract/columns";
import {
  ActivitySchema,
  BannerSchema,
  CooperationContactSchema,
  PartnerSchema,
  TravelItemSchema,
  TravelTabSchema,
} from "../../contract/entities";
import { idParam, intParam, MAX_PAGE, Pagination, pageSizeParam } from "../../contract/params";
import { countResult, endpoint, resultOf } from "./endpoint";
import { parse } from "./envelope";

const BannerListQuery = z.object({
  bannerId: idParam("bannerId").optional(),
  columnId: idParam("columnId").optional(),
  page: intParam("page", 1, MAX_PAGE).optional(),
  pageSize: pageSizeParam().optional(),
});

const ActivityColumn = z.object({ columnId: idParam("columnId").optional() });

export const siteEndpoints = [
  endpoint({
    method: "get",
    path: "/api/product/banner/list",
    tags: () => ["banners"],
    tag: "广告",
    summary: `Banners of a group (columnId ${BANNER_GROUP.carousel} top carousel, ${BANNER_GROUP.ads} ad banners), or one banner by bannerId`,
    description:
      "With bannerId, data is that banner (bannerLink is the class-redirect target for banners 98 and 13). Otherwise page and pageSize are required and data.result is the list.",
    query: BannerListQuery,
    response: z.union([BannerSchema, resultOf(z.array(BannerSchema))]),
    handler: async (q, s) => {
      if (q.bannerId !== undefined) return s.site.banner(q.bannerId);
      const p = parse(Pagination, { page: q.page?.toString(), pageSize: q.pageSize?.toString() });
      return { result: await s.site.banners({ ...p, columnId: q.columnId }) };
    },
  }),
  endpoint({
    method: "get",
    path: "/api/banner/detail",
    aliases: ["/api/product/banner/detail"],
    tag: "广告",
    summary: "One banner; counts a click on it",
    cache: false,
    query: z.object({ bannerId: idParam("bannerId") }),
    response: BannerSchema,
    handler: async (q, s) => s.site.clickBanner(q.bannerId),
  }),
  endpoint({
    method: "get",
    path: "/api/product/partner/list",
    tags: () => ["partners"],
    tag: "广告",
    summary: "Partner logos in carousel order",
    query: z.object({}),
    response: resultOf(z.array(PartnerSchema)),
    handler: async (_q, s) => ({ result: await s.site.partners() }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/activity/count",
    tags: () => ["activities"],
    tag: "活动",
    summary: `Number of activities of a tab (columnId ${ACTIVITY_TABS.map((t) => t.columnId).join(", ")})`,
    query: ActivityColumn.extend({
      page: intParam("page", 1, MAX_PAGE).optional(),
      pageSize: pageSizeParam().optional(),
    }),
    response: countResult,
    handler: async (q, s) => ({ result: await s.site.activityCount(q.columnId) }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/activity/list",
    tags: () => ["activities"],
    tag: "活动",
    summary: "Activities of a tab, latest start first",
    query: Pagination.extend(ActivityColumn.shape),
    response: resultOf(z.array(ActivitySchema)),
    handler: async (q, s) => ({ result: await s.site.activities(q) }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/cooperation/list",
    tags: () => ["contacts"],
    tag: "活动",
    summary: "The four business-cooperation contact blocks",
    query: z.object({}),
    response: resultOf(z.array(CooperationContactSchema)),
    handler: async (_q, s) => ({ result: await s.site.cooperationContacts() }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/fliggy/list",
    tags: () => ["travel-tabs", "travel-items"],
    tag: "旅行",
    summary: "Travel shopping items of every tab, with the tabs",
    query: z.object({}),
    response: z.object({ result: z.array(TravelItemSchema), tabs: z.array(TravelTabSchema) }),
    handler: async (_q, s) => {
      const { items, tabs } = await s.site.travelLists();
      return { result: items, tabs };
    },
  }),
];
