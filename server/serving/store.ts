import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LRUCache } from "lru-cache";
import type { CacheTag, ContentChange } from "../../contract/cache-tags";
import type { Target } from "./keys";
import type { Rendered } from "./render";

/** An answer as its readers are sent it, but for the headers each send adds. */
export type Answer = Pick<Rendered, "status" | "headers" | "body" | "etag">;

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
  /** the store's own directory (storeDirectory): one file an answer */
  dir: string;
  now?: () => number;
}

/**
 * What the index holds of a kept answer; its status, headers, ETag and body are in its file, read
 * through the operating system's file cache as nginx's proxy_cache does, so the process's memory is
 * the index alone (about 0.2 KB an answer, the key included).
 */
interface Entry {
  /** the file's number in the store's directory */
  file: number;
  storedAt: number;
  /** the store's change count when its render began: a later change to one of its tags ends it */
  seq: number;
}

/** An answer handed to the readers who waited for its render, and not kept (a 1 ms life). */
interface Handed {
  answer: Answer;
}

/** How long a 404 is kept: long enough to absorb a flood of the same unknown URL. */
const NOT_FOUND_TTL_MS = 10_000;
/** The share of the budgets for 404s, so that unknown URLs never push out the pages readers come back to. */
const NOT_FOUND_SHARE = 0.05;
/** Tags remembered with their last change; past this many the store starts afresh (see change). */
const CHANGED_TAGS_KEPT = 50_000;

/**
 * A directory of this process's own for the store's files, under DATA_DIR/cache: named by host and
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

/** An answer as one file: its head (status, ETag, then header names and values, a line each), then its body. */
function encode(a: Answer): Buffer {
  const head = Buffer.from([String(a.status), a.etag, ...a.headers].join("\n"), "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, a.body]);
}

function decode(data: Buffer): Answer {
  const end = 4 + data.readUInt32BE(0);
  const [status, etag, ...headers] = data.toString("latin1", 4, end).split("\n");
  return { status: Number(status), etag: etag ?? "", headers, body: data.subarray(end) };
}

/**
 * The response store (docs/architecture.md, "Serving"): finished answers kept by key, least recently
 * used first out, within a budget of compressed bytes and one of answers. lru-cache does the work:
 * `fetch` merges the readers of a key that is being rendered into one render, and with
 * `forceRefresh` + `allowStale` serves a stale answer while one background render replaces it.
 *
 * Purging is by version, not by index: every content change moves a count and notes it against the
 * tags it touched; an answer is current while none of its key's tags changed after its render
 * began. So a change costs one note per tag however many answers it touches, an answer rendered
 * while a change touched it goes to the readers who waited for it but is never kept, and a purged
 * answer is dropped (with its file) when it is next asked for or falls out of the budget.
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
  const fileOf = (n: number) => path.join(opts.dir, String(n));

  const current = (e: Entry, tags: readonly CacheTag[]) =>
    e.seq >= clearedAt && tags.every((t) => (changedAt.get(t) ?? -1) <= e.seq);
  const segment = (maxSize: number, max: number) =>
    new LRUCache<string, Entry | Handed, Target>({
      max,
      maxSize,
      dispose: (v) => {
        if ("file" in v) fs.rm(fileOf(v.file), { force: true }, () => {});
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
  async function fill(target: Target, options: { ttl?: number; size?: number }): Promise<Entry | Handed> {
    const began = seq;
    const r = await opts.render(target);
    const handed: Handed = { answer: r };
    // Not kept here (a 1 ms life, or deleted once its readers have it): answers that may not be
    // stored, 404s (kept in their own segment), and answers a change touched while they were rendered.
    options.ttl = 1;
    options.size = 1;
    const entry: Entry = { file: ++files, storedAt: now(), seq: began };
    if (!r.storable || !current(entry, target.tags)) return handed;
    const data = encode(r);
    try {
      // Written off the request thread.
      await fs.promises.writeFile(fileOf(entry.file), data);
    } catch {
      return handed;
    }
    // A change during the write: the file goes, the readers still get the answer.
    if (!current(entry, target.tags)) {
      fs.rm(fileOf(entry.file), { force: true }, () => {});
      return handed;
    }
    if (r.status === 404) {
      notFound.set(target.key, entry, { ttl: NOT_FOUND_TTL_MS, size: data.length });
      return handed;
    }
    options.ttl = opts.ttlMs + opts.staleMs;
    options.size = data.length;
    return entry;
  }

  /** An entry's answer from its file; undefined when the file is gone. */
  function read(e: Entry): Answer | undefined {
    try {
      return decode(fs.readFileSync(fileOf(e.file)));
    } catch {
      return undefined;
    }
  }

  return {
    stats,

    /**
     * The kept answer of a target, fresh or stale (then its one background refresh has started);
     * undefined when there is none, or it was purged (it is dropped here).
     */
    lookup(target: Target): { answer: Answer; state: Freshness } | undefined {
      for (const [segment, ttlMs] of [
        [found, opts.ttlMs],
        [notFound, NOT_FOUND_TTL_MS],
      ] as const) {
        const e = segment.get(target.key);
        if (!e || !("file" in e)) continue;
        const answer = current(e, target.tags) ? read(e) : undefined;
        if (!answer) {
          segment.delete(target.key);
          continue;
        }
        if (now() < e.storedAt + ttlMs) {
          stats.hits++;
          return { answer, state: "HIT" };
        }
        stats.stale++;
        found.fetch(target.key, { context: target, forceRefresh: true, allowStale: true }).catch(() => {});
        return { answer, state: "STALE" };
      }
      return undefined;
    },

    /**
     * The answer of a target the store lacks, rendered now (readers of the same key share the
     * render); undefined when the render failed, for the caller to answer itself.
     */
    async fill(target: Target): Promise<{ answer: Answer; state: Freshness } | undefined> {
      stats.misses++;
      try {
        const v = await found.fetch(target.key, { context: target });
        if (!v) return undefined;
        if ("file" in v) {
          const answer = read(v);
          return answer && { answer, state: "MISS" };
        }
        // Given to the readers who waited for it, not kept (see fill).
        if (found.peek(target.key, { allowStale: true }) === v) found.delete(target.key);
        return { answer: v.answer, state: "MISS" };
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

    get bytes(): number {
      return found.calculatedSize + notFound.calculatedSize;
    },
    get size(): number {
      return found.size + notFound.size;
    },
  };
}

export type Store = ReturnType<typeof createStore>;
