import { Worker } from "node:worker_threads";
import type { ContentChange } from "../../contract/cache-tags";
import type { Logger } from "../logger";
import type { Encoding, PreparedBody } from "../services/response-store";
import type { Stats } from "../services/stats";
import { withOrigin } from "./origin";

/** A finished page: what the page cache stores or sends (server/http/page-cache.ts). */
export interface Rendered {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /**
   * the CSP hashes of its own inline scripts, when known as it was made (a page made from a kept
   * one, whose scripts carry the kept page's marker; or a render thread took them)
   */
  hashes?: string[];
  /** made from a kept article page (server/http/article-frames.ts) */
  fromKept?: boolean;
  /** the body compressed for the store and its ETag, when the render thread made them */
  prepared?: PreparedBody;
}

/**
 * What a page to be stored is rendered from, on a render thread or on the request thread: a GET of
 * the URL with only the headers a public page may depend on.
 */
export interface RenderJob {
  url: string;
  headers: [string, string][];
  /** the origin the request thread checked (server/http/origin.ts) */
  origin: string;
  /** the page's own scripts carry it; they alone are hashed into its policy */
  marker: string;
  /** a stale page's refresh: nobody waits for it, so it yields to pages visitors wait for */
  background?: boolean;
  /**
   * the encoding the store keeps the page in: a render thread compresses the page in it, takes its
   * ETag and its scripts' hashes, so the request thread only stores and sends it
   */
  encoding?: Encoding;
}

export type ToWorker =
  | ({ type: "render"; id: number } & RenderJob)
  | { type: "changed"; change: ContentChange | null }
  | { type: "close" };

export type FromWorker =
  | { type: "ready" }
  /** a read or a search counted by a page the thread rendered, for the request thread to count */
  | { type: "viewed"; articleId: number }
  | { type: "searched"; keyword: string; results: number }
  | {
      type: "done";
      id: number;
      status: number;
      headers: [string, string][];
      body: Uint8Array;
      hashes?: string[];
      fromKept?: boolean;
      prepared?: { encoding: Encoding; compressed: Uint8Array; etag: string };
    }
  | { type: "failed"; id: number; message: string };

/**
 * The headers a public page may depend on: the same ones a background refresh renders with, so a
 * stored page never depends on anything personal (cookies, the visitor's address).
 */
export const SHARED_RENDER_HEADERS = [
  "host",
  "accept-encoding",
  "user-agent",
  "x-forwarded-host",
  "x-forwarded-proto",
];

/** The request a job renders, with the origin the request thread checked (server/http/origin.ts). */
export function jobRequest(job: RenderJob): Request {
  return withOrigin(new Request(job.url, { headers: job.headers }), job.origin);
}

/**
 * A whole page in memory: the body the document entry handed over (app/entry.server.tsx), or, for
 * answers React Router made itself (redirects, its own errors) and handlers that do not hand over,
 * the Response body read.
 */
export async function renderPage(
  render: (req: Request, collect: { body?: Buffer; hashes?: string[] }) => Promise<Response>,
  req: Request,
): Promise<Rendered> {
  const sink: { body?: Buffer; hashes?: string[] } = {};
  const res = await render(req, sink);
  const body = sink.body ?? Buffer.from(await res.arrayBuffer());
  const page: Rendered = { status: res.status, headers: [...res.headers], body };
  if (sink.hashes) {
    page.hashes = sink.hashes;
    page.fromKept = true;
  }
  return page;
}

/** A render that has not answered in this long is given up, and its thread replaced. */
const JOB_TIMEOUT_MS = 30_000;
/** Wait before starting a thread again after it died: doubles per failure in a row, up to 30 s. */
const RESTART_MS = 1_000;
/** How long a page waits for a thread that is starting before the request thread renders it. */
const START_WAIT_MS = 10_000;

interface Pending {
  resolve(r: Rendered | undefined): void;
  timer: NodeJS.Timeout;
}

/** A page asked while every thread was still starting. */
interface Waiting {
  job: RenderJob;
  resolve(r: Promise<Rendered | undefined> | undefined): void;
  timer: NodeJS.Timeout;
}

interface Slot {
  /** this thread renders at a lower CPU priority, and takes the background refreshes */
  background: boolean;
  worker: Worker | undefined;
  ready: boolean;
  pending: Map<number, Pending>;
  failures: number;
  notBefore: number;
}

/**
 * Render threads for public pages that miss the store (docs/architecture.md, "Render threads").
 *
 * Rendering an uncached page takes a millisecond or more of CPU; on the request thread every stored
 * page asked meanwhile waits behind it, and the process uses one core. Here the misses go to worker
 * threads, each running the same React Router build over its own database connection, and the
 * request thread answers stored pages in the meantime. Content changes are passed on to every thread
 * (their memos of the chrome and of lists follow the same version as the request thread's), in order
 * before any later render job. Threads start with the pool, and a page asked while they are still
 * starting waits for the first one ready (at most `START_WAIT_MS`) rather than render here: after a
 * restart under traffic every miss of the first second would otherwise render on the request
 * thread, one at a time, with the stored pages waiting behind them (and React's server renderer
 * would turn on async hooks here for the rest of the process's life). After a thread dies, or when
 * a render fails or times out, the caller renders on the request thread instead (`render()`
 * answers undefined), so a broken thread never costs a visitor their page.
 */
export function createRenderPool(opts: {
  size: number;
  /** the worker script (build/app/render-worker.js) */
  file: string;
  workerData: unknown;
  logger: Logger;
  /** where the reads and searches the threads' pages count are counted (services.stats) */
  stats?: Pick<Stats, "viewed" | "searched">;
  /** how long a page waits for a starting thread (default `START_WAIT_MS`) */
  startWaitMs?: number;
}) {
  const { logger } = opts;
  const slots: Slot[] = Array.from({ length: opts.size }, (_, i) => ({
    background: opts.size > 1 && i === opts.size - 1,
    worker: undefined,
    ready: false,
    pending: new Map(),
    failures: 0,
    notBefore: 0,
  }));
  let nextId = 1;
  let closing = false;
  let waiting: Waiting[] = [];

  /** The pages waiting for a thread: sent to the threads now ready, or (none left starting) back. */
  function release() {
    if (waiting.length === 0) return;
    const starting = !closing && slots.some((s) => s.worker && !s.ready);
    if (!slots.some((s) => s.ready) && starting) return;
    const all = waiting;
    waiting = [];
    for (const w of all) {
      clearTimeout(w.timer);
      w.resolve(closing ? undefined : dispatch(w.job));
    }
  }

  /** The thread the job goes to (see pickSlot); undefined when none is ready. */
  function dispatch(job: RenderJob): Promise<Rendered | undefined> | undefined {
    const best = pickSlot(slots, job.background === true);
    const worker = best?.worker;
    if (!best || !worker) return undefined;
    const slot = best;
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        slot.pending.delete(id);
        logger.error({ url: job.url }, "render thread did not answer in 30 s; replacing it");
        resolve(undefined);
        void worker.terminate();
      }, JOB_TIMEOUT_MS);
      slot.pending.set(id, { resolve, timer });
      worker.postMessage({ type: "render", id, ...job } satisfies ToWorker);
    });
  }

  function start(slot: Slot) {
    const worker = new Worker(opts.file, {
      workerData: { ...(opts.workerData as object), lowPriority: slot.background },
    });
    slot.worker = worker;
    slot.ready = false;
    worker.on("message", (m: FromWorker) => {
      if (m.type === "ready") {
        slot.ready = true;
        slot.failures = 0;
        release();
        return;
      }
      if (m.type === "viewed") return opts.stats?.viewed(m.articleId);
      if (m.type === "searched") return opts.stats?.searched(m.keyword, m.results);
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.type === "done")
        p.resolve({
          status: m.status,
          headers: m.headers,
          body: Buffer.from(m.body.buffer, m.body.byteOffset, m.body.byteLength),
          ...(m.hashes ? { hashes: m.hashes } : {}),
          ...(m.fromKept ? { fromKept: true } : {}),
          ...(m.prepared
            ? {
                prepared: {
                  ...m.prepared,
                  compressed: Buffer.from(
                    m.prepared.compressed.buffer,
                    m.prepared.compressed.byteOffset,
                    m.prepared.compressed.byteLength,
                  ),
                },
              }
            : {}),
        });
      else {
        logger.warn({ err: m.message }, "render thread failed a page; rendering it here");
        p.resolve(undefined);
      }
    });
    worker.on("error", (err) =>
      logger.error({ err: err.message, stack: err.stack }, "render thread crashed"),
    );
    worker.on("exit", (code) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      slot.ready = false;
      for (const p of slot.pending.values()) {
        clearTimeout(p.timer);
        p.resolve(undefined);
      }
      slot.pending.clear();
      release();
      if (closing) return;
      slot.failures++;
      slot.notBefore = Date.now() + Math.min(30_000, RESTART_MS * 2 ** (slot.failures - 1));
      logger.warn({ code }, "render thread stopped; pages render on the request thread until it is back");
    });
  }

  for (const slot of slots) start(slot);

  return {
    size: opts.size,

    /**
     * Renders a page on the least busy ready thread; undefined when none is ready or the render did
     * not come back (the caller renders it itself).
     */
    render(job: RenderJob): Promise<Rendered | undefined> | undefined {
      if (closing) return undefined;
      for (const slot of slots) if (!slot.worker && Date.now() >= slot.notBefore) start(slot);
      const now = dispatch(job);
      if (now || !slots.some((s) => s.worker && !s.ready)) return now;
      // Every thread is starting: wait for the first one rather than render here.
      return new Promise<Rendered | undefined>((resolve) => {
        const w: Waiting = {
          job,
          resolve: (r) => void (r ? r.then(resolve) : resolve(undefined)),
          timer: setTimeout(() => {
            waiting = waiting.filter((x) => x !== w);
            resolve(undefined);
          }, opts.startWaitMs ?? START_WAIT_MS),
        };
        waiting.push(w);
      });
    },

    /** The threads running now (health checks, tests). */
    threads(): Worker[] {
      return slots.flatMap((s) => (s.worker ? [s.worker] : []));
    },

    /** Passes a content change (null: anything may have changed) on to every running thread. */
    changed(change: ContentChange | null) {
      for (const slot of slots) slot.worker?.postMessage({ type: "changed", change } satisfies ToWorker);
    },

    /** Lets running renders finish, then stops the threads (5 s at most). */
    async close(): Promise<void> {
      closing = true;
      release();
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          if (!worker) return;
          const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
          worker.postMessage({ type: "close" } satisfies ToWorker);
          const timer = setTimeout(() => void worker.terminate(), 5_000);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;

/**
 * Where a render goes. With two threads or more, the last one runs at a lower CPU priority and takes
 * the background refreshes (nobody waits for them), so that a publish, which makes thousands of
 * stored pages stale at once, does not take the cores the request thread and the visitors' renders
 * need; the others take the visitors' pages, the least busy first. A refresh goes elsewhere only when
 * that thread is not ready.
 *
 * A visitor's page goes to the low-priority thread only when no other thread is ready, or when that
 * thread has nothing queued and every other has OVERFLOW_QUEUED pages queued: a crawler's run of
 * misses on an otherwise idle machine. On a busy machine a page there waits behind every thread at
 * the usual priority: with the earlier rule (two pages behind), (a)'s p99 was 112-201 ms on a slower
 * machine, against 44-46 ms with this one (bench/README.md, "Real traffic"). With one thread, it
 * takes all.
 */
export function pickSlot<S extends { background: boolean; ready: boolean; pending: { size: number } }>(
  slots: readonly S[],
  background: boolean,
): S | undefined {
  let fore: S | undefined;
  let back: S | undefined;
  for (const slot of slots) {
    if (!slot.ready) continue;
    if (slot.background) back ??= slot;
    else if (!fore || slot.pending.size < fore.pending.size) fore = slot;
  }
  if (background) return back ?? fore;
  if (fore && back && back.pending.size === 0 && fore.pending.size >= OVERFLOW_QUEUED) return back;
  return fore ?? back;
}

/** visitors' pages queued on every other thread before one goes to an idle low-priority thread */
export const OVERFLOW_QUEUED = 8;
