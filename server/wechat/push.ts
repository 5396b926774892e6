import crypto from "node:crypto";
import { cleanText } from "../../contract/text";
import { lazily } from "../lazily";
import type { KeyValueStore } from "../services/kv";

/**
 * Event pushes from the 公众号's server configuration (服务器配置) to /api/wechat/callback
 * (docs/product.md, "WeChat sync"): signed with sha1 of the configured token, the timestamp and the
 * nonce, sorted and joined. Only plain-text pushes are read (明文模式 or 兼容模式).
 */

export function pushSignature(token: string, timestamp: string, nonce: string): string {
  return crypto.createHash("sha1").update([token, timestamp, nonce].sort().join("")).digest("hex");
}

/** Whether a push's query carries the right signature for `token` (compared in constant time). */
export function verifyPush(
  token: string,
  q: { signature: string; timestamp: string; nonce: string },
): boolean {
  const want = Buffer.from(pushSignature(token, q.timestamp, q.nonce));
  const got = Buffer.from(q.signature.toLowerCase());
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

/** How far a push's timestamp may be from now, either way (seconds); a nonce is remembered as long. */
export const PUSH_WINDOW_SEC = 300;

/**
 * Whether a signed push (or WeChat's GET check) is a fresh one: its timestamp within PUSH_WINDOW_SEC
 * of now, and its nonce not seen while that timestamp is in the window. The nonce is remembered in
 * the shared store (set only if absent, so in Redis every instance agrees) until its timestamp
 * leaves the window, after which the timestamp alone refuses it.
 */
export async function freshPush(
  kv: KeyValueStore,
  q: { timestamp: string; nonce: string },
  nowMs = Date.now(),
): Promise<"fresh" | "stale" | "replayed"> {
  const at = Number(q.timestamp) * 1000;
  const window = PUSH_WINDOW_SEC * 1000;
  if (!Number.isFinite(at) || Math.abs(nowMs - at) > window) return "stale";
  const remember = Math.max(at + window - nowMs, 1000);
  return (await kv.setIfAbsent(`wx:push-nonce:${q.nonce}`, q.timestamp, remember)) ? "fresh" : "replayed";
}

/** PUBLISHJOBFINISH: the outcome of a freepublish/submit, the same data as freepublish/get. */
export interface PublishEvent {
  publishId: string;
  status: number;
  articleId: string | null;
  urls: string[];
  failIdx: number[];
}

const fastXml = lazily<typeof import("fast-xml-parser")>("fast-xml-parser");
let parser: import("fast-xml-parser").XMLParser | undefined;
/** The push parser, made on the first push (server/lazily.ts). */
const parserOf = () =>
  (parser ??= new (fastXml().XMLParser)({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    processEntities: false,
    isArray: (name) => name === "item" || name === "fail_idx",
  }));

/**
 * The event a push carries (its Event), and the publish outcome when it is PUBLISHJOBFINISH; null: not
 * a push. Its text is cleaned first (contract/text.ts), as every input of the API is.
 */
export function parsePush(
  xml: string,
): { event: string; encrypted: boolean; publish: PublishEvent | null } | null {
  let doc: { xml?: Record<string, unknown> };
  try {
    doc = parserOf().parse(cleanText(xml)) as typeof doc;
  } catch {
    return null;
  }
  const root = doc?.xml;
  if (!root || typeof root !== "object") return null;
  const event = typeof root.Event === "string" ? root.Event : "";
  const encrypted = typeof root.Encrypt === "string" && !event;
  if (event !== "PUBLISHJOBFINISH") return { event, encrypted, publish: null };
  const info = (root.PublishEventInfo ?? {}) as Record<string, unknown>;
  const detail = (info.article_detail ?? {}) as { item?: { article_url?: string }[] };
  const publishId = String(info.publish_id ?? "");
  const status = Number(info.publish_status);
  if (!publishId || !Number.isInteger(status)) return { event, encrypted, publish: null };
  return {
    event,
    encrypted,
    publish: {
      publishId,
      status,
      articleId: info.article_id ? String(info.article_id) : null,
      urls: (detail.item ?? []).map((i) => String(i.article_url ?? "")).filter(Boolean),
      failIdx: ((info.fail_idx ?? []) as unknown[]).map(Number).filter(Number.isFinite),
    },
  };
}
