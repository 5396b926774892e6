import client from "prom-client";
import { describe, expect, it } from "vitest";
import { createRequestMetrics } from "../../server/http/request-metrics";

/**
 * The request counts and latencies (server/http/request-metrics.ts) read exactly as prom-client's own
 * counter and histogram read for the same requests, so dashboards and alerts see no difference.
 */

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

function reference() {
  const registry = new client.Registry();
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "HTTP requests by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency by method and route",
    labelNames: ["method", "route"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    record(method: string, route: string, status: number, seconds: number) {
      latency.observe({ method, route }, seconds);
      requests.inc({ method, route, status: String(status) });
    },
  };
}

describe("request metrics", () => {
  it("expose the same text as prom-client's counter and histogram for the same requests", async () => {
    const ref = reference();
    const registry = new client.Registry();
    const ours = createRequestMetrics(registry, BUCKETS);
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const routes = ["/articledetail/*", "/", "/api/product/content/list", "(not found)", '/odd"route\\'];
    const statuses = [200, 200, 200, 304, 404, 500];
    // Bounds themselves, values between them, above the last, and zero.
    const times = [...BUCKETS, 0, 3, 1e-6, ...Array.from({ length: 200 }, () => random() ** 4 * 3)];
    for (const [i, seconds] of times.entries()) {
      const method = i % 9 === 0 ? "HEAD" : "GET";
      const route = routes[Math.floor(random() * routes.length)]!;
      const status = statuses[Math.floor(random() * statuses.length)]!;
      ref.record(method, route, status, seconds);
      ours.record(method, route, status, seconds);
    }
    const lines = (text: string) => text.split("\n").filter(Boolean).sort();
    expect(lines(await registry.metrics())).toEqual(lines(await ref.registry.metrics()));
    // The same series and values in JSON too, in whatever order.
    const key = (v: { labels: object; metricName?: string }) =>
      `${v.metricName ?? ""} ${JSON.stringify(Object.entries(v.labels).sort())}`;
    const json = async (r: client.Registry) =>
      (await r.getMetricsAsJSON()).map((m) => ({
        ...m,
        values: [...m.values].sort((a, b) => key(a).localeCompare(key(b))),
      }));
    expect(await json(registry)).toEqual(await json(ref.registry));
  });

  it("start again from nothing when the registry is reset", async () => {
    const registry = new client.Registry();
    const ours = createRequestMetrics(registry, BUCKETS);
    ours.record("GET", "/", 200, 0.002);
    expect(await registry.metrics()).toContain('http_requests_total{method="GET",route="/",status="200"} 1');
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain("http_requests_total{");
  });
});
