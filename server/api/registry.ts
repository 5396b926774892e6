import type { Context, Hono } from "hono";
import { z } from "zod";
import type { Services } from "../services";
import type { MicroCache } from "../services/cache";
import { AppError } from "../services/errors";
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
   * GET answers are kept in the API micro-cache (per URL, cleared on every content change) unless
   * this is false: for answers that change per call or count something (signatures, clicks).
   */
  cache?: boolean;
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

export function mountEndpoints(app: Hono, services: Services, cache: MicroCache<string>) {
  const ttlMs = services.config.CACHE_TTL_SECONDS * 1000;
  const inflight = new Map<string, Promise<string | undefined>>();
  for (const def of endpoints) {
    const cached = def.method === "get" && def.cache !== false && ttlMs > 0;
    for (const path of [def.path, ...(def.aliases ?? [])]) {
      app.on(def.method.toUpperCase(), path, async (c) => {
        const key = cached ? cacheKey(c.req.url) : "";
        if (cached) {
          const hit = cache.get(key) ?? (await inflight.get(key));
          if (hit !== undefined)
            return c.body(hit, 200, { "content-type": "application/json; charset=UTF-8" });
        }
        const input = def.method === "get" ? c.req.query() : { ...c.req.query(), ...(await readBody(c)) };
        const q = parse(def.query, input);
        if (!cached) {
          const data = await def.handler(q, services, c);
          return data instanceof Response ? data : ok(c, data);
        }
        // One computation per key at a time: simultaneous misses wait for the first (no stampede
        // on a cold or just-cleared cache).
        const version = services.events.version;
        const work = (async () => {
          const data = await def.handler(q, services, c);
          const json = JSON.stringify({ statusCode: OK, message: "操作成功", data });
          // An answer computed across a content change may be stale: send it, do not keep it.
          if (services.events.version === version) cache.set(key, json, ttlMs);
          return json;
        })();
        inflight.set(
          key,
          work.catch(() => undefined),
        );
        let json: string;
        try {
          json = await work;
        } finally {
          inflight.delete(key);
        }
        return c.body(json, 200, { "content-type": "application/json; charset=UTF-8" });
      });
    }
  }
}

/** path + query in a stable order, so ?a=1&b=2 and ?b=2&a=1 share an entry */
function cacheKey(url: string): string {
  const u = new URL(url);
  u.searchParams.sort();
  return u.pathname + u.search;
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
