import type client from "prom-client";

/**
 * Requests by method, route and status, and their latency histogram by method and route, kept as
 * plain numbers per label set and turned into Prometheus series only when /metrics is read.
 *
 * Every request records here, stored pages included. prom-client's own counter and histogram
 * checked and hashed their label objects and looked each bucket up by its bound turned into a string
 * on every call: about 4 % of a stored page's CPU on the request thread (bench/README.md "Real
 * traffic"). The exposition is the same: `http_requests_total{method,route,status}` and
 * `http_request_duration_seconds_{bucket,sum,count}{method,route}`, registered with the registry as
 * collectors of their own.
 */
export function createRequestMetrics(registry: client.Registry, buckets: readonly number[]) {
  const bounds = Float64Array.from(buckets);
  /** method → route → its counts */
  const byMethod = new Map<string, Map<string, Series>>();

  function seriesOf(method: string, route: string): Series {
    let routes = byMethod.get(method);
    if (!routes) {
      routes = new Map();
      byMethod.set(method, routes);
    }
    let s = routes.get(route);
    if (!s) {
      s = {
        method,
        route,
        buckets: new Float64Array(bounds.length + 1),
        sum: 0,
        count: 0,
        statuses: new Map(),
      };
      routes.set(route, s);
    }
    return s;
  }

  function* all(): Generator<Series> {
    for (const routes of byMethod.values()) yield* routes.values();
  }

  const requests = collector(
    "http_requests_total",
    "HTTP requests by method, route and status",
    "counter",
    () => {
      const values: Value[] = [];
      for (const s of all())
        for (const [status, n] of s.statuses)
          values.push({ labels: { method: s.method, route: s.route, status: String(status) }, value: n });
      return values;
    },
  );
  const latency = collector(
    "http_request_duration_seconds",
    "HTTP request latency by method and route",
    "histogram",
    () => {
      const values: Value[] = [];
      const name = "http_request_duration_seconds";
      for (const s of all()) {
        let below = 0;
        for (let i = 0; i <= bounds.length; i++) {
          below += s.buckets[i]!;
          const le = i < bounds.length ? bounds[i]! : "+Inf";
          values.push({
            metricName: `${name}_bucket`,
            labels: { le, method: s.method, route: s.route },
            value: below,
            exemplar: null,
          });
        }
        const labels = { method: s.method, route: s.route };
        values.push({ metricName: `${name}_sum`, labels, value: s.sum });
        values.push({ metricName: `${name}_count`, labels, value: s.count });
      }
      return values;
    },
  );
  registry.registerMetric(requests);
  registry.registerMetric(latency);

  return {
    /** One answered request: its route label (metrics.ts `routeLabel`), status and time taken. */
    record(method: string, route: string, status: number, seconds: number) {
      const s = seriesOf(method, route);
      s.count++;
      s.sum += seconds;
      let i = 0;
      while (i < bounds.length && seconds > bounds[i]!) i++;
      s.buckets[i]!++;
      s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
    },
  };

  function collector(name: string, help: string, type: "counter" | "histogram", values: () => Value[]) {
    const metric = {
      name,
      help,
      type,
      aggregator: "sum",
      get: async () => ({ name, help, type, aggregator: "sum", values: values() }),
      reset: () => byMethod.clear(),
    };
    // The registry reads any metric through get() (and reset() when reset): the shape of its own.
    return metric as unknown as client.Metric;
  }
}

interface Series {
  method: string;
  route: string;
  /** requests per bucket (not cumulative); the last is above every bound */
  buckets: Float64Array;
  sum: number;
  count: number;
  statuses: Map<number, number>;
}

interface Value {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
  /** as prom-client's buckets carry (none kept here) */
  exemplar?: null;
}
