import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { AppLoadContext } from "react-router";
import { NONCE_APPLIED_HEADER, NONCE_PLACEHOLDER } from "../app/csp";
import { createApi } from "./api";
import { createAdminApp } from "./api/admin";
import { fail } from "./api/envelope";
import { createMetrics } from "./http/metrics";
import { type CspRules, securityHeaders } from "./http/security";
import type { Logger } from "./logger";
import type { Services } from "./services";
import { MicroCache } from "./services/cache";
import { AppError } from "./services/errors";

/** A React Router request handler (production build or Vite dev server), given our load context. */
export type SsrHandler = (request: Request, services: Services, cspNonce?: string) => Promise<Response>;

/** What route loaders get besides the request (app/load-context.ts). */
export function loadContextFor(request: Request, services: Services, cspNonce?: string): AppLoadContext {
  // Client navigations ask React Router for `<path>.data`; anything else is a document.
  const documentRequest = !new URL(request.url).pathname.endsWith(".data");
  return { services, cspNonce, documentRequest };
}

export interface AppOptions {
  services: Services;
  logger: Logger;
  /** build/client: hashed assets and public files; omitted in API-only tests and in dev (Vite serves them) */
  clientDir?: string;
  ssr?: SsrHandler;
  /** page-specific Content-Security-Policy exceptions (the payment page) */
  cspRules?: CspRules;
  /** origins pages may frame (the live room) */
  frameSrc?: string[];
}

const PLAIN_ERROR_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>出错了</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;text-align:center;padding:80px 16px;color:#1F2329">
<h1 style="font-size:24px">页面暂时无法打开</h1><p style="color:#646A73">服务器开小差了，请稍后刷新重试。</p>
<p><a href="/" style="color:#E8380D">返回首页</a></p></body></html>`;

export function createApp(opts: AppOptions) {
  const { services, logger } = opts;
  const app = new Hono();
  const metrics = createMetrics(services);
  app.use(metrics.middleware);
  // gzip for HTML and JSON (static assets are gzipped at build time and served as they are).
  const gzip = compress({ encoding: "gzip" });
  app.use((c, next) => (c.req.header("accept-encoding")?.includes("gzip") ? gzip(c, next) : next()));
  app.use(securityHeaders(services.config, opts.cspRules ?? [], opts.frameSrc ?? []));

  // One JSON log line per request: method, path without its query (queries may carry phone numbers), status, time.
  app.use(async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    if (c.res.status >= 500)
      logger.error({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
    else logger.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
  });

  app.onError((err, c) => {
    const isApi = c.req.path.startsWith("/api/");
    if (err instanceof AppError) {
      if (isApi) return fail(c, err.status, err.message);
      return c.text(err.message, err.status);
    }
    logger.error({ path: c.req.path, err: err.message, stack: err.stack }, "unhandled error");
    if (isApi) return fail(c, 500, "服务器开小差了，请稍后再试");
    return c.html(PLAIN_ERROR_PAGE, 500);
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const [db, store] = await Promise.all([services.database.ping(), services.store.ping()]);
    const ready = db && store;
    return c.json(
      { ready, db, store: services.store.kind === "redis" ? store : "memory" },
      ready ? 200 : 503,
    );
  });

  const metricsToken = services.config.METRICS_TOKEN;
  app.get("/metrics", async (c) => {
    if (metricsToken && c.req.header("authorization") !== `Bearer ${metricsToken}`)
      return c.text("forbidden", 403);
    return c.body(await metrics.registry.metrics(), 200, { "content-type": metrics.registry.contentType });
  });

  const apiCache = new MicroCache<string>(5000);
  metrics.watchCache("api", apiCache);
  // The console API (/api/admin) and the article view counter go ahead of the public API and the pages.
  app.route("/", createAdminApp(services));
  app.route("/", createApi(services, apiCache));

  const uploads = path.join(services.config.DATA_DIR, "uploads");
  app.use(
    "/uploads/*",
    serveStatic({
      root: uploads,
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ""),
      onFound: (p, c) => {
        // Pictures visitors uploaded (ID copies) are private: unguessable names, never cached by
        // shared caches, never indexed.
        const visitorUpload = p.includes(`${path.sep}mcn${path.sep}`);
        c.header("Cache-Control", visitorUpload ? "private, max-age=3600" : "public, max-age=86400");
        if (visitorUpload) c.header("X-Robots-Tag", "noindex, nofollow");
        c.header("X-Content-Type-Options", "nosniff");
      },
    }),
  );
  app.all("/uploads/*", (c) => c.text("图片不存在", 404));

  if (opts.clientDir) {
    app.use(
      "/assets/*",
      serveStatic({
        root: opts.clientDir,
        precompressed: true,
        onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    // Public files (favicon, media); page paths have no extension and skip the file lookup.
    const publicFiles = serveStatic({
      root: opts.clientDir,
      onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600"),
    });
    app.use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next()));
  }

  if (opts.ssr) {
    const ssr = opts.ssr;
    const pages = createPageCache(services);
    metrics.watchCache("pages", pages.cache);
    app.all("*", (c) => pages.serve(c.req.raw, (req, nonce) => ssr(req, services, nonce), c.get("cspNonce")));
  }
  return app;
}

interface CachedPage {
  status: number;
  headers: [string, string][];
  /** the body split around the CSP nonce placeholder, so a hit only joins bytes */
  parts: Buffer[];
}

const PLACEHOLDER = Buffer.from(NONCE_PLACEHOLDER);

function splitAround(body: Buffer, sep: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let i = body.indexOf(sep, from); i !== -1; i = body.indexOf(sep, from)) {
    parts.push(body.subarray(from, i));
    from = i + sep.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function joinWith(parts: Buffer[], nonce: string | undefined): Buffer {
  if (parts.length === 1 || !nonce) return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  const n = Buffer.from(nonce);
  const out: Buffer[] = [];
  parts.forEach((p, i) => {
    if (i > 0) out.push(n);
    out.push(p);
  });
  return Buffer.concat(out);
}

/**
 * Micro-cache of rendered pages (HTML and client-navigation data) for anonymous visitors. A route
 * opts in with `Cache-Control: …, s-maxage=N` (the shared-cache directive, which nginx honours too);
 * every content change clears it on every instance. Entries keep the nonce placeholder; each
 * response gets the request's fresh nonce (see server/http/security.ts).
 */
export function createPageCache(services: Services) {
  const cache = new MicroCache<CachedPage>(1000);
  services.events.onChange(() => cache.clear());
  const respond = (req: Request, page: CachedPage, nonce: string | undefined, state: "HIT" | "MISS") => {
    const headers = new Headers(page.headers);
    headers.set("x-cache", state);
    if (nonce) headers.set(NONCE_APPLIED_HEADER, nonce);
    const body = req.method === "HEAD" ? null : new Uint8Array(joinWith(page.parts, nonce));
    return new Response(body, { status: page.status, headers });
  };
  return {
    cache,
    async serve(
      req: Request,
      render: (req: Request, nonce?: string) => Promise<Response>,
      nonce?: string,
    ): Promise<Response> {
      const cacheable = (req.method === "GET" || req.method === "HEAD") && !req.headers.has("cookie");
      // Never cached: rendered with the request's own nonce, no placeholder to replace afterwards.
      if (!cacheable) return render(req, nonce);
      const url = new URL(req.url);
      const key = url.pathname + url.search;
      const hit = cache.get(key);
      if (hit) return respond(req, hit, nonce, "HIT");
      const version = services.events.version;
      const res = await render(req);
      const maxAge = /s-maxage=(\d+)/.exec(res.headers.get("cache-control") ?? "");
      if (res.status !== 200 || !maxAge || res.headers.has("set-cookie")) return res;
      const page = {
        status: res.status,
        headers: [...res.headers].filter(([k]) => k !== "content-length") as [string, string][],
        parts: splitAround(Buffer.from(await res.arrayBuffer()), PLACEHOLDER),
      };
      // A render that overlapped a content change may hold old data: serve it, do not keep it.
      if (services.events.version === version) cache.set(key, page, Number(maxAge[1]) * 1000);
      return respond(req, page, nonce, "MISS");
    },
  };
}
