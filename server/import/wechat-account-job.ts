import type { Database } from "../db";
import type { WechatClient } from "../wechat/client";
import { type ImportWork, record } from "./progress";
import { fetchChosen, type Wanted, wechatConsoleError } from "./wechat-account";
import { importWechatArticle } from "./wechat-article";
import type { Writer } from "./writer";

/**
 * A run importing chosen published articles of the 公众号 (从公众号选择, docs/product.md, "Import"):
 * fetched through the API, then each written as a draft with its pictures re-hosted and its WeChat
 * link kept; one imported before is updated in place or left as it is, never doubled.
 */
export function wechatAccountImport(
  articles: Wanted[],
  o: { client: WechatClient; database: Database; writer: Writer; jobId: number; columnId?: number },
): ImportWork {
  return async (p, stop) => {
    let found: Awaited<ReturnType<typeof fetchChosen>>;
    try {
      found = await fetchChosen(o.client, articles);
    } catch (err) {
      throw wechatConsoleError(err);
    }
    for (const w of articles) {
      if (stop()) break;
      const key = `${w.articleId}:${w.idx}`;
      const f = found.get(key)!;
      if ("error" in f) {
        record(p, { sourceId: key, title: key, outcome: "failed", notes: [f.error] });
        continue;
      }
      record(p, await importWechatArticle(f.article, o));
    }
  };
}
