import type { Kysely, Selectable } from "kysely";
import { type ContentChange, redirectChange } from "../../contract/cache-tags";
import type { Database } from "../db";
import type { DB, RedirectTable } from "../db/schema";
import type { Logger } from "../logger";
import type { ContentEvents } from "./content-events";
import { AppError } from "./errors";

/**
 * Old addresses answering 301 (docs/product.md, "Old addresses"): an imported site's permalinks,
 * `/?p=ID` and `/archives/ID`, and the paths editors add. Looking one up is a map lookup, not a
 * database read or a render: the redirects are loaded once at start and kept current by the
 * content-change events, which reach every instance (an article's change reloads that article's
 * redirects; an editor's redirect names its own key; a missed change reloads them all).
 */

/** An old address as stored and looked up: path decoded, lower case, without a trailing slash; query sorted. */
export interface OldAddress {
  path: string;
  /** `p=12`: the parameters that select it, sorted; "" for the path alone */
  query: string;
}

const MAX_PATH = 1000;
/** A redirect as the console lists and shows it: the row, and the title of the article it leads to. */
const ROW_COLUMNS = [
  "r.id",
  "r.path",
  "r.query",
  "r.article_id",
  "a.title as article_title",
  "r.target",
  "r.origin",
  "r.site",
  "r.created_by",
  "r.created_at",
] as const;
const MAX_QUERY = 300;

/** A path as the map keys it: percent-decoded, lower case, one slash between segments, none at the end. */
export function normalisePath(pathname: string): string {
  let p = pathname;
  if (p.includes("%")) {
    try {
      p = decodeURIComponent(p);
    } catch {}
  }
  p = p.toLowerCase().replace(/\/{2,}/g, "/");
  if (!p.startsWith("/")) p = `/${p}`;
  if (p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
  return p;
}

/** A query (`?p=12&utm_source=x`, or without `?`) as stored: parameters decoded, names lower case, sorted. */
export function normaliseQuery(search: string): string {
  const params = [...new URLSearchParams(search)]
    .map(([k, v]) => [k.toLowerCase(), v.toLowerCase()] as const)
    .filter(([k]) => k !== "");
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

/** The stored form of an old address, or undefined when it is too long to be one. */
export function oldAddress(pathname: string, search: string): OldAddress | undefined {
  const path = normalisePath(pathname);
  const query = normaliseQuery(search);
  if (path.length > MAX_PATH || query.length > MAX_QUERY) return undefined;
  return { path, query };
}

/** An editor's "old address" field: a path, or a whole URL (of the old site) whose path and query count. */
export function parseOldAddress(input: string): OldAddress | undefined {
  const text = input.trim();
  let u: URL;
  try {
    u = new URL(text, "http://old.invalid");
  } catch {
    return undefined;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return undefined;
  return oldAddress(u.pathname, u.search);
}

export const articlePath = (id: number) => `/articledetail/${id}`;
/** An old address as one string, `path?query` or the path alone: the map's key, and how reports show it. */
export const keyOf = (a: OldAddress) => (a.query ? `${a.path}?${a.query}` : a.path);

interface Entry {
  articleId: number | null;
  /** where it goes (a path of the site or an http(s) URL) */
  to: string;
  /** a path-only redirect whose path is a page of the site itself: the page wins (undefined: not checked yet) */
  shadowed?: boolean;
}

export interface RedirectRow {
  id: number;
  path: string;
  query: string;
  articleId: number | null;
  articleTitle: string | null;
  target: string;
  origin: "import" | "editor";
  site: string;
  createdBy: string;
  createdAt: string;
}

type RowShape = {
  path: string;
  query: string;
  article_id: number | null;
  target: string;
};

/** What the lookup map needs of a row. */
const ENTRY_COLUMNS = ["path", "query", "article_id", "target"] as const;

const toEntry = (r: RowShape): Entry => ({
  articleId: r.article_id,
  to: r.article_id !== null ? articlePath(r.article_id) : r.target,
});

/** The stored redirect of an old address, if there is one (`x`: the database or a transaction). */
export function storedRedirect(x: Kysely<DB>, a: OldAddress) {
  return x
    .selectFrom("redirects")
    .select(ENTRY_COLUMNS)
    .where("path", "=", a.path)
    .where("query", "=", a.query)
    .executeTakeFirst();
}

/** A row read with ROW_COLUMNS, as the console shows it. */
const toRedirectRow = (r: Selectable<RedirectTable> & { article_title: string | null }): RedirectRow => ({
  id: r.id,
  path: r.path,
  query: r.query,
  articleId: r.article_id,
  articleTitle: r.article_title ?? null,
  target: r.article_id !== null ? articlePath(r.article_id) : r.target,
  origin: r.origin,
  site: r.site,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

export function createRedirects(opts: { database: Database; events: ContentEvents; logger: Logger }) {
  const { db } = opts.database;
  const events = opts.events;
  /** path alone → entry */
  const byPath = new Map<string, Entry>();
  /** path → (query → entry), and the sets of parameter names its queries use */
  const byQuery = new Map<string, { names: string[][]; entries: Map<string, Entry> }>();
  /** article → its keys, to drop them when it changes */
  const byArticle = new Map<number, Set<string>>();
  let started = false;
  let sitePage: (path: string) => boolean = () => false;
  // Reloads run one after another, in the order the changes came.
  let queue: Promise<void> = Promise.resolve();

  function put(a: OldAddress, e: Entry) {
    drop(a);
    if (a.query) {
      let q = byQuery.get(a.path);
      if (!q) {
        q = { names: [], entries: new Map() };
        byQuery.set(a.path, q);
      }
      q.entries.set(a.query, e);
      const names = a.query.split("&").map((kv) => kv.slice(0, kv.indexOf("=")));
      if (!q.names.some((n) => n.join("&") === names.join("&"))) q.names.push(names);
    } else byPath.set(a.path, e);
    if (e.articleId !== null) {
      let keys = byArticle.get(e.articleId);
      if (!keys) {
        keys = new Set();
        byArticle.set(e.articleId, keys);
      }
      keys.add(keyOf(a));
    }
  }

  function drop(a: OldAddress) {
    const old = a.query ? byQuery.get(a.path)?.entries.get(a.query) : byPath.get(a.path);
    if (!old) return;
    if (a.query) byQuery.get(a.path)!.entries.delete(a.query);
    else byPath.delete(a.path);
    if (old.articleId !== null) byArticle.get(old.articleId)?.delete(keyOf(a));
  }

  const splitKey = (key: string): OldAddress => {
    const i = key.indexOf("?");
    return i === -1 ? { path: key, query: "" } : { path: key.slice(0, i), query: key.slice(i + 1) };
  };

  async function loadAll() {
    const rows = await db.selectFrom("redirects").select(ENTRY_COLUMNS).execute();
    byPath.clear();
    byQuery.clear();
    byArticle.clear();
    for (const r of rows) put(r, toEntry(r));
  }

  async function reloadArticle(id: number) {
    for (const key of [...(byArticle.get(id) ?? [])]) drop(splitKey(key));
    byArticle.delete(id);
    const rows = await db
      .selectFrom("redirects")
      .select(ENTRY_COLUMNS)
      .where("article_id", "=", id)
      .execute();
    for (const r of rows) put(r, toEntry(r));
  }

  async function reloadKey(key: string) {
    const a = splitKey(key);
    drop(a);
    const r = await storedRedirect(db, a);
    if (r) put(r, toEntry(r));
  }

  function apply(change: ContentChange | null) {
    if (!started) return;
    const work = async () => {
      if (change === null) return loadAll();
      for (const tag of change.purge) {
        if (tag.startsWith("article:")) {
          const id = Number(tag.slice(8));
          if (Number.isInteger(id)) await reloadArticle(id);
        } else if (tag.startsWith("redirect:")) await reloadKey(tag.slice(9));
      }
    };
    queue = queue.then(work).catch((err: Error) => {
      opts.logger.warn({ err: err.message }, "redirects not reloaded");
    });
  }
  events.onChange(apply);

  return {
    /** Loads every redirect and follows the changes from then on (the request thread only). */
    async start() {
      started = true;
      await loadAll();
    },
    /** Tells which paths are pages of the site: a redirect of the path alone never hides one. */
    setSitePage(fn: (path: string) => boolean) {
      sitePage = fn;
      for (const e of byPath.values()) e.shadowed = undefined;
    },
    /** Waits for the reloads queued so far (tests, the import's end). */
    settled: () => queue,

    /**
     * Where an old address goes (a path of the site, or an http(s) URL), or undefined. `pathname`
     * and `search` as the request has them (`search` with or without its `?`). Synchronous: a map
     * lookup, so every request may ask.
     */
    find(pathname: string, search: string): string | undefined {
      if (byPath.size === 0 && byQuery.size === 0) return undefined;
      const path = normalisePath(pathname);
      if (search.length > 1) {
        const q = byQuery.get(path);
        if (q) {
          const params = new URLSearchParams(search);
          const lower = new Map<string, string>();
          for (const [k, v] of params) if (!lower.has(k.toLowerCase())) lower.set(k.toLowerCase(), v);
          for (const names of q.names) {
            if (!names.every((n) => lower.has(n))) continue;
            const key = names
              .map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(lower.get(n)!.toLowerCase())}`)
              .join("&");
            const e = q.entries.get(key);
            if (e) return e.to;
          }
        }
      }
      const e = byPath.get(path);
      if (!e) return undefined;
      e.shadowed ??= sitePage(path);
      return e.shadowed ? undefined : e.to;
    },

    /** Whether a path is a page of the site (an editor's redirect of it would never answer). */
    isSitePage: (path: string) => sitePage(normalisePath(path)),

    /**
     * Writes an imported article's old addresses in its transaction. An address another article
     * already holds keeps it: the conflicts are returned for the report.
     */
    async writeForArticle(
      tx: Kysely<DB>,
      articleId: number,
      addresses: OldAddress[],
      site: string,
    ): Promise<OldAddress[]> {
      if (addresses.length === 0) return [];
      // One statement for all of them: an address already held (by this article or another) stays.
      const inserted = await tx
        .insertInto("redirects")
        .values(
          addresses.map((a) => ({
            path: a.path,
            query: a.query,
            article_id: articleId,
            origin: "import" as const,
            site,
            created_by: "导入",
            created_at: new Date().toISOString(),
          })),
        )
        .onConflict((oc) => oc.columns(["path", "query"]).doNothing())
        .returning(["path", "query"])
        .execute();
      if (inserted.length === addresses.length) return [];
      const made = new Set(inserted.map((r) => keyOf(r)));
      const taken: OldAddress[] = [];
      for (const a of addresses.filter((x) => !made.has(keyOf(x)))) {
        const held = await storedRedirect(tx, a);
        if (held && held.article_id !== articleId) taken.push(a);
      }
      return taken;
    },

    async list(f: { q?: string; origin?: "import" | "editor"; page: number; pageSize: number }) {
      let q = db.selectFrom("redirects as r").leftJoin("articles as a", "a.id", "r.article_id");
      if (f.q) {
        const like = `%${f.q.toLowerCase()}%`;
        q = q.where((eb) => eb.or([eb("r.path", "like", like), eb("r.target", "like", like)]));
      }
      if (f.origin) q = q.where("r.origin", "=", f.origin);
      const [rows, total] = await Promise.all([
        q
          .select(ROW_COLUMNS)
          .orderBy("r.id", "desc")
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map(toRedirectRow),
        total: Number(total.n),
        page: f.page,
        pageSize: f.pageSize,
      };
    },

    /** An editor's redirect: an old address to an article or to a path of the site. */
    async add(
      input: { from: string; articleId?: number; target?: string },
      by: string,
    ): Promise<RedirectRow> {
      const a = parseOldAddress(input.from);
      if (!a) throw new AppError(400, "旧地址格式不正确");
      if (a.path === "/" && !a.query) throw new AppError(400, "不能把首页设为跳转");
      if (!a.query && sitePage(a.path)) throw new AppError(400, "该地址是本站现有页面，不能设为跳转");
      let target = "";
      if (input.articleId !== undefined) {
        const article = await db
          .selectFrom("articles")
          .select("id")
          .where("id", "=", input.articleId)
          .executeTakeFirst();
        if (!article) throw new AppError(400, "目标文章不存在");
      } else {
        target = (input.target ?? "").trim();
        if (!/^\/(?!\/)\S*$/.test(target) && !/^https?:\/\/\S+$/i.test(target))
          throw new AppError(400, "跳转目标须为本站路径（以 / 开头）或 http(s) 网址");
        const t = target.startsWith("/") ? parseOldAddress(target) : undefined;
        if (t && t.path === a.path && t.query === a.query)
          throw new AppError(400, "跳转目标不能是旧地址本身");
      }
      if (await storedRedirect(db, a)) throw new AppError(409, "该旧地址已有跳转");
      const r = await db
        .insertInto("redirects")
        .values({
          path: a.path,
          query: a.query,
          article_id: input.articleId ?? null,
          target,
          origin: "editor",
          created_by: by,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
        .catch((err: Error) => {
          if (/unique|duplicate/i.test(err.message)) throw new AppError(409, "该旧地址已有跳转");
          throw err;
        });
      await events.changed(redirectChange([keyOf(a)]));
      return this.get(r.id);
    },

    async get(id: number): Promise<RedirectRow> {
      const r = await db
        .selectFrom("redirects as r")
        .leftJoin("articles as a", "a.id", "r.article_id")
        .select(ROW_COLUMNS)
        .where("r.id", "=", id)
        .executeTakeFirst();
      if (!r) throw new AppError(404, "跳转不存在");
      return toRedirectRow(r);
    },

    async remove(id: number): Promise<RedirectRow> {
      const row = await this.get(id);
      await db.deleteFrom("redirects").where("id", "=", id).execute();
      await events.changed(redirectChange([keyOf(row)]));
      return row;
    },

    /** How many redirects this instance holds in memory. */
    size: () => byPath.size + [...byQuery.values()].reduce((n, q) => n + q.entries.size, 0),
  };
}

export type Redirects = ReturnType<typeof createRedirects>;
