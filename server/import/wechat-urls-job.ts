import type { Database } from "../db";
import { type ImportWork, record } from "./progress";
import { importWechatUrl, type WechatFetch } from "./wechat-article";
import type { Writer } from "./writer";

/**
 * A run importing WeChat articles by their addresses (docs/product.md, "Import"), each a draft,
 * one after another until done or stopped.
 */
export function wechatUrlsImport(
  urls: string[],
  o: { database: Database; wechat: WechatFetch; writer: Writer; jobId: number; columnId?: number },
): ImportWork {
  return async (p, stop) => {
    for (const url of urls) {
      if (stop()) break;
      record(p, await importWechatUrl(url, o));
    }
  };
}
