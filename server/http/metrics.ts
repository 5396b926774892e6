import client from "prom-client";
import type { Services } from "../services";
import type { WarmerProgress } from "../serving/warmer";
import { createRequestMetrics } from "./request-metrics";

/** What the metrics read of the serving layer's store (server/serving/store.ts). */
interface StoreView {
  stats: { hits: number; stale: number; misses: number };
  bytes: number;
  size: number;
}

/** Where the store's renders ran: on a render thread, or on the request thread. */
export interface RenderedBy {
  thread: number;
  request: number;
}

/**
 * Prometheus metrics: requests and latencies by route, the database pool, cache hit rates.
 * Route labels are patterns (API paths as declared, pages by first segment) so the label set stays small.
 */
export function createMetrics(services: Services, apiPaths: readonly string[]) {
  const labelOf = routeLabels(apiPaths);
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = createRequestMetrics(
    registry,
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  let store: StoreView | undefined;
  let renders: RenderedBy | undefined;
  let warmer: WarmerProgress | undefined;
  const storeGauge = (name: string, help: string, value: (s: StoreView) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (store) this.set(value(store));
      },
    });
  storeGauge("cache_hits_total", "Response store: fresh answers served", (s) => s.stats.hits);
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
  for (const [name, help, value] of [
    ["cache_warm_rendered_total", "Response store warmer: pages it rendered since start", (w) => w.warmed],
    ["cache_warm_left", "Response store warmer: pages of its current pass not yet looked at", (w) => w.left],
    [
      "cache_warm_passes_total",
      "Response store warmer: passes over every public page finished",
      (w) => w.passes,
    ],
  ] as const satisfies readonly [string, string, (w: WarmerProgress) => number][])
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (warmer) this.set(value(warmer));
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

  new client.Gauge({
    name: "page_renders",
    help: "Answers rendered for the response store since start, by where: a render thread, or the request thread (no threads, or a thread failed)",
    labelNames: ["where"] as const,
    registers: [registry],
    collect() {
      if (!renders) return;
      this.set({ where: "thread" }, renders.thread);
      this.set({ where: "request" }, renders.request);
    },
  });

  return {
    registry,
    watchStore(view: StoreView, by: RenderedBy, warming?: WarmerProgress) {
      store = view;
      renders = by;
      warmer = warming;
    },
    /** One answered request (server/serving/index.ts, once it is sent). */
    record(method: string, path: string, status: number, seconds: number) {
      requests.record(method, labelOf(path, status), status, seconds);
    },
  };
}

/**
 * The route label of a request: an API path as declared (`/api/admin/articles/:id`), or a page's
 * first path segment. Paths the site does not have, pages answered 404 and requests refused as
 * malformed (400, a foreign host among them) share one label each, so a flood of made-up paths
 * cannot add a series per path.
 */
export function routeLabels(apiPaths: readonly string[]) {
  const exact = new Set(apiPaths.filter((p) => !p.includes(":")));
  const patterns = apiPaths
    .filter((p) => p.includes(":"))
    .map((p) => ({ p, re: new RegExp(`^${p.replace(/:\w+/g, "[^/]+")}$`) }));
  return (path: string, status?: number): string => {
    if (path.startsWith("/api/")) {
      if (exact.has(path)) return path;
      return patterns.find(({ re }) => re.test(path))?.p ?? "/api/other";
    }
    return routeLabel(path, status);
  };
}

/** The label of a path outside the API (see routeLabels). */
export function routeLabel(path: string, status?: number): string {
  if (status === 404) return NOT_FOUND_LABEL;
  // Old addresses (server/services/redirects.ts) are as many as an imported site had pages.
  if (status === 301) return REDIRECT_LABEL;
  if (status === 400) return BAD_REQUEST_LABEL;
  if (path.startsWith("/assets/")) return "/assets/*";
  if (path.startsWith("/uploads/")) return "/uploads/*";
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
export const REDIRECT_LABEL = "(redirect)";

export type Metrics = ReturnType<typeof createMetrics>;
