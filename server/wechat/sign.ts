import crypto from "node:crypto";
import type { WechatSign } from "../../contract/entities";
import type { Logger } from "../logger";
import { AppError } from "../services/errors";
import type { SharedStore } from "../services/store";

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
  apiBase: string;
  appId?: string;
  appSecret?: string;
  store: SharedStore;
  logger: Logger;
  fetch?: typeof fetch;
}

/**
 * access_token → jsapi_ticket, cached in the shared store until shortly before they expire. A lock
 * in the store makes N instances fetch once; the others wait for the cached ticket.
 */
export function createWechatService(opts: WechatOptions) {
  const doFetch = opts.fetch ?? fetch;
  const appId = opts.appId ?? "";
  const ticketKey = `wx:ticket:${appId}`;
  const lockKey = `wx:lock:${appId}`;
  let inflight: Promise<string> | undefined;

  async function call(path: string, query: Record<string, string>) {
    const url = `${opts.apiBase}${path}?${new URLSearchParams(query)}`;
    let body: Record<string, unknown>;
    try {
      const res = await doFetch(url, { signal: AbortSignal.timeout(5000) });
      body = (await res.json()) as Record<string, unknown>;
    } catch (err) {
      opts.logger.error({ path, err: (err as Error).message }, "wechat api unreachable");
      throw new AppError(503, UNAVAILABLE);
    }
    if (body.errcode !== undefined && body.errcode !== 0) {
      opts.logger.error({ path, errcode: body.errcode, errmsg: body.errmsg }, "wechat api error");
      throw new AppError(503, UNAVAILABLE);
    }
    return body;
  }

  async function fetchTicket(): Promise<string> {
    const token = await call("/cgi-bin/token", {
      grant_type: "client_credential",
      appid: appId,
      secret: opts.appSecret ?? "",
    });
    const accessToken = String(token.access_token ?? "");
    if (!accessToken) throw new AppError(503, UNAVAILABLE);
    const t = await call("/cgi-bin/ticket/getticket", { access_token: accessToken, type: "jsapi" });
    const ticket = String(t.ticket ?? "");
    if (!ticket) throw new AppError(503, UNAVAILABLE);
    const ttl = Math.max(60, Number(t.expires_in ?? 7200) - 300) * 1000;
    await opts.store.set(ticketKey, ticket, ttl);
    opts.logger.info({ ttlSeconds: ttl / 1000 }, "wechat jsapi ticket fetched");
    return ticket;
  }

  async function ticketFromStoreOrFetch(): Promise<string> {
    const cached = await opts.store.get(ticketKey);
    if (cached) return cached;
    if (await opts.store.setIfAbsent(lockKey, String(process.pid), 10_000)) {
      try {
        return await fetchTicket();
      } finally {
        await opts.store.del(lockKey);
      }
    }
    // Another instance is fetching: wait for its ticket.
    for (let i = 0; i < 60; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const t = await opts.store.get(ticketKey);
      if (t) return t;
    }
    throw new AppError(503, UNAVAILABLE);
  }

  return {
    configured: Boolean(opts.appId && opts.appSecret),
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
