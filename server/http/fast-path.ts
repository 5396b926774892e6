import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiKeyOf } from "../api/registry";
import type { ResponseStore, StoredAnswer } from "../services/response-store";
import { answerParts } from "./answers";
import type { Metrics } from "./metrics";
import { routeLabel } from "./metrics";
import type { HeaderSource, OriginCheck } from "./origin";
import { isPublicPageRequest, type PageCache } from "./page-cache";
import { articleIdOf, countsAsReader } from "./readers";

/**
 * Fresh stored answers sent straight from Node's request handler, before the request is turned into
 * a fetch Request and walked through the middleware: the same bytes, headers, host check, metrics and
 * reader counts as the full path, for about half its CPU (bench/README.md "Real traffic"). Anything
 * else (a miss, a stale answer, a console session, a foreign host) falls through to the app.
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
  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") return false;
    const raw = req.url ?? "/";
    if (!raw.startsWith("/") || raw.startsWith("//")) return false;
    const start = performance.now();
    const source: HeaderSource = { headers: { get: (n) => header(req, n) } };
    const origin = originCheck.origin(source);
    if (origin === null) return false;
    const isApi = raw.startsWith("/api/");
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      return false;
    }
    let store: ResponseStore;
    let key: string | undefined;
    if (isApi) {
      store = api;
      key = apiKeyOf(url);
    } else {
      if (!pages || !isPublicPageRequest(method, url.pathname, header(req, "cookie"))) return false;
      store = pages.store;
      key = pages.keyOf(url, origin)?.key;
    }
    if (key === undefined) return false;
    const found = store.lookup(key);
    if (found?.state !== "fresh") return false;
    store.stats.hits++;
    send(res, store, key, found.answer, method, req, isApi);
    const route = routeLabel(url.pathname, isApi ? url.pathname : "");
    metrics.record(method, route, found.answer.status, (performance.now() - start) / 1000);
    countReader(url, found.answer.status, method, req);
    return true;
  };

  function send(
    res: ServerResponse,
    store: ResponseStore,
    key: string,
    a: StoredAnswer,
    method: string,
    req: IncomingMessage,
    isApi: boolean,
  ) {
    const p = answerParts(
      store,
      key,
      a,
      { method, acceptEncoding: header(req, "accept-encoding"), ifNoneMatch: header(req, "if-none-match") },
      "HIT",
    );
    const headers = isApi ? [...fixedHeaders, ...p.headers] : p.headers;
    res.writeHead(p.status, headers.flat());
    res.end(p.body ?? undefined);
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

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  if (v === undefined) return null;
  return Array.isArray(v) ? v.join(", ") : v;
}

export type FastPath = ReturnType<typeof createFastPath>;
