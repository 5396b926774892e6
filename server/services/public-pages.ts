import { sql } from "kysely";
import { ACTIVITY_TABS } from "../../contract/columns";
import { LIST_PAGE_SIZE } from "../../contract/site";
import type { Services } from ".";

/** List pages as the news routes cut them. */
const PAGE_SIZE = LIST_PAGE_SIZE;
/** The first pages of each list, read far more than the rest: warmed before the articles. */
const HEAD_PAGES = 3;
/** The most-read articles, warmed first; the rest by recency. */
const MOST_READ = 10_000;
/** Articles read from the database at a time. */
const CHUNK = 2000;

/**
 * Every public page of the archive (paths with the query their links carry), in the order readers
 * ask for them most, for the response store's warmer (server/serving/warmer.ts): the first pages of
 * the lists (home, hot, activity, columns, tags) and the cooperation page; the articles, the most
 * read first, then the newest first; then the deeper pages of the lists, nearest first across all
 * lists, which crawlers walk and every publish moves by one article. The pages are read as they are needed, a chunk at a time;
 * `count` grows when the deep pages are counted.
 */
export async function publicPages(
  services: Services,
): Promise<{ count: number; paths: AsyncIterable<string> }> {
  const { db } = services.database;
  const { content, site } = services;
  const published = () => db.selectFrom("articles").where("status", "=", sql.lit("published"));
  const columns = await content.columns();
  const tags = await content.publicTags();
  const lists: { path: string; size: number; total: () => Promise<number> }[] = [
    { path: "/", size: PAGE_SIZE.home, total: () => content.count() },
    { path: "/news", size: PAGE_SIZE.list, total: () => content.hotCount() },
    ...ACTIVITY_TABS.map((t) => ({
      path: `/activity?tab=${t.columnId}`,
      size: PAGE_SIZE.activity,
      total: () => site.activityCount(t.columnId),
    })),
    ...columns.map((c) => ({
      path: `/newlist/${c.columnId}?name=${encodeURIComponent(c.columnName)}`,
      size: PAGE_SIZE.list,
      total: () => content.count(c.columnId),
    })),
    ...tags.map((t) => ({
      path: `/taglist/${t.tagId}?name=${encodeURIComponent(t.tagName)}`,
      size: PAGE_SIZE.list,
      total: () => content.byTagCount(t.tagId),
    })),
  ];
  const pageOf = (path: string, page: number) =>
    page === 1 ? path : `${path}${path.includes("?") ? "&" : "?"}page=${page}`;
  const articles = await content.count();
  const list = { count: 2 + lists.length * HEAD_PAGES + articles } as {
    count: number;
    paths: AsyncIterable<string>;
  };
  list.paths = (async function* () {
    yield* ["/activity", "/cooperate"];
    for (let page = 1; page <= HEAD_PAGES; page++) for (const l of lists) yield pageOf(l.path, page);
    const mostRead = await db
      .selectFrom("article_views as v")
      .innerJoin("articles as a", "a.id", "v.article_id")
      .select("v.article_id")
      .where("a.status", "=", sql.lit("published"))
      .orderBy("v.views", "desc")
      .limit(MOST_READ)
      .execute();
    const seen = new Set<number>();
    for (const { article_id } of mostRead) {
      seen.add(article_id);
      yield `/articledetail/${article_id}`;
    }
    let after: { created_at: string; id: number } | undefined;
    for (;;) {
      let q = published().select(["id", "created_at"]);
      if (after) {
        const { created_at, id } = after;
        q = q.where((eb) =>
          eb.or([
            eb("created_at", "<", created_at),
            eb.and([eb("created_at", "=", created_at), eb("id", "<", id)]),
          ]),
        );
      }
      const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(CHUNK).execute();
      for (const r of rows) if (!seen.has(r.id)) yield `/articledetail/${r.id}`;
      if (rows.length < CHUNK) break;
      after = rows[rows.length - 1];
    }
    // Nearer pages are read more, whichever the list: page 4 of every list, then page 5…
    const deep: { path: string; pages: number }[] = [];
    for (const l of lists) {
      const pages = Math.ceil((await l.total()) / l.size);
      list.count += Math.max(0, pages - HEAD_PAGES);
      if (pages > HEAD_PAGES) deep.push({ path: l.path, pages });
    }
    const last = Math.max(0, ...deep.map((l) => l.pages));
    for (let page = HEAD_PAGES + 1; page <= last; page++)
      for (const l of deep) if (page <= l.pages) yield pageOf(l.path, page);
  })();
  return list;
}
