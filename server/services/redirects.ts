import type { Kysely, Selectable } from "kysely";
import { type ContentChange, redirectChange } from "../../contract/cache-tags";
import { redirectTarget } from "../../contract/imports";
import { articlePath } from "../../contract/paths";
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
 *
 * A redirect never hides the site: an old address that is one of its own (the console, the API,
 * assets, uploads, probes, a page) is refused when added, skipped by the import, and never answered
 * by `find`. Every target sent is a valid `Location`: checked and percent-encoded when added, and
 * repaired (or skipped) when loaded.
 */

/** Paths the app answers before any page: the console, the API, assets, uploads, the probes. */
const RESERVED = /^\/(?:api|assets|uploads|admin)(?:\/|$)|^\/(?:healthz|readyz|metrics)$/;

/** What the serving layer knows of the site's pages (server/serving/keys.ts). */
export interface SitePages {
  /** whether a path is one of the site's pages (a route of its own, not the catch-all) */
  isPage(path: string): boolean;
  /** the query parameters a page reads, when it is one */
  reads(path: string): ReadonlySet<string> | undefined;
}

/** Redirects followed when an editor's new one is checked for a loop (browsers give up after 20). */
const MAX_HOPS = 20;

/** A target as sent in `Location` unchanged: printable ASCII, no space. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

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

/** An old address as one string, `path?query` or the path alone: the map's key, and how reports show it. */
export const keyOf = (a: OldAddress) => (a.query ? `${a.path}?${a.query}` : a.path);

interface Entry {
  articleId: number | null;
  /** where it goes (a path of the site or an http(s) URL) */
  to: string;
  /** an address that is the site's own (a page, the console…): the site wins (undefined: not checked yet) */
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
  id: number;
  path: string;
  query: string;
  article_id: number | null;
  target: string;
};

/** What the lookup map needs of a row. */
const ENTRY_COLUMNS = ["id", "path", "query", "article_id", "target"] as const;

/** The parameter names of a stored query (`classid=2&id=88`), decoded. */
const namesOf = (query: string) => (query ? [...new URLSearchParams(query).keys()] : []);

/** A field of the 添加跳转 form and what is wrong with it: the console shows it beside that field. */
const refuse = (field: "from" | "target", message: string, status: 400 | 409 = 400) =>
  new AppError(status, message, { field });

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

export function createRedirects(opts: {
  database: Database;
  events: ContentEvents;
  logger: Logger;
  /** the site's public URL: a target on its origin is followed as a path of the site (loops) */
  publicUrl?: string;
}) {
  const { db } = opts.database;
  const publicOrigin = opts.publicUrl ? new URL(opts.publicUrl).origin : "";
  const events = opts.events;
  /** path alone → entry */
  const byPath = new Map<string, Entry>();
  /** path → (query → entry), and the sets of parameter names its queries use */
  const byQuery = new Map<string, { names: string[][]; entries: Map<string, Entry> }>();
  /** article → its keys, to drop them when it changes */
  const byArticle = new Map<number, Set<string>>();
  let started = false;
  let pages: SitePages = { isPage: () => false, reads: () => undefined };
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

  /**
   * Whether an old address is the site's own: the console, the API, assets, uploads, the probes, or
   * a page with or without a query. The one exception is the home page with parameters it does not
   * read: that is the old site's `/?p=123`, never a page of this site.
   */
  function ownAddress(path: string, names: string[]): boolean {
    if (RESERVED.test(path)) return true;
    if (!pages.isPage(path)) return false;
    if (path !== "/" || names.length === 0) return true;
    const read = pages.reads(path);
    return !read || names.some((n) => read.has(n));
  }

  /**
   * A row as the map holds it. A target stored before it was checked (or written by hand) that is
   * no valid header value is percent-encoded (`repaired`: to be written back); one that cannot be
   * made a valid address is left out of the map. No stored row puts an invalid `Location` on an answer.
   */
  function entryOf(r: RowShape): { entry?: Entry; repaired?: string } {
    if (r.article_id !== null) return { entry: { articleId: r.article_id, to: articlePath(r.article_id) } };
    const checked = redirectTarget(r.target);
    if ("error" in checked) {
      opts.logger.warn(
        { id: r.id, from: keyOf(r), reason: checked.error },
        "redirect skipped: its target cannot be made a valid address",
      );
      return {};
    }
    if (HEADER_SAFE.test(r.target)) return { entry: { articleId: null, to: r.target } };
    return { entry: { articleId: null, to: checked.target }, repaired: checked.target };
  }

  /** The map's entries of rows read from the database, their repaired targets written back first. */
  async function entriesOf(rows: RowShape[]): Promise<[OldAddress, Entry][]> {
    const out: [OldAddress, Entry][] = [];
    for (const r of rows) {
      const { entry, repaired } = entryOf(r);
      if (repaired !== undefined) {
        await db.updateTable("redirects").set({ target: repaired }).where("id", "=", r.id).execute();
        opts.logger.warn({ id: r.id, from: keyOf(r), target: repaired }, "redirect target repaired");
      }
      if (entry) out.push([r, entry]);
    }
    return out;
  }

  async function loadAll() {
    const entries = await entriesOf(await db.selectFrom("redirects").select(ENTRY_COLUMNS).execute());
    byPath.clear();
    byQuery.clear();
    byArticle.clear();
    for (const [a, e] of entries) put(a, e);
  }

  async function reloadArticle(id: number) {
    for (const key of [...(byArticle.get(id) ?? [])]) drop(splitKey(key));
    byArticle.delete(id);
    const rows = await db
      .selectFrom("redirects")
      .select(ENTRY_COLUMNS)
      .where("article_id", "=", id)
      .execute();
    for (const [a, e] of await entriesOf(rows)) put(a, e);
  }

  async function reloadKey(key: string) {
    const a = splitKey(key);
    drop(a);
    const r = await storedRedirect(db, a);
    if (r) for (const [row, e] of await entriesOf([r])) put(row, e);
  }

  /**
   * Where an old address goes (a path of the site, or an http(s) URL), or undefined. `pathname`
   * and `search` as the request has them (`search` with or without its `?`). Synchronous: a map
   * lookup, so every request may ask.
   */
  function find(pathname: string, search: string): string | undefined {
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
          if (!e) continue;
          e.shadowed ??= ownAddress(path, namesOf(key));
          if (!e.shadowed) return e.to;
        }
      }
    }
    const e = byPath.get(path);
    if (!e) return undefined;
    e.shadowed ??= ownAddress(path, []);
    return e.shadowed ? undefined : e.to;
  }

  /**
   * The way a request for `target` would go once `a` → `target` is added, when it comes back to an
   * address it has been through (a loop), or goes on for more than MAX_HOPS: `a`, then each address
   * on the way (decoded, as an editor reads them). Undefined when it ends: at an address that is no
   * redirect, a page, or another site. Follows the map as `find` does, with the new one put in for
   * the check (synchronously, so no request sees it).
   */
  function loopThrough(a: OldAddress, target: string): { way: string[]; loop: boolean } | undefined {
    const base = publicOrigin || "http://site.invalid";
    const readable = (s: string) => {
      try {
        return decodeURI(s);
      } catch {
        return s;
      }
    };
    const held = a.query ? byQuery.get(a.path)?.entries.get(a.query) : byPath.get(a.path);
    put(a, { articleId: null, to: target });
    try {
      const way = [keyOf(a)];
      const seen = new Set([`${a.path}?${a.query}`]);
      let to = target;
      for (let hop = 0; hop <= MAX_HOPS; hop++) {
        // Only the site's own addresses can lead on: a path, or a URL on PUBLIC_URL's origin.
        let u: URL;
        try {
          u = new URL(to, base);
        } catch {
          return undefined;
        }
        if (u.origin !== base) return undefined;
        const at = oldAddress(u.pathname, u.search);
        way.push(readable(u.pathname + u.search));
        if (!at) return undefined;
        const key = `${at.path}?${at.query}`;
        if (seen.has(key)) return { way, loop: true };
        if (hop === MAX_HOPS) return { way, loop: false };
        seen.add(key);
        const next = find(u.pathname, u.search);
        if (next === undefined) return undefined;
        to = next;
      }
      return undefined;
    } finally {
      drop(a);
      if (held) put(a, held);
    }
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
    /** Tells which paths are pages of the site (the serving layer's keys): a redirect never hides one. */
    setSitePages(p: SitePages) {
      pages = p;
      for (const e of byPath.values()) e.shadowed = undefined;
      for (const q of byQuery.values()) for (const e of q.entries.values()) e.shadowed = undefined;
    },
    /** Waits for the reloads queued so far (tests, the import's end). */
    settled: () => queue,

    find,

    /** Whether an old address is the site's own (a page, the console, the API…): no redirect may take it. */
    isOwnAddress: (a: OldAddress) => ownAddress(a.path, namesOf(a.query)),

    /**
     * Writes an imported article's old addresses in its transaction. An address another article
     * already holds keeps it: the conflicts are returned for the report. Addresses that are the
     * site's own are never written (the import reports them before: isOwnAddress).
     */
    async writeForArticle(
      tx: Kysely<DB>,
      articleId: number,
      all: OldAddress[],
      site: string,
    ): Promise<OldAddress[]> {
      const addresses = all.filter((a) => !ownAddress(a.path, namesOf(a.query)));
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

    /**
     * An editor's redirect: an old address to an article, a path of the site or an http(s) URL.
     * Refused (each with the field it is about): an address that is the site's own, a target that
     * cannot be made a valid address, and a loop through the redirects already there.
     */
    async add(
      input: { from: string; articleId?: number; target?: string },
      by: string,
    ): Promise<RedirectRow> {
      const a = parseOldAddress(input.from);
      if (!a) throw refuse("from", "旧地址格式不正确");
      if (a.path === "/" && !a.query) throw refuse("from", "不能把首页设为跳转");
      if (ownAddress(a.path, namesOf(a.query))) throw refuse("from", "该地址是本站现有页面，不能设为跳转");
      let target = "";
      if (input.articleId !== undefined) {
        const article = await db
          .selectFrom("articles")
          .select("id")
          .where("id", "=", input.articleId)
          .executeTakeFirst();
        if (!article) throw refuse("target", "目标文章不存在");
      } else {
        const checked = redirectTarget(input.target ?? "");
        if ("error" in checked) throw refuse("target", checked.error);
        target = checked.target;
        const t = target.startsWith("/") ? parseOldAddress(target) : undefined;
        if (t && t.path === a.path && t.query === a.query) throw refuse("target", "跳转目标不能是旧地址本身");
        // The map is what requests see: wait for the changes heard so far before following it.
        await queue;
        const chain = loopThrough(a, target);
        if (chain?.loop) throw refuse("target", `跳转会形成循环：${chain.way.join(" → ")}`);
        if (chain)
          throw refuse(
            "target",
            `跳转次数过多（超过 ${MAX_HOPS} 次）：${chain.way.slice(0, 4).join(" → ")} → …`,
          );
      }
      if (await storedRedirect(db, a)) throw refuse("from", "该旧地址已有跳转", 409);
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
          if (/unique|duplicate/i.test(err.message)) throw refuse("from", "该旧地址已有跳转", 409);
          throw err;
        });
      await events.changed(redirectChange([keyOf(a)]));
      // This instance answers the new address as soon as the editor is told it was added.
      await queue;
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
      await queue;
      return row;
    },

    /** How many redirects this instance holds in memory. */
    size: () => byPath.size + [...byQuery.values()].reduce((n, q) => n + q.entries.size, 0),
  };
}

export type Redirects = ReturnType<typeof createRedirects>;
