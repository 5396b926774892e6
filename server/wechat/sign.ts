import crypto from "node:crypto";
import type { WechatSign } from "../../contract/entities";
import type { Logger } from "../logger";
import { AppError } from "../services/errors";
import type { KeyValueStore } from "../services/kv";
import type { WechatClient } from "./client";

/** WeChat's signature: sha1 of the four fields in this order, url without its fragment. */
export function jsapiSignature(p: {
  ticket: string;
  noncestr: string;
  timestamp: number;
  url: string;
}): string {
  const url = p.url.split("#")[0]!;
  const plain = `jsapi_ticket=${p.ticket}&noncestr=${p.noncestr}&timestamp=${p.timestamp}&url=${url}`;
  return crypto.createHash("sha1").update(plain).digest("hex");
}

const UNAVAILABLE = "微信分享签名暂不可用，请稍后再试";

export interface WechatOptions {
  /** the site's 公众号 client: the ticket is fetched with its one access token (server/wechat/client.ts) */
  client: WechatClient;
  kv: KeyValueStore;
  logger: Logger;
}

/**
 * jsapi_ticket, with the site's one access token (stable_token, shared with the 公众号 sync), cached
 * in the shared store until shortly before it expires. A lock in the store makes N instances fetch
 * once; the others wait for the cached ticket.
 */
export function createWechatService(opts: WechatOptions) {
  const { client } = opts;
  const appId = client.appId;
  const ticketKey = `wx:ticket:${appId}`;
  const lockKey = `wx:lock:${appId}`;
  let inflight: Promise<string> | undefined;

  async function fetchTicket(): Promise<string> {
    let answer: { ticket: string; expiresIn: number };
    try {
      answer = await client.jsapiTicket();
    } catch (err) {
      opts.logger.error({ err: (err as Error).message }, "wechat jsapi ticket not fetched");
      throw new AppError(503, UNAVAILABLE);
    }
    if (!answer.ticket) throw new AppError(503, UNAVAILABLE);
    const ttl = Math.max(60, answer.expiresIn - 300) * 1000;
    await opts.kv.set(ticketKey, answer.ticket, ttl);
    opts.logger.info({ ttlSeconds: ttl / 1000 }, "wechat jsapi ticket fetched");
    return answer.ticket;
  }

  async function ticketFromStoreOrFetch(): Promise<string> {
    const cached = await opts.kv.get(ticketKey);
    if (cached) return cached;
    if (await opts.kv.setIfAbsent(lockKey, String(process.pid), 10_000)) {
      try {
        return await fetchTicket();
      } finally {
        await opts.kv.del(lockKey);
      }
    }
    // Another instance is fetching: wait for its ticket.
    for (let i = 0; i < 60; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const t = await opts.kv.get(ticketKey);
      if (t) return t;
    }
    throw new AppError(503, UNAVAILABLE);
  }

  return {
    configured: client.configured,
    async ticket(): Promise<string> {
      inflight ??= ticketFromStoreOrFetch().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    async sign(url: string): Promise<WechatSign> {
      if (!this.configured) throw new AppError(503, "微信分享未配置");
      const ticket = await this.ticket();
      const noncestr = crypto.randomBytes(12).toString("base64url").slice(0, 16);
      const timestamp = Math.floor(Date.now() / 1000);
      return { appId, timestamp, noncestr, signature: jsapiSignature({ ticket, noncestr, timestamp, url }) };
    },
  };
}

export type WechatService = ReturnType<typeof createWechatService>;
