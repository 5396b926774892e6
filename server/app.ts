import type { IncomingMessage } from "node:http";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import type { AppLoadContext } from "react-router";
import { createApi } from "./api";
import { fail } from "./api/envelope";
import { capBody, DEFAULT_MAX_BODY_BYTES } from "./http/body-limit";
import { PLAIN_ERROR_PAGE, SERVER_ERROR_MESSAGE } from "./http/error-page";
import type { Metrics } from "./http/metrics";
import { originOf } from "./http/origin";
import type { Security } from "./http/security";
import type { Logger } from "./logger";
import type { Services } from "./services";
import { AppError } from "./services/errors";

/** React Router's request handler (the production build's, or Vite's in development). */
export type PageHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

/** The id the serving layer gave a request (server/serving/index.ts); none for a render for the store. */
const requestIdOf = (c: Context) => (c.env as { requestId?: string } | undefined)?.requestId;

/** What route loaders get besides the request (app/load-context.ts). */
export function loadContextOf(c: Context, services: Services, cspNonce: string | undefined): AppLoadContext {
  // Client navigations ask React Router for `<path>.data`; anything else is a document.
  const documentRequest = !c.req.path.endsWith(".data");
  return { services, cspNonce, documentRequest, origin: originOf(c) };
}

export interface AppOptions {
  services: Services;
  logger: Logger;
  security: Security;
  /** build/client: hashed assets and public files; omitted in API-only tests and in dev (Vite serves them) */
  clientDir?: string;
  pages?: PageHandler;
  /** the request thread's app serves /metrics; a render thread's has none */
  metrics?: Metrics;
}

/**
 * The site as an app: the API, static files, uploads and the pages, each request answered afresh.
 * Requests reach it through the serving layer (server/serving/), which checks the host, counts and
 * keeps the public answers it may share; the stored ones it renders through this same app.
 */
export function createApp(opts: AppOptions) {
  const { services, logger, security } = opts;
  const app = new Hono();
  // gzip for HTML and JSON (static assets are gzipped at build time and served as they are).
  const gzip = compress({ encoding: "gzip" });
  app.use((c, next) => (c.req.header("accept-encoding")?.includes("gzip") ? gzip(c, next) : next()));
  app.use(security.middleware);
  // An answer given before the request's body was read (a refusal that needed only the address or
  // the session) closes the connection: the unread rest would otherwise be read as the next request.
  app.use(async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming && !incoming.complete) c.res.headers.set("connection", "close");
  });

  // One JSON log line per request: method, path without its query (queries may carry phone numbers),
  // status, time, and the id the serving layer gave the request (its answer's x-request-id).
  app.use(async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    const line = {
      requestId: requestIdOf(c),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms,
    };
    if (c.res.status >= 500) logger.error(line, "request");
    else logger.debug(line, "request");
  });

  app.onError((err, c) => {
    const isApi = c.req.path.startsWith("/api/");
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      if (isApi) return fail(c, err.status, err.message, err.data);
      return c.text(err.message, err.status);
    }
    logger.error(
      { requestId: requestIdOf(c), path: c.req.path, err: err.message, stack: err.stack },
      "unhandled error",
    );
    if (isApi) return fail(c, 500, SERVER_ERROR_MESSAGE);
    return c.html(PLAIN_ERROR_PAGE, 500);
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const [db, store] = await Promise.all([services.database.ping(), services.kv.ping()]);
    const ready = db && store;
    return c.json({ ready, db, store: services.kv.kind === "redis" ? store : "memory" }, ready ? 200 : 503);
  });

  const { metrics } = opts;
  if (metrics) {
    const token = services.config.METRICS_TOKEN;
    app.get("/metrics", async (c) => {
      if (token && c.req.header("authorization") !== `Bearer ${token}`) return c.text("forbidden", 403);
      return c.body(await metrics.registry.metrics(), 200, { "content-type": metrics.registry.contentType });
    });
  }

  app.route("/", createApi(services));

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

  // Whatever reaches the pages with a body (React Router actions, stray posts) is capped like the
  // API's JSON: 413 before more than the cap is read.
  const pageBodies = capBody({ maxBytes: DEFAULT_MAX_BODY_BYTES });
  app.use("*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : pageBodies(c, next),
  );

  const pages = opts.pages;
  if (pages) app.all("*", (c) => pages(c.req.raw, loadContextOf(c, services, security.nonceOf(c))));
  return app;
}

export type App = ReturnType<typeof createApp>;
