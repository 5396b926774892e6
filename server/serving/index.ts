import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { idOf } from "../../contract/params";
import type { App } from "../app";
import { serverErrorAnswer } from "../http/error-page";
import type { Metrics, RenderedBy } from "../http/metrics";
import { invalidHostAnswer, type OriginCheck } from "../http/origin";
import type { Security } from "../http/security";
import type { Services } from "../services";
import type { Keys, Target } from "./keys";
import { renderForStore } from "./render";
import { type Answer, createStore, type Freshness, storeDirectory } from "./store";
import type { RenderThreads } from "./threads";
import { createWarmer, type PageList } from "./warmer";

/** Answered by the app whatever the host: probes and scrapers address an instance by IP and port. */
const HOST_CHECK_EXEMPT = new Set(["/healthz", "/readyz", "/metrics"]);
const CONSOLE_SESSION = /(?:^|;\s*)(?:__Host-)?dsn_admin=/;

/**
 * The serving layer (docs/architecture.md, "Serving"): the one way a request goes through the
 * server. It checks the host, answers the public GETs the store may share from the store (rendering
 * what it lacks through the app, on a render thread when there is one), hands everything else to the
 * app, and counts every answer once when it is sent: metrics and article readers.
 */
export function createServing(opts: {
  services: Services;
  app: App;
  keys: Keys;
  originCheck: OriginCheck;
  security: Security;
  metrics: Metrics;
  threads?: RenderThreads;
  /** the build's id (its assets' version): the store's directory is the build's own */
  build?: string;
  /** every public page of the archive, in the order readers ask for them most (for the warmer) */
  pages?: () => Promise<PageList>;
}) {
  const { services, app, keys, originCheck, security, metrics, threads } = opts;
  const { config, logger } = services;
  const renders: RenderedBy = { thread: 0, request: 0 };
  const local = (url: string) => {
    renders.request++;
    return renderForStore(app, url, security);
  };
  const ttlMs = config.CACHE_TTL_SECONDS * 1000;
  const staleMs = config.CACHE_STALE_SECONDS * 1000;
  // A directory per build and instance (host and port), found again by the instance's next life.
  const directory = storeDirectory(config.DATA_DIR, {
    build: opts.build,
    instance: config.PORT ? String(config.PORT) : undefined,
  });
  const store = createStore({
    maxBytes: config.CACHE_MAX_MB * 1024 * 1024,
    maxEntries: config.CACHE_MAX_ENTRIES,
    ttlMs,
    staleMs,
    dir: directory.dir,
    // A thread that fails or dies costs no visitor a page: the request thread renders it instead.
    render: async ({ key }) => {
      if (!threads) return local(key);
      try {
        const r = await threads.render(key);
        renders.thread++;
        return r;
      } catch (err) {
        logger.warn({ err: (err as Error).message }, "render thread failed a page; rendering it here");
        return local(key);
      }
    },
  });
  // Pages are warmed for the origin readers use: PUBLIC_URL, or the first one a reader asked on.
  let readersOrigin = config.PUBLIC_URL;
  const warmer =
    config.CACHE_WARM && opts.pages && ttlMs > 0
      ? createWarmer({
          store,
          keys,
          pages: opts.pages,
          origin: () => readersOrigin,
          // Rendered again halfway through their stale window, and passes a quarter of their life apart.
          refreshAfterMs: ttlMs + staleMs / 2,
          restMs: Math.max(1000, (ttlMs + staleMs) / 4),
          onError: (err) => logger.error({ err: err.message }, "store warmer failed; it starts again"),
        })
      : undefined;
  warmer?.start();
  void store.restored.then((n) => {
    if (n) logger.info({ answers: n, dir: directory.dir }, "response store found its answers again");
  });
  // A redirect never hides a page of the site (services/redirects.ts also keeps the console, the API…).
  services.redirects.setSitePages(keys);
  services.events.onChange((change) => {
    if (change) store.change(change);
    else store.clear();
    threads?.changed(change);
    warmer?.restart();
  });
  metrics.watchStore(store, renders, warmer?.progress);

  const origins = new WeakMap<IncomingMessage, string>();
  const requestIds = new WeakMap<IncomingMessage, string>();
  const handOver = getRequestListener((request, env) => {
    const incoming = env.incoming as IncomingMessage;
    return app.fetch(request, { ...env, origin: origins.get(incoming), requestId: requestIds.get(incoming) });
  });
  /** The app answers (its own errors go through its onError; anything else is `failed`'s). */
  const toApp = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader("x-request-id", requestIds.get(req) ?? "");
    return handOver(req, res);
  };
  const bots = new LRUCache<string, boolean>({ max: 1000 });
  const stored = config.CACHE_TTL_SECONDS > 0;
  // An old address's new one: absolute on PUBLIC_URL when it is set. A path of the site starts with
  // exactly one slash, so a browser never reads it as another host (`//evil.example`, `/\evil.example`).
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : "";
  const locationOf = (to: string) =>
    to.startsWith("/") ? `${publicOrigin}/${to.replace(/^[/\\]+/, "")}` : to;

  /**
   * Any exception of a request, thrown or rejected, outside the app's own onError: logged with the
   * request's id, answered 500 (the plain error page, or the envelope for /api/), and the process
   * goes on. An answer already under way is cut off instead.
   */
  function failed(req: IncomingMessage, res: ServerResponse, path: string, err: unknown) {
    const requestId = requestIds.get(req);
    const e = err instanceof Error ? err : new Error(String(err));
    logger.error(
      { requestId, method: req.method, path, err: e.message, stack: e.stack },
      "request failed; answered 500",
    );
    try {
      if (res.headersSent || res.writableEnded) return void res.destroy();
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      const { type, body } = serverErrorAnswer(path.startsWith("/api/"));
      res.writeHead(500, [
        ...security.fixed.flat(),
        ...[
          "content-type",
          type,
          "cache-control",
          "no-store",
          "content-length",
          `${Buffer.byteLength(body)}`,
        ],
        ...["x-request-id", requestId ?? ""],
      ]);
      res.end(body);
    } catch {
      res.destroy();
    }
  }

  /** Once the answer is sent: its metrics, and a reader of an article when it was one. */
  function sent(req: IncomingMessage, res: ServerResponse, path: string, start: number) {
    try {
      count(req, res, path, start);
    } catch (err) {
      logger.error(
        { requestId: requestIds.get(req), path, err: (err as Error).message },
        "answer not counted",
      );
    }
  }

  function count(req: IncomingMessage, res: ServerResponse, path: string, start: number) {
    const status = res.statusCode;
    metrics.record(req.method ?? "GET", path, status, (performance.now() - start) / 1000);
    if (req.method !== "GET" || status !== 200) return;
    let id: number | undefined;
    if (path.startsWith("/articledetail/")) id = idOf(path.slice(15).replace(/\.data$/, ""));
    else if (path === "/api/product/content/detail")
      id = idOf(new URLSearchParams(req.url?.slice(req.url.indexOf("?") + 1)).get("contentId"));
    if (id === undefined) return;
    const purpose = String(req.headers["sec-purpose"] ?? req.headers.purpose ?? "");
    const agent = req.headers["user-agent"] ?? "";
    let bot = bots.get(agent);
    if (bot === undefined) {
      bot = isbot(agent);
      bots.set(agent, bot);
    }
    if (!purpose.includes("prefetch") && !bot) services.stats.viewed(id);
  }

  async function fromStore(req: IncomingMessage, res: ServerResponse, origin: string, target: Target) {
    if (readersOrigin === undefined) {
      readersOrigin = origin;
      warmer?.restart();
    }
    const got = store.lookup(target) ?? (await store.fill(target));
    // The render failed (or its file went meanwhile): the app renders the page for this reader.
    if (!got) return toApp(req, res);
    send(req, res, got.answer, got.state, requestIds.get(req) ?? "");
  }

  /** Where a request goes: a 400 for a foreign host, a redirect, the store, or the app. */
  function route(
    req: IncomingMessage,
    res: ServerResponse,
    raw: string,
    path: string,
    q: number,
  ): Promise<unknown> | undefined {
    const requestId = requestIds.get(req) ?? "";
    if (HOST_CHECK_EXEMPT.has(path)) return toApp(req, res);
    const origin = originCheck.origin({ headers: { get: (n) => header(req, n) } });
    if (origin === null || !raw.startsWith("/")) {
      const { type, body } = invalidHostAnswer(path.startsWith("/api/"));
      res.writeHead(400, [
        ...security.fixed.flat(),
        ...[
          "content-type",
          type,
          "cache-control",
          "no-store",
          "content-length",
          `${Buffer.byteLength(body)}`,
          "x-request-id",
          requestId,
        ],
      ]);
      res.end(body);
      return undefined;
    }
    origins.set(req, origin);
    const method = req.method;
    if (method === "GET" || method === "HEAD") {
      // An old address (an imported site's, or an editor's redirect): a lookup in memory.
      const to = services.redirects.find(path, q === -1 ? "" : raw.slice(q));
      if (to) {
        res.writeHead(301, [
          ...security.fixed.flat(),
          ...["location", locationOf(to), "cache-control", "public, max-age=3600", "content-length", "0"],
          ...["x-request-id", requestId],
        ]);
        res.end();
        return undefined;
      }
      if (stored && !CONSOLE_SESSION.test(req.headers.cookie ?? "")) {
        const target = keys.of(origin, raw);
        if (target) return fromStore(req, res, origin, target);
      }
    }
    return toApp(req, res);
  }

  return {
    store,
    warmer,
    /** Stops the warmer and leaves the store's directory to the instance's next life (the server's close). */
    close: () => {
      warmer?.stop();
      directory.release();
    },
    /** The request listener: nothing a request brings or a stored row holds can end the process. */
    listener(req: IncomingMessage, res: ServerResponse): void {
      const start = performance.now();
      const raw = req.url ?? "/";
      const q = raw.indexOf("?");
      const path = q === -1 ? raw : raw.slice(0, q);
      requestIds.set(req, crypto.randomUUID());
      res.once("finish", () => sent(req, res, path, start));
      try {
        const pending = route(req, res, raw, path, q);
        if (pending) pending.catch((err: unknown) => failed(req, res, path, err));
      } catch (err) {
        failed(req, res, path, err);
      }
    },
  };
}

export type Serving = ReturnType<typeof createServing>;

/**
 * Sends a stored answer as it is for brotli clients (every current browser), decoded for the rare
 * client that takes no brotli (re-encoded as gzip when it takes that), or 304 when the client holds it.
 */
function send(req: IncomingMessage, res: ServerResponse, a: Answer, state: Freshness, requestId: string) {
  const head = [
    ...a.headers,
    "etag",
    a.etag,
    "vary",
    "Accept-Encoding",
    "x-cache",
    state,
    "x-request-id",
    requestId,
  ];
  if (a.status === 200 && matches(req.headers["if-none-match"], a.etag)) {
    res.writeHead(304, head);
    return void res.end();
  }
  const accepted = String(req.headers["accept-encoding"] ?? "");
  let body = a.body;
  if (!accepts(accepted, "br")) {
    body = zlib.brotliDecompressSync(body);
    if (accepts(accepted, "gzip")) {
      body = zlib.gzipSync(body);
      head.push("content-encoding", "gzip");
    }
  } else head.push("content-encoding", "br");
  head.push("content-length", String(body.length));
  res.writeHead(a.status, head);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Whether an Accept-Encoding header takes a coding ("gzip;q=0" refuses it). */
function accepts(header: string, coding: string): boolean {
  const i = header.indexOf(coding);
  if (i === -1) return false;
  const q = /^[^,]*?;\s*q=([\d.]+)/.exec(header.slice(i + coding.length));
  return !q || Number(q[1]) > 0;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  if (v === undefined) return null;
  return Array.isArray(v) ? v.join(", ") : v;
}
