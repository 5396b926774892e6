import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { idOf } from "../../contract/params";
import type { App } from "../app";
import type { Metrics, RenderedBy } from "../http/metrics";
import { invalidHostAnswer, type OriginCheck } from "../http/origin";
import type { Security } from "../http/security";
import type { Services } from "../services";
import type { Keys, Target } from "./keys";
import { renderForStore } from "./render";
import { type Answer, createStore, type Freshness, storeDirectory } from "./store";
import type { RenderThreads } from "./threads";

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
}) {
  const { services, app, keys, originCheck, security, metrics, threads } = opts;
  const { config, logger } = services;
  const renders: RenderedBy = { thread: 0, request: 0 };
  const local = (url: string) => {
    renders.request++;
    return renderForStore(app, url, security);
  };
  const directory = storeDirectory(config.DATA_DIR);
  const store = createStore({
    maxBytes: config.CACHE_MAX_MB * 1024 * 1024,
    maxEntries: config.CACHE_MAX_ENTRIES,
    ttlMs: config.CACHE_TTL_SECONDS * 1000,
    staleMs: config.CACHE_STALE_SECONDS * 1000,
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
  // A redirect of a path alone never hides a page of the site, nor what the app serves before pages.
  services.redirects.setSitePage(
    (path) =>
      /^\/(api|assets|uploads|admin)(\/|$)/.test(path) || HOST_CHECK_EXEMPT.has(path) || keys.isPage(path),
  );
  services.events.onChange((change) => {
    if (change) store.change(change);
    else store.clear();
    threads?.changed(change);
  });
  metrics.watchStore(store, renders);

  const origins = new WeakMap<IncomingMessage, string>();
  const toApp = getRequestListener((request, env) =>
    app.fetch(request, { ...env, origin: origins.get(env.incoming as IncomingMessage) }),
  );
  const bots = new LRUCache<string, boolean>({ max: 1000 });
  const stored = config.CACHE_TTL_SECONDS > 0;
  // An old address's new one: absolute on PUBLIC_URL when it is set.
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : "";
  const locationOf = (to: string) => (to.startsWith("/") ? publicOrigin + to : to);

  /** Once the answer is sent: its metrics, and a reader of an article when it was one. */
  function sent(req: IncomingMessage, res: ServerResponse, path: string, start: number) {
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

  async function fromStore(req: IncomingMessage, res: ServerResponse, target: Target) {
    const got = store.lookup(target) ?? (await store.fill(target));
    // The render failed (or its file went meanwhile): the app renders the page for this reader.
    if (!got) return toApp(req, res);
    send(req, res, got.answer, got.state);
  }

  return {
    store,
    /** Removes the store's files (the server's close). */
    close: () => directory.remove(),
    listener(req: IncomingMessage, res: ServerResponse): void {
      const start = performance.now();
      const raw = req.url ?? "/";
      const q = raw.indexOf("?");
      const path = q === -1 ? raw : raw.slice(0, q);
      res.once("finish", () => sent(req, res, path, start));
      if (HOST_CHECK_EXEMPT.has(path)) return void toApp(req, res);
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
          ],
        ]);
        return void res.end(body);
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
          ]);
          return void res.end();
        }
        if (stored && !CONSOLE_SESSION.test(req.headers.cookie ?? "")) {
          const target = keys.of(origin, raw);
          if (target) return void fromStore(req, res, target);
        }
      }
      void toApp(req, res);
    },
  };
}

export type Serving = ReturnType<typeof createServing>;

/**
 * Sends a stored answer as it is for brotli clients (every current browser), decoded for the rare
 * client that takes no brotli (re-encoded as gzip when it takes that), or 304 when the client holds it.
 */
function send(req: IncomingMessage, res: ServerResponse, a: Answer, state: Freshness) {
  const head = [...a.headers, "etag", a.etag, "vary", "Accept-Encoding", "x-cache", state];
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
