import type { Context, Next } from "hono";
import client from "prom-client";
import type { Services } from "../services";
import type { ResponseStore } from "../services/response-store";
import { createRequestMetrics } from "./request-metrics";

/**
 * Prometheus metrics: requests and latencies by route, the database pool, cache hit rates.
 * Route labels are patterns (API paths as declared, pages by first segment) so the label set stays small.
 */
export function createMetrics(services: Services) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = createRequestMetrics(
    registry,
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  const stores = new Map<string, ResponseStore>();
  const storeGauge = (name: string, help: string, value: (s: ResponseStore) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ["cache"] as const,
      registers: [registry],
      collect() {
        for (const [cache, s] of stores) this.set({ cache }, value(s));
      },
    });
  storeGauge(
    "cache_hits_total",
    "Response store: fresh answers served, by store (pages, api)",
    (s) => s.stats.hits,
  );
  storeGauge(
    "cache_stale_total",
    "Response store: stale answers served while one background render refreshed them",
    (s) => s.stats.stale,
  );
  storeGauge(
    "cache_misses_total",
    "Response store: answers rendered while the reader waited",
    (s) => s.stats.misses,
  );
  storeGauge("cache_hit_ratio", "Response store: (fresh + stale) / lookups since start", (s) => {
    const served = s.stats.hits + s.stats.stale;
    const total = served + s.stats.misses;
    return total === 0 ? 0 : served / total;
  });
  storeGauge("cache_bytes", "Response store: bytes held (compressed bodies and headers)", (s) => s.bytes);
  storeGauge("cache_entries", "Response store: answers held", (s) => s.size);
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

  let renders: RenderCounts | undefined;
  new client.Gauge({
    name: "page_renders",
    help: "Public pages rendered for the page cache since start, by where: a render thread, or the request thread (no thread ready, or its render failed)",
    labelNames: ["where"] as const,
    registers: [registry],
    collect() {
      if (!renders) return;
      this.set({ where: "thread" }, renders.thread);
      this.set({ where: "request" }, renders.request);
    },
  });
  new client.Gauge({
    name: "page_renders_from_kept",
    help: "Of page_renders, the article pages made from a page kept per column and chrome, with the article's own parts put in (docs/architecture.md)",
    registers: [registry],
    collect() {
      if (renders) this.set(renders.kept);
    },
  });

  return {
    registry,
    watchRenders(counts: RenderCounts) {
      renders = counts;
    },
    watchStore(name: string, store: ResponseStore) {
      stores.set(name, store);
    },
    async middleware(c: Context, next: Next) {
      const start = performance.now();
      await next();
      const route = routeLabel(c.req.path, c.req.routePath, c.res.status);
      requests.record(c.req.method, route, c.res.status, (performance.now() - start) / 1000);
    },
    /** A request answered outside Hono (the fast path of stored answers). */
    record: requests.record,
  };
}

/**
 * The route label of a request: the API route as declared, or a page's first path segment. Paths
 * the site does not have (answered 404), and requests refused as malformed (400, a foreign host
 * among them), share one label each, so a flood of made-up paths cannot add a series per path.
 * Runs on every request, stored pages included: no regular expressions, no arrays.
 */
export function routeLabel(path: string, routePath: string, status?: number): string {
  if (path.startsWith("/api/"))
    return routePath && routePath !== "/api/*" && routePath !== "*" ? routePath : "/api/other";
  if (path.startsWith("/assets/")) return "/assets/*";
  if (path.startsWith("/uploads/")) return "/uploads/*";
  if (status === 404) return NOT_FOUND_LABEL;
  if (status === 400) return BAD_REQUEST_LABEL;
  let start = 0;
  while (path.charCodeAt(start) === SLASH) start++;
  if (start === path.length) return "/";
  let end = path.indexOf("/", start);
  if (end === -1) end = path.length;
  let more = false;
  for (let i = end; i < path.length; i++)
    if (path.charCodeAt(i) !== SLASH) {
      more = true;
      break;
    }
  let first = path.slice(start, end);
  if (first.endsWith(".data")) first = first.slice(0, -5);
  const label = `/${first.slice(0, 40)}`;
  return more ? `${label}/*` : label;
}

const SLASH = 47;
export const NOT_FOUND_LABEL = "(not found)";
export const BAD_REQUEST_LABEL = "(bad request)";

/** Where the page cache's renders ran (server/http/page-cache.ts). */
export interface RenderCounts {
  thread: number;
  request: number;
  /** of those, article pages made from a kept page (server/http/article-frames.ts) */
  kept: number;
}

export type Metrics = ReturnType<typeof createMetrics>;
