import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import * as hdr from "hdr-histogram-js";
import { Pool } from "undici";

/**
 * An open-loop load generator (bench/README.md "Capacity (open loop)"): requests are issued at a
 * fixed arrival rate whatever the server does, request i due at start + i / rate, and each one's
 * latency counts from when it was due to the end of its body. A request the generator sends late,
 * or one that waits for a connection or in the server's queue, counts its whole wait, so a stall
 * shows in the percentiles as readers would feel it (no coordinated omission). Latencies go into an
 * HDR histogram (hdr-histogram-js); connections come from an undici Pool.
 */
export interface OpenLoopOptions {
  /** origin, e.g. http://127.0.0.1:3000 */
  base: string;
  /** requests a second */
  rate: number;
  /** how long requests are issued for; the run ends when the last one is answered or times out */
  seconds: number;
  /** the first seconds' requests are sent but not recorded (a short ramp) */
  warmupSeconds?: number;
  /** the path (and query) of each request, drawn in order */
  next: () => string;
  headers?: Record<string, string>;
  /** a request not answered this long after it was due is aborted and counted as a timeout */
  timeoutMs?: number;
  /** the most connections open at once; more requests wait in the pool (and count that wait) */
  connections?: number;
  /** also summarise each interval of this many seconds, by the requests due in it */
  intervalSeconds?: number;
}

export interface LatencySummary {
  /** requests recorded */
  count: number;
  /** milliseconds; a request that timed out counts as the timeout */
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  /** answers with a status of 400 or more, resets, timeouts… */
  errors: number;
}

export interface OpenLoopResult extends LatencySummary {
  offered: number;
  seconds: number;
  /** answered (any status, timeouts left out) a second, over the recorded window */
  achieved: number;
  errorKinds: Record<string, number>;
  intervals: LatencySummary[];
  /**
   * How far the generator itself fell behind: how late requests were handed to undici after their
   * due time (ms), its event loop's delay (ms) and utilisation (0–1) over the run. High figures
   * here mean the generator, not the server, limited the run.
   */
  generator: { sendLagP99: number; sendLagMax: number; loopDelayP99: number; utilization: number };
}

const histogram = () =>
  hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
  });

/** µs in the histogram, ms out, 0.1 ms apart */
const ms = (us: number) => Math.round(us / 100) / 10;

function summary(h: hdr.Histogram, errors: number): LatencySummary {
  return {
    count: h.totalCount,
    p50: ms(h.getValueAtPercentile(50)),
    p90: ms(h.getValueAtPercentile(90)),
    p99: ms(h.getValueAtPercentile(99)),
    p999: ms(h.getValueAtPercentile(99.9)),
    max: ms(h.maxValue),
    errors,
  };
}

const LOOP_RESOLUTION = 10;

/** Due time of request i: start + i / rate (ms). */
export const dueAt = (start: number, i: number, rate: number) => start + (i * 1000) / rate;

export async function openLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const warmup = opts.warmupSeconds ?? 0;
  const total = Math.round(opts.rate * (warmup + opts.seconds));
  const skip = Math.round(opts.rate * warmup);
  const intervalMs = (opts.intervalSeconds ?? 0) * 1000;
  const pool = new Pool(opts.base, {
    connections: opts.connections ?? 512,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    // Timeouts are the generator's own, from the due time (below).
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  const headers = opts.headers ?? {};
  const all = histogram();
  const lag = histogram();
  const perInterval: { h: hdr.Histogram; errors: number }[] = [];
  const errorKinds: Record<string, number> = {};
  let errors = 0;
  // Its samples are the time between timer runs every LOOP_RESOLUTION ms: the delay is the rest.
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION });
  loop.enable();
  const elu0 = performance.eventLoopUtilization();

  type Entry = { i: number; due: number; done: boolean; ac: AbortController };
  /** issued and not yet settled or timed out, in due order (so the oldest is first) */
  let pending: Entry[] = [];
  let head = 0;
  let inflight = 0;
  let issued = 0;

  const start = performance.now() + 20;
  const recordedFrom = dueAt(start, skip, opts.rate);
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => {
    resolveDone = r;
  });

  const settle = (e: Entry, error: string | undefined, latencyMs: number) => {
    if (e.done) return;
    e.done = true;
    inflight--;
    if (e.i >= skip) {
      const us = Math.max(1, Math.round(latencyMs * 1000));
      all.recordValue(us);
      let slot: { h: hdr.Histogram; errors: number } | undefined;
      if (intervalMs > 0) {
        const k = Math.floor((e.due - recordedFrom) / intervalMs);
        slot = perInterval[k] ??= { h: histogram(), errors: 0 };
        slot.h.recordValue(us);
      }
      if (error) {
        errors++;
        errorKinds[error] = (errorKinds[error] ?? 0) + 1;
        if (slot) slot.errors++;
      }
    }
    if (issued === total && inflight === 0) resolveDone();
  };

  const issue = (i: number, due: number, now: number) => {
    lag.recordValue(Math.max(1, Math.round((now - due) * 1000)));
    const e: Entry = { i, due, done: false, ac: new AbortController() };
    pending.push(e);
    inflight++;
    pool
      .request({ path: opts.next(), method: "GET", headers, signal: e.ac.signal })
      .then(({ statusCode, body }) => {
        body.on("error", (err: NodeJS.ErrnoException) => settle(e, kind(err), performance.now() - due));
        body.on("end", () =>
          settle(e, statusCode >= 400 ? String(statusCode) : undefined, performance.now() - due),
        );
        body.resume();
      })
      .catch((err: NodeJS.ErrnoException) => settle(e, kind(err), performance.now() - due));
  };
  const kind = (err: NodeJS.ErrnoException) => err.code ?? err.name ?? "error";

  // Requests not answered timeoutMs after their due time: aborted, recorded as the timeout.
  const sweeper = setInterval(() => {
    const now = performance.now();
    while (head < pending.length) {
      const e = pending[head]!;
      if (e.done) {
        head++;
        continue;
      }
      if (now - e.due < timeoutMs) break;
      settle(e, "timeout", timeoutMs);
      e.ac.abort();
      head++;
    }
    if (head > 10_000) {
      pending = pending.slice(head);
      head = 0;
    }
  }, 100);

  // Every request due by now is handed to undici; then a timer until the next one is due.
  const tick = () => {
    const now = performance.now();
    while (issued < total) {
      const due = dueAt(start, issued, opts.rate);
      if (due > now) break;
      issue(issued++, due, now);
    }
    if (issued < total) setTimeout(tick, Math.max(0, dueAt(start, issued, opts.rate) - performance.now()));
  };
  setTimeout(tick, Math.max(0, start - performance.now()));

  try {
    if (total > 0) await done;
  } finally {
    clearInterval(sweeper);
    loop.disable();
    await pool.destroy();
  }
  const elu = performance.eventLoopUtilization(elu0);
  const s = summary(all, errors);
  const result: OpenLoopResult = {
    ...s,
    offered: opts.rate,
    seconds: opts.seconds,
    achieved: Math.round((s.count - (errorKinds.timeout ?? 0)) / opts.seconds),
    errorKinds,
    intervals: perInterval.map((x) => (x ? summary(x.h, x.errors) : summary(histogram(), 0))),
    generator: {
      sendLagP99: ms(lag.getValueAtPercentile(99)),
      sendLagMax: ms(lag.maxValue),
      loopDelayP99: Math.max(0, Math.round((loop.percentile(99) / 1e6 - LOOP_RESOLUTION) * 10) / 10),
      utilization: Math.round(elu.utilization * 100) / 100,
    },
  };
  all.destroy();
  lag.destroy();
  for (const x of perInterval) x?.h.destroy();
  return result;
}
