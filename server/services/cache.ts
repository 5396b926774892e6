import type { Redis } from "ioredis";
import type { Logger } from "../logger";

/** A bounded in-process cache with per-entry expiry (least recently used entries go first). */
export class MicroCache<V> {
  private map = new Map<string, { value: V; expires: number }>();
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = 2000) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e || e.expires <= Date.now()) {
      if (e) this.map.delete(key);
      this.misses++;
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, e);
    this.hits++;
    return e.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    if (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, { value, expires: Date.now() + ttlMs });
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

const CHANNEL = "content:changed";

/**
 * "Content changed": every write that visitors can see calls changed(); each instance clears its
 * caches. With Redis the message goes to every instance over pub/sub, so an edit made through one
 * instance shows through all of them at once.
 */
export function createContentEvents(opts: { redis?: Redis; redisUrl?: string; logger: Logger }) {
  const listeners = new Set<() => void>();
  let version = 0;
  const fire = () => {
    version++;
    for (const l of listeners) l();
  };
  let sub: Redis | undefined;
  if (opts.redis) {
    sub = opts.redis.duplicate({ enableOfflineQueue: true });
    sub.on("error", () => {});
    sub.subscribe(CHANNEL).catch(() => {});
    sub.on("message", (channel) => {
      if (channel === CHANNEL) fire();
    });
    // Messages sent while we were disconnected are lost: drop everything on reconnect.
    sub.on("ready", () => fire());
  }
  return {
    get version() {
      return version;
    },
    onChange(fn: () => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async changed(): Promise<void> {
      fire();
      if (opts.redis && opts.redis.status === "ready") {
        await opts.redis.publish(CHANNEL, String(process.pid)).catch((err: Error) => {
          opts.logger.warn({ err: err.message }, "content change not broadcast");
        });
      }
    },
    async close() {
      sub?.disconnect();
    },
  };
}

export type ContentEvents = ReturnType<typeof createContentEvents>;
