import type { Context, Hono } from "hono";
import type { z } from "zod";
import { withChrome } from "../../contract/cache-tags";
import { OK, OK_MESSAGE } from "../../contract/envelope";
import { answerResponse, askOf, type ClientAsk } from "../http/answers";
import type { Services } from "../services";
import { AppError } from "../services/errors";
import { preferredEncoding } from "../services/response-store";
import { consoleArticleEndpoints } from "./admin/articles";
import { consoleAuthEndpoints } from "./admin/auth";
import { consoleBackupEndpoints } from "./admin/backups";
import { consoleIdCopyEndpoints } from "./admin/id-copies";
import { consolePrivacyEndpoints } from "./admin/privacy";
import { consoleProductEndpoints } from "./admin/products";
import { consoleRecordEndpoints } from "./admin/records";
import { consoleResourceEndpoints } from "./admin/resources";
import { consoleSearchPushEndpoints } from "./admin/search-push";
import { actorOf, consoleGuard, pathId, requireAccess } from "./console";
import { contentEndpoints } from "./content";
import type { Access, AnyEndpoint, ApiContext, ApiEnv } from "./endpoint";
import { ok, parse } from "./envelope";
import { mcnEndpoints } from "./mcn";
import { productEndpoints } from "./product";
import { signupEndpoints } from "./signup";
import { siteEndpoints } from "./site";
import { uploadEndpoints } from "./upload";

/**
 * Every endpoint group, public and console, in the order they are matched. A group left out of
 * this list answers 404; tests/unit/endpoints.test.ts fails when a module under server/api/
 * declares endpoints that are not here.
 */
export const ENDPOINT_GROUPS = {
  content: contentEndpoints,
  site: siteEndpoints,
  product: productEndpoints,
  mcn: mcnEndpoints,
  signup: signupEndpoints,
  upload: uploadEndpoints,
  consoleAuth: consoleAuthEndpoints,
  consoleArticles: consoleArticleEndpoints,
  consoleProducts: consoleProductEndpoints,
  consoleResources: consoleResourceEndpoints,
  consoleRecords: consoleRecordEndpoints,
  consoleIdCopies: consoleIdCopyEndpoints,
  consolePrivacy: consolePrivacyEndpoints,
  consoleBackups: consoleBackupEndpoints,
  consoleSearchPushes: consoleSearchPushEndpoints,
} satisfies Record<string, AnyEndpoint[]>;

export const endpoints: AnyEndpoint[] = Object.values(ENDPOINT_GROUPS).flat();

/** Changes allowed without a session (and so without its CSRF token): sign-in and first-run setup. */
const sessionless = new Set(
  endpoints.filter((e) => e.role === "guest" && e.method !== "get").map((e) => e.path),
);

/** The cache key of a stored GET answer's URL, or undefined when that path is not stored. */
export type ApiKeyOf = (url: URL) => string | undefined;

export function mountEndpoints(app: Hono<ApiEnv>, services: Services): ApiKeyOf {
  const ttlMs = services.config.CACHE_TTL_SECONDS * 1000;
  const store = services.responses.api;
  const stored = new Map<string, Set<string>>();
  app.use("/api/admin/*", consoleGuard(services, sessionless));
  for (const def of endpoints) {
    const access = def.role;
    const cached = access === undefined && def.method === "get" && def.cache !== false && ttlMs > 0;
    const read = new Set(Object.keys(def.query.shape));
    const ids = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    for (const path of [def.path, ...(def.aliases ?? [])]) {
      if (cached) stored.set(path, read);
      if (access !== undefined) {
        app.on(def.method.toUpperCase(), path, (c) => consoleCall(def, access, ids, c));
        continue;
      }
      app.on(def.method.toUpperCase(), path, async (c) => {
        const input =
          def.method === "get" || def.rawBody ? c.req.query() : { ...c.req.query(), ...(await readBody(c)) };
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

  /** A console endpoint: access first, then unknown ids (404), the input (400), the work, the audit line. */
  async function consoleCall(def: AnyEndpoint, access: Access, ids: string[], c: ApiContext) {
    requireAccess(c, access);
    for (const name of ids) pathId(c, name);
    // Console changes read their JSON body alone; the query string is for filters (and upload kinds).
    const input = def.body ? parse(def.body, await readBody(c)) : parse(def.query, c.req.query());
    const result = await def.handler(input, services, c);
    if (def.audit) {
      const { actor, ...note } = def.audit(result, input);
      await services.audit.record(actor ?? actorOf(c), note);
    }
    const data = def.answer ? def.answer(result) : result;
    return data instanceof Response ? data : ok(c, data);
  }

  async function compute(def: AnyEndpoint, q: z.infer<z.ZodObject>, c: Context, key: string, ask: ClientAsk) {
    const seq = store.seq;
    const data = await def.handler(q, services, c);
    if (data instanceof Response) return undefined;
    const json = JSON.stringify({ statusCode: OK, message: OK_MESSAGE, data });
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
export async function readBody(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
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
