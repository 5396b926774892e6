import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApp, loadContextFor, type SsrHandler } from "./app";
import { scheduleBackups } from "./backup/schedule";
import type { Config } from "./config";
import { openDatabase } from "./db";
import { seedIfEmpty } from "./db/seed";
import { createOriginCheck } from "./http/origin";
import { loadReactServerRenderer } from "./http/react-render-storage";
import { createRenderPool, type RenderPool } from "./http/render-pool";
import { productionSsr } from "./http/ssr";
import { createLogger, type Logger } from "./logger";
import { paymentCspRules } from "./payments/csp";
import type { RenderWorkerData } from "./render-worker";
import { createServices, type Services } from "./services";
import { moveIdCopies } from "./services/id-copies";
import { scheduleRetention } from "./services/retention";

export interface StartOptions {
  config: Config;
  logger?: Logger;
  /** a SQLite file instead of DATA_DIR/site.db */
  sqlitePath?: string;
  /** directory holding the React Router build (server/index.js and client/); none: API only */
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
  /** the threads rendering pages missing from the store, when the site renders pages */
  renderPool?: RenderPool;
  close(): Promise<void>;
}

async function loadBuild(
  buildDir: string,
  logger: Logger,
): Promise<{ ssr: SsrHandler; routes: ServerBuild["routes"] }> {
  const entry = path.join(buildDir, "server", "index.js");
  loadReactServerRenderer(entry);
  const build = (await import(entry)) as ServerBuild;
  return { ssr: productionSsr(build, { logger }), routes: build.routes };
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    sqlitePath: opts.sqlitePath,
  });
  const services = createServices({ config, database, logger, fetch: opts.fetch });
  await moveIdCopies(config.DATA_DIR, logger);
  const stopRetention = scheduleRetention(services.retention, logger);
  const backups = scheduleBackups({ config, store: services.store, logger, sqlite: database.sqlite });
  if (!(await services.store.ready()))
    logger.warn("redis not reachable at start-up: serving with local caches and limits");
  if (config.SEED_DEMO) {
    const seeded = await seedIfEmpty(services);
    if (seeded) logger.info(seeded, "demo content seeded");
  }

  let ssr: SsrHandler | undefined;
  let routes: ServerBuild["routes"] | undefined;
  let clientDir: string | undefined;
  let vite: import("vite").ViteDevServer | undefined;
  if (opts.dev) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const devVite = vite;
    ssr = async (request, s, cspNonce) => {
      const build = (await devVite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler(build, "development")(request, loadContextFor(request, s, cspNonce));
    };
  } else if (opts.buildDir && fs.existsSync(path.join(opts.buildDir, "server", "index.js"))) {
    ({ ssr, routes } = await loadBuild(opts.buildDir, logger));
    clientDir = path.join(opts.buildDir, "client");
  }
  const renderPool = opts.buildDir && routes ? startRenderPool(opts, logger, services) : undefined;

  // The default allowed hosts carry the port actually listened on (PORT=0 picks one).
  let listenPort = config.PORT;
  const { app, fastPath } = createApp({
    services,
    originCheck: createOriginCheck(config, () => listenPort),
    logger,
    clientDir,
    ssr,
    routes,
    renderPool,
    cspRules: paymentCspRules(config),
    // /flybird/live frames the live room
    frameSrc: [new URL(config.LIVE_ROOM_URL).origin],
  });
  const listener = getRequestListener(app.fetch);
  const server = http.createServer((req, res) => {
    if (vite) vite.middlewares(req, res, () => listener(req, res));
    else if (!fastPath(req, res, () => listener(req, res))) listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  listenPort = port;
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      stopRetention();
      backups.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Requests still running after 10 s are cut off.
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
      await vite?.close();
      await renderPool?.close();
      await services.scheduler.stop();
      await services.pushes.stop();
      await services.stats.close();
      await services.events.close();
      await services.store.close();
      await database.close();
    })();
    return closing;
  };
  return { url: `http://${host}:${port}`, port, services, server, renderPool, close };
}

/**
 * Render threads (server/http/render-pool.ts): RENDER_THREADS, or one per core but one (the request
 * thread's, which also compresses and sends what the threads render), at most four. At least two
 * where there are two cores: the request thread uses about half of one under load, and one render
 * thread left the rest idle while misses queued (bench/README.md "Real traffic": the crawler 20 %
 * faster, p99 of the Zipf mix 57 ms against 91–95 ms). One on a single core. None for an in-memory
 * database, which no thread can share.
 */
function startRenderPool(opts: StartOptions, logger: Logger, services: Services): RenderPool | undefined {
  const { config } = opts;
  const cores = os.availableParallelism();
  const size = config.RENDER_THREADS ?? (cores === 1 ? 1 : Math.min(4, Math.max(2, cores - 1)));
  const file = path.join(opts.buildDir ?? "", "app", "render-worker.js");
  if (size === 0 || opts.sqlitePath === ":memory:" || !fs.existsSync(file)) return undefined;
  const workerData: RenderWorkerData = { config, sqlitePath: opts.sqlitePath, buildDir: opts.buildDir ?? "" };
  const pool = createRenderPool({ size, file, workerData, logger, stats: services.stats });
  services.events.onChange((change) => pool.changed(change));
  return pool;
}
