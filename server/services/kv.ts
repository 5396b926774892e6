import { Redis } from "ioredis";
import type { Logger } from "../logger";

/**
 * Small shared key-value store for what N instances must agree on (WeChat ticket, locks, later
 * rate-limit counters and idempotency keys). In-process by default; Redis when REDIS_URL is set,
 * falling back to the in-process map while Redis is unreachable so the site keeps serving.
 */
export interface KeyValueStore {
  readonly kind: "memory" | "redis";
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** true when the key was absent and is now set (a lock) */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  del(key: string): Promise<void>;
  ping(): Promise<boolean>;
  /** resolves once connected (or after timeoutMs, degraded): called at start-up */
  ready(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryKv(): KeyValueStore {
  const map = new Map<string, { value: string; expires: number }>();
  const live = (key: string) => {
    const e = map.get(key);
    if (!e) return undefined;
    if (e.expires <= Date.now()) {
      map.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    kind: "memory",
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      map.set(key, { value, expires: Date.now() + ttlMs });
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      map.set(key, { value, expires: Date.now() + ttlMs });
      return true;
    },
    async del(key) {
      map.delete(key);
    },
    async ping() {
      return true;
    },
    async ready() {
      return true;
    },
    async close() {
      map.clear();
    },
  };
}

export function createRedisKv(url: string, logger: Logger): KeyValueStore & { redis: Redis } {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let warned = false;
  redis.on("error", (err) => {
    if (!warned) logger.warn({ err: err.message }, "redis unavailable, using in-process fallback");
    warned = true;
  });
  redis.on("ready", () => {
    if (warned) logger.info("redis reconnected");
    warned = false;
  });
  const local = createMemoryKv();
  const guard = async <T>(op: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    if (redis.status !== "ready") return fallback();
    try {
      return await op();
    } catch {
      return fallback();
    }
  };
  return {
    kind: "redis",
    redis,
    get: (key) =>
      guard(
        () => redis.get(key),
        () => local.get(key),
      ),
    set: (key, value, ttlMs) =>
      guard(
        async () => {
          await redis.set(key, value, "PX", ttlMs);
        },
        () => local.set(key, value, ttlMs),
      ),
    setIfAbsent: (key, value, ttlMs) =>
      guard(
        async () => (await redis.set(key, value, "PX", ttlMs, "NX")) === "OK",
        () => local.setIfAbsent(key, value, ttlMs),
      ),
    del: (key) =>
      guard(
        async () => {
          await redis.del(key);
        },
        () => local.del(key),
      ),
    async ping() {
      try {
        return (await redis.ping()) === "PONG";
      } catch {
        return false;
      }
    },
    ready(timeoutMs = 3000) {
      if (redis.status === "ready") return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const t = setTimeout(() => resolve(false), timeoutMs);
        redis.once("ready", () => {
          clearTimeout(t);
          resolve(true);
        });
      });
    },
    async close() {
      redis.disconnect();
    },
  };
}
