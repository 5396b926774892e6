import type { Context, Next } from "hono";
import client from "prom-client";
import type { Services } from "../services";
import type { MicroCache } from "../services/cache";

/**
 * Prometheus metrics: requests and latencies by route, the database pool, cache hit rates.
 * Route labels are patterns (API paths as declared, pages by first segment) so the label set stays small.
 */
export function createMetrics(services: Services) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
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
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const caches = new Map<string, MicroCache<unknown>>();
  new client.Gauge({
    name: "cache_hits_total",
    help: "Micro-cache hits by cache",
    labelNames: ["cache"] as const,
    registers: [registry],
    collect() {
      for (const [name, c] of caches) this.set({ cache: name }, c.hits);
    },
  });
  new client.Gauge({
    name: "cache_misses_total",
    help: "Micro-cache misses by cache",
    labelNames: ["cache"] as const,
    registers: [registry],
    collect() {
      for (const [name, c] of caches) this.set({ cache: name }, c.misses);
    },
  });
  new client.Gauge({
    name: "cache_hit_ratio",
    help: "Micro-cache hits / lookups since start, by cache",
    labelNames: ["cache"] as const,
    registers: [registry],
    collect() {
      for (const [name, c] of caches) {
        const total = c.hits + c.misses;
        this.set({ cache: name }, total === 0 ? 0 : c.hits / total);
      }
    },
  });
  const pool = services.database.pool;
  new client.Gauge({
    name: "db_pool_connections",
    help: "Database pool connections by state (PostgreSQL; SQLite reports one in-process connection)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      if (pool) {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      } else {
        this.set({ state: "total" }, 1);
      }
    },
  });

  return {
    registry,
    watchCache(name: string, cache: MicroCache<unknown>) {
      caches.set(name, cache);
    },
    async middleware(c: Context, next: Next) {
      const end = latency.startTimer();
      await next();
      const route = routeLabel(c.req.path, c.req.routePath);
      end({ method: c.req.method, route });
      requests.inc({ method: c.req.method, route, status: String(c.res.status) });
    },
  };
}

export function routeLabel(path: string, routePath: string): string {
  if (path.startsWith("/api/"))
    return routePath && routePath !== "/api/*" && routePath !== "*" ? routePath : "/api/other";
  if (path.startsWith("/assets/")) return "/assets/*";
  if (path.startsWith("/uploads/")) return "/uploads/*";
  const seg = path.split("/").filter(Boolean);
  if (seg.length === 0) return "/";
  const first = `/${seg[0]!.replace(/\.data$/, "").slice(0, 40)}`;
  return seg.length > 1 ? `${first}/*` : first;
}

export type Metrics = ReturnType<typeof createMetrics>;
