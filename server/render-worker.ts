import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import type { ServerBuild } from "react-router";
import type { Config } from "./config";
import { openDatabase } from "./db";
import { loadReactServerRenderer } from "./http/react-render-storage";
import { type FromWorker, jobRequest, renderPage, type ToWorker } from "./http/render-pool";
import { createRenderQueue } from "./http/render-queue";
import { inlineScriptHashes } from "./http/security";
import { productionSsr } from "./http/ssr";
import { createLogger } from "./logger";
import { createServices } from "./services";
import { compress, etagOf } from "./services/response-store";
import type { Stats } from "./services/stats";

/** A render thread's PostgreSQL connections, and so the renders it runs at once there. */
const PG_CONNECTIONS = 4;

/** What the request thread hands a render thread (server/http/render-pool.ts). */
export interface RenderWorkerData {
  config: Config;
  sqlitePath?: string;
  /** the build directory: server/index.js is React Router's server build */
  buildDir: string;
  /** the thread that takes the background refreshes, at a lower CPU priority (render-pool.ts pickSlot) */
  lowPriority?: boolean;
}

/**
 * A render thread: the React Router build and the services its loaders read, over a database
 * connection of its own. It renders only; the request thread does everything else (the store,
 * headers, the scheduler, search-engine pushes, the shared store and content-change broadcasts),
 * so none of that runs here: timers off, no Redis, changes arrive as messages. Bundled to
 * build/app/render-worker.js.
 */
async function main() {
  const port = parentPort;
  if (!port) throw new Error("render-worker runs as a worker thread");
  const data = workerData as RenderWorkerData;
  if (data.lowPriority) lowerPriority();
  const config: Config = {
    ...data.config,
    SCHEDULE_POLL_SECONDS: 0,
    PUSH_POLL_SECONDS: 0,
    REDIS_URL: undefined,
  };
  // Start-up warnings (the payment provider's mode…) were logged once by the request thread.
  const logger = createLogger("error").child({ thread: "render" });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    sqlitePath: data.sqlitePath,
    migrate: false,
    poolSize: PG_CONNECTIONS,
    // Pages read an article or a list at a time; the file is mapped (mmap) and shared anyway.
    cacheMb: 16,
  });
  const post = (m: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);
  // Reads and searches are counted by the request thread, which writes them: this thread's
  // connection only reads (two SQLite writers would make each other's transactions wait or fail).
  const stats: Stats = {
    viewed: (articleId) => post({ type: "viewed", articleId }),
    searched: (keyword, results) => post({ type: "searched", keyword, results }),
    flush: async () => {},
    close: async () => {},
  };
  const services = createServices({ config, database, logger, stats });
  logger.level = config.LOG_LEVEL;
  const entry = path.join(data.buildDir, "server", "index.js");
  if (!loadReactServerRenderer(entry))
    logger.warn("React's server renderer was loaded before the build: renders run with async hooks on");
  const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  const ssr = productionSsr(build, { logger });
  // Renders run one at a time on SQLite (its reads are synchronous: interleaving renders only keeps
  // more of them alive at once, which makes every young-generation collection copy more), and up to
  // the pool's size on PostgreSQL, where a render waits on the network.
  const concurrency = config.DATABASE_URL ? PG_CONNECTIONS : 1;
  async function render(m: Extract<ToWorker, { type: "render" }>) {
    try {
      const res = await renderPage((r, sink) => ssr(r, services, m.marker, sink), jobRequest(m));
      // The page's bytes move to the request thread without a copy when they fill their memory
      // alone; a small page may sit in Node's shared Buffer pool, which must not move: it is copied.
      const own = res.body.byteOffset === 0 && res.body.byteLength === res.body.buffer.byteLength;
      const body = own ? new Uint8Array(res.body.buffer, 0, res.body.byteLength) : new Uint8Array(res.body);
      const { status, headers } = res;
      // What the request thread would do next with a page it stores, done here: its scripts' hashes,
      // its body compressed in the store's encoding (in memory of its own, which moves), its ETag.
      const html = headers.some(([k, v]) => k === "content-type" && v.startsWith("text/html"));
      const hashes = res.hashes ?? (html ? inlineScriptHashes(res.body, m.marker) : undefined);
      const prepared = m.encoding
        ? {
            encoding: m.encoding,
            compressed: new Uint8Array(compress(res.body, m.encoding)),
            etag: etagOf(res.body),
          }
        : undefined;
      const transfer = [body.buffer as ArrayBuffer];
      if (prepared) transfer.push(prepared.compressed.buffer as ArrayBuffer);
      post(
        {
          type: "done",
          id: m.id,
          status,
          headers,
          body,
          ...(hashes ? { hashes } : {}),
          ...(res.fromKept ? { fromKept: true } : {}),
          ...(prepared ? { prepared } : {}),
        },
        transfer,
      );
    } catch (err) {
      post({ type: "failed", id: m.id, message: (err as Error).message });
    }
  }
  const jobs = createRenderQueue({ concurrency, run: render, background: (m) => m.background === true });

  port.on("message", (m: ToWorker) => {
    if (m.type === "render") {
      jobs.push(m);
    } else if (m.type === "changed") services.events.apply(m.change);
    else if (m.type === "close") {
      const stop = async () => {
        await services.stats.close();
        await services.pushes.stop();
        await services.scheduler.stop();
        await database.close();
        process.exit(0);
      };
      // Jobs still queued are answered by the request thread (the pool gives them up on close).
      jobs.close(() => void stop());
    }
  });
  post({ type: "ready" });
}

/**
 * This thread's nice value (on Linux, a thread's own) raised to 10: when it and the request thread
 * want the same core, the request thread gets about nine tenths of it (CFS weights 1024 : 110).
 */
function lowerPriority() {
  try {
    os.setPriority(10);
  } catch {
    // Not allowed here: this thread's refreshes compete on equal terms.
  }
}

main().catch((err) => {
  console.error(`render thread failed to start: ${(err as Error).message}`);
  process.exit(1);
});
