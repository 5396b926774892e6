import type { z } from "zod";
import type {
  AdminArticle,
  AdminArticleRow,
  ArticleFilterSchema,
  ArticleFormSchema,
  Paged,
} from "../../contract/admin";
import { articleChange } from "../../contract/cache-tags";
import type { Database } from "../db";
import type { SearchIndex } from "../search";
import type { ContentEvents } from "../services/cache";
import type { ContentService } from "../services/content";
import { AppError } from "../services/errors";
import { bool } from "../services/rows";

type Filter = z.infer<typeof ArticleFilterSchema>;
type Form = z.infer<typeof ArticleFormSchema>;

/**
 * Articles as editors see them: drafts included, with view counts. Writes go through
 * services.content.saveArticle, which sanitises the body with the site's allow-list, keeps the
 * search index in step and announces the change to every instance.
 */
export function createArticleAdmin(deps: {
  database: Database;
  content: ContentService;
  search: SearchIndex;
  events: ContentEvents;
}) {
  const { db } = deps.database;

  async function tagsOf(ids: number[]) {
    const map = new Map<number, { tagId: number; tagName: string }[]>();
    if (ids.length === 0) return map;
    const rows = await db
      .selectFrom("article_tags as at")
      .innerJoin("tags as t", "t.id", "at.tag_id")
      .select(["at.article_id", "t.id", "t.name"])
      .where("at.article_id", "in", ids)
      .orderBy("at.article_id")
      .orderBy("at.position")
      .execute();
    for (const r of rows) {
      const list = map.get(r.article_id) ?? [];
      list.push({ tagId: r.id, tagName: r.name });
      map.set(r.article_id, list);
    }
    return map;
  }

  const base = () => db.selectFrom("articles as a").leftJoin("columns as c", "c.id", "a.column_id");

  const rowColumns = [
    "a.id",
    "a.title",
    "a.column_id",
    "c.name as column_name",
    "a.author",
    "a.thumb",
    "a.status",
    "a.hot",
    "a.view_count",
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
    status: "published" | "draft";
    hot: boolean | number;
    view_count: number;
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
    viewCount: Number(r.view_count),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    tags,
  });

  return {
    async list(f: Filter): Promise<Paged<AdminArticleRow>> {
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
      const tags = await tagsOf(rows.map((r) => r.id));
      return {
        items: rows.map((r) => toRow(r as RowShape, tags.get(r.id) ?? [])),
        total: Number(total.n),
        page: f.page,
        pageSize: f.pageSize,
      };
    },

    async get(id: number): Promise<AdminArticle> {
      const r = await base()
        .select(rowColumns)
        .select(["a.intro", "a.content"])
        .where("a.id", "=", id)
        .executeTakeFirst();
      if (!r) throw new AppError(404, "文章不存在");
      const tags = await tagsOf([id]);
      return { ...toRow(r as RowShape, tags.get(id) ?? []), intro: r.intro, content: r.content };
    },

    async save(input: Form, id?: number): Promise<AdminArticle> {
      const column = await db
        .selectFrom("columns")
        .select("id")
        .where("id", "=", input.columnId)
        .executeTakeFirst();
      if (!column) throw new AppError(400, "栏目不存在");
      if (id !== undefined) {
        const old = await db.selectFrom("articles").select("id").where("id", "=", id).executeTakeFirst();
        if (!old) throw new AppError(404, "文章不存在");
      }
      const saved = await deps.content.saveArticle(
        {
          columnId: input.columnId,
          title: input.title,
          intro: input.intro,
          content: input.content,
          thumb: input.thumb,
          author: input.author,
          hot: input.hot,
          status: input.status,
          createdAt: input.createdAt,
          tags: input.tags,
        },
        id,
      );
      return this.get(saved);
    },

    /** Removes an article, its tags and its search entry. */
    async remove(id: number): Promise<AdminArticle> {
      const old = await this.get(id);
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
      return this.get(id);
    },
  };
}

export type ArticleAdmin = ReturnType<typeof createArticleAdmin>;
