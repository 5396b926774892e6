import { type RawBuilder, sql } from "kysely";
import type { Dashboard } from "../../contract/admin";
import type { Database } from "../db";
import { beijingDayStart } from "./csv";
import { fenToYuan } from "./rows";
import { beijingDay } from "./stats";

/** The dashboard: per-day leads, orders and paid revenue (Beijing days), reading and search stats. */
export function createDashboard(deps: { database: Database }) {
  const { db, dialect } = deps.database;

  /** The Beijing date of a time column, as YYYY-MM-DD, grouped in the database. */
  const dayOf = (column: string): RawBuilder<string> =>
    dialect === "postgres"
      ? sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`
      : sql<string>`substr(datetime(${sql.ref(column)}, '+8 hours'), 1, 10)`;

  return {
    async load(opts: { days: number; includeSales: boolean }): Promise<Dashboard> {
      const today = beijingDay();
      const days: string[] = [];
      for (let i = opts.days - 1; i >= 0; i--) {
        days.push(beijingDay(Date.parse(`${today}T12:00:00+08:00`) - i * 24 * 3600_000));
      }
      const first = days[0]!;
      const since = beijingDayStart(first);

      const [leadRows, orderRows, paidRows, topArticles, keywords, zero] = await Promise.all([
        opts.includeSales
          ? db
              .selectFrom("mcn_leads")
              .select([
                dayOf("created_at").as("day"),
                "form",
                "status",
                (eb) => eb.fn.countAll<number>().as("n"),
              ])
              .where("created_at", ">=", since)
              .groupBy([dayOf("created_at"), "form", "status"])
              .execute()
          : Promise.resolve([]),
        opts.includeSales
          ? db
              .selectFrom("signup_orders")
              .select([dayOf("created_at").as("day"), (eb) => eb.fn.countAll<number>().as("n")])
              .where("created_at", ">=", since)
              .groupBy(dayOf("created_at"))
              .execute()
          : Promise.resolve([]),
        opts.includeSales
          ? db
              .selectFrom("signup_orders")
              .select([
                dayOf("paid_at").as("day"),
                (eb) => eb.fn.countAll<number>().as("n"),
                (eb) => eb.fn.sum<number>("total_fen").as("fen"),
              ])
              .where("status", "=", "PAID")
              .where("paid_at", ">=", since)
              .groupBy(dayOf("paid_at"))
              .execute()
          : Promise.resolve([]),
        // A scan of the view counts' narrow table (no index: it would be rewritten by every count
        // added, and this list is read only here): two integers a row, so a short scan.
        db
          .selectFrom("article_views as v")
          .innerJoin("articles as a", "a.id", "v.article_id")
          .select(["a.id", "a.title", "v.views as view_count"])
          .where("a.status", "=", "published")
          .where("v.views", ">", 0)
          .orderBy("v.views", "desc")
          .orderBy("a.id", "desc")
          .limit(10)
          .execute(),
        db
          .selectFrom("search_log")
          .select(["keyword", (eb) => eb.fn.sum<number>("searches").as("n")])
          .where("day", ">=", first)
          .groupBy("keyword")
          .orderBy(sql`sum(searches)`, "desc")
          .orderBy("keyword")
          .limit(10)
          .execute(),
        db
          .selectFrom("search_log")
          .select(["keyword", (eb) => eb.fn.sum<number>("zero_results").as("n")])
          .where("day", ">=", first)
          .where("zero_results", ">", 0)
          .groupBy("keyword")
          .orderBy(sql`sum(zero_results)`, "desc")
          .orderBy("keyword")
          .limit(10)
          .execute(),
      ]);

      const leadsPerDay = new Map(days.map((d) => [d, { day: d, business: 0, expert: 0 }]));
      let newLeads = 0;
      let leads = 0;
      for (const r of leadRows) {
        const e = leadsPerDay.get(r.day);
        const n = Number(r.n);
        if (e) e[r.form] += n;
        leads += n;
        if (r.status === "new") newLeads += n;
      }
      const ordersPerDay = new Map(days.map((d) => [d, { day: d, orders: 0, paid: 0, revenue: 0 }]));
      let orders = 0;
      for (const r of orderRows) {
        const e = ordersPerDay.get(r.day);
        if (e) e.orders += Number(r.n);
        orders += Number(r.n);
      }
      let paidOrders = 0;
      let revenueFen = 0;
      for (const r of paidRows) {
        const e = ordersPerDay.get(r.day);
        if (e) {
          e.paid += Number(r.n);
          e.revenue = fenToYuan(Number(r.fen ?? 0));
        }
        paidOrders += Number(r.n);
        revenueFen += Number(r.fen ?? 0);
      }
      return {
        days,
        leadsPerDay: [...leadsPerDay.values()],
        ordersPerDay: [...ordersPerDay.values()],
        totals: { leads, newLeads, orders, paidOrders, revenue: fenToYuan(revenueFen) },
        topArticles: topArticles.map((a) => ({ id: a.id, title: a.title, views: Number(a.view_count) })),
        topKeywords: keywords.map((k) => ({ keyword: k.keyword, searches: Number(k.n) })),
        zeroResults: zero.map((k) => ({ keyword: k.keyword, searches: Number(k.n) })),
      };
    },
  };
}
