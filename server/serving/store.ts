import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LRUCache } from "lru-cache";
import type { CacheTag, ContentChange } from "../../contract/cache-tags";
import type { Target } from "./keys";
import type { Rendered } from "./render";

/**
 * A stored answer: its index entry (status, ETag, size, when it was stored, what it shows) and, in a
 * store without a directory or for an answer handed to its readers only, its headers and body; kept
 * on disk, those are in its file (see read).
 */
export interface Stored extends Omit<Rendered, "headers" | "body" | "storable"> {
  headers?: string[];
  body?: Buffer;
  /** the file holding its headers and body, when the store keeps them on disk */
  file?: string;
  storedAt: number;
  /** kept in the store (indexed by its tags), as opposed to handed to its readers only */
  kept?: true;
  /** fresh this long after storedAt; then stale (served while one background render refreshes it) */
  ttlMs: number;
  tags: readonly CacheTag[];
}

export type Freshness = "HIT" | "STALE" | "MISS";

export interface StoreOptions {
  maxBytes: number;
  ttlMs: number;
  /** how long past its TTL an answer may still be served while it is refreshed */
  staleMs: number;
  /** renders the answer of a target (on a render thread when there is one) */
  render(target: Target): Promise<Rendered>;
  /**
   * a directory of its own for the bodies: kept as files, read through the operating system's file
   * cache as nginx's proxy_cache does, so the store's memory is its index alone; none: in memory
   */
  dir?: string;
  now?: () => number;
}

/** How long a 404 is kept: long enough to absorb a flood of the same unknown URL. */
const NOT_FOUND_TTL_MS = 10_000;
/** The share of the budget for 404s, so that unknown URLs never push out the pages readers come back to. */
const NOT_FOUND_SHARE = 0.05;
/**
 * A directory of this process's own for the store's bodies, under DATA_DIR/cache: named by host and
 * process, so the directories that processes of this host left behind (killed, never closed) are
 * removed here, and an instance on another host sharing DATA_DIR is never touched.
 */
export function storeDirectory(dataDir: string): { dir: string; remove(): void } {
  const root = path.join(dataDir, "cache");
  fs.mkdirSync(root, { recursive: true });
  const host = os.hostname().replace(/[^\w.-]/g, "_");
  for (const name of fs.readdirSync(root)) {
    const m = /^(.+)-(\d+)-\w+$/.exec(name);
    if (m?.[1] === host && !alive(Number(m[2])))
      fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
  const dir = fs.mkdtempSync(path.join(root, `${host}-${process.pid}-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Content changes remembered, to tell whether one happened while a render ran. */
const CHANGES_KEPT = 1000;

/**
 * The response store (docs/architecture.md, "Serving"): finished answers kept by key, least recently
 * used first out, sized by their compressed bytes. lru-cache does the work: `fetch` merges the readers
 * of a key that is being rendered into one render, and with `forceRefresh` + `allowStale` serves a
 * stale answer while one background render replaces it. A content change deletes the answers tagged
 * with what it touched; an answer whose render began before a change that touched it is given to the
 * readers who waited for it, but never kept.
 */
export function createStore(opts: StoreOptions) {
  const now = opts.now ?? Date.now;
  const stats = { hits: 0, stale: 0, misses: 0 };
  /** key → the tags it was stored with, and tag → keys (to purge) */
  const byTag = new Map<CacheTag, Set<string>>();
  let seq = 0;
  let files = 0;
  const changes: { seq: number; purge: ReadonlySet<CacheTag> }[] = [];

  const untag = (key: string, v: Stored) => {
    for (const t of v.tags) {
      const keys = byTag.get(t);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(t);
    }
  };
  const segment = (maxSize: number) =>
    new LRUCache<string, Stored, Target>({
      maxSize,
      sizeCalculation: (v) => Math.max(1, v.size),
      dispose: (v, key, reason) => {
        if (v.kept && reason !== "set") untag(key, v);
        if (v.file) fs.rm(v.file, { force: true }, () => {});
      },
      fetchMethod: (_key, _stale, { context, options }) => fill(context, options),
      // Read the clock on every check (lru-cache would otherwise reuse one reading for a millisecond).
      ttlResolution: 0,
      ...(opts.now ? { perf: { now: opts.now } } : {}),
    });
  const notFoundBytes = Math.max(64 * 1024, Math.floor(opts.maxBytes * NOT_FOUND_SHARE));
  const found = segment(Math.max(1, opts.maxBytes - notFoundBytes));
  const notFound = segment(notFoundBytes);

  /** Renders a target; the answer goes to whoever waits for it, and is kept when it may be. */
  async function fill(target: Target, options: { ttl?: number }): Promise<Stored> {
    const began = seq;
    const r = await opts.render(target);
    const v: Stored = {
      status: r.status,
      headers: r.headers,
      body: r.body,
      etag: r.etag,
      size: r.size,
      storedAt: now(),
      ttlMs: r.status === 404 ? NOT_FOUND_TTL_MS : opts.ttlMs,
      tags: target.tags,
    };
    // Not kept here (a 1 ms life, or deleted once its readers have it): answers that may not be
    // stored, 404s (kept in their own segment), and answers a change touched while they were rendered.
    options.ttl = 1;
    if (!r.storable || purgedSince(began, v.tags)) return v;
    const kept: Stored = { ...v, kept: true };
    if (opts.dir) {
      // On disk: the headers (each page's policy is its own) and the body, as one file read per send.
      const head = Buffer.from(r.headers.join("\n"), "latin1");
      const length = Buffer.alloc(4);
      length.writeUInt32BE(head.length);
      kept.file = path.join(opts.dir, String(++files));
      fs.writeFileSync(kept.file, Buffer.concat([length, head, r.body]));
      delete kept.headers;
      delete kept.body;
    }
    for (const t of v.tags) {
      const keys = byTag.get(t);
      if (keys) keys.add(target.key);
      else byTag.set(t, new Set([target.key]));
    }
    if (r.status === 404) {
      notFound.set(target.key, kept, { ttl: v.ttlMs });
      return v;
    }
    options.ttl = v.ttlMs + opts.staleMs;
    return kept;
  }

  function purgedSince(began: number, tags: readonly CacheTag[]): boolean {
    if (began === seq) return false;
    if (changes.length === 0 || changes[0]!.seq > began + 1) return true;
    return changes.some((c) => c.seq > began && tags.some((t) => c.purge.has(t)));
  }

  return {
    stats,

    /** The kept answer of a target, fresh or stale (then its one background refresh has started). */
    lookup(target: Target): { answer: Stored; state: Freshness } | undefined {
      const kept = found.get(target.key) ?? notFound.get(target.key);
      if (!kept) return undefined;
      if (now() < kept.storedAt + kept.ttlMs) {
        stats.hits++;
        return { answer: kept, state: "HIT" };
      }
      stats.stale++;
      found.fetch(target.key, { context: target, forceRefresh: true, allowStale: true }).catch(() => {});
      return { answer: kept, state: "STALE" };
    },

    /**
     * The answer of a target the store lacks, rendered now (readers of the same key share the
     * render); undefined when the render failed, for the caller to answer itself.
     */
    async fill(target: Target): Promise<{ answer: Stored; state: Freshness } | undefined> {
      stats.misses++;
      try {
        const answer = await found.fetch(target.key, { context: target });
        // Given to the readers who waited for it, not kept (see fill).
        if (answer && !answer.kept && found.peek(target.key, { allowStale: true }) === answer)
          found.delete(target.key);
        return answer && { answer, state: "MISS" };
      } catch {
        return undefined;
      }
    },

    /** Applies a content change: answers tagged with what it touched are never served again. */
    change(change: ContentChange): void {
      seq++;
      const purge = new Set(change.purge);
      changes.push({ seq, purge });
      if (changes.length > CHANGES_KEPT) changes.splice(0, changes.length - CHANGES_KEPT);
      for (const t of purge)
        for (const key of [...(byTag.get(t) ?? [])]) {
          found.delete(key);
          notFound.delete(key);
        }
    },

    /** Forgets everything (a lost pub/sub connection may have missed changes). */
    clear(): void {
      seq++;
      changes.length = 0;
      found.clear();
      notFound.clear();
      byTag.clear();
    },

    /** The headers and body of an answer, from its file when it has one; undefined when that is gone. */
    read(a: Stored): { headers: string[]; body: Buffer } | undefined {
      if (!a.file) return a.headers && a.body && { headers: a.headers, body: a.body };
      let data: Buffer;
      try {
        data = fs.readFileSync(a.file);
      } catch {
        return undefined;
      }
      const end = 4 + data.readUInt32BE(0);
      return { headers: data.toString("latin1", 4, end).split("\n"), body: data.subarray(end) };
    },

    get bytes(): number {
      return found.calculatedSize + notFound.calculatedSize;
    },
    get size(): number {
      return found.size + notFound.size;
    },
  };
}

export type Store = ReturnType<typeof createStore>;
