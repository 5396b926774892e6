import { describe, expect, it } from "vitest";
import { createRenderQueue } from "../../server/http/render-queue";

/**
 * A render thread's job queue (server/http/render-queue.ts): order, concurrency, closing, and each
 * job started on a later turn of the event loop, after the setImmediate callbacks the last one left
 * (React leaves one behind every page, holding the whole render until it runs).
 */

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 10_000 && !check(); i++) await new Promise((r) => setImmediate(r));
  expect(check()).toBe(true);
};

describe("render queue", () => {
  it("starts each job only after the setImmediate callbacks the job before it left", async () => {
    const seen: string[] = [];
    const jobs = createRenderQueue<number>({
      concurrency: 1,
      // Like a render on SQLite: done without waiting on any I/O, a setImmediate left behind.
      run: async (n) => {
        seen.push(`start ${n}`);
        setImmediate(() => seen.push(`immediate ${n}`));
      },
    });
    for (const n of [1, 2, 3]) jobs.push(n);
    await until(() => seen.length === 6);
    // Started straight from the end of the job before, all three would start before any callback.
    expect(seen).toEqual(["start 1", "immediate 1", "start 2", "immediate 2", "start 3", "immediate 3"]);
  });

  it("runs jobs in the order they came, at most `concurrency` at once", async () => {
    const gates = new Map<number, ReturnType<typeof deferred>>();
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const jobs = createRenderQueue<number>({
      concurrency: 2,
      run: async (n) => {
        started.push(n);
        most = Math.max(most, ++running);
        const gate = deferred();
        gates.set(n, gate);
        await gate.promise;
        running--;
      },
    });
    for (const n of [1, 2, 3, 4, 5]) jobs.push(n);
    await until(() => started.length === 2);
    expect(started).toEqual([1, 2]);
    gates.get(2)!.resolve();
    await until(() => started.length === 3);
    expect(started).toEqual([1, 2, 3]);
    for (const n of [1, 3]) gates.get(n)!.resolve();
    await until(() => started.length === 5);
    for (const n of [4, 5]) gates.get(n)!.resolve();
    await until(() => running === 0);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it("starts background jobs (stale pages' refreshes) only when no other job is queued", async () => {
    const gates = new Map<number, ReturnType<typeof deferred>>();
    const started: number[] = [];
    const jobs = createRenderQueue<number>({
      concurrency: 1,
      // even numbers: refreshes nobody waits for
      background: (n) => n % 2 === 0,
      run: async (n) => {
        started.push(n);
        const gate = deferred();
        gates.set(n, gate);
        await gate.promise;
      },
    });
    for (const n of [2, 4, 1, 6]) jobs.push(n);
    await until(() => started.length === 1);
    // the visitor's page goes first though it came after two refreshes; one more arrives meanwhile
    // and goes before them too; then the refreshes, in the order they came
    expect(started).toEqual([1]);
    jobs.push(3);
    for (let i = 0; i < 5; i++) {
      gates.get(started.at(-1)!)!.resolve();
      await until(() => started.length === Math.min(i + 2, 5));
    }
    expect(started).toEqual([1, 3, 2, 4, 6]);
  });

  it("goes on after a job that failed", async () => {
    const done: number[] = [];
    const jobs = createRenderQueue<number>({
      concurrency: 1,
      run: async (n) => {
        if (n === 1) throw new Error("render failed");
        done.push(n);
      },
    });
    for (const n of [1, 2]) jobs.push(n);
    await until(() => done.length === 1);
    expect(done).toEqual([2]);
  });

  it("on close, drops the jobs not started and calls back once the running ones are done", async () => {
    const gate = deferred();
    const started: number[] = [];
    const jobs = createRenderQueue<number>({
      concurrency: 1,
      run: async (n) => {
        started.push(n);
        await gate.promise;
      },
    });
    for (const n of [1, 2, 3]) jobs.push(n);
    await until(() => started.length === 1);
    let closed = false;
    jobs.close(() => {
      closed = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    gate.resolve();
    await until(() => closed);
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    expect(started).toEqual([1]);

    let idleClosed = false;
    createRenderQueue<number>({ concurrency: 1, run: async () => {} }).close(() => {
      idleClosed = true;
    });
    expect(idleClosed).toBe(true);
  });
});
