import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  createRenderPool,
  OVERFLOW_QUEUED,
  pickSlot,
  type RenderJob,
  type RenderPool,
} from "../../server/http/render-pool";
import { createLogger } from "../../server/logger";

/**
 * The render pool's hand-over (server/http/render-pool.ts), with a stand-in thread script that
 * answers every job at once: whether a page asked while the threads start waits for one, and when
 * the request thread is told to render it itself.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "render-pool-"));
const script = path.join(dir, "thread.mjs");
fs.writeFileSync(
  script,
  `import { parentPort, workerData } from "node:worker_threads";
if (workerData.exitBeforeReady) process.exit(3);
if (workerData.readyAfterMs >= 0)
  setTimeout(() => parentPort.postMessage({ type: "ready" }), workerData.readyAfterMs);
parentPort.on("message", (m) => {
  if (m.type === "render")
    parentPort.postMessage({
      type: "done",
      id: m.id,
      status: 200,
      headers: [["content-type", "text/html; charset=utf-8"], ["x-thread", workerData.lowPriority ? "low" : "normal"]],
      body: new TextEncoder().encode("thread page " + m.url),
    });
  if (m.type === "close") process.exit(0);
});
`,
);

const job = (url: string): RenderJob => ({ url, headers: [], origin: "http://127.0.0.1", marker: "m" });

let pools: RenderPool[] = [];
function pool(
  workerData: { readyAfterMs: number; exitBeforeReady?: boolean },
  startWaitMs?: number,
  size = 2,
) {
  const p = createRenderPool({
    size,
    file: script,
    workerData,
    logger: createLogger("silent"),
    ...(startWaitMs ? { startWaitMs } : {}),
  });
  pools.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()));
  pools = [];
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("render pool", () => {
  it("holds a page asked while every thread is starting until one is ready, and renders it there", async () => {
    const p = pool({ readyAfterMs: 300 });
    const asked = p.render(job("http://127.0.0.1/articledetail/1"));
    expect(asked, "the request thread was told to render it itself").toBeDefined();
    const page = await asked;
    expect(page?.status).toBe(200);
    expect(page?.body.toString()).toBe("thread page http://127.0.0.1/articledetail/1");
    // Ready now: the next page goes straight to a thread.
    expect((await p.render(job("http://127.0.0.1/articledetail/2")))?.body.toString()).toBe(
      "thread page http://127.0.0.1/articledetail/2",
    );
  });

  it("hands the page back to the request thread when no thread is ready within the wait", async () => {
    const p = pool({ readyAfterMs: -1 }, 200);
    const started = Date.now();
    expect(await p.render(job("http://127.0.0.1/"))).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it("hands the waiting pages back as soon as the last starting thread dies", async () => {
    const p = pool({ readyAfterMs: 0, exitBeforeReady: true }, 600_000);
    const pages = [p.render(job("http://127.0.0.1/a")), p.render(job("http://127.0.0.1/b"))];
    expect(await Promise.all(pages)).toEqual([undefined, undefined]);
  });

  it("does not wait while dead threads pause before their restart: the request thread renders", async () => {
    const p = pool({ readyAfterMs: 0 });
    expect(await p.render(job("http://127.0.0.1/a"))).toBeDefined();
    await Promise.all(p.threads().map((w) => w.terminate()));
    expect(p.render(job("http://127.0.0.1/b"))).toBeUndefined();
  });

  it("hands waiting pages back when closed", async () => {
    const p = pool({ readyAfterMs: -1 });
    const asked = p.render(job("http://127.0.0.1/"));
    await p.close();
    expect(await asked).toBeUndefined();
  });
});

describe("which thread renders a page", () => {
  const threadOf = async (p: RenderPool, j: RenderJob) =>
    (await p.render(j))?.headers.find(([k]) => k === "x-thread")?.[1];

  it("sends background refreshes to the low-priority thread, and visitors' pages to the other", async () => {
    const p = pool({ readyAfterMs: 0 });
    // Once both threads are ready (each one answers as soon as it is).
    await expect.poll(() => threadOf(p, job("http://127.0.0.1/warm"))).toBe("normal");
    await expect
      .poll(() => threadOf(p, { ...job("http://127.0.0.1/refresh"), background: true }))
      .toBe("low");
    for (let i = 0; i < 5; i++)
      expect(await threadOf(p, job(`http://127.0.0.1/visitor/${i}`))).toBe("normal");
    for (let i = 0; i < 5; i++)
      expect(await threadOf(p, { ...job(`http://127.0.0.1/refresh/${i}`), background: true })).toBe("low");
  });

  it("with one thread, renders everything there at the usual priority", async () => {
    const p = pool({ readyAfterMs: 0 }, undefined, 1);
    expect(await threadOf(p, job("http://127.0.0.1/visitor"))).toBe("normal");
    expect(await threadOf(p, { ...job("http://127.0.0.1/refresh"), background: true })).toBe("normal");
  });

  const slot = (background: boolean, pending: number, ready = true) => ({
    background,
    ready,
    pending: { size: pending },
  });

  it("overflows a visitor's page to the low-priority thread only when it is idle and the others are far behind", () => {
    const back = slot(true, 0);
    const a = slot(false, 1);
    const b = slot(false, 2);
    expect(pickSlot([a, b, back], false)).toBe(a);
    expect(pickSlot([slot(false, 2), back], false)?.background).toBe(false);
    expect(pickSlot([slot(false, OVERFLOW_QUEUED - 1), back], false)?.background).toBe(false);
    expect(pickSlot([slot(false, OVERFLOW_QUEUED), back], false)).toBe(back);
    // The least busy of the others decides.
    expect(pickSlot([slot(false, OVERFLOW_QUEUED), slot(false, 3), back], false)?.background).toBe(false);
    // A page already on the low-priority thread: the next one waits at the usual priority.
    expect(pickSlot([slot(false, OVERFLOW_QUEUED + 5), slot(true, 1)], false)?.background).toBe(false);
  });

  it("uses whichever thread is ready when the preferred one is not", () => {
    const fore = slot(false, 5);
    const back = slot(true, 0);
    expect(pickSlot([fore, slot(true, 0, false)], true)).toBe(fore);
    expect(pickSlot([slot(false, 0, false), back], false)).toBe(back);
    expect(pickSlot([slot(false, 0, false), slot(true, 0, false)], false)).toBeUndefined();
  });
});
