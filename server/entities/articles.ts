import { type Kysely, sql } from "kysely";
import type { z } from "zod";
import type {
  AdminArticle,
  AdminArticleRow,
  ArticleFilterSchema,
  ArticleFormSchema,
  ArticleStatus,
  Paged,
} from "../../contract/admin";
import type { SavedArticle } from "../../contract/answers";
import { articleChange } from "../../contract/cache-tags";
import type { Article, ArticleSummary, Tag } from "../../contract/entities";
import type { Revision } from "../../contract/revisions";
import type { Database } from "../db";
import { compiledOnce } from "../db/compiled";
import type { DB } from "../db/schema";
import type { SearchIndex } from "../search";
import type { ContentEvents } from "../services/content-events";
import { AppError, notFound } from "../services/errors";
import { safeImageUrl, sanitizeRichText } from "../services/html";
import type { RemoteImages } from "../services/remote-images";
import { bool, type Row, toArticleSummary } from "../services/rows";
import { columnReads } from "./columns";
import { recordRevision } from "./revisions";

export interface ArticleInput {
  columnId: number;
  title: string;
  intro: string;
  content: string;
  thumb: string;
  author: string;
  hot: boolean;
  status: "published" | "scheduled" | "draft";
  createdAt: string;
  tags: string[];
  /** search and share overrides; "" or absent: the article's own title, intro and cover */
  seoTitle?: string;
  seoDescription?: string;
  shareImage?: string;
  /** where it came from (an import): absent keeps what is stored */
  slug?: string | null;
  sourceUrl?: string;
  wechatUrl?: string;
}

/** Who saves, and from which version (a save from an older one is refused). */
export interface SaveOptions {
  by?: string;
  baseVersion?: number;
  /** false: a publish is not announced to search engines (the demo content) */
  push?: boolean;
  /**
   * Runs inside the save's transaction once everything is written: a read there sees this save as
   * it was stored, never a later one by someone else (the editor's answer, and the version it edits
   * from next, must be this save's).
   */
  readBack?: (tx: Kysely<DB>, articleId: number) => Promise<void>;
  /**
   * Further writes that belong to this save, in its transaction before the read-back (an import's
   * record of the item and its old addresses): either all of it is stored or none.
   */
  alsoWrite?: (tx: Kysely<DB>, articleId: number, version: number) => Promise<void>;
}

/** Queues the URLs of articles that just became public for the search engines (services/search-push.ts). */
export interface PushQueue {
  enqueue(tx: Kysely<DB>, articleIds: number[]): Promise<void>;
}

export const EDIT_CONFLICT = "文章已被他人修改，请查看对方的版本后再保存";

/** created_at in ms * 1024 + (id mod 1024): the search rowid, newest largest */
export const searchKeyFor = (createdAt: string, id: number) => Date.parse(createdAt) * 1024 + (id % 1024);

export function createContentService(
  database: Database,
  search: SearchIndex,
  events: ContentEvents,
  helpers: {
    /** told about every keyword search and its result count (the console's search statistics) */
    stats?: { searched(keyword: string, results: number): void };
    /** fetches a body's pictures from outside the site on console saves; absent: bodies are kept as written */
    remoteImages?: RemoteImages;
    /** told, inside the publish's transaction, about every article that became public */
    pushes?: PushQueue;
    /** tests only (REMOTE_IMAGES_ALLOW_LOOPBACK): a body's pictures on this machine are kept */
    allowLoopbackImages?: boolean;
  } = {},
) {
  const { db } = database;
  const { stats, remoteImages, pushes } = helpers;
  // A body's pictures whose address points inside a network are dropped on every save.
  const internalImages = helpers.allowLoopbackImages ? "loopback" : "drop";

  // The status is written into the SQL rather than bound: see `articleTags`.
  const published = () => db.selectFrom("articles").where("status", "=", sql.lit("published"));
  const toTag = (r: { id: number; name: string }): Tag => ({ tagId: r.id, tagName: r.name });

  /** `x`: a transaction to read in (SQLite has one connection: reads in a transaction must use it). */
  async function tagsFor(ids: number[], x: Kysely<DB> = db): Promise<Map<number, Tag[]>> {
    const map = new Map<number, Tag[]>();
    if (ids.length === 0) return map;
    const rows = await x
      .selectFrom("article_tags as at")
      .innerJoin("tags as t", "t.id", "at.tag_id")
      .select(["at.article_id", "t.id", "t.name"])
      .where("at.article_id", "in", ids)
      .orderBy("at.article_id")
      .orderBy("at.position")
      .execute();
    for (const r of rows) {
      const list = map.get(r.article_id) ?? [];
      list.push(toTag(r));
      map.set(r.article_id, list);
    }
    return map;
  }

  async function summaries(rows: Row<"articles">[]): Promise<ArticleSummary[]> {
    const tags = await tagsFor(rows.map((r) => r.id));
    return rows.map((r) => toArticleSummary(r, tags.get(r.id) ?? []));
  }

  const summaryColumns = [
    "id",
    "column_id",
    "title",
    "intro",
    "thumb",
    "author",
    "hot",
    "status",
    "created_at",
    "updated_at",
    "search_key",
  ] as const;

  /** Rows fetched by id, in the order of the ids given. */
  async function byIds(ids: number[]): Promise<ArticleSummary[]> {
    if (ids.length === 0) return [];
    const rows = await published().select(summaryColumns).where("id", "in", ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return summaries(ids.map((id) => byId.get(id)).filter((r) => r !== undefined) as Row<"articles">[]);
  }

  const page = (p: number, size: number) => ({ limit: size, offset: (p - 1) * size });

  // An article's page reads these two on every render: compiled once (server/db/compiled.ts).
  const articleRow = (all: boolean) =>
    compiledOnce(db, (id: number) =>
      (all ? db.selectFrom("articles") : published())
        .innerJoin("columns", "columns.id", "articles.column_id")
        .selectAll("articles")
        .select("columns.name as column_name")
        .where("articles.id", "=", id),
    );
  const articlePublished = articleRow(false);
  const articleAnyStatus = articleRow(true);
  // Neither read binds a value SQLite's planner could estimate from: the status is a constant, and
  // the tags are found through the article's primary key, not by a bound `article_id`. Once a
  // database has been analysed (ANALYZE writes STAT4 samples), SQLite compiles a statement again
  // every time it runs with a new value for such a parameter: about 20 µs for the row's read, as
  // much as the read itself (docs/architecture.md, "Render cost").
  const articleTags = compiledOnce(db, (id: number) =>
    db
      .selectFrom("articles as a")
      .innerJoin("article_tags as at", "at.article_id", "a.id")
      .innerJoin("tags as t", "t.id", "at.tag_id")
      .select(["t.id", "t.name"])
      .where("a.id", "=", id)
      .orderBy("at.position"),
  );

  /**
   * Published articles, in all and by column, as of a content-change version. Home and
   * column pages count on every render for their pagination, and counting walks an index entry per
   * article; every write that can change a count fires a change,
   * on this instance or heard from another (docs/architecture.md, "Content changes").
   */
  const counted = { version: -1, byColumn: new Map<number | "all", number>() };
  const COUNTED_COLUMNS = 200;

  /** A page of published articles, newest first: all of them, one column's, or the hot ones. */
  async function newest(opts: { page: number; pageSize: number }, only: { columnId?: number; hot?: true }) {
    const { limit, offset } = page(opts.page, opts.pageSize);
    let q = published().select(summaryColumns);
    if (only.columnId !== undefined) q = q.where("column_id", "=", only.columnId);
    if (only.hot) q = q.where("hot", "=", true);
    const rows = await q
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
    return summaries(rows as Row<"articles">[]);
  }

  const reading = {
    list: (opts: { page: number; pageSize: number; columnId?: number }) =>
      newest(opts, { columnId: opts.columnId }),
    async count(columnId?: number) {
      const key = columnId ?? "all";
      if (counted.version !== events.version) {
        counted.byColumn.clear();
        counted.version = events.version;
      }
      const known = counted.byColumn.get(key);
      if (known !== undefined) return known;
      const version = events.version;
      let q = published().select((eb) => eb.fn.countAll<number>().as("n"));
      if (columnId !== undefined) q = q.where("column_id", "=", columnId);
      const n = Number((await q.executeTakeFirstOrThrow()).n);
      // A change while counting may or may not be in the figure: it is not kept. Nor are counts of
      // more columns than a site has (made-up ids in a flood of requests).
      if (events.version === version && counted.byColumn.size < COUNTED_COLUMNS) counted.byColumn.set(key, n);
      return n;
    },
    hotList: (opts: { page: number; pageSize: number }) => newest(opts, { hot: true }),
    async hotCount() {
      const r = await published()
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("hot", "=", true)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** The article as its page shows it; `anyStatus`: drafts and scheduled ones too (previews). */
    async detail(contentId: number, opts: { anyStatus?: boolean } = {}): Promise<Article> {
      const r = (await (opts.anyStatus ? articleAnyStatus : articlePublished)(contentId)).rows[0];
      if (!r) throw notFound("文章");
      const tags = (await articleTags(r.id)).rows.map(toTag);
      return {
        ...toArticleSummary(r, tags),
        content: r.content,
        columnName: r.column_name,
        seoTitle: r.seo_title,
        seoDescription: r.seo_description,
        shareImage: r.share_image,
      };
    },
    async byTag(opts: { tagId: number; page: number; pageSize: number }) {
      const { limit, offset } = page(opts.page, opts.pageSize);
      const rows = await published()
        .innerJoin("article_tags", "article_tags.article_id", "articles.id")
        .select(summaryColumns.map((c) => `articles.${c}` as const))
        .where("article_tags.tag_id", "=", opts.tagId)
        .orderBy("articles.created_at", "desc")
        .orderBy("articles.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return summaries(rows as Row<"articles">[]);
    },
    async byTagCount(tagId: number) {
      const r = await published()
        .innerJoin("article_tags", "article_tags.article_id", "articles.id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("article_tags.tag_id", "=", tagId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async search(opts: { keyword: string; page: number; pageSize: number }) {
      const { limit, offset } = page(opts.page, opts.pageSize);
      return byIds(await search.search(opts.keyword, offset, limit));
    },
    async searchCount(keyword: string) {
      const n = await search.count(keyword);
      stats?.searched(keyword, n);
      return n;
    },

    ...columnReads(db),

    /** Create or update an article with its tags and its search entry, in one transaction. */
    async saveArticle(input: ArticleInput, id?: number, opts: SaveOptions = {}): Promise<number> {
      const now = new Date().toISOString();
      const createdAt = new Date(input.createdAt).toISOString();
      const values = {
        column_id: input.columnId,
        title: input.title.trim(),
        intro: input.intro.trim(),
        content: sanitizeRichText(input.content, internalImages),
        thumb: safeImageUrl(input.thumb),
        author: input.author.trim(),
        hot: input.hot,
        status: input.status,
        created_at: createdAt,
        updated_at: now,
        // Absent (a restored revision, an older client): the stored ones stay.
        ...(input.seoTitle === undefined ? {} : { seo_title: input.seoTitle.trim() }),
        ...(input.seoDescription === undefined ? {} : { seo_description: input.seoDescription.trim() }),
        ...(input.shareImage === undefined
          ? {}
          : { share_image: input.shareImage ? safeImageUrl(input.shareImage) : "" }),
        ...(input.slug === undefined ? {} : { slug: input.slug }),
        ...(input.sourceUrl === undefined ? {} : { source_url: input.sourceUrl }),
        ...(input.wechatUrl === undefined ? {} : { wechat_url: input.wechatUrl }),
      };
      const saved = await db.transaction().execute(async (tx) => {
        let articleId = id;
        let oldKey: number | null = null;
        let version = 1;
        let wasPublished = false;
        if (articleId === undefined) {
          const r = await tx.insertInto("articles").values(values).returning("id").executeTakeFirstOrThrow();
          articleId = r.id;
        } else {
          const before = await tx
            .selectFrom("articles")
            .select("status")
            .where("id", "=", articleId)
            .executeTakeFirst();
          wasPublished = before?.status === "published";
          // One statement counts the version up and, with a base version, is the compare-and-set: a
          // save from an older version changes nothing and is refused. Saves without one (older
          // clients) queue on the row's lock and each counts up, never refused by a concurrent save.
          // The search key is not among the values, so the one returned is the article's current one.
          const r = await tx
            .updateTable("articles")
            .set({ ...values, version: sql<number>`version + 1` })
            .where("id", "=", articleId)
            .$if(opts.baseVersion !== undefined, (q) => q.where("version", "<=", opts.baseVersion ?? 0))
            .returning(["version", "search_key"])
            .executeTakeFirst();
          if (!r) {
            const exists = await tx
              .selectFrom("articles")
              .select("id")
              .where("id", "=", articleId)
              .executeTakeFirst();
            if (!exists) throw notFound("文章");
            throw new AppError(409, EDIT_CONFLICT);
          }
          oldKey = r.search_key;
          version = Number(r.version);
        }
        const searchKey = await freeSearchKey(tx, searchKeyFor(createdAt, articleId), articleId);
        await tx.updateTable("articles").set({ search_key: searchKey }).where("id", "=", articleId).execute();
        await setTags(tx, articleId, input.tags);
        await recordRevision(tx, {
          articleId,
          version,
          title: values.title,
          intro: values.intro,
          content: values.content,
          thumb: values.thumb,
          columnId: values.column_id,
          tags: [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))],
          status: values.status,
          publishedAt: createdAt,
          savedBy: opts.by ?? "system",
        });
        await search.remove(tx, articleId, oldKey);
        if (input.status === "published") {
          await search.put(tx, {
            id: articleId,
            searchKey,
            title: values.title,
            intro: values.intro,
            content: values.content,
          });
          // Becoming public (first publish, publish now, a restore, published again after a draft)
          // is what search engines are told about; an edit of a public article keeps its URL.
          if (!wasPublished && opts.push !== false) await pushes?.enqueue(tx, [articleId]);
        }
        await opts.alsoWrite?.(tx, articleId, version);
        await opts.readBack?.(tx, articleId);
        return articleId;
      });
      await events.changed(articleChange(saved));
      return saved;
    },
  };
  const saveArticle = reading.saveArticle.bind(reading);
  const localise: RemoteImages["localise"] =
    remoteImages?.localise ?? (async (html) => ({ html, report: { stored: 0, failed: [] }, removed: [] }));
  return { ...reading, ...articleEditing({ db, tagsFor, saveArticle, search, events, localise, pushes }) };
}

/** Two articles published in the same millisecond with ids 1024 apart would collide: step past. */
async function freeSearchKey(tx: Kysely<DB>, key: number, articleId: number): Promise<number> {
  let k = key;
  for (;;) {
    const taken = await tx
      .selectFrom("articles")
      .select("id")
      .where("search_key", "=", k)
      .where("id", "!=", articleId)
      .executeTakeFirst();
    if (!taken) return k;
    k += 1;
  }
}

async function setTags(tx: Kysely<DB>, articleId: number, names: string[]) {
  await tx.deleteFrom("article_tags").where("article_id", "=", articleId).execute();
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  for (const [position, name] of unique.entries()) {
    let tag = await tx.selectFrom("tags").select("id").where("name", "=", name).executeTakeFirst();
    if (!tag) {
      await tx
        .insertInto("tags")
        .values({ name })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      tag = await tx.selectFrom("tags").select("id").where("name", "=", name).executeTakeFirstOrThrow();
    }
    await tx.insertInto("article_tags").values({ article_id: articleId, tag_id: tag.id, position }).execute();
  }
}

export type ContentService = ReturnType<typeof createContentService>;

type Filter = z.infer<typeof ArticleFilterSchema>;

const NOT_SCHEDULED = "这篇文章不是定时发布状态";

/**
 * What a save stores: an article saved as published with a publish time still ahead is scheduled
 * (it goes out at that time, not at once); a minute's slack absorbs clocks and the editor's typing.
 */
export function effectiveStatus(status: ArticleStatus, createdAt: string, now = Date.now()): ArticleStatus {
  if (status === "published" && Date.parse(createdAt) > now + 60_000) return "scheduled";
  return status;
}

/** The save input that keeps an article as it is. */
function inputOf(a: AdminArticle): ArticleInput {
  return {
    columnId: a.columnId,
    title: a.title,
    intro: a.intro,
    content: a.content,
    thumb: a.thumb,
    author: a.author,
    hot: a.hot,
    status: a.status,
    createdAt: a.createdAt,
    tags: a.tags.map((t) => t.tagName),
    seoTitle: a.seoTitle,
    seoDescription: a.seoDescription,
    shareImage: a.shareImage,
  };
}
type Form = z.infer<typeof ArticleFormSchema>;

/**
 * Articles as editors see them: drafts included, with view counts. Writes go through
 * saveArticle, which sanitises the body with the site's allow-list, keeps the search index in step
 * and announces the change to every instance.
 */
function articleEditing(deps: {
  db: Kysely<DB>;
  tagsFor: (ids: number[], x?: Kysely<DB>) => Promise<Map<number, Tag[]>>;
  saveArticle: (input: ArticleInput, id?: number, opts?: SaveOptions) => Promise<number>;
  search: SearchIndex;
  events: ContentEvents;
  localise: RemoteImages["localise"];
  pushes?: PushQueue;
}) {
  const { db } = deps;

  /** Whether a column with this id exists: an article is saved only into one. */
  const columnExists = async (id: number) =>
    (await db.selectFrom("columns").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

  const base = (x: Kysely<DB> = db) =>
    x
      .selectFrom("articles as a")
      .leftJoin("columns as c", "c.id", "a.column_id")
      .leftJoin("article_views as v", "v.article_id", "a.id");

  const rowColumns = [
    "a.id",
    "a.title",
    "a.column_id",
    "c.name as column_name",
    "a.author",
    "a.thumb",
    "a.status",
    "a.hot",
    "v.views as view_count",
    "a.created_at",
    "a.updated_at",
  ] as const;

  type RowShape = {
    id: number;
    title: string;
    column_id: number;
    column_name: string | null;
    author: string;
    thumb: string;
    status: "published" | "scheduled" | "draft";
    hot: boolean | number;
    /** null: never counted */
    view_count: number | null;
    created_at: string;
    updated_at: string;
  };
  const toRow = (r: RowShape, tags: { tagId: number; tagName: string }[]): AdminArticleRow => ({
    id: r.id,
    title: r.title,
    columnId: r.column_id,
    columnName: r.column_name ?? "",
    author: r.author,
    thumb: r.thumb,
    status: r.status,
    hot: bool(r.hot),
    viewCount: Number(r.view_count ?? 0),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    tags,
  });

  return {
    async find(f: Filter): Promise<Paged<AdminArticleRow>> {
      let q = base();
      if (f.q) q = q.where("a.title", "like", `%${f.q}%`);
      if (f.columnId) q = q.where("a.column_id", "=", f.columnId);
      if (f.status) q = q.where("a.status", "=", f.status);
      if (f.hot) q = q.where("a.hot", "=", f.hot === "1");
      if (f.tagId) {
        const tagId = f.tagId;
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom("article_tags as at")
              .select("at.article_id")
              .whereRef("at.article_id", "=", "a.id")
              .where("at.tag_id", "=", tagId),
          ),
        );
      }
      const [rows, total] = await Promise.all([
        q
          .select(rowColumns)
          .orderBy("a.created_at", "desc")
          .orderBy("a.id", "desc")
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      const tags = await deps.tagsFor(rows.map((r) => r.id));
      return {
        items: rows.map((r) => toRow(r as RowShape, tags.get(r.id) ?? [])),
        total: Number(total.n),
        page: f.page,
        pageSize: f.pageSize,
      };
    },

    /** `x`: a transaction to read in (a save's own answer, see SaveOptions.readBack). */
    async article(id: number, x: Kysely<DB> = db): Promise<AdminArticle> {
      const r = await base(x)
        .select(rowColumns)
        .select([
          "a.intro",
          "a.content",
          "a.version",
          "a.seo_title",
          "a.seo_description",
          "a.share_image",
          "a.slug",
          "a.source_url",
          "a.wechat_url",
        ])
        .where("a.id", "=", id)
        .executeTakeFirst();
      if (!r) throw new AppError(404, "文章不存在");
      const tags = await deps.tagsFor([id], x);
      return {
        ...toRow(r as RowShape, tags.get(id) ?? []),
        intro: r.intro,
        content: r.content,
        seoTitle: r.seo_title,
        seoDescription: r.seo_description,
        shareImage: r.share_image,
        version: Number(r.version),
        slug: r.slug,
        sourceUrl: r.source_url,
        wechatUrl: r.wechat_url,
      };
    },

    /**
     * `baseVersion`: the version the editor started from; older than the stored one is a 409.
     * Pictures of the body outside the site are fetched and stored first, before the transaction
     * (no transaction waits on the network); the answer reports those that could not be kept.
     */
    async save(input: Form, id?: number, by?: string): Promise<SavedArticle> {
      if (!(await columnExists(input.columnId))) throw new AppError(400, "栏目不存在");
      let stale = false;
      if (id !== undefined) {
        const old = await db
          .selectFrom("articles")
          .select(["id", "version"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!old) throw new AppError(404, "文章不存在");
        stale = input.baseVersion !== undefined && Number(old.version) > input.baseVersion;
      }
      // A save from an older version is refused below: its pictures are not fetched for nothing.
      const { html: content, report } = stale
        ? { html: input.content, report: { stored: 0, failed: [] } }
        : await deps.localise(input.content);
      let answer: AdminArticle | undefined;
      await deps
        .saveArticle(
          {
            columnId: input.columnId,
            title: input.title,
            intro: input.intro,
            content,
            thumb: input.thumb,
            author: input.author,
            hot: input.hot,
            status: effectiveStatus(input.status, input.createdAt),
            createdAt: input.createdAt,
            tags: input.tags,
            seoTitle: input.seoTitle,
            seoDescription: input.seoDescription,
            shareImage: input.shareImage,
          },
          id,
          {
            by,
            baseVersion: input.baseVersion,
            readBack: async (tx, savedId) => {
              answer = await this.article(savedId, tx);
            },
          },
        )
        .catch(async (err) => {
          // The refusal carries the other version, so the editor can compare before saving again.
          if (err instanceof AppError && err.status === 409 && id !== undefined)
            throw new AppError(409, err.message, await this.article(id));
          throw err;
        });
      return { ...answer!, remoteImages: report };
    },

    /** A scheduled article goes out now: its publish time becomes this moment. */
    async publishNow(id: number, by?: string): Promise<AdminArticle> {
      const a = await this.article(id);
      if (a.status !== "scheduled") throw new AppError(400, NOT_SCHEDULED);
      await deps.saveArticle(
        { ...inputOf(a), status: "published", createdAt: new Date().toISOString() },
        id,
        { by },
      );
      return this.article(id);
    },

    /** A scheduled article back to a draft; its time is kept for the next schedule. */
    async unschedule(id: number, by?: string): Promise<AdminArticle> {
      const a = await this.article(id);
      if (a.status !== "scheduled") throw new AppError(400, NOT_SCHEDULED);
      await deps.saveArticle({ ...inputOf(a), status: "draft" }, id, { by });
      return this.article(id);
    },

    /**
     * A revision saved again as the article's newest version (its author, hot flag and id stay).
     * An older revision may still hold pictures from outside the site: they are fetched as on a save.
     */
    async restore(id: number, rev: Revision, by?: string): Promise<SavedArticle> {
      const a = await this.article(id);
      if (!(await columnExists(rev.columnId))) throw new AppError(400, "该版本的栏目已不存在，无法恢复");
      const status =
        rev.status === "scheduled" && Date.parse(rev.publishedAt) <= Date.now() ? "draft" : rev.status;
      const { html: content, report } = await deps.localise(rev.content);
      let answer: AdminArticle | undefined;
      await deps.saveArticle(
        {
          ...inputOf(a),
          title: rev.title,
          intro: rev.intro,
          content,
          thumb: rev.thumb,
          columnId: rev.columnId,
          tags: rev.tags,
          status,
          createdAt: rev.publishedAt,
        },
        id,
        {
          by,
          readBack: async (tx) => {
            answer = await this.article(id, tx);
          },
        },
      );
      return { ...answer!, remoteImages: report };
    },

    /**
     * Publishes every scheduled article whose time has come. One UPDATE … RETURNING claims them, so
     * with several instances polling, each article is published by exactly one of them; that one
     * indexes it and announces the change (every instance's page store then shows it).
     */
    async publishDue(now = new Date()): Promise<{ id: number; title: string }[]> {
      const due = await db.transaction().execute(async (tx) => {
        const rows = await tx
          .updateTable("articles")
          .set({ status: "published" })
          .where("status", "=", "scheduled")
          .where("created_at", "<=", now.toISOString())
          .returning(["id", "search_key", "title", "intro", "content"])
          .execute();
        for (const r of rows)
          await deps.search.put(tx, {
            id: r.id,
            searchKey: Number(r.search_key),
            title: r.title,
            intro: r.intro,
            content: r.content,
          });
        // Only the instance that claimed them queues their push, in the same transaction.
        await deps.pushes?.enqueue(
          tx,
          rows.map((r) => r.id),
        );
        return rows;
      });
      for (const r of due) await deps.events.changed(articleChange(r.id));
      return due.map((r) => ({ id: r.id, title: r.title }));
    },

    /** Removes an article, its tags and its search entry. */
    async remove(id: number): Promise<AdminArticle> {
      const old = await this.article(id);
      await db.transaction().execute(async (tx) => {
        const r = await tx
          .selectFrom("articles")
          .select("search_key")
          .where("id", "=", id)
          .executeTakeFirst();
        await deps.search.remove(tx, id, r?.search_key ?? null);
        await tx.deleteFrom("article_tags").where("article_id", "=", id).execute();
        await tx.deleteFrom("articles").where("id", "=", id).execute();
      });
      await deps.events.changed(articleChange(id));
      return old;
    },

    /** The hot-news flag alone (the 热点 list); nothing the search index reads changes. */
    async setHot(id: number, hot: boolean): Promise<AdminArticleRow> {
      const r = await db
        .updateTable("articles")
        .set({ hot, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw new AppError(404, "文章不存在");
      await deps.events.changed(articleChange(id));
      return this.article(id);
    },
  };
}
