import crypto from "node:crypto";
import { withChrome } from "../../contract/cache-tags";
import type { Services } from "../services";
import { preferredEncoding, type ResponseStore, type StoredAnswer } from "../services/response-store";
import { answerResponse, askOf } from "./answers";
import type { RenderCounts } from "./metrics";
import { carryOrigin, checkedOrigin } from "./origin";
import { matchPage, type PageMatch, type PageRoute, pageKey, pageTags } from "./page-routes";
import { type Rendered, type RenderPool, SHARED_RENDER_HEADERS } from "./render-pool";
import { inlineScriptHashes, type Security } from "./security";

/**
 * Renders a page request with a nonce: the request's own for pages that are never stored (console,
 * form posts), a marker for public pages (their policy lists hashes; see inlineScriptHashes).
 */
export type PageRender = (req: Request, nonce?: string) => Promise<Response>;

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
type Finished = { stored: StoredAnswer } | { status: number; headers: [string, string][]; body: Buffer };

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
  const renders: RenderCounts = { thread: 0, request: 0 };

  /** Renders without a nonce, adds the hash policy, and stores the answer when the page allows it. */
  async function renderPublic(
    req: Request,
    key: string | undefined,
    match: PageMatch | undefined,
  ): Promise<Finished> {
    const seq = store.seq;
    // The page's own scripts carry this marker; only they are hashed into its policy.
    const marker = crypto.randomBytes(12).toString("base64url");
    const res = await rendered(req, marker, key !== undefined);
    const body = res.body;
    const got = (name: string) => res.headers.find(([k]) => k === name)?.[1];
    const headers = res.headers.filter(([k]) => k !== "content-length" && k !== "content-encoding");
    const url = new URL(req.url);
    const html = (got("content-type") ?? "").startsWith("text/html");
    const proof = html ? { hashes: inlineScriptHashes(body, marker) } : null;
    headers.push(...security.pageHeaders(url.pathname, proof));
    const maxAge = /s-maxage=(\d+)/.exec(got("cache-control") ?? "");
    const storable =
      key !== undefined &&
      ttlMs > 0 &&
      got("set-cookie") === undefined &&
      ((res.status === 200 && maxAge !== null) || res.status === 404);
    if (!storable) return { status: res.status, headers, body };
    const stored = store.put(key, {
      status: res.status,
      headers,
      body,
      tags: withChrome(pageTags(match)),
      seq,
      ttlMs: res.status === 404 ? NOT_FOUND_TTL_MS : Math.max(ttlMs, Number(maxAge?.[1] ?? 0) * 1000),
      encoding: preferredEncoding(req.headers.get("accept-encoding")) ?? "gzip",
    });
    return { stored };
  }

  /**
   * A page to be stored goes to a render thread when one is ready, rebuilt from the headers a shared
   * page may depend on; anything else, or a thread that failed, renders here.
   */
  async function rendered(req: Request, marker: string, shared: boolean): Promise<Rendered> {
    if (shared && pool) {
      const headers: [string, string][] = [];
      for (const h of SHARED_RENDER_HEADERS) {
        const v = req.headers.get(h);
        if (v) headers.push([h, v]);
      }
      const job = pool.render({
        method: req.method,
        url: req.url,
        headers,
        origin: checkedOrigin(req),
        marker,
      });
      const done = job && (await job);
      if (done) {
        renders.thread++;
        return done;
      }
    }
    if (shared) renders.request++;
    const res = await render(req, marker);
    return { status: res.status, headers: [...res.headers], body: Buffer.from(await res.arrayBuffer()) };
  }

  /** The request a background refresh renders: the stored URL, no cookies, nothing personal. */
  function refreshRequest(req: Request): Request {
    const headers = new Headers();
    for (const h of SHARED_RENDER_HEADERS) {
      const v = req.headers.get(h);
      if (v) headers.set(h, v);
    }
    return carryOrigin(req, new Request(req.url, { headers }));
  }

  const respond = (req: Request, key: string, f: Finished, state: "MISS") =>
    "stored" in f
      ? answerResponse(store, key, f.stored, askOf(req), state)
      : new Response(req.method === "HEAD" ? null : new Uint8Array(f.body), {
          status: f.status,
          headers: f.headers,
        });

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

    async serve(req: Request, nonce: string | undefined): Promise<Response> {
      const url = new URL(req.url);
      if (!isPublicPageRequest(req.method, url.pathname, req.headers.get("cookie")))
        return render(req, nonce);
      // The checked origin (scheme and host) is part of the key: hosts never share entries.
      const k = this.keyOf(url, checkedOrigin(req));
      if (!k) return respond(req, "", await renderPublic(req, undefined, undefined), "MISS");
      const found = store.lookup(k.key);
      if (found) {
        if (found.state === "stale") {
          store.stats.stale++;
          const again = refreshRequest(req);
          void store.once(k.key, () => renderPublic(again, k.key, k.match));
        } else store.stats.hits++;
        return answerResponse(
          store,
          k.key,
          found.answer,
          askOf(req),
          found.state === "stale" ? "STALE" : "HIT",
        );
      }
      store.stats.misses++;
      // One render per key at a time: readers arriving meanwhile get its answer.
      const finished = await store.once(k.key, () => renderPublic(req, k.key, k.match));
      return respond(req, k.key, finished ?? (await renderPublic(req, undefined, k.match)), "MISS");
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
