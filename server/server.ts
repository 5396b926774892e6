import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "react-router";
import { endpoints } from "./api/registry";
import { createApp, type PageHandler } from "./app";
import { listArchives } from "./backup/create";
import { backupJob, scheduleBackups } from "./backup/schedule";
import { registerBackupMetrics } from "./backup/status";
import type { Config } from "./config";
import { openDatabase, sqliteFile } from "./db";
import { answerClientError } from "./http/client-error";
import { createMetrics } from "./http/metrics";
import { createOriginCheck } from "./http/origin";
import { createSecurity } from "./http/security";
import { createLogger, type Logger } from "./logger";
import { createPages, hasServerBuild, loadBundle } from "./pages";
import { seedIfEmpty } from "./seed";
import { createServices, type Services } from "./services";
import { tightenDataModes } from "./services/file-modes";
import { moveIdCopies, sealIdCopies } from "./services/id-copies";
import { publicPages } from "./services/public-pages";
import { createServing, type Serving } from "./serving";
import { createKeys } from "./serving/keys";
import { createRenderThreads, PG_CONNECTIONS, type RenderThreads } from "./serving/threads";

export interface StartOptions {
  config: Config;
  logger?: Logger;
  /** a SQLite file instead of DATA_DIR/site.db */
  sqlitePath?: string;
  /** directory holding the React Router build (server/ and client/, server/pages.ts); none: API only */
  buildDir?: string;
  /** run Vite in middleware mode (npm run dev) */
  dev?: boolean;
  fetch?: typeof fetch;
}

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  server: http.Server;
  /** the serving layer: its response store and the threads that render what it lacks */
  serving: Serving;
  threads?: RenderThreads;
  close(): Promise<void>;
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  // Before the database is opened: SQLite makes its -wal and -shm with the database file's mode.
  tightenDataModes({
    dataDir: config.DATA_DIR,
    sqliteFile: config.DATABASE_URL ? undefined : (opts.sqlitePath ?? sqliteFile(config.DATA_DIR)),
    backupDir: config.BACKUP_DIR,
    backupFiles: listArchives(config.BACKUP_DIR).map((a) => a.file),
    logger,
  });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    sqlitePath: opts.sqlitePath,
  });
  const services = createServices({ config, database, logger, fetch: opts.fetch });
  await moveIdCopies(config.DATA_DIR, logger);
  await sealIdCopies(config.DATA_DIR, services.signup.pii, logger);
  services.jobs.add(
    backupJob(scheduleBackups({ config, store: services.kv, logger, sqlite: database.sqlite })),
  );
  if (!(await services.kv.ready()))
    logger.warn("redis not reachable at start-up: serving with local caches and limits");
  if (config.SEED_DEMO) {
    const seeded = await seedIfEmpty(services);
    if (seeded) logger.info(seeded, "demo content seeded");
  }

  let pages: PageHandler | undefined;
  let routes: ServerBuild["routes"] | undefined;
  let build: string | undefined;
  let clientDir: string | undefined;
  let vite: import("vite").ViteDevServer | undefined;
  if (opts.dev) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const devVite = vite;
    // Development: every page rendered afresh from the sources, nothing stored.
    pages = async (request, context) => {
      const build = (await devVite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler(build, "development")(request, context);
    };
  } else if (opts.buildDir && hasServerBuild(opts.buildDir)) {
    const site = await loadBundle(opts.buildDir, "site");
    pages = createPages(opts.buildDir, site);
    // Only the site's pages are ever stored: the console is made for one editor.
    routes = site.routes;
    build = site.assets.version;
    clientDir = path.join(opts.buildDir, "client");
  }

  const security = createSecurity(config);
  const metrics = createMetrics(
    services,
    endpoints.flatMap((e) => [e.path, ...(e.aliases ?? [])]),
  );
  registerBackupMetrics(metrics.registry, config, services.kv);
  const app = createApp({ services, logger, security, clientDir, pages, metrics });
  const threads = routes ? startRenderThreads(opts, services) : undefined;
  // The default allowed hosts carry the port actually listened on (PORT=0 picks one).
  let listenPort = config.PORT;
  // Old addresses answer 301 from memory (server/services/redirects.ts): loaded before listening.
  await services.redirects.start();
  // The published landing paths, in memory: pages of the site for the keys and the redirects.
  await services.landingPages.start();
  const keys = createKeys({
    endpoints,
    routes: opts.dev ? undefined : routes,
    landing: services.landingPages,
  });
  services.landingPages.setRouteCheck(keys.isRoute);
  const serving = createServing({
    services,
    app,
    keys,
    originCheck: createOriginCheck(config, () => listenPort),
    security,
    metrics,
    threads,
    build,
    pages: routes ? () => publicPages(services) : undefined,
  });
  const server = http.createServer((req, res) => {
    if (vite) vite.middlewares(req, res, () => serving.listener(req, res));
    else serving.listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  // A request the parser cannot read (an address over the header limit…) is answered in Chinese.
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  listenPort = port;
  // Background jobs run on the request thread only (render threads build services too, never start them).
  services.jobs.start();
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Requests still running after 10 s are cut off.
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
      await vite?.close();
      await threads?.close();
      serving.close();
      await services.jobs.stop();
      await services.stats.close();
      await services.events.close();
      await services.kv.close();
      await database.close();
    })();
    return closing;
  };
  return { url: `http://${host}:${port}`, port, services, server, serving, threads, close };
}

/**
 * Render threads (server/serving/threads.ts): RENDER_THREADS, or one per core but one (the request
 * thread sends what they render), at least one, at most four. None for an in-memory database, which
 * no thread can share (docs/architecture.md, "Serving").
 */
function startRenderThreads(opts: StartOptions, services: Services): RenderThreads | undefined {
  const { config } = opts;
  const size = config.RENDER_THREADS ?? Math.min(4, Math.max(1, os.availableParallelism() - 1));
  const file = path.join(opts.buildDir ?? "", "app", "render-worker.js");
  if (size === 0 || opts.sqlitePath === ":memory:" || !fs.existsSync(file)) return undefined;
  return createRenderThreads({
    size,
    file,
    data: { config, sqlitePath: opts.sqlitePath, buildDir: opts.buildDir ?? "" },
    concurrent: config.DATABASE_URL ? PG_CONNECTIONS : 1,
    searched: (keyword, results) => services.stats.searched(keyword, results),
    onError: (err) => services.logger.error({ err: err.message }, "render thread stopped; it is replaced"),
  });
}
