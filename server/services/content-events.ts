import crypto from "node:crypto";
import type { Redis } from "ioredis";
import type { ContentChange } from "../../contract/cache-tags";
import type { Logger } from "../logger";

const CHANNEL = "content:changed";

/** What listeners hear: a change, or null when changes may have been missed (clear everything). */
export type ChangeListener = (change: ContentChange | null) => void;

/**
 * "Content changed": every write that visitors can see calls changed() with what it touched (see
 * contract/cache-tags.ts); each instance's response store applies it. With Redis the change goes
 * to every instance over pub/sub, so an edit made through one instance shows through all of them.
 */
export function createContentEvents(opts: { redis?: Redis; redisUrl?: string; logger: Logger }) {
  const listeners = new Set<ChangeListener>();
  const self = crypto.randomBytes(8).toString("hex");
  let version = 0;
  const fire = (change: ContentChange | null) => {
    version++;
    for (const l of listeners) l(change);
  };
  let sub: Redis | undefined;
  if (opts.redis) {
    sub = opts.redis.duplicate({ enableOfflineQueue: true });
    sub.on("error", () => {});
    sub.subscribe(CHANNEL).catch(() => {});
    sub.on("message", (channel, message) => {
      if (channel !== CHANNEL) return;
      const parsed = parseMessage(message);
      if (!parsed) return fire(null);
      if (parsed.from !== self) fire(parsed.change);
    });
    // Messages sent while we were disconnected are lost: drop everything on reconnect. The first
    // connection follows the start, before which nothing was kept but the response store's answers
    // of the instance's past life, served stale and rendered again (docs/architecture.md, "Serving").
    let connected = false;
    sub.on("ready", () => {
      if (connected) fire(null);
      connected = true;
    });
  }
  return {
    /** bumped by every change (memos of data that any change may touch key on it) */
    get version() {
      return version;
    },
    onChange(fn: ChangeListener): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async changed(change: ContentChange): Promise<void> {
      fire(change);
      if (opts.redis && opts.redis.status === "ready") {
        await opts.redis.publish(CHANNEL, JSON.stringify({ from: self, change })).catch((err: Error) => {
          opts.logger.warn({ err: err.message }, "content change not broadcast");
        });
      }
    },
    /**
     * Applies a change heard elsewhere (the request thread's, in a render thread) to this process's
     * listeners and memos only: nothing is broadcast.
     */
    apply(change: ContentChange | null): void {
      fire(change);
    },
    async close() {
      sub?.disconnect();
    },
  };
}

/** A change as another instance broadcast it; undefined for a message that is not one (then everything is dropped). */
export function parseMessage(message: string): { from: string; change: ContentChange } | undefined {
  try {
    const m = JSON.parse(message) as { from?: unknown; change?: { purge?: unknown } };
    const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");
    if (typeof m.from === "string" && m.change && strings(m.change.purge))
      return { from: m.from, change: m.change as ContentChange };
  } catch {}
  return undefined;
}

export type ContentEvents = ReturnType<typeof createContentEvents>;
