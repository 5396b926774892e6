import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import type { ApiKeyOf } from "../api/registry";
import type { ResponseStore, StoredAnswer } from "../services/response-store";
import { answerHead, type StoreState } from "./answers";
import type { Metrics } from "./metrics";
import { routeLabel } from "./metrics";
import type { HeaderSource, OriginCheck } from "./origin";
import { type Finished, isPublicPageRequest, type PageCache, sharedAskOf } from "./page-cache";
import type { PageMatch } from "./page-routes";
import { articleIdOf, countsAsReader } from "./readers";

/** What a request target (origin and raw path with query) is: parsed once, kept for the next reader. */
interface Target {
  url: URL;
  isApi: boolean;
  /** its key in the store, undefined when it has none (a page route without `handle.cache`, say) */
  key: string | undefined;
  match: PageMatch | undefined;
}

/**
 * Request targets remembered, most recent first. A hot page's readers send the same target (path,
 * query, host), so the URL parse and route match that make its key are done once for them; a flood
 * of distinct targets only cycles this list, never the store.
 */
const TARGETS_KEPT = 4096;

/**
 * Stored answers sent straight from Node's request handler, before the request is turned into a
 * fetch Request and walked through the middleware: the same bytes, headers, host check, metrics and
 * reader counts as the full path, for about half its CPU (bench/README.md "Real traffic"). Public
 * pages the store lacks, or holds stale, are answered here as well: the page cache renders them
 * (on a render thread) and stores them as the app would. Anything else (API misses, a console
 * session, a foreign host, pages made for one visitor) falls through to the app, and so does a page
 * whose render failed (`fallback`: the app renders it again and answers its error).
 */
export function createFastPath(opts: {
  pages: PageCache | undefined;
  api: ResponseStore;
  apiKeyOf: ApiKeyOf;
  originCheck: OriginCheck;
  metrics: Metrics;
  /** headers every answer carries (API answers are stored without them) */
  fixedHeaders: [string, string][];
  viewed: (articleId: number) => void;
}) {
  const { pages, api, apiKeyOf, originCheck, metrics, fixedHeaders, viewed } = opts;
  const apiPrefix = { name: "api", headers: fixedHeaders.flat() };
  const targets = new LRUCache<string, Target>({ max: TARGETS_KEPT });
  return function serve(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
    const method = req.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") return false;
    const raw = req.url ?? "/";
    if (!raw.startsWith("/") || raw.startsWith("//")) return false;
    const start = performance.now();
    const source: HeaderSource = { headers: { get: (n) => header(req, n) } };
    const origin = originCheck.origin(source);
    if (origin === null) return false;
    const target = targetOf(origin, raw);
    if (!target) return false;
    const { url, isApi, key, match } = target;
    if (!isApi && (!pages || !isPublicPageRequest(method, url.pathname, header(req, "cookie")))) return false;
    const store = isApi ? api : pages!.store;
    if (key === undefined) return false;
    const found = store.lookup(key);
    const done = (status: number) => {
      const route = routeLabel(url.pathname, isApi ? url.pathname : "", status);
      metrics.record(method, route, status, (performance.now() - start) / 1000);
      countReader(url, status, method, req);
    };
    if (found?.state === "fresh") {
      store.stats.hits++;
      send(res, store, key, found.answer, method, req, isApi, "HIT");
      done(found.answer.status);
      return true;
    }
    // Only a page path proper is rendered here: catch-alls and file names (static files, feeds,
    // client-navigation data) may belong to handlers the app runs before its pages.
    if (!pages || !match || match.route.splat || FILE_NAME.test(url.pathname)) return false;
    const ask = sharedAskOf(url.href, origin, (n) => header(req, n));
    if (found?.state === "stale") {
      pages.refresh(key, match, ask);
      send(res, store, key, found.answer, method, req, false, "STALE");
      done(found.answer.status);
      return true;
    }
    const pageKey = key;
    pages.missed(pageKey, match, ask).then(
      (f) => {
        if (!f) return fallback();
        done(sendFinished(res, store, pageKey, f, method, req));
      },
      () => fallback(),
    );
    return true;
  };

  /** The target of a request, parsed and matched the first time it is seen; undefined if unparsable. */
  function targetOf(origin: string, raw: string): Target | undefined {
    const seen = targets.get(origin + raw);
    if (seen) return seen;
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      return undefined;
    }
    const isApi = raw.startsWith("/api/");
    let target: Target;
    if (isApi) target = { url, isApi, key: apiKeyOf(url), match: undefined };
    else {
      const k = pages?.keyOf(url, origin);
      target = { url, isApi, key: k?.key, match: k?.match };
    }
    targets.set(origin + raw, target);
    return target;
  }

  function send(
    res: ServerResponse,
    store: ResponseStore,
    key: string,
    a: StoredAnswer,
    method: string,
    req: IncomingMessage,
    isApi: boolean,
    state: StoreState,
  ) {
    const p = answerHead(
      store,
      key,
      a,
      { method, acceptEncoding: header(req, "accept-encoding"), ifNoneMatch: header(req, "if-none-match") },
      state,
      isApi ? apiPrefix : null,
    );
    res.writeHead(p.status, p.head);
    res.end(p.body ?? undefined);
  }

  /** A page just rendered: stored, or (a page that may not be stored) its bytes as they are. */
  function sendFinished(
    res: ServerResponse,
    store: ResponseStore,
    key: string,
    f: Finished,
    method: string,
    req: IncomingMessage,
  ): number {
    if ("stored" in f) {
      send(res, store, key, f.stored, method, req, false, "MISS");
      return f.stored.status;
    }
    res.writeHead(f.status, [...f.headers, ["content-length", String(f.body.length)]].flat());
    res.end(method === "HEAD" ? undefined : f.body);
    return f.status;
  }

  function countReader(url: URL, status: number, method: string, req: IncomingMessage) {
    let id: number | undefined;
    if (url.pathname.startsWith("/articledetail/"))
      id = articleIdOf(url.pathname.slice("/articledetail/".length));
    else if (url.pathname === "/api/product/content/detail")
      id = articleIdOf(url.searchParams.get("contentId"));
    if (id !== undefined && countsAsReader(method, status, (n) => header(req, n))) viewed(id);
  }
}

const FILE_NAME = /\.[a-z0-9]+$/i;

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  if (v === undefined) return null;
  return Array.isArray(v) ? v.join(", ") : v;
}

export type FastPath = ReturnType<typeof createFastPath>;
