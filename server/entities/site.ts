import type {
  Activity,
  Banner,
  CooperationContact,
  Partner,
  TravelItem,
  TravelTab,
} from "../../contract/entities";
import type { Database } from "../db";
import { notFound } from "../services/errors";
import { toActivity, toBanner, toTravelItem } from "../services/rows";

/** Everything around the articles: banners, partners, activities, contact blocks, travel lists. */
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
        db.selectFrom("fliggy_tabs").selectAll().orderBy("list_key").orderBy("sort_order").execute(),
        db
          .selectFrom("fliggy_items")
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
