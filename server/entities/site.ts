import { yuanToFen } from "../../contract/admin";
import type {
  Activity,
  Banner,
  CooperationContact,
  Partner,
  TravelItem,
  TravelTab,
} from "../../contract/entities";
import { CONSOLE_RESOURCES } from "../../contract/resources";
import type { Database } from "../db";
import { notFound } from "../services/errors";
import { type Row, toActivity, toBanner, toTravelItem } from "../services/rows";
import { now, type ResourceDef, refuseWhileUsed, resource } from "./crud";

/**
 * Everything around the articles: banners, partners, activities, contact blocks, travel lists.
 * The public reads first; the console's descriptions of the same tables below (SITE_RESOURCES).
 */
export function createSiteService(database: Database) {
  const { db } = database;
  return {
    async banners(opts: { columnId?: number; page: number; pageSize: number }): Promise<Banner[]> {
      let q = db.selectFrom("banners").selectAll();
      if (opts.columnId !== undefined) q = q.where("column_id", "=", opts.columnId);
      const rows = await q
        .orderBy("sort_order")
        .orderBy("id")
        .limit(opts.pageSize)
        .offset((opts.page - 1) * opts.pageSize)
        .execute();
      return rows.map(toBanner);
    },
    async banner(bannerId: number): Promise<Banner> {
      const r = await db.selectFrom("banners").selectAll().where("id", "=", bannerId).executeTakeFirst();
      if (!r) throw notFound("广告位");
      return toBanner(r);
    },
    /** A click on a banner: counted with one atomic update. */
    async clickBanner(bannerId: number): Promise<Banner> {
      const r = await db
        .updateTable("banners")
        .set((eb) => ({ click_count: eb("click_count", "+", 1) }))
        .where("id", "=", bannerId)
        .returningAll()
        .executeTakeFirst();
      if (!r) throw notFound("广告位");
      return toBanner(r);
    },
    async partners(): Promise<Partner[]> {
      const rows = await db.selectFrom("partners").selectAll().orderBy("sort_order").orderBy("id").execute();
      return rows.map((r) => ({ name: r.name, thumb: r.thumb, link: r.link }));
    },
    async activities(opts: { columnId?: number; page: number; pageSize: number }): Promise<Activity[]> {
      let q = db.selectFrom("activities").selectAll();
      if (opts.columnId !== undefined) q = q.where("column_id", "=", opts.columnId);
      const rows = await q
        .orderBy("start_time", "desc")
        .orderBy("id", "desc")
        .limit(opts.pageSize)
        .offset((opts.page - 1) * opts.pageSize)
        .execute();
      return rows.map(toActivity);
    },
    async activityCount(columnId?: number): Promise<number> {
      let q = db.selectFrom("activities").select((eb) => eb.fn.countAll<number>().as("n"));
      if (columnId !== undefined) q = q.where("column_id", "=", columnId);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },
    async cooperationContacts(): Promise<CooperationContact[]> {
      const rows = await db
        .selectFrom("cooperation_contacts")
        .selectAll()
        .orderBy("sort_order")
        .orderBy("id")
        .execute();
      return rows.map((r) => ({
        title: r.title,
        contactName: r.contact_name,
        phone: r.phone,
        email: r.email,
      }));
    },
    async travelLists(): Promise<{ items: TravelItem[]; tabs: TravelTab[] }> {
      const [tabs, items] = await Promise.all([
        db.selectFrom("travel_tabs").selectAll().orderBy("list_key").orderBy("sort_order").execute(),
        db
          .selectFrom("travel_items")
          .selectAll()
          .orderBy("tab_id")
          .orderBy("serial_num")
          .orderBy("id")
          .execute(),
      ]);
      return {
        tabs: tabs.map((t) => ({ tabId: t.id, listKey: t.list_key, tabName: t.name })),
        items: items.map(toTravelItem),
      };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;

/** The same tables in the console: one description each (docs/how-to.md, "a console resource"). */
export const SITE_RESOURCES: ResourceDef[] = [
  resource({
    ...CONSOLE_RESOURCES.banners,
    table: "banners",
    idMode: "auto",
    toRow: (i) => ({
      column_id: i.columnId,
      name: i.name,
      link: i.link,
      image: i.image,
      sort_order: i.sortOrder,
    }),
    insertDefaults: () => ({ created_at: now() }),
    fromRow: (r) => ({
      id: r.id,
      columnId: r.column_id,
      name: r.name,
      link: r.link,
      image: r.image,
      sortOrder: r.sort_order,
      clickCount: Number(r.click_count),
    }),
    orderBy: [
      ["column_id", "asc"],
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    search: ["name", "link"],
    group: { column: "column_id", type: "int" },
    sortColumn: "sort_order",
    summary: (i) => String(i.name || i.link || ""),
  }),
  resource({
    ...CONSOLE_RESOURCES.partners,
    table: "partners",
    idMode: "auto",
    toRow: (i) => ({ name: i.name, thumb: i.thumb, link: i.link, sort_order: i.sortOrder }),
    fromRow: (r) => ({ id: r.id, name: r.name, thumb: r.thumb, link: r.link, sortOrder: r.sort_order }),
    orderBy: [
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    search: ["name"],
    sortColumn: "sort_order",
    summary: (i) => String(i.name || i.thumb || ""),
  }),
  resource({
    ...CONSOLE_RESOURCES.activities,
    table: "activities",
    idMode: "auto",
    toRow: (i) => ({
      column_id: i.columnId,
      name: i.name,
      link: i.link,
      thumb: i.thumb,
      start_time: new Date(String(i.startTime)).toISOString(),
      address: i.address,
      intro: i.intro,
      status: i.status,
      guests: i.guests,
    }),
    insertDefaults: () => ({ created_at: now() }),
    fromRow: (r) => ({
      id: r.id,
      columnId: r.column_id,
      name: r.name,
      link: r.link,
      thumb: r.thumb,
      startTime: r.start_time,
      address: r.address,
      intro: r.intro,
      status: r.status,
      guests: r.guests,
    }),
    orderBy: [
      ["start_time", "desc"],
      ["id", "desc"],
    ],
    search: ["name", "address"],
    group: { column: "column_id", type: "int" },
    summary: (i) => String(i.name ?? ""),
  }),
  resource({
    ...CONSOLE_RESOURCES["travel-tabs"],
    table: "travel_tabs",
    idMode: "next",
    toRow: (i) => ({ list_key: i.listKey, name: i.name, sort_order: i.sortOrder }),
    fromRow: (r) => ({ id: r.id, listKey: r.list_key, name: r.name, sortOrder: r.sort_order }),
    orderBy: [
      ["list_key", "asc"],
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    search: ["name"],
    group: { column: "list_key", type: "text" },
    sortColumn: "sort_order",
    summary: (i) => String(i.name ?? ""),
    beforeDelete: refuseWhileUsed("travel_items", "tab_id", "该分类下还有商品，请先删除这些商品"),
  }),
  resource({
    ...CONSOLE_RESOURCES["travel-items"],
    table: "travel_items",
    idMode: "auto",
    toRow: (i) => ({
      tab_id: i.tabId,
      serial_num: i.serialNum,
      pic_url: i.picUrl,
      name: i.name,
      location: i.location,
      price_fen: yuanToFen(Number(i.price)),
      password: i.password,
    }),
    // The console shows an item as the public travel list does.
    fromRow: (r) => toTravelItem({ ...r, price_fen: Number(r.price_fen) } as Row<"travel_items">),
    orderBy: [
      ["tab_id", "asc"],
      ["serial_num", "asc"],
      ["id", "asc"],
    ],
    search: ["name", "location", "password"],
    group: { column: "tab_id", type: "int" },
    summary: (i) => String(i.name ?? ""),
  }),
  resource({
    ...CONSOLE_RESOURCES.contacts,
    table: "cooperation_contacts",
    idMode: "auto",
    toRow: (i) => ({
      title: i.title,
      contact_name: i.contactName,
      phone: i.phone,
      email: i.email,
      sort_order: i.sortOrder,
    }),
    fromRow: (r) => ({
      id: r.id,
      title: r.title,
      contactName: r.contact_name,
      phone: r.phone,
      email: r.email,
      sortOrder: r.sort_order,
    }),
    orderBy: [
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    sortColumn: "sort_order",
    summary: (i) => String(i.title ?? ""),
  }),
];
