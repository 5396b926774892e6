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
  /** the number of the file holding its headers and body, when the store keeps them on disk */
  file?: number;
  storedAt: number;
  /** the store's change count when its render began: a later change to one of its tags ends it */
  seq: number;
  /** kept in the store, as opposed to handed to its readers only */
  kept?: true;
  /** fresh this long after storedAt; then stale (served while one background render refreshes it) */
  ttlMs: number;
  tags: readonly CacheTag[];
}

export type Freshness = "HIT" | "STALE" | "MISS";

export interface StoreOptions {
  maxBytes: number;
  /** the most answers kept: the index of each is in memory */
  maxEntries: number;
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
/** The share of the budgets for 404s, so that unknown URLs never push out the pages readers come back to. */
const NOT_FOUND_SHARE = 0.05;
/** Tags remembered with their last change; past this many the store starts afresh (see change). */
const CHANGED_TAGS_KEPT = 50_000;

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

/**
 * The response store (docs/architecture.md, "Serving"): finished answers kept by key, least recently
 * used first out, sized by their compressed bytes. lru-cache does the work: `fetch` merges the readers
 * of a key that is being rendered into one render, and with `forceRefresh` + `allowStale` serves a
 * stale answer while one background render replaces it.
 *
 * Purging is by version, not by index: every content change moves a count and notes it against the
 * tags it touched; an answer is current while none of its tags changed after its render began. So a
 * change costs one note per tag however many answers it touches, an answer rendered while a change
 * touched it goes to the readers who waited for it but is never kept, and a purged answer is dropped
 * (with its file) when it is next asked for or falls out of the budget.
 */
export function createStore(opts: StoreOptions) {
  const now = opts.now ?? Date.now;
  const stats = { hits: 0, stale: 0, misses: 0 };
  /** tag → the change count of its last change */
  const changedAt = new Map<CacheTag, number>();
  let seq = 0;
  /** answers whose render began before this count are never served (see clear) */
  let clearedAt = 0;
  let files = 0;
  const fileOf = (n: number) => path.join(opts.dir ?? "", String(n));

  const current = (v: Stored) => v.seq >= clearedAt && v.tags.every((t) => (changedAt.get(t) ?? -1) <= v.seq);
  const segment = (maxSize: number, max: number) =>
    new LRUCache<string, Stored, Target>({
      max,
      maxSize,
      sizeCalculation: (v) => Math.max(1, v.size),
      dispose: (v) => {
        if (v.file !== undefined) fs.rm(fileOf(v.file), { force: true }, () => {});
      },
      fetchMethod: (_key, _stale, { context, options }) => fill(context, options),
      // Read the clock on every check (lru-cache would otherwise reuse one reading for a millisecond).
      ttlResolution: 0,
      ...(opts.now ? { perf: { now: opts.now } } : {}),
    });
  const notFoundBytes = Math.max(64 * 1024, Math.floor(opts.maxBytes * NOT_FOUND_SHARE));
  const notFoundEntries = Math.max(10, Math.floor(opts.maxEntries * NOT_FOUND_SHARE));
  const found = segment(Math.max(1, opts.maxBytes - notFoundBytes), opts.maxEntries - notFoundEntries);
  const notFound = segment(notFoundBytes, notFoundEntries);

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
      seq: began,
      ttlMs: r.status === 404 ? NOT_FOUND_TTL_MS : opts.ttlMs,
      tags: target.tags,
    };
    // Not kept here (a 1 ms life, or deleted once its readers have it): answers that may not be
    // stored, 404s (kept in their own segment), and answers a change touched while they were rendered.
    options.ttl = 1;
    if (!r.storable || !current(v)) return v;
    let kept: Stored = { ...v, kept: true };
    if (opts.dir) {
      // On disk: the headers (each page's policy is its own) and the body, as one file read per
      // send, written off the request thread.
      const head = Buffer.from(r.headers.join("\n"), "latin1");
      const length = Buffer.alloc(4);
      length.writeUInt32BE(head.length);
      const file = ++files;
      try {
        await fs.promises.writeFile(fileOf(file), Buffer.concat([length, head, r.body]));
      } catch {
        return v;
      }
      const { headers: _headers, body: _body, ...index } = kept;
      kept = { ...index, file };
      // A change during the write: the file goes, the readers still get the answer.
      if (!current(kept)) {
        fs.rm(fileOf(file), { force: true }, () => {});
        return v;
      }
    }
    if (r.status === 404) {
      notFound.set(target.key, kept, { ttl: v.ttlMs });
      return v;
    }
    options.ttl = v.ttlMs + opts.staleMs;
    return kept;
  }

  /** The kept answer of a key, if it is still current; a purged one is dropped here. */
  function keptOf(key: string): Stored | undefined {
    for (const segment of [found, notFound]) {
      const v = segment.get(key);
      if (!v) continue;
      if (current(v)) return v;
      segment.delete(key);
    }
    return undefined;
  }

  return {
    stats,

    /** The kept answer of a target, fresh or stale (then its one background refresh has started). */
    lookup(target: Target): { answer: Stored; state: Freshness } | undefined {
      const kept = keptOf(target.key);
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
      // The notes are bounded: past the bound, starting afresh is simpler than finding old ones.
      if (changedAt.size > CHANGED_TAGS_KEPT) this.clear();
      seq++;
      for (const t of change.purge) changedAt.set(t, seq);
    },

    /** Forgets everything (a lost pub/sub connection may have missed changes). */
    clear(): void {
      seq++;
      clearedAt = seq;
      changedAt.clear();
      found.clear();
      notFound.clear();
    },

    /** The headers and body of an answer, from its file when it has one; undefined when that is gone. */
    read(a: Stored): { headers: string[]; body: Buffer } | undefined {
      if (a.headers && a.body) return { headers: a.headers, body: a.body };
      if (a.file === undefined) return undefined;
      let data: Buffer;
      try {
        data = fs.readFileSync(fileOf(a.file));
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
