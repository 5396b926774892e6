import type { Context, Hono } from "hono";
import { z } from "zod";
import { type CacheTag, withChrome } from "../../contract/cache-tags";
import { answerResponse, askOf, type ClientAsk } from "../http/answers";
import type { Services } from "../services";
import { AppError } from "../services/errors";
import { preferredEncoding } from "../services/response-store";
import { OK, ok, parse } from "./envelope";

/**
 * Every endpoint is declared once with its zod schemas; the same declaration validates requests and
 * produces the OpenAPI document (/api/openapi.json), so the contract is code.
 */
export interface EndpointDef<Q extends z.ZodObject = z.ZodObject> {
  method: "get" | "post";
  path: string;
  /** further paths answering the same (older clients) */
  aliases?: string[];
  tag: string;
  summary: string;
  description?: string;
  /**
   * The input schema. GET: the query string. POST: the query string merged with the body (JSON,
   * urlencoded or multipart fields; body values win), as the original clients send either.
   */
  query: Q;
  response: z.ZodType;
  /**
   * GET answers are kept in the response store (per URL and the parameters the schema reads,
   * invalidated by the content changes that touch their tags) unless
   * this is false: for answers that change per call or count something (signatures, clicks).
   */
  cache?: boolean;
  /** what a cached answer shows (contract/cache-tags.ts); every answer also carries the chrome tag */
  tags?: (q: z.infer<Q>) => CacheTag[];
  /** Return the envelope's data, or a Response to answer something else (HTML, plain text). */
  handler: (q: z.infer<Q>, services: Services, c: Context) => Promise<unknown>;
}

export const endpoints: EndpointDef[] = [];

export function endpoint<Q extends z.ZodObject>(def: EndpointDef<Q>): EndpointDef<Q> {
  endpoints.push(def as unknown as EndpointDef);
  return def;
}

export const resultOf = (schema: z.ZodType) => z.object({ result: schema });
export const countResult = resultOf(z.number().int().nonnegative());

/** The cache key of a stored GET answer's URL, or undefined when that path is not stored. */
export type ApiKeyOf = (url: URL) => string | undefined;

export function mountEndpoints(app: Hono, services: Services): ApiKeyOf {
  const ttlMs = services.config.CACHE_TTL_SECONDS * 1000;
  const store = services.responses.api;
  const stored = new Map<string, Set<string>>();
  for (const def of endpoints) {
    const cached = def.method === "get" && def.cache !== false && ttlMs > 0;
    const read = new Set(Object.keys(def.query.shape));
    for (const path of [def.path, ...(def.aliases ?? [])]) {
      if (cached) stored.set(path, read);
      app.on(def.method.toUpperCase(), path, async (c) => {
        const input = def.method === "get" ? c.req.query() : { ...c.req.query(), ...(await readBody(c)) };
        if (!cached) {
          const q = parse(def.query, input);
          const data = await def.handler(q, services, c);
          return data instanceof Response ? data : ok(c, data);
        }
        const key = cacheKey(new URL(c.req.url), read);
        const ask = askOf(c.req.raw);
        const found = store.lookup(key);
        if (found) {
          if (found.state === "stale") {
            store.stats.stale++;
            void store.once(key, () => compute(def, parse(def.query, input), c, key, ask));
          } else store.stats.hits++;
          return answerResponse(store, key, found.answer, ask, found.state === "stale" ? "STALE" : "HIT");
        }
        store.stats.misses++;
        // Invalid input answers 400 before anything is computed or stored.
        const q = parse(def.query, input);
        // One computation per key at a time: simultaneous misses wait for the first.
        const answer = await store.once(key, () => compute(def, q, c, key, ask));
        if (!answer) {
          const data = await def.handler(q, services, c);
          return data instanceof Response ? data : ok(c, data);
        }
        return answerResponse(store, key, answer, ask, "MISS");
      });
    }
  }

  const keyOf: ApiKeyOf = (url) => {
    const read = stored.get(url.pathname);
    return read ? cacheKey(url, read) : undefined;
  };
  return keyOf;

  async function compute(def: EndpointDef, q: z.infer<z.ZodObject>, c: Context, key: string, ask: ClientAsk) {
    const seq = store.seq;
    const data = await def.handler(q, services, c);
    if (data instanceof Response) return undefined;
    const json = JSON.stringify({ statusCode: OK, message: "操作成功", data });
    return store.put(key, {
      status: 200,
      headers: [["content-type", "application/json; charset=UTF-8"]],
      body: Buffer.from(json),
      tags: withChrome(def.tags?.(q) ?? []),
      seq,
      ttlMs: services.config.CACHE_TTL_SECONDS * 1000,
      encoding: preferredEncoding(ask.acceptEncoding) ?? "gzip",
    });
  }
}

/** path + the parameters the endpoint reads, in a stable order: ?a=1&b=2 and ?b=2&a=1&utm_x=y share an entry */
function cacheKey(u: URL, read: Set<string>): string {
  const kept = [...u.searchParams]
    .filter(([k]) => read.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `${u.pathname}?${new URLSearchParams(kept)}` : u.pathname;
}

/** Body fields of a POST as strings (or nested JSON values); a malformed body is a 400. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const v = (await c.req.json()) as unknown;
      if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {}
    throw new AppError(400, "请求内容不是有效的 JSON");
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    try {
      const form = await c.req.parseBody({ all: true });
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(form)) if (typeof v === "string" || Array.isArray(v)) out[k] = v;
      return out;
    } catch {
      throw new AppError(400, "请求内容格式不正确");
    }
  }
  return {};
}
