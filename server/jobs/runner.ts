import type { Logger } from "../logger";

/**
 * The job runner (docs/architecture.md, "Background jobs"): every kind of background work (the
 * 公众号 sync, search-engine pushes, scheduled publishing, retention, imports) is a kind that says
 * what one run does; the runner owns when runs happen and how they stop.
 *
 * - A kind with `everyMs` is looked at every so often once `start()` was called (the request thread
 *   of a server; render threads, scripts and tests never call it), and whenever it is ticked or kicked.
 * - Runs of a kind never overlap in a process: a tick during a run shares it, a kick asks for one
 *   more run after it. Across instances, the kinds claim their rows (server/jobs/lease.ts).
 * - A run gets a signal that aborts when it passes `timeoutMs` or the runner stops: the run ends at
 *   its next safe point (a step stored), never in the middle of one.
 * - `stop()` stops the timers, aborts the signals and waits for every run in progress, then calls
 *   each kind's `stopped` hook (in the order they were added).
 * - `spawn` runs one-off work (an import the console started) under the same stop.
 *
 * Why our own and not a library: pg-boss runs on PostgreSQL only and BullMQ needs Redis, while the
 * default site is one process on SQLite with neither (docs/architecture.md, "One process"); the
 * tables each kind already had keep their columns, and this file plus lease.ts and backoff.ts is
 * all the machinery there is.
 */

export interface RunContext {
  /** aborts when the run passes its time or the runner stops: end at the next safe point */
  signal: AbortSignal;
  /** the moment the look is for (tests move time on through tick(now)); default: now */
  now?: Date;
}

export interface JobKind<T> {
  /** for logs */
  name: string;
  /** how often each instance looks once started (0: only when ticked or kicked) */
  everyMs: number;
  /** the first look after start (default: one interval; 0: at once) */
  firstAfterMs?: number;
  /** a run past this is asked to stop (its signal aborts) */
  timeoutMs?: number;
  /** false: nothing to do on this site (not configured): no timer, looks answer `idle` */
  enabled?: boolean;
  /** what one run does */
  run(ctx: RunContext): Promise<T>;
  /** the answer of a look that did not run or failed */
  idle: T;
  /** after the runner stopped and every run ended (closing what the kind holds) */
  stopped?(): void | Promise<void>;
}

export interface Loop<T> {
  /** One look now; a look in progress is shared. */
  tick(now?: Date): Promise<T>;
  /** Work became due here: look now, or once more after the look in progress. */
  kick(): void;
}

export function createJobRunner(logger: Logger) {
  const stopping = new AbortController();
  const kinds: { kind: JobKind<unknown>; start(): void; stop(): Promise<void> }[] = [];
  const spawned = new Set<Promise<void>>();
  let started = false;

  async function runOnce<T>(kind: JobKind<T>, now?: Date): Promise<T> {
    const signals = [stopping.signal];
    if (kind.timeoutMs) signals.push(AbortSignal.timeout(kind.timeoutMs));
    const signal = AbortSignal.any(signals);
    try {
      return await kind.run({ signal, now });
    } catch (err) {
      logger.warn(
        { job: kind.name, err: (err as Error).message },
        "job run failed; retrying at the next look",
      );
      return kind.idle;
    } finally {
      if (signal.aborted && !stopping.signal.aborted)
        logger.warn(
          { job: kind.name, timeoutMs: kind.timeoutMs },
          "job run passed its time; stopped at a safe point",
        );
    }
  }

  function add<T>(kind: JobKind<T>): Loop<T> {
    const enabled = kind.enabled !== false;
    let running: Promise<T> | null = null;
    let again = false;
    const timers: NodeJS.Timeout[] = [];

    function tick(now?: Date): Promise<T> {
      if (!enabled || stopping.signal.aborted) return Promise.resolve(kind.idle);
      if (running) return running;
      const run = runOnce(kind, now).finally(() => {
        running = null;
        if (again && !stopping.signal.aborted) {
          again = false;
          void tick();
        }
      });
      running = run;
      return run;
    }
    function kick() {
      if (running) again = true;
      else void tick();
    }
    kinds.push({
      kind: kind as JobKind<unknown>,
      start() {
        if (!enabled || kind.everyMs <= 0) return;
        const first = kind.firstAfterMs ?? kind.everyMs;
        const interval = setInterval(() => void tick(), kind.everyMs);
        interval.unref();
        timers.push(interval);
        if (first === 0) kick();
        else if (first !== kind.everyMs) {
          const once = setTimeout(() => void tick(), first);
          once.unref();
          timers.push(once);
        }
      },
      async stop() {
        for (const t of timers) clearTimeout(t);
        // A kick may chain one more run: wait until none is in progress.
        while (running) await running.catch(() => {});
      },
    });
    return { tick, kick };
  }

  return {
    add,
    /**
     * Runs one-off work under the runner's stop: its signal aborts on stop, and stop waits for it.
     * Resolves when the work ends (its failure is the work's own to store: it is logged here only).
     */
    spawn(name: string, work: (signal: AbortSignal) => Promise<void>): Promise<void> {
      const done = work(stopping.signal)
        .catch((err: Error) => logger.error({ job: name, err: err.message }, "job stopped unexpectedly"))
        .finally(() => spawned.delete(done));
      spawned.add(done);
      return done;
    },
    /** Starts every kind's timer (the request thread of a server, once). */
    start() {
      if (started || stopping.signal.aborted) return;
      started = true;
      for (const k of kinds) k.start();
    },
    /** Stops the timers, asks every run to end, waits for them, then lets each kind close. */
    async stop() {
      stopping.abort();
      await Promise.all([...kinds.map((k) => k.stop()), ...spawned]);
      for (const k of kinds) await k.kind.stopped?.();
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
