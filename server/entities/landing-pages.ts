import { type Kysely, type Selectable, sql } from "kysely";
import { LRUCache } from "lru-cache";
import type { z } from "zod";
import type { RemoteImagesReport } from "../../contract/answers";
import {
  ARTICLES,
  type CacheTag,
  landingChange,
  landingPathKey,
  productTag,
} from "../../contract/cache-tags";
import {
  type AdminLanding,
  type AdminLandingRow,
  type LandingFilterSchema,
  type LandingPage,
  LandingPageSchema,
  type LandingStatus,
  type Pic,
  SECTION_SCHEMAS,
  type Section,
} from "../../contract/landing";
import type { LandingPathCheck, LandingRevision, LandingRevisionRow } from "../../contract/landing-admin";
import type { Database } from "../db";
import type { DB, LandingPageRevisionTable, LandingPageTable } from "../db/schema";
import type { Logger } from "../logger";
import type { ContentEvents } from "../services/content-events";
import { AppError, notFound } from "../services/errors";
import { sanitizeRichText } from "../services/html";
import { REMOTE_IMAGE_LIMITS, type RemoteImages, TOO_MANY_IMAGES } from "../services/remote-images";
import { keepRevision } from "./revisions";

/**
 * Landing pages (docs/product.md, "Landing pages"): rows of `landing_pages`, each a list of typed
 * sections (contract/landing.ts) served at its path by the catch-all page route. Every write is
 * validated with the contract's schemas, its HTML fields sanitised, and fires the content change of
 * the paths it touches, so each instance's response store drops what it held there.
 *
 * Two reads serve visitors: `published(path)`, the page a request shows (memoised per path until a
 * change names it), and the index of published paths (`isPage`, `tags`): a synchronous lookup the
 * serving layer asks on every request (which paths are pages, which pages list articles), loaded
 * by start() and kept current by the change events, on every instance.
 */

export const LANDING_MESSAGES_SERVER = {
  conflict: "页面已被他人修改，请刷新后查看对方的版本再保存",
  pathTaken: "该路径已被其他营销页面使用",
  reserved: "该路径属于资讯、后台、接口或静态文件，不能用作营销页面",
  extension: "页面路径不能以文件扩展名结尾",
  redirected: "该路径已设置跳转，请先在跳转管理中删除后再使用",
  liveHost: (hosts: string[]) =>
    hosts.length > 0
      ? `直播间地址只能是以下域名：${hosts.join("、")}`
      : "站点未配置允许嵌入的直播间域名，请不要填写直播间地址",
  adminOnly: "已发布或定时发布的页面只有管理员可以修改",
  notScheduledPast: "定时发布的时间须晚于现在",
  productGone: (id: number) => `报名产品 ${id} 不存在或已删除，请重新选择`,
} as const;

/** What a save (create, change, restore) answers: the page and the report of its outside pictures. */
type SavedLanding = AdminLanding & { remoteImages: RemoteImagesReport };

/** A page as its path shows it to visitors. */
export type PublicLanding = LandingPage & { layout: "landing" | "news" };

/** What the index keeps of a published page. */
interface IndexEntry {
  id: number;
  /** it shows article lists: its answers are purged by article changes too */
  articles: boolean;
  /** the 报名产品 its buy buttons sell: its answers are purged when one changes or is deleted */
  products: number[];
}

/**
 * Paths a landing page can never take: the console, the API, files and the server's probes. The
 * site's own routes are checked through the route table (`setRouteCheck`).
 */
const RESERVED = /^\/(?:api|admin|assets|uploads|landing|media|healthz|readyz|metrics|__manifest)(?:\/|$)/i;

type Row = Selectable<LandingPageTable>;

const toRow = (r: Row): AdminLandingRow => ({
  id: r.id,
  path: r.path,
  name: r.name,
  status: r.status,
  publishAt: r.publish_at ? new Date(r.publish_at).toISOString() : null,
  version: Number(r.version),
  updatedBy: r.updated_by,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const sectionsOf = (r: { sections: string }): Section[] => {
  try {
    return JSON.parse(r.sections) as Section[];
  } catch {
    return [];
  }
};

const pageOf = (r: Row): PublicLanding => ({
  path: r.path,
  title: r.seo_title,
  name: r.name,
  description: r.seo_description,
  ...(r.share_title ? { shareTitle: r.share_title } : {}),
  ...(r.share_description ? { shareDescription: r.share_description } : {}),
  ...(r.share_image ? { shareImage: r.share_image } : {}),
  layout: r.layout,
  sections: sectionsOf(r),
});

const toAdmin = (r: Row): AdminLanding => ({
  ...pageOf(r),
  ...toRow(r),
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
});

const showsArticles = (sections: Section[]) => sections.some((s) => s.type === "articleList");

/** The 报名产品 of a page's buy buttons, with where each is chosen (the field an error points at). */
const productsOf = (sections: Section[]) =>
  sections.flatMap((s, i) =>
    s.type === "buyButton" && s.source === "product" && s.productId !== undefined
      ? [{ id: s.productId, field: `sections.${i}.productId` }]
      : [],
  );

const indexEntry = (r: { id: number; sections: string }): IndexEntry => {
  const sections = sectionsOf(r);
  return { id: r.id, articles: showsArticles(sections), products: productsOf(sections).map((p) => p.id) };
};

/**
 * A value rebuilt along its schema: `visit` sees each field with its schema's metadata and answers
 * the field's new value, or undefined to go on inside it.
 */
function mapFields(
  schema: z.ZodType,
  value: unknown,
  visit: (meta: Record<string, unknown> | undefined, value: unknown) => unknown,
): unknown {
  if (value === undefined || value === null) return value;
  const replaced = visit(schema.meta() as Record<string, unknown> | undefined, value);
  if (replaced !== undefined) return replaced;
  const def = (schema as unknown as { def: { type: string } }).def;
  if (def.type === "optional" || def.type === "nullable" || def.type === "default")
    return mapFields((def as unknown as { innerType: z.ZodType }).innerType, value, visit);
  if (def.type === "array" && Array.isArray(value)) {
    const element = (def as unknown as { element: z.ZodType }).element;
    return value.map((v) => mapFields(element, v, visit));
  }
  if (def.type === "object" && typeof value === "object") {
    const shape = (def as unknown as { shape: Record<string, z.ZodType> }).shape;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        shape[k] ? mapFields(shape[k], v, visit) : v,
      ]),
    );
  }
  return value;
}

/** The HTML-marked fields (`html: true` in the schema's metadata) of a section, sanitised. */
const sanitiseHtml = (schema: z.ZodType, value: unknown) =>
  mapFields(schema, value, (meta, v) =>
    meta?.html && typeof v === "string" ? sanitizeRichText(v) : undefined,
  );

/** The pictures (`picture: true`) of a section whose address is outside the site (http(s)). */
function remotePictures(schema: z.ZodType, value: unknown): Pic[] {
  const found: Pic[] = [];
  mapFields(schema, value, (meta, v) => {
    if (!meta?.picture || typeof v !== "object") return undefined;
    if (/^https?:\/\//i.test((v as Pic).src)) found.push(v as Pic);
    return v;
  });
  return found;
}

export function createLandingPages(deps: {
  database: Database;
  events: ContentEvents;
  logger: Logger;
  /** the 报名产品 a buy button may sell */
  products: { existing(ids: readonly number[]): Promise<Set<number>> };
  /** hosts a live-frame section may show (the configured room's host and LIVE_FRAME_HOSTS) */
  liveHosts: string[];
  /** the editor's redirects: a path change of a public page leaves a 301 from the old path */
  redirects: {
    add(input: { from: string; target?: string }, by: string): Promise<unknown>;
    find(pathname: string, search: string): string | undefined;
  };
  /** pictures from outside the site, kept as our own uploads when a page is saved (as an article's) */
  remoteImages?: Pick<RemoteImages, "keep">;
}) {
  const { db } = deps.database;
  const { events, logger } = deps;
  const liveHosts = deps.liveHosts.map((h) => h.toLowerCase());

  // ---------------------------------------------------------------- what visitors read

  /** path key → the published page there (null: none), for the route loader. */
  const memo = new LRUCache<string, Promise<PublicLanding | null>>({ max: 2000 });
  /** path key → published page: which paths are landing pages, and what else their answers show. */
  const index = new Map<string, IndexEntry>();
  const indexListeners = new Set<() => void>();
  let started = false;
  let queue: Promise<void> = Promise.resolve();

  async function loadIndex() {
    const rows = await db
      .selectFrom("landing_pages")
      .select(["id", "path_key", "sections"])
      .where("status", "=", "published")
      .execute();
    index.clear();
    for (const r of rows) index.set(r.path_key, indexEntry(r));
  }

  async function reloadPath(key: string) {
    const r = await db
      .selectFrom("landing_pages")
      .select(["id", "path_key", "sections"])
      .where("path_key", "=", key)
      .where("status", "=", "published")
      .executeTakeFirst();
    if (r) index.set(key, indexEntry(r));
    else index.delete(key);
  }

  const indexChanged = () => {
    for (const fn of indexListeners) fn();
  };

  events.onChange((change) => {
    if (change === null) memo.clear();
    const keys =
      change?.purge.filter((t) => t.startsWith("landing:")).map((t) => t.slice("landing:".length)) ?? [];
    for (const k of keys) memo.delete(k);
    if (!started || (change !== null && keys.length === 0)) return;
    queue = queue
      .then(async () => {
        if (change === null) await loadIndex();
        else for (const k of keys) await reloadPath(k);
        indexChanged();
      })
      .catch((err: Error) => logger.warn({ err: err.message }, "landing index not reloaded"));
  });

  // ---------------------------------------------------------------- checks of a write

  let routeCheck: (path: string) => boolean = () => false;

  /**
   * Why a page (`id`; none: a new one) cannot take a path, or null: the path is the site's own
   * (news, console, API, files), has a file extension, is another page's (any status: the unique
   * index covers every row), or is an editor's redirect. Saves, publishes and the console's path
   * check ask this same question.
   */
  async function pathProblem(path: string, id?: number): Promise<AppError | null> {
    const key = landingPathKey(path);
    if (key === "/" || RESERVED.test(key) || routeCheck(key))
      return new AppError(400, LANDING_MESSAGES_SERVER.reserved);
    if (/\.[a-z0-9]+$/i.test(key)) return new AppError(400, LANDING_MESSAGES_SERVER.extension);
    const there = await db
      .selectFrom("landing_pages")
      .select(["id", "status"])
      .where("path_key", "=", key)
      .executeTakeFirst();
    if (there && there.id !== id) return new AppError(409, LANDING_MESSAGES_SERVER.pathTaken);
    // A public page's own path can hold no redirect; any other path must be free of one.
    if (there?.status !== "published" && deps.redirects.find(key, "") !== undefined)
      return new AppError(400, LANDING_MESSAGES_SERVER.redirected);
    return null;
  }

  async function checkPath(path: string, id?: number) {
    const problem = await pathProblem(path, id);
    if (problem) throw problem;
  }

  /** The page as stored: validated again (callers other than the API), HTML sanitised, live hosts checked. */
  function prepare(input: LandingPage): LandingPage {
    const parsed = LandingPageSchema.safeParse(input);
    if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? "页面格式不正确");
    const page = parsed.data;
    const sections = page.sections.map((s) => {
      const clean = sanitiseHtml(SECTION_SCHEMAS[s.type] as z.ZodType, s) as Section;
      if (clean.type === "liveFrame" && clean.src) {
        const host = new URL(clean.src).hostname.toLowerCase();
        if (!liveHosts.includes(host)) throw new AppError(400, LANDING_MESSAGES_SERVER.liveHost(liveHosts));
      }
      return clean;
    });
    return { ...page, sections };
  }

  /** Refuses buy buttons whose 报名产品 is gone, naming the field (`sections.<i>.productId`). */
  async function checkProducts(page: LandingPage) {
    const wanted = productsOf(page.sections);
    const found = await deps.products.existing(wanted.map((p) => p.id));
    const gone = wanted.find((p) => !found.has(p.id));
    if (gone) throw new AppError(400, LANDING_MESSAGES_SERVER.productGone(gone.id), { field: gone.field });
  }

  const columnsOf = (p: LandingPage) => ({
    path: p.path,
    path_key: landingPathKey(p.path),
    name: p.name,
    seo_title: p.title,
    seo_description: p.description,
    share_title: p.shareTitle ?? "",
    share_description: p.shareDescription ?? "",
    share_image: p.shareImage ?? "",
    layout: p.layout ?? ("landing" as const),
    sections: JSON.stringify(p.sections),
  });

  const uniqueViolation = (err: unknown) =>
    err instanceof Error && /unique|duplicate/i.test(err.message)
      ? new AppError(409, LANDING_MESSAGES_SERVER.pathTaken)
      : err;

  /** Keeps the page as this save stored it (inside the save's transaction). */
  const recordRevision = (tx: Kysely<DB>, r: Row, by: string) =>
    keepRevision(tx, "landing_page_revisions", {
      page_id: r.id,
      version: Number(r.version),
      status: r.status,
      page: JSON.stringify(pageOf(r)),
      saved_by: by,
      saved_at: new Date().toISOString(),
    });

  async function row(id: number, x: Kysely<DB> = db): Promise<Row> {
    const r = await x.selectFrom("landing_pages").selectAll().where("id", "=", id).executeTakeFirst();
    if (!r) throw notFound("营销页面");
    return r;
  }

  /**
   * After a write: the index of this instance follows at once (a redirect from the old path is
   * checked against it), and every instance hears which paths changed.
   */
  async function changed(before: Row | undefined, after: Row | undefined) {
    const paths = [before?.path_key, after?.path_key].filter((p): p is string => !!p);
    if (started) {
      if (before) index.delete(before.path_key);
      if (after?.status === "published") index.set(after.path_key, indexEntry(after));
      indexChanged();
    }
    for (const p of paths) memo.delete(p);
    await events.changed(landingChange(paths));
  }

  /** A public page that moved leaves a 301 at its old path (unless that path already has one). */
  async function redirectOld(before: Row, after: Row, by: string) {
    if (before.status !== "published" || before.path_key === after.path_key) return;
    try {
      await deps.redirects.add({ from: before.path, target: after.path }, by);
    } catch (err) {
      if (err instanceof AppError && err.status === 409) return;
      logger.warn(
        { err: (err as Error).message, from: before.path },
        "landing page moved without a redirect",
      );
    }
  }

  /** A status change (publish, schedule, take down), compare-and-set on nothing but the row. */
  async function setStatus(
    id: number,
    status: LandingStatus,
    publishAt: string | null,
    by: string,
  ): Promise<AdminLanding> {
    const before = await row(id);
    if (status === "published") await checkPath(before.path, id);
    const now = new Date().toISOString();
    await db
      .updateTable("landing_pages")
      .set({ status, publish_at: publishAt, updated_by: by, updated_at: now })
      .where("id", "=", id)
      .execute();
    const after = await row(id);
    await changed(before, after);
    return toAdmin(after);
  }

  type RevisionRow = Selectable<LandingPageRevisionTable>;

  /** The page a revision stored (a row written by hand that is no JSON: an empty page). */
  const revisionPage = (r: RevisionRow): PublicLanding => {
    try {
      return JSON.parse(r.page) as PublicLanding;
    } catch {
      return { path: "", title: "", name: "", description: "", layout: "landing", sections: [] };
    }
  };

  const revisionOf = (r: RevisionRow, page = revisionPage(r)): LandingRevisionRow => ({
    id: r.id,
    pageId: r.page_id,
    version: Number(r.version),
    status: r.status,
    name: page.name,
    path: page.path,
    savedBy: r.saved_by,
    savedAt: new Date(r.saved_at).toISOString(),
  });

  async function revision(id: number, revisionId: number): Promise<LandingRevision> {
    const r = await db
      .selectFrom("landing_page_revisions")
      .selectAll()
      .where("page_id", "=", id)
      .where("id", "=", revisionId)
      .executeTakeFirst();
    if (!r) throw new AppError(404, "版本不存在");
    const page = revisionPage(r);
    return { ...revisionOf(r, page), page };
  }

  /**
   * Every picture of the page whose address is outside the site, fetched and kept as our own upload
   * (docs/product.md "Remote pictures"): its address is replaced in `page`. A picture that cannot be
   * kept stays as typed and is reported with the reason, as an article's body pictures are.
   */
  async function keepPictures(page: LandingPage): Promise<RemoteImagesReport> {
    const report: RemoteImagesReport = { stored: 0, failed: [] };
    const keep = deps.remoteImages?.keep;
    if (!keep) return report;
    const pics = page.sections.flatMap((sec) => remotePictures(SECTION_SCHEMAS[sec.type] as z.ZodType, sec));
    const addresses = [...new Set(pics.map((p) => p.src))];
    const kept = new Map<string, string>();
    const { concurrency, perArticle } = REMOTE_IMAGE_LIMITS;
    for (const url of addresses.slice(perArticle)) report.failed.push({ url, reason: TOO_MANY_IMAGES });
    const work = addresses.slice(0, perArticle);
    for (let i = 0; i < work.length; i += concurrency) {
      await Promise.all(
        work.slice(i, i + concurrency).map(async (url) => {
          // Wide pictures (a hero's background) are kept at banner widths, the rest as in a body.
          const wide = pics.some((p) => p.src === url && p.w >= 1000);
          const got = await keep(url, wide ? "banner" : "body");
          if ("url" in got) {
            kept.set(url, got.url);
            report.stored++;
          } else report.failed.push({ url, reason: got.reason });
        }),
      );
    }
    for (const p of pics) p.src = kept.get(p.src) ?? p.src;
    return report;
  }

  /**
   * A change of the whole page from `version` (an older one than stored is refused with 409 and
   * the stored page). A page visitors see (published or scheduled) is changed by admins only.
   */
  async function update(
    id: number,
    input: LandingPage & { version: number },
    actor: { username: string; admin: boolean },
  ): Promise<SavedLanding> {
    const { version, ...rest } = input;
    const page = prepare(rest);
    const before = await row(id);
    if (!actor.admin && (before.status === "published" || before.status === "scheduled"))
      throw new AppError(403, LANDING_MESSAGES_SERVER.adminOnly);
    await checkPath(page.path, id);
    await checkProducts(page);
    const remoteImages = await keepPictures(page);
    const now = new Date().toISOString();
    await db
      .transaction()
      .execute(async (tx) => {
        const r = await tx
          .updateTable("landing_pages")
          .set({
            ...columnsOf(page),
            version: sql<number>`version + 1`,
            updated_by: actor.username,
            updated_at: now,
          })
          .where("id", "=", id)
          .where("version", "<=", version)
          .returning("id")
          .executeTakeFirst();
        if (!r) throw new AppError(409, LANDING_MESSAGES_SERVER.conflict, toAdmin(await row(id, tx)));
        await recordRevision(tx, await row(id, tx), actor.username);
      })
      .catch((err) => {
        throw uniqueViolation(err);
      });
    const after = await row(id);
    await changed(before, after);
    await redirectOld(before, after, actor.username);
    return { ...toAdmin(after), remoteImages };
  }

  return {
    /** Loads the index of published paths and follows the changes from then on (the request thread). */
    async start() {
      started = true;
      await loadIndex();
      indexChanged();
    },
    /** Waits for the index reloads queued so far (tests). */
    settled: () => queue,
    /** Which paths are the site's own routes (keys.isRoute): a landing page can never take them. */
    setRouteCheck(fn: (path: string) => boolean) {
      routeCheck = fn;
    },
    /** Whether a published landing page answers at this path (synchronous: the serving layer asks per request). */
    isPage: (path: string) => index.has(landingPathKey(path)),
    /** What the answer at a path shows besides the page itself: article lists, 报名产品 of buy buttons. */
    tags(path: string): CacheTag[] {
      const entry = index.get(landingPathKey(path));
      if (!entry) return [];
      const tags: CacheTag[] = entry.products.map(productTag);
      return entry.articles ? [ARTICLES, ...tags] : tags;
    },
    /** Called after the index changed (the serving keys forget what they worked out). */
    onIndexChange(fn: () => void): () => void {
      indexListeners.add(fn);
      return () => indexListeners.delete(fn);
    },

    /** The published page at a request's path, or null. */
    published(pathname: string): Promise<PublicLanding | null> {
      let p = pathname;
      try {
        p = decodeURIComponent(pathname);
      } catch {}
      const key = landingPathKey(p);
      let got = memo.get(key);
      if (!got) {
        got = db
          .selectFrom("landing_pages")
          .selectAll()
          .where("path_key", "=", key)
          .where("status", "=", "published")
          .executeTakeFirst()
          .then((r) => (r ? pageOf(r) : null));
        got.catch(() => memo.delete(key));
        memo.set(key, got);
      }
      return got;
    },

    // -------------------------------------------------------------- the console

    async list(f: z.infer<typeof LandingFilterSchema>) {
      let q = db.selectFrom("landing_pages");
      if (f.q) {
        const like = `%${f.q.toLowerCase()}%`;
        q = q.where((eb) =>
          eb.or([eb("path_key", "like", like), eb(eb.fn("lower", ["name"]), "like", like)]),
        );
      }
      if (f.status) q = q.where("status", "=", f.status);
      const [rows, total] = await Promise.all([
        q
          .selectAll()
          .orderBy("updated_at", "desc")
          .orderBy("id", "desc")
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRow), total: Number(total.n), page: f.page, pageSize: f.pageSize };
    },

    async get(id: number): Promise<AdminLanding> {
      return toAdmin(await row(id));
    },

    /** A new page, always a draft. */
    async create(input: LandingPage, by: string): Promise<SavedLanding> {
      const page = prepare(input);
      await checkPath(page.path);
      await checkProducts(page);
      const remoteImages = await keepPictures(page);
      const now = new Date().toISOString();
      const id = await db
        .transaction()
        .execute(async (tx) => {
          const r = await tx
            .insertInto("landing_pages")
            .values({
              ...columnsOf(page),
              status: "draft",
              publish_at: null,
              version: 1,
              created_by: by,
              created_at: now,
              updated_by: by,
              updated_at: now,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await recordRevision(tx, await row(r.id, tx), by);
          return r.id;
        })
        .catch((err) => {
          throw uniqueViolation(err);
        });
      const after = await row(id);
      await changed(undefined, after);
      return { ...toAdmin(after), remoteImages };
    },

    update,

    /** The page's revisions, newest first, without their sections. */
    async revisions(id: number): Promise<LandingRevisionRow[]> {
      await row(id);
      const rows = await db
        .selectFrom("landing_page_revisions")
        .selectAll()
        .where("page_id", "=", id)
        .orderBy("id", "desc")
        .execute();
      return rows.map((r) => revisionOf(r));
    },

    /** One revision with the page it stored. */
    revision,

    /**
     * Saves a revision's page again as the newest version, from `version` (the one the editor has),
     * exactly as a save of that page would: checked, refused when stale or not the editor's to change.
     */
    async restore(
      id: number,
      revisionId: number,
      version: number,
      actor: { username: string; admin: boolean },
    ): Promise<{ page: SavedLanding; rev: LandingRevision }> {
      const rev = await revision(id, revisionId);
      return { page: await update(id, { ...rev.page, version }, actor), rev };
    },

    /** A page as stored, whatever its status (what its preview links show), or null. */
    async stored(id: number): Promise<PublicLanding | null> {
      const r = await db.selectFrom("landing_pages").selectAll().where("id", "=", id).executeTakeFirst();
      return r ? pageOf(r) : null;
    },

    /** Whether a page (`id`; none: a new one) may take a path: what its save would answer. */
    async checkPath(path: string, id?: number): Promise<LandingPathCheck> {
      const parsed = LandingPageSchema.shape.path.safeParse(path);
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "页面路径不正确" };
      const problem = await pathProblem(parsed.data, id);
      return problem ? { ok: false, message: problem.message } : { ok: true };
    },

    /** Public now, at its path. */
    publish: (id: number, by: string) => setStatus(id, "published", null, by),
    /** Public at `at` (the scheduler publishes it); until then, as before, not shown. */
    async schedule(id: number, at: string, by: string) {
      const when = new Date(at);
      if (!(when.getTime() > Date.now())) throw new AppError(400, LANDING_MESSAGES_SERVER.notScheduledPast);
      return setStatus(id, "scheduled", when.toISOString(), by);
    },
    /** Taken down: its path answers 404. */
    takedown: (id: number, by: string) => setStatus(id, "offline", null, by),

    /**
     * Publishes every scheduled page whose time has come. One UPDATE … RETURNING claims them, so
     * with several instances each page is published by exactly one of them.
     */
    async publishDue(now = new Date()): Promise<{ id: number; name: string }[]> {
      const due = await db
        .updateTable("landing_pages")
        .set({ status: "published", publish_at: null, updated_at: now.toISOString() })
        .where("status", "=", "scheduled")
        .where("publish_at", "<=", now.toISOString())
        .returning(["id", "name", "path_key", "path", "sections", "status"])
        .execute();
      for (const r of due) {
        if (started) index.set(r.path_key, indexEntry(r));
        memo.delete(r.path_key);
      }
      if (due.length > 0) {
        if (started) indexChanged();
        await events.changed(landingChange(due.map((r) => r.path_key)));
      }
      return due.map((r) => ({ id: r.id, name: r.name }));
    },
  };
}

export type LandingPages = ReturnType<typeof createLandingPages>;
