import crypto from "node:crypto";
import { BroadcastChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { ContentChange } from "../../contract/cache-tags";
import type { Config } from "../config";
import type { Rendered } from "./render";

/** What a render thread starts from (server/serving/worker.ts). */
export interface WorkerData {
  config: Config;
  sqlitePath?: string;
  /** the build directory (server/pages.ts) */
  buildDir: string;
  /** the channel content changes come in on, and searches go out on (one per pool) */
  channel: string;
}

/** Messages on a pool's channel: content changes to the threads, searches from them. */
export type ChannelMessage =
  | { type: "changed"; change: ContentChange | null }
  | { type: "searched"; keyword: string; results: number };

/** A render thread's PostgreSQL connections, and so the renders it runs at once there. */
export const PG_CONNECTIONS = 4;

/**
 * Each thread's heap limit: its live objects are about 90 MB (the app, its modules, one render); the
 * cap makes it collect often enough to keep the process within its memory budget (bench/README.md,
 * "Real traffic").
 */
const OLD_GENERATION_MB = 128;

/** A render that has not answered in this long is given up (its thread is replaced). */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * Threads that render what the store lacks (docs/architecture.md, "Serving"), so the request thread
 * keeps sending stored answers meanwhile and the process uses a second core. Each runs the same app
 * over a database connection of its own (piscina keeps them running and replaces one that dies).
 * Content changes reach them on a BroadcastChannel, so their memos (the chrome) follow the request
 * thread's; the searches their pages count come back the same way, to be written by the request
 * thread alone.
 */
export function createRenderThreads(opts: {
  size: number;
  /** the bundled worker script (build/app/render-worker.js) */
  file: string;
  data: Omit<WorkerData, "channel">;
  /** on PostgreSQL a render waits on the network, so a thread runs a few at once */
  concurrent: number;
  searched(keyword: string, results: number): void;
  onError?(err: Error): void;
}) {
  const channel = `render-${crypto.randomBytes(6).toString("hex")}`;
  const pool = new Piscina<string, Rendered>({
    filename: opts.file,
    minThreads: opts.size,
    maxThreads: opts.size,
    idleTimeout: Number.POSITIVE_INFINITY,
    concurrentTasksPerWorker: opts.concurrent,
    // Threads keep open handles (a database connection, the channel): never park them in Atomics.wait.
    atomics: "disabled",
    workerData: { ...opts.data, channel } satisfies WorkerData,
    // V8 lets a heap grow far past its live objects before collecting; a cap makes it collect sooner
    // and bounds the process's memory (bench/README.md, "Real traffic").
    resourceLimits: { maxOldGenerationSizeMb: OLD_GENERATION_MB },
  });
  // A thread that dies (out of memory, a crash) is replaced by piscina; its render fails and the
  // request thread renders the page instead (server/serving/index.ts).
  pool.on("error", (err: Error) => opts.onError?.(err));
  const bus = new BroadcastChannel(channel);
  bus.onmessage = (e) => {
    const m = (e as { data: ChannelMessage }).data;
    if (m.type === "searched") opts.searched(m.keyword, m.results);
  };
  bus.unref();

  return {
    async render(url: string): Promise<Rendered> {
      // A timer of its own, cleared as soon as the render is done (AbortSignal.timeout's would hold
      // each finished task for the whole timeout).
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(new Error("render timed out")), RENDER_TIMEOUT_MS);
      try {
        return await pool.run(url, { signal: abort.signal });
      } finally {
        clearTimeout(timer);
      }
    },
    changed(change: ContentChange | null): void {
      bus.postMessage({ type: "changed", change } satisfies ChannelMessage);
    },
    /** The threads running now (tests). */
    workers() {
      return pool.threads;
    },
    async close(): Promise<void> {
      bus.close();
      await pool.destroy();
    },
  };
}

export type RenderThreads = ReturnType<typeof createRenderThreads>;
