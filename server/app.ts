import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { AppLoadContext, ServerBuild } from "react-router";
import { createApi } from "./api";
import { fail } from "./api/envelope";
import { registerBackupMetrics } from "./backup/status";
import { PLAIN_ERROR_PAGE } from "./http/error-page";
import { createFastPath } from "./http/fast-path";
import { createMetrics } from "./http/metrics";
import { checkedOrigin, createOriginCheck, hostCheck, type OriginCheck } from "./http/origin";
import { createPageCache, type PageCache, type PageRender } from "./http/page-cache";
import { compilePageRoutes } from "./http/page-routes";
import { countViews } from "./http/readers";
import type { RenderPool } from "./http/render-pool";
import { type CspRules, createSecurity } from "./http/security";
import type { Logger } from "./logger";
import type { Services } from "./services";
import { AppError } from "./services/errors";

/** A React Router request handler (production build or Vite dev server), given our load context. */
/** `collect`: where the page's HTML goes instead of the Response body, when the handler supports it */
export type SsrHandler = (
  request: Request,
  services: Services,
  cspNonce?: string,
  collect?: AppLoadContext["collect"],
) => Promise<Response>;

/** What route loaders get besides the request (app/load-context.ts). */
export function loadContextFor(
  request: Request,
  services: Services,
  cspNonce?: string,
  collect?: AppLoadContext["collect"],
): AppLoadContext {
  // Client navigations ask React Router for `<path>.data`; anything else is a document.
  const documentRequest = !new URL(request.url).pathname.endsWith(".data");
  return { services, cspNonce, documentRequest, origin: checkedOrigin(request), collect };
}

export interface AppOptions {
  services: Services;
  logger: Logger;
  /** build/client: hashed assets and public files; omitted in API-only tests and in dev (Vite serves them) */
  clientDir?: string;
  ssr?: SsrHandler;
  /** the build's routes (production): the page cache keys and tags pages by them; none: no page cache */
  routes?: ServerBuild["routes"];
  /** page-specific Content-Security-Policy exceptions (the payment page) */
  cspRules?: CspRules;
  /** origins pages may frame (the live room) */
  frameSrc?: string[];
  /** which Host headers the site answers to (default: from the configuration and its PORT) */
  originCheck?: OriginCheck;
  /** threads that render the pages the page cache stores (server/http/render-pool.ts) */
  renderPool?: RenderPool;
}

/**
 * Probes and scrapers address an instance by IP and port, whatever the site's host names; these
 * answers hold no host-derived URL and are never cached, so they skip the host check.
 */
const HOST_CHECK_EXEMPT = new Set(["/healthz", "/readyz", "/metrics"]);

export function createApp(opts: AppOptions) {
  const { services, logger } = opts;
  const app = new Hono();
  const metrics = createMetrics(services);
  registerBackupMetrics(metrics.registry, services.config, services.store);
  app.use(metrics.middleware);
  // A request for a host the site does not answer to stops here (400), before any cache or page
  // could build links to it; the others carry their checked origin (checkedOrigin) from here on.
  const originCheck = opts.originCheck ?? createOriginCheck(services.config);
  const checkHost = hostCheck(originCheck);
  app.use((c, next) => (HOST_CHECK_EXEMPT.has(c.req.path) ? next() : checkHost(c, next)));
  // gzip for HTML and JSON (static assets are gzipped at build time and served as they are).
  const gzip = compress({ encoding: "gzip" });
  app.use((c, next) => (c.req.header("accept-encoding")?.includes("gzip") ? gzip(c, next) : next()));
  const security = createSecurity(services.config, opts.cspRules ?? [], opts.frameSrc ?? []);
  app.use(security.middleware);

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
      if (isApi) return fail(c, err.status, err.message, err.data);
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

  metrics.watchStore("api", services.responses.api);
  metrics.watchStore("pages", services.responses.pages);
  // The article view counter goes ahead of the API and the pages.
  countViews(app, (id) => services.stats.viewed(id));
  const { api, apiKeyOf } = createApi(services);
  app.route("/", api);

  // The IndexNow key file (docs/product.md, "Search engine push"): engines fetch /{key}.txt to check
  // that submissions for this host come from its owner; any other key is an unknown file (404).
  const indexNowKey = services.config.INDEXNOW_KEY;
  if (indexNowKey)
    app.get(`/${indexNowKey}.txt`, (c) =>
      c.text(indexNowKey, 200, { "cache-control": "public, max-age=3600" }),
    );

  const uploads = path.join(services.config.DATA_DIR, "uploads");
  // ID-card copies are private (server/services/id-copies.ts): never served from here.
  app.all("/uploads/mcn/*", (c) => c.text("图片不存在", 404));
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

  let pages: PageCache | undefined;
  if (opts.ssr) {
    const ssr = opts.ssr;
    const render: PageRender = (req, nonce, collect) => ssr(req, services, nonce, collect);
    if (opts.routes) {
      const cache = createPageCache({
        services,
        routes: compilePageRoutes(opts.routes),
        render,
        security,
        pool: opts.renderPool,
      });
      pages = cache;
      metrics.watchRenders(cache.renders);
      app.all("*", (c) => cache.serve(c.req.raw, c.get("cspNonce")));
    } else {
      // Development: every page rendered afresh.
      app.all("*", (c) => render(c.req.raw, c.get("cspNonce")));
    }
  }
  const fastPath = createFastPath({
    pages,
    api: services.responses.api,
    apiKeyOf,
    originCheck,
    metrics,
    fixedHeaders: security.pageHeaders("/", null),
    viewed: (id) => services.stats.viewed(id),
  });
  return { app, fastPath };
}
