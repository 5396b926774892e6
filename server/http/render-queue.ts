/**
 * A render thread's jobs (server/render-worker.ts): run in the order they came, background jobs
 * (refreshes of stale pages) after every other, at most `concurrency` at once, each started on a
 * later turn of the event loop, never straight from the end of the last one (docs/architecture.md,
 * "Render threads").
 *
 * React leaves a setImmediate callback behind every page it renders, and that callback holds the
 * page's whole render: its element tree, its output buffers, the loader data (about 60 KB). On SQLite
 * a render never waits on I/O, so jobs started one after another from the last one's promise can
 * keep the event loop from turning while the queue is full, and those callbacks then pile up with
 * all they hold (6,000 pages so rendered in one process kept 360 MB more memory).
 */
export function createRenderQueue<T>(opts: {
  concurrency: number;
  run: (job: T) => Promise<void>;
  /**
   * jobs nobody waits for (a stale page's refresh, served stale meanwhile): they start only when no
   * other job is queued, so a visitor's page never waits behind them
   */
  background?: (job: T) => boolean;
}) {
  const queue: T[] = [];
  const later: T[] = [];
  let running = 0;
  let scheduled = false;
  let idle: (() => void) | undefined;

  function pump() {
    scheduled = false;
    while (running < opts.concurrency && (queue.length > 0 || later.length > 0))
      void start(queue.length > 0 ? queue.shift()! : later.shift()!);
  }

  function soon() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(pump);
  }

  async function start(job: T) {
    running++;
    try {
      await opts.run(job);
    } catch {
      // run() answers its own failures; the queue goes on either way
    } finally {
      running--;
      soon();
      if (running === 0) idle?.();
    }
  }

  return {
    push(job: T) {
      (opts.background?.(job) ? later : queue).push(job);
      soon();
    },
    /** Drops the jobs not started yet; `done` runs once none is running (at once if none is). */
    close(done: () => void) {
      queue.length = 0;
      later.length = 0;
      if (running === 0) done();
      else idle = done;
    },
  };
}
