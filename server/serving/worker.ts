import { BroadcastChannel } from "node:worker_threads";
import { workerData } from "piscina";
import { createRequestHandler } from "react-router";
import { createApp } from "../app";
import type { Config } from "../config";
import { openDatabase } from "../db";
import { createSecurity } from "../http/security";
import { createLogger } from "../logger";
import { loadBundle } from "../pages";
import { createServices } from "../services";
import type { Stats } from "../services/stats";
import { renderForStore } from "./render";
import { type ChannelMessage, PG_CONNECTIONS, type WorkerData } from "./threads";

/**
 * A render thread (server/serving/threads.ts), bundled to build/app/render-worker.js: the app and the
 * services its pages and endpoints read, over a database connection of its own that only reads. It
 * renders only; the request thread does everything else (the store, the background jobs, Redis and
 * the content-change broadcast), so the jobs are never started here and changes arrive on the
 * pool's channel.
 */
const data = workerData as WorkerData;
const config: Config = { ...data.config, REDIS_URL: undefined };
// Start-up warnings (the payment provider's mode…) were logged once by the request thread.
const logger = createLogger("error").child({ thread: "render" });
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  sqlitePath: data.sqlitePath,
  migrate: false,
  poolSize: PG_CONNECTIONS,
  // A page reads an article or a list at a time; the rest comes from the operating system's file cache.
  cacheMb: 8,
});
const bus = new BroadcastChannel(data.channel);
const post = (m: ChannelMessage) => bus.postMessage(m);
// Searches are counted by the request thread, which writes them (only one connection ever writes).
const stats: Stats = {
  viewed: () => {},
  searched: (keyword, results) => post({ type: "searched", keyword, results }),
  flush: async () => {},
  close: async () => {},
};
const services = createServices({ config, database, logger, stats });
logger.level = config.LOG_LEVEL;
// A message that fails is logged; the thread goes on rendering.
bus.onmessage = (e) => {
  const m = (e as { data: ChannelMessage }).data;
  try {
    if (m.type === "changed") services.events.apply(m.change);
  } catch (err) {
    logger.error({ err: (err as Error).message }, "content change not applied on a render thread");
  }
};

// Stored answers are the site's pages and public API answers: the console's bundle is never loaded here.
const handler = createRequestHandler(await loadBundle(data.buildDir, "site"), "production");
const security = createSecurity(config);
const app = createApp({ services, logger, security, pages: handler });

export default function render(url: string) {
  return renderForStore(app, url, security);
}
