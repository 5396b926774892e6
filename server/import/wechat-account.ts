import type { Kysely } from "kysely";
import {
  WECHAT_ACCOUNT_MESSAGES,
  type WechatAccountArticle,
  type WechatAccountImport,
} from "../../contract/imports";
import type { DB } from "../db/schema";
import { AppError } from "../services/errors";
import type { PublishedArticle, WechatClient } from "../wechat/client";
import { WechatError } from "../wechat/errors";
import { WECHAT_SITE, type WechatArticle, wechatSourceId } from "./wechat-article";

/**
 * 导入公众号文章 › 从公众号选择 (docs/product.md, "Import"): the 公众号's published articles read
 * with the site's credentials (freepublish/batchget), listed page by page with whether each was
 * imported already (by its WeChat link's key, as the import records it) or published from this
 * site by 同步到公众号 (by the link its sync kept), and fetched with their
 * content for the import job, which writes them through `importWechatArticle`.
 */

/** The link kept on the article: WeChat's own links over https (the API answers them with http). */
export function keptLink(url: string): string {
  return url.replace(/^http:\/\/mp\.weixin\.qq\.com\//, "https://mp.weixin.qq.com/");
}

/** A refusal of the 公众号 API as the console reads it (nothing retries a list by itself). */
export function wechatConsoleError(err: unknown): unknown {
  if (!(err instanceof WechatError)) return err;
  return new AppError(503, err.message.replace(/，稍后会自动重试$/, "，请稍后再试"));
}

function ensureConfigured(client: WechatClient) {
  if (!client.configured) throw new AppError(409, WECHAT_ACCOUNT_MESSAGES.notConfigured);
}

const isoOf = (seconds: number) => (seconds > 0 ? new Date(seconds * 1000).toISOString() : null);

/** One page of the account's published articles, newest first (`total` counts publishes). */
export async function listPublished(
  client: WechatClient,
  db: Kysely<DB>,
  f: { page: number; pageSize: number },
) {
  ensureConfigured(client);
  let answer: Awaited<ReturnType<WechatClient["publishBatchget"]>>;
  try {
    answer = await client.publishBatchget((f.page - 1) * f.pageSize, f.pageSize, false);
  } catch (err) {
    throw wechatConsoleError(err);
  }
  const rows = answer.items.flatMap((item) =>
    item.articles.map((a, i) => ({ item, a, idx: i + 1, sourceId: wechatSourceId(keptLink(a.url)) })),
  );
  const sourceIds = [...new Set(rows.filter((r) => r.a.url).map((r) => r.sourceId))];
  const done = sourceIds.length
    ? await db
        .selectFrom("import_items as i")
        .leftJoin("articles as a", "a.id", "i.article_id")
        .select(["i.source_id", "i.article_id", "a.title"])
        .where("i.site", "=", WECHAT_SITE)
        .where("i.source_id", "in", sourceIds)
        .execute()
    : [];
  const bySource = new Map(done.map((d) => [d.source_id, d]));
  // Articles this site published there itself (同步到公众号 keeps their link on the sync).
  const links = [...new Set(rows.flatMap((r) => [r.a.url, keptLink(r.a.url)]).filter(Boolean))];
  const synced = links.length
    ? await db
        .selectFrom("wechat_sync_jobs")
        .select(["article_url", "article_id"])
        .where("app_id", "=", client.appId)
        .where("article_url", "in", links)
        .execute()
    : [];
  const bySync = new Map(synced.map((j) => [keptLink(j.article_url ?? ""), Number(j.article_id)]));
  const items: WechatAccountArticle[] = rows.map(({ item, a, idx, sourceId }) => {
    const d = a.url ? bySource.get(sourceId) : undefined;
    return {
      key: `${item.articleId}:${idx}`,
      articleId: item.articleId,
      idx,
      title: a.title,
      author: a.author,
      digest: a.digest,
      url: keptLink(a.url),
      publishedAt: isoOf(item.updateTime),
      deleted: a.is_deleted,
      imported: d ? { articleId: d.article_id, title: d.title ?? "" } : null,
      syncedFrom: bySync.get(keptLink(a.url)) ?? null,
    };
  });
  return { items, total: answer.total, page: f.page, pageSize: f.pageSize };
}

/** What the import writes of a published article. */
export function toWechatArticle(a: PublishedArticle, updateTime: number): WechatArticle {
  return {
    title: a.title,
    author: a.author,
    publishedAt: isoOf(updateTime) ?? undefined,
    cover: a.thumb_url,
    html: a.content,
    link: keptLink(a.url),
    digest: a.digest,
  };
}

export type Wanted = WechatAccountImport["articles"][number];
export type Found = { article: WechatArticle } | { error: string };

/**
 * The chosen articles with their content: the account's publishes read newest first, 20 at a time
 * (freepublish/batchget with content), until every chosen one was seen or the list ends. Articles
 * are chosen from the first pages in practice, so this is one call for each 20 publishes read.
 */
export async function fetchChosen(client: WechatClient, wanted: Wanted[]): Promise<Map<string, Found>> {
  ensureConfigured(client);
  const keyOf = (w: Wanted) => `${w.articleId}:${w.idx}`;
  const left = new Set(wanted.map(keyOf));
  const found = new Map<string, Found>();
  const count = 20;
  for (let offset = 0; left.size > 0; offset += count) {
    const page = await client.publishBatchget(offset, count, true);
    for (const item of page.items)
      item.articles.forEach((a, i) => {
        const key = `${item.articleId}:${i + 1}`;
        if (!left.delete(key)) return;
        found.set(
          key,
          a.is_deleted || !a.url
            ? { error: WECHAT_ACCOUNT_MESSAGES.deleted }
            : { article: toWechatArticle(a, item.updateTime) },
        );
      });
    if (page.items.length < count || offset + count >= page.total) break;
  }
  for (const key of left) found.set(key, { error: WECHAT_ACCOUNT_MESSAGES.notFound });
  return found;
}
