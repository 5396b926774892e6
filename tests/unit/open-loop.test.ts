import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { dueAt, openLoop } from "../../tools/open-loop";

/**
 * The open-loop generator of `npm run bench:capacity` (tools/open-loop.ts) against a tiny local
 * server. The assertions are lower bounds that a slower machine only makes larger: a stalled
 * server's wait is counted from each request's due time, whatever the generator or server did.
 */
let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

function listen(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  return new Promise((resolve) =>
    server!.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`),
    ),
  );
}

describe("open-loop generator", () => {
  it("schedules request i at start + i / rate", () => {
    expect(dueAt(1000, 0, 200)).toBe(1000);
    expect(dueAt(1000, 200, 200)).toBe(2000);
    expect(dueAt(1000, 5, 1000)).toBe(1005);
  });

  it("shows a 1 s stall of the server in p99, and every request of the schedule is sent", async () => {
    // Request 100 of 400 (200 a second for 2 s) starts a stall: it and every request arriving in
    // the next second are answered together when it ends. Request 100 + k was due 5k ms after
    // request 100, so it waits at least 1,000 - 5k ms: the 5 worst (p99 of 400) wait ≥ 980 ms.
    let seen = 0;
    let held: http.ServerResponse[] | undefined;
    const paths = new Set<string>();
    const base = await listen((req, res) => {
      paths.add(req.url ?? "");
      if (++seen === 100) {
        held = [];
        setTimeout(() => {
          for (const r of held!) r.end("ok");
          held = undefined;
        }, 1000);
      }
      if (held) held.push(res);
      else res.end("ok");
    });
    let n = 0;
    const r = await openLoop({ base, rate: 200, seconds: 2, next: () => `/p/${n++}` });
    expect(r.count).toBe(400);
    expect(paths.size).toBe(400);
    expect(r.errors).toBe(0);
    expect(r.max).toBeGreaterThanOrEqual(1000);
    expect(r.p99).toBeGreaterThanOrEqual(900);
  });

  it("counts error statuses, leaves the ramp out and splits the rest into intervals", async () => {
    let n = 0;
    const base = await listen((req, res) => {
      res.statusCode = req.url === "/missing" ? 404 : 200;
      res.end();
    });
    const r = await openLoop({
      base,
      rate: 200,
      seconds: 1,
      warmupSeconds: 0.5,
      intervalSeconds: 0.5,
      next: () => (n++ % 10 === 0 ? "/missing" : "/"),
    });
    expect(n).toBe(300);
    expect(r.count).toBe(200);
    expect(r.errors).toBe(20);
    expect(r.errorKinds).toEqual({ 404: 20 });
    expect(r.intervals.map((x) => x.count)).toEqual([100, 100]);
    expect(r.intervals.map((x) => x.errors)).toEqual([10, 10]);
  });
});
