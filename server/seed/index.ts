import path from "node:path";
import { sql } from "kysely";
import { BANNER_GROUP } from "../../contract/columns";
import type { Services } from "../services";
import { sanitizeRichText } from "../services/html";
import { type DemoData, generateDemoContent } from "./demo-content";
import { DemoPictures } from "./images";

export const DEMO_ARTICLE_COUNT = 320;
const SEED_LOCK = 20201222;

/**
 * Seed the demo content on first start (no columns yet). On PostgreSQL an advisory lock makes
 * instances starting together seed once.
 */
export async function seedIfEmpty(services: Services): Promise<{ articles: number } | null> {
  const { database } = services;
  const isEmpty = async () =>
    !(await database.db.selectFrom("columns").select("id").limit(1).executeTakeFirst());
  if (database.dialect === "sqlite") {
    if (!(await isEmpty())) return null;
    return seed(services, generateDemoContent({ articleCount: DEMO_ARTICLE_COUNT }));
  }
  return database.db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${SEED_LOCK})`.execute(conn);
    try {
      if (!(await isEmpty())) return null;
      return await seed(services, generateDemoContent({ articleCount: DEMO_ARTICLE_COUNT }));
    } finally {
      await sql`SELECT pg_advisory_unlock(${SEED_LOCK})`.execute(conn);
    }
  });
}

export async function seed(services: Services, data: DemoData): Promise<{ articles: number }> {
  const { db } = services.database;
  const pics = new DemoPictures(path.join(services.config.DATA_DIR, "uploads"));
  const now = new Date().toISOString();

  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("columns")
      .values(data.columns.map((c) => ({ id: c.id, name: c.name, sort_order: c.sortOrder, created_at: now })))
      .execute();
    for (const [i, b] of data.banners.entries()) {
      const size =
        b.columnId === BANNER_GROUP.carousel ? { width: 1200, height: 392 } : { width: 600, height: 200 };
      await tx
        .insertInto("banners")
        .values({
          id: b.id,
          column_id: b.columnId,
          name: b.name,
          link: b.link,
          image: pics.write(`banner-${b.id}`, { ...size, caption: b.caption, seed: i + 3, sub: b.name }),
          sort_order: i,
          created_at: now,
        })
        .execute();
    }
    for (const [i, p] of data.partners.entries()) {
      await tx
        .insertInto("partners")
        .values({
          name: p.name,
          thumb: pics.write(`partner-${i + 1}`, { width: 240, height: 120, caption: p.caption, seed: i }),
          link: "",
          sort_order: i,
        })
        .execute();
    }
    for (const [i, a] of data.activities.entries()) {
      await tx
        .insertInto("activities")
        .values({
          id: a.id,
          column_id: a.columnId,
          name: a.name,
          link: a.link,
          thumb: pics.write(`activity-${a.id}`, { width: 480, height: 270, caption: a.caption, seed: i + 1 }),
          start_time: new Date(a.startTime).toISOString(),
          address: a.address,
          intro: a.intro,
          status: a.status,
          guests: a.guests,
          created_at: now,
        })
        .execute();
    }
    for (const [i, c] of data.contacts.entries()) {
      await tx
        .insertInto("cooperation_contacts")
        .values({
          title: c.title,
          contact_name: c.contactName,
          phone: c.phone,
          email: c.email,
          sort_order: i,
        })
        .execute();
    }
    for (const t of data.travelTabs) {
      await tx
        .insertInto("travel_tabs")
        .values({ id: t.id, list_key: t.listKey, name: t.name, sort_order: t.sortOrder })
        .execute();
    }
    for (const [i, f] of data.travelItems.entries()) {
      await tx
        .insertInto("travel_items")
        .values({
          tab_id: f.tabId,
          serial_num: f.serialNum,
          pic_url: pics.write(`travel-${i + 1}`, {
            width: 200,
            height: 200,
            caption: f.caption,
            seed: i + 5,
          }),
          name: f.name,
          location: f.location,
          price_fen: f.priceFen,
          password: f.password,
        })
        .execute();
    }
    for (const p of data.products) {
      await tx
        .insertInto("products")
        .values({
          id: p.id,
          name: p.name,
          price_fen: p.priceFen,
          contract_html: sanitizeRichText(p.contractHtml),
          requires_agreement: p.requiresAgreement,
          created_at: now,
        })
        .execute();
    }
    for (const q of data.questions) {
      await tx
        .insertInto("questions")
        .values({
          id: q.id,
          product_id: q.productId,
          title: q.title,
          show_title: q.showTitle,
          field: q.field,
          type: q.type,
          required: q.required,
          hidden: q.hidden,
          sort_order: q.sortOrder,
        })
        .execute();
      for (const [i, o] of q.options.entries()) {
        await tx
          .insertInto("question_options")
          .values({ question_id: q.id, title: o.title, has_input: o.hasInput, sort_order: i })
          .execute();
      }
    }
  });

  // Identity columns do not advance on explicit ids in PostgreSQL: move them past the seeded rows.
  if (services.database.dialect === "postgres") {
    for (const table of ["banners", "activities"]) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`.execute(
        db,
      );
    }
  }

  // Oldest first, so ids grow with publication time as they would on a live site.
  const articles = [...data.articles].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const [i, a] of articles.entries()) {
    const thumb = pics.write(`article-${i + 1}`, {
      width: 480,
      height: 270,
      caption: a.thumbCaption,
      seed: i,
    });
    await services.content.saveArticle(
      {
        columnId: a.columnId,
        title: a.title,
        intro: a.intro,
        content: a.content,
        thumb,
        author: a.author,
        hot: a.hot,
        status: "published",
        createdAt: a.createdAt,
        tags: a.tags,
      },
      undefined,
      // Demo content is not news: search engines are not told about it.
      { push: false },
    );
  }
  return { articles: articles.length };
}
