import type { Kysely } from "kysely";
import type { Database } from "../db";
import type { DB, ImportKind } from "../db/schema";
import type { ContentService } from "../entities/articles";
import type { Logger } from "../logger";
import { AppError } from "../services/errors";
import { keyOf, type OldAddress, type Redirects, storedRedirect } from "../services/redirects";
import type { RemoteImages } from "../services/remote-images";

/**
 * Writes one imported article (docs/product.md, "Import"): its pictures fetched first (never inside
 * a transaction), then one transaction holding the article, its tags, revision and search entry,
 * its old addresses and the record of the item. A kill at any moment leaves whole articles only,
 * and the record says what a next run may skip.
 */

export type Outcome = "created" | "updated" | "unchanged" | "skipped" | "failed";

/** The report's line for one item (Chinese notes). */
export interface ItemReport {
  sourceId: string;
  title: string;
  outcome: Outcome;
  articleId?: number;
  notes: string[];
}

/** What an importer hands over for one article, whatever the source. */
export interface ImportArticle {
  sourceId: string;
  /** what the source said, hashed: equal on a re-run means nothing to do */
  hash: string;
  title: string;
  intro: string;
  /** HTML; its pictures outside the site are fetched and stored as ours */
  content: string;
  /** the cover's address outside the site, fetched like a body picture; "" for none */
  cover: string;
  author: string;
  hot: boolean;
  status: "published" | "scheduled" | "draft";
  createdAt: string;
  columnId: number;
  tags: string[];
  slug: string | null;
  sourceUrl: string;
  wechatUrl?: string;
  /** old addresses, normalised (services/redirects.ts) */
  oldPaths: OldAddress[];
  /** what the report says about this article (Chinese) */
  notes: string[];
}

export interface WriterDeps {
  database: Database;
  content: Pick<ContentService, "saveArticle">;
  redirects: Pick<Redirects, "writeForArticle" | "isOwnAddress">;
  remoteImages?: RemoteImages;
  logger: Logger;
}

export interface WriteOptions {
  site: string;
  kind: ImportKind;
  jobId: number | null;
  dryRun?: boolean;
  /** pictures this import already stored (address → upload) */
  known?: Map<string, string>;
  /** slugs a dry run has given out so far (nothing is written, so the database cannot tell) */
  claimed?: Set<string>;
}

/** The slug itself when free (or this article's), else `slug-2`, `slug-3`… as WordPress does. */
async function freeSlug(
  db: Kysely<DB>,
  slug: string | null,
  articleId: number | undefined,
  claimed?: Set<string>,
) {
  if (!slug) return null;
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? slug : `${slug.slice(0, 195)}-${n}`;
    if (claimed?.has(candidate)) continue;
    const holder = await db
      .selectFrom("articles")
      .select("id")
      .where("slug", "=", candidate)
      .executeTakeFirst();
    if (!holder || holder.id === articleId) return candidate;
  }
  return null;
}

/** An address as a note shows it: a long one (a data: picture) cut. */
const shown = (url: string) => (url.length > 200 ? `${url.slice(0, 199)}…` : url);

export function createWriter(deps: WriterDeps) {
  const { db } = deps.database;
  const log = deps.logger;

  async function write(a: ImportArticle, o: WriteOptions): Promise<ItemReport> {
    const report: ItemReport = {
      sourceId: a.sourceId,
      title: a.title,
      outcome: "created",
      notes: [...a.notes],
    };
    const item = await db
      .selectFrom("import_items")
      .select(["article_id", "hash", "article_version"])
      .where("site", "=", o.site)
      .where("source_id", "=", a.sourceId)
      .executeTakeFirst();
    let articleId: number | undefined;
    if (item) {
      if (item.article_id === null) {
        report.outcome = "skipped";
        report.notes.push("该文章已在本站删除，未重新导入");
        return report;
      }
      articleId = item.article_id;
      report.articleId = articleId;
      if (item.hash === a.hash) {
        report.outcome = "unchanged";
        return report;
      }
      const current = await db
        .selectFrom("articles")
        .select("version")
        .where("id", "=", articleId)
        .executeTakeFirst();
      if (current && Number(current.version) > Number(item.article_version)) {
        report.outcome = "skipped";
        report.notes.push("原文有改动，但这篇文章已在本站编辑过，未覆盖");
        return report;
      }
      report.outcome = "updated";
    }

    const slug = await freeSlug(db, a.slug, articleId, o.dryRun ? o.claimed : undefined);
    if (slug && o.dryRun) o.claimed?.add(slug);
    if (a.slug && slug !== a.slug)
      report.notes.push(`别名“${a.slug}”已被其他文章使用，改为“${slug ?? "（无）"}”`);

    // An old address that is one of this site's own (a page, the console…) stays the site's.
    const own = a.oldPaths.filter((p) => deps.redirects.isOwnAddress(p));
    const oldPaths = a.oldPaths.filter((p) => !own.includes(p));
    for (const p of own)
      report.notes.push(`旧地址 ${keyOf(p)} 是本站现有页面，${o.dryRun ? "不会设" : "未设"}跳转`);

    if (o.dryRun) {
      for (const p of oldPaths) {
        const held = await storedRedirect(db, p);
        if (held && (articleId === undefined || held.article_id !== articleId))
          report.notes.push(`旧地址 ${keyOf(p)} 已指向其他内容，不会覆盖`);
      }
      return report;
    }

    // Pictures first, outside any transaction. One that could not be fetched stays as it was (saving
    // the article again in the console tries it again); one refused for where its address points
    // (inside a network, another port, not http(s)) is taken out of the body. Both are listed.
    let content = a.content;
    let thumb = "";
    if (deps.remoteImages) {
      const kept = await deps.remoteImages.localise(a.content, { known: o.known, removeRefused: true });
      content = kept.html;
      const removed = new Set(kept.removed);
      for (const f of kept.report.failed)
        report.notes.push(
          removed.has(f.url)
            ? `图片已从正文移除：${shown(f.url)}（${f.reason}）`
            : `图片未能转存：${shown(f.url)}（${f.reason}）`,
        );
      if (a.cover) {
        const known = o.known?.get(`cover:${a.cover}`);
        const cover = known ? { url: known } : await deps.remoteImages.keep(a.cover, "cover");
        if ("url" in cover) {
          thumb = cover.url;
          o.known?.set(`cover:${a.cover}`, cover.url);
        } else report.notes.push(`封面图未能转存：${shown(a.cover)}（${cover.reason}）`);
      }
    } else thumb = a.cover;

    let taken: OldAddress[] = [];
    try {
      const saved = await deps.content.saveArticle(
        {
          columnId: a.columnId,
          title: a.title,
          intro: a.intro,
          content,
          thumb,
          author: a.author,
          hot: a.hot,
          status: a.status,
          createdAt: a.createdAt,
          tags: a.tags,
          slug,
          sourceUrl: a.sourceUrl,
          ...(a.wechatUrl !== undefined ? { wechatUrl: a.wechatUrl } : {}),
        },
        articleId,
        {
          by: "导入",
          // Old articles are already known to search engines: their old addresses answer 301.
          push: false,
          alsoWrite: async (tx, id, version) => {
            taken = await deps.redirects.writeForArticle(tx, id, oldPaths, o.site);
            const now = new Date().toISOString();
            await tx
              .insertInto("import_items")
              .values({
                site: o.site,
                source_id: a.sourceId,
                kind: o.kind,
                article_id: id,
                hash: a.hash,
                article_version: version,
                job_id: o.jobId,
                imported_at: now,
                updated_at: now,
              })
              .onConflict((oc) =>
                oc.columns(["site", "source_id"]).doUpdateSet({
                  article_id: id,
                  hash: a.hash,
                  article_version: version,
                  job_id: o.jobId,
                  updated_at: now,
                }),
              )
              .execute();
          },
        },
      );
      report.articleId = saved;
    } catch (err) {
      report.outcome = "failed";
      const message = err instanceof AppError ? err.message : "写入失败";
      if (!(err instanceof AppError))
        log.error({ err: (err as Error).message, source: a.sourceId }, "import write failed");
      report.notes.push(message);
      return report;
    }
    for (const p of taken) report.notes.push(`旧地址 ${keyOf(p)} 已指向其他内容，未覆盖`);
    return report;
  }

  return { write };
}

export type Writer = ReturnType<typeof createWriter>;
