import crypto from "node:crypto";
import { withChrome } from "../../contract/cache-tags";
import type { Services } from "../services";
import {
  type Encoding,
  preferredEncoding,
  type ResponseStore,
  type StoredAnswer,
} from "../services/response-store";
import { answerResponse, askOf } from "./answers";
import type { RenderCounts } from "./metrics";
import { checkedOrigin } from "./origin";
import { matchPage, type PageMatch, type PageRoute, pageKey, pageTags } from "./page-routes";
import {
  jobRequest,
  type Rendered,
  type RenderJob,
  type RenderPool,
  renderPage,
  SHARED_RENDER_HEADERS,
} from "./render-pool";
import { inlineScriptHashes, type Security } from "./security";

/**
 * Renders a page request with a nonce: the request's own for pages that are never stored (console,
 * form posts), a marker for public pages (their policy lists hashes; see inlineScriptHashes).
 */
export type PageRender = (req: Request, nonce?: string, collect?: { body?: Buffer }) => Promise<Response>;

/** How long a 404 (unknown article id, unknown path) is kept: long enough to absorb a flood. */
const NOT_FOUND_TTL_MS = 10_000;

const CONSOLE_SESSION = /(?:^|;\s*)(?:__Host-)?dsn_admin=/;

/**
 * Whether a request is for a public page that is the same for every visitor: GET or HEAD, outside
 * the console, and without the console's session cookie. Any other cookie (analytics, WeChat,
 * foreign) changes nothing on a public page and is ignored.
 */
export function isPublicPageRequest(
  method: string,
  pathname: string,
  cookie: string | null | undefined,
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin.")) return false;
  return !cookie || !CONSOLE_SESSION.test(cookie);
}

/** A finished render: stored (shared by every reader of the key), or plain bytes for this reader. */
export type Finished =
  | { stored: StoredAnswer }
  | { status: number; headers: [string, string][]; body: Buffer };

/**
 * What a page to be stored is rendered from: its URL, the origin the host check accepted, and the
 * request headers a shared page may depend on (SHARED_RENDER_HEADERS), never anything personal.
 * A background refresh renders from the same.
 */
export interface SharedAsk {
  url: string;
  origin: string;
  headers: [string, string][];
  /** the encoding the store keeps the page in: the first reader's preference */
  encoding: Encoding;
}

export function sharedAskOf(url: string, origin: string, header: (name: string) => string | null): SharedAsk {
  const headers: [string, string][] = [];
  for (const h of SHARED_RENDER_HEADERS) {
    const v = header(h);
    if (v) headers.push([h, v]);
  }
  return { url, origin, headers, encoding: preferredEncoding(header("accept-encoding")) ?? "gzip" };
}

/**
 * The page cache (README "Response store"): public pages are rendered without a nonce and get a
 * Content-Security-Policy made of their inline scripts' hashes, so a stored page is byte-identical
 * for every visitor and its compressed bytes are sent as they are. Pages opt in with
 * `Cache-Control: …, s-maxage=N`; 404s are kept briefly. Console pages and form posts are rendered
 * per request with a nonce and never stored.
 */
export function createPageCache(opts: {
  services: Services;
  routes: PageRoute[];
  render: PageRender;
  security: Security;
  /** render threads for the pages this cache stores; none: they render on the request thread */
  pool?: RenderPool;
}) {
  const { services, routes, render, security, pool } = opts;
  const store: ResponseStore = services.responses.pages;
  const ttlMs = services.config.CACHE_TTL_SECONDS * 1000;
  const renders: RenderCounts = { thread: 0, request: 0, kept: 0 };
  /** keys whose render in flight is a background refresh */
  const refreshing = new Set<string>();

  /** Adds the hash policy to a page rendered with `marker`, and stores it when the page allows it. */
  function finish(
    res: Rendered,
    marker: string,
    pathname: string,
    stored: { key: string; match: PageMatch; seq: number; encoding: Encoding } | undefined,
  ): Finished {
    const got = (name: string) => res.headers.find(([k]) => k === name)?.[1];
    const headers = res.headers.filter(([k]) => k !== "content-length" && k !== "content-encoding");
    const html = (got("content-type") ?? "").startsWith("text/html");
    // A page made from a kept one carries that page's marker, and its hashes, taken as it was kept.
    const proof = html ? { hashes: res.hashes ?? inlineScriptHashes(res.body, marker) } : null;
    headers.push(...security.pageHeaders(pathname, proof));
    const maxAge = /s-maxage=(\d+)/.exec(got("cache-control") ?? "");
    const storable =
      stored !== undefined &&
      ttlMs > 0 &&
      got("set-cookie") === undefined &&
      ((res.status === 200 && maxAge !== null) || res.status === 404);
    if (!storable) return { status: res.status, headers, body: res.body };
    const answer = store.put(stored.key, {
      status: res.status,
      headers,
      body: res.body,
      tags: withChrome(pageTags(stored.match)),
      seq: stored.seq,
      ttlMs: res.status === 404 ? NOT_FOUND_TTL_MS : Math.max(ttlMs, Number(maxAge?.[1] ?? 0) * 1000),
      encoding: stored.encoding,
      prepared: res.prepared,
    });
    return { stored: answer };
  }

  /** A page made for this visitor (no `handle.cache`): rendered from their own request, never stored. */
  async function renderOwn(req: Request): Promise<Finished> {
    // The page's own scripts carry this marker; only they are hashed into its policy.
    const marker = crypto.randomBytes(12).toString("base64url");
    const res = await renderPage((r, sink) => render(r, marker, sink), req);
    return finish(res, marker, new URL(req.url).pathname, undefined);
  }

  /**
   * A page to be stored: on a render thread when one is ready, else here, always as a GET (a HEAD
   * asks for the same page without its body) from the shared parts of the request only.
   */
  async function renderShared(
    ask: SharedAsk,
    key: string,
    match: PageMatch,
    background = false,
  ): Promise<Finished> {
    const seq = store.seq;
    const marker = crypto.randomBytes(12).toString("base64url");
    const job: RenderJob = {
      url: ask.url,
      headers: ask.headers,
      origin: ask.origin,
      marker,
      encoding: ask.encoding,
      ...(background ? { background } : {}),
    };
    const threaded = pool?.render(job);
    let res = threaded && (await threaded);
    if (res) renders.thread++;
    else {
      renders.request++;
      res = await renderPage((r, sink) => render(r, marker, sink), jobRequest(job));
    }
    if (res.fromKept) renders.kept++;
    return finish(res, marker, new URL(ask.url).pathname, { key, match, seq, encoding: ask.encoding });
  }

  return {
    store,
    /** where the pages to be stored were rendered (/metrics page_renders) */
    renders,
    /**
     * The cache key of a public page request, or undefined when the store is off or the route does
     * not declare `handle.cache` (sign-up forms, the cashier: pages made for one visitor's order are
     * never stored, nor shared between simultaneous readers).
     */
    keyOf(url: URL, host: string): { key: string; match: PageMatch } | undefined {
      if (ttlMs <= 0) return undefined;
      const match = matchPage(routes, url.pathname);
      if (!match?.route.cache) return undefined;
      return { key: pageKey(host, url, match), match };
    },

    /**
     * The page of a key the store does not hold: one render per key at a time (readers arriving
     * meanwhile get its answer); undefined when that render failed.
     */
    missed(key: string, match: PageMatch, ask: SharedAsk): Promise<Finished | undefined> {
      store.stats.misses++;
      // A refresh of the key still queued (its stale answer has run out meanwhile) may wait behind
      // every visitor's page: readers do not join it, they get a render of their own.
      const once = refreshing.has(key) ? `${key}\0visitor` : key;
      return store.once(once, () => renderShared(ask, key, match));
    },

    /**
     * One background render refreshes a stale answer, however many readers see it meanwhile; on a
     * render thread it yields to the pages visitors wait for.
     */
    refresh(key: string, match: PageMatch, ask: SharedAsk): void {
      store.stats.stale++;
      if (store.refreshing(key)) return;
      refreshing.add(key);
      void store.once(key, () => renderShared(ask, key, match, true)).finally(() => refreshing.delete(key));
    },

    async serve(req: Request, nonce: string | undefined): Promise<Response> {
      const url = new URL(req.url);
      if (!isPublicPageRequest(req.method, url.pathname, req.headers.get("cookie")))
        return render(req, nonce);
      // The checked origin (scheme and host) is part of the key: hosts never share entries.
      const origin = checkedOrigin(req);
      const k = this.keyOf(url, origin);
      if (!k) return respond(req, "", await renderOwn(req));
      const ask = () => sharedAskOf(req.url, origin, (n) => req.headers.get(n));
      const found = store.lookup(k.key);
      if (found) {
        if (found.state === "stale") this.refresh(k.key, k.match, ask());
        else store.stats.hits++;
        return answerResponse(
          store,
          k.key,
          found.answer,
          askOf(req),
          found.state === "stale" ? "STALE" : "HIT",
        );
      }
      const finished = await this.missed(k.key, k.match, ask());
      // The shared render failed: once more, for this reader, so its error is the one handled.
      return respond(req, k.key, finished ?? (await renderShared(ask(), k.key, k.match)));
    },
  };

  function respond(req: Request, key: string, f: Finished): Response {
    if ("stored" in f) return answerResponse(store, key, f.stored, askOf(req), "MISS");
    return new Response(req.method === "HEAD" ? null : new Uint8Array(f.body), {
      status: f.status,
      headers: f.headers,
    });
  }
}

export type PageCache = ReturnType<typeof createPageCache>;
