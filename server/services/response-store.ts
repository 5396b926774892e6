import crypto from "node:crypto";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import type { CacheTag, ContentChange } from "../../contract/cache-tags";
import { headerMemo } from "./header-memo";

/**
 * The store of finished answers (rendered pages and API JSON) shared by the page cache and the API
 * micro-cache (docs: README "Response store").
 *
 * - Sized in bytes: bodies are kept compressed (brotli or gzip, whichever the first client asked
 *   for; the other is made from it when a client needs it), and least recently used answers go
 *   first once the budget is reached. Answers for unknown URLs (404) live in a small segment of
 *   their own, so a flood of them never evicts the pages readers come back to.
 * - Invalidated by tags, not emptied: every answer lists what it shows (an article, the article
 *   lists, the site chrome). A content change names tags to purge (never served again) and tags
 *   made stale (served for at most `staleMs` more while one background render refreshes them).
 *   Changes go into a short log; an answer compares itself with the log when it is next read, so a
 *   change costs nothing per stored answer.
 */

export type Encoding = "br" | "gzip";

export interface StoredAnswer {
  status: number;
  /** response headers without content-length, content-encoding and etag (shared: never changed) */
  headers: readonly (readonly [string, string])[];
  bodies: Partial<Record<Encoding, Buffer>>;
  etag: string;
  tags: readonly CacheTag[];
  /** the change sequence when the render started: changes after it apply to this answer */
  seq: number;
  /** changes up to this sequence have been compared with the answer */
  checkedSeq: number;
  storedAt: number;
  ttlMs: number;
  /** set by the first stale-making change after the render */
  staleSince?: number;
  /** bytes of the uncompressed body (sent to clients that accept no compression) */
  rawBytes: number;
  /** the header lists it was sent with, by encoding and state (server/http/answers.ts answerHead) */
  heads?: Map<string, string[]>;
}

export type Freshness = "fresh" | "stale" | "dead";

export interface StoreStats {
  hits: number;
  stale: number;
  misses: number;
}

export interface ResponseStoreOptions {
  maxBytes: number;
  /** how long a stale answer may still be served while it is refreshed */
  staleMs: number;
  /** the share of maxBytes for 404 answers (default 5 %) */
  notFoundShare?: number;
  now?: () => number;
}

interface LoggedChange {
  seq: number;
  at: number;
  purge: Set<CacheTag>;
  stale: Set<CacheTag>;
}

/** the change log keeps at most this many changes; older answers are re-rendered */
const LOG_LIMIT = 5000;

export function answerSize(a: StoredAnswer): number {
  // Beside the headers' text: the flat header lists kept per encoding and state (about three).
  let n = 200 + a.etag.length + 3 * 8 * (2 * a.headers.length + 12);
  for (const [k, v] of a.headers) n += k.length + v.length;
  for (const b of Object.values(a.bodies)) n += b?.length ?? 0;
  return n;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(body, {
        params: {
          // Every page that misses the store is compressed once, so this is paid by every render of
          // the long tail: it was a third of a render thread's time at quality 2. A 38 KB article
          // page, on a machine where a render takes 1.9 ms: quality 2 takes 0.26-0.40 ms for 10.0 KB,
          // quality 1 0.18-0.24 ms for 10.7 KB, quality 0 0.10-0.13 ms for 11.0 KB (gzip -6:
          // 0.54-0.70 ms, 9.5 KB) (bench/README.md, "Real traffic").
          [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body, { level: 6 });
}

/** The ETag of a body: a digest of its uncompressed bytes. */
export function etagOf(body: Buffer): string {
  return `W/"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}

/**
 * A body already compressed in the store's encoding, with its ETag: made where the page was rendered
 * (a render thread), so the request thread only keeps and sends it.
 */
export interface PreparedBody {
  encoding: Encoding;
  compressed: Buffer;
  etag: string;
}

export function decompress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br" ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body);
}

/** What a client accepts, from its Accept-Encoding header: brotli first, then gzip, else neither. */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  return acceptEncoding ? encodingOf(acceptEncoding) : null;
}

/** Browsers send one of a few values: each is read once. */
const encodingOf = headerMemo(
  (acceptEncoding): Encoding | null => {
    const ae = acceptEncoding.toLowerCase();
    return accepts(ae, "br") ? "br" : accepts(ae, "gzip") ? "gzip" : null;
  },
  { entries: 100, longest: 128 },
);

function accepts(ae: string, coding: string): boolean {
  const i = ae.indexOf(coding);
  if (i === -1) return false;
  // "gzip;q=0" refuses it; anything else (no q, q>0) accepts it.
  const rest = ae.slice(i + coding.length).split(",")[0] ?? "";
  const q = /;\s*q=([\d.]+)/.exec(rest);
  return !q || Number(q[1]) > 0;
}

/**
 * Header lists are kept once however many answers carry them. Article pages made from one kept page
 * carry the same headers, policy and its hashes included, but each arrives from a render thread as a
 * copy of its own (about 2 KB of strings a page); kept per answer, tens of thousands of stored pages
 * made the request thread's heap several times larger, and every major collection marks all of it
 * (a publish replaces thousands of pages within seconds).
 */
const headerLists = new LRUCache<string, [string, string][]>({ max: 2000 });

function sharedHeaders(headers: [string, string][]): [string, string][] {
  let key = "";
  for (const [k, v] of headers) key += `${k}\n${v}\n`;
  const known = headerLists.get(key);
  if (known) return known;
  headerLists.set(key, headers);
  return headers;
}

export function createResponseStore(opts: ResponseStoreOptions) {
  const now = opts.now ?? Date.now;
  const notFoundBytes = Math.max(64 * 1024, Math.floor(opts.maxBytes * (opts.notFoundShare ?? 0.05)));
  const segment = (maxSize: number) =>
    new LRUCache<string, StoredAnswer>({
      maxSize,
      sizeCalculation: (a) => Math.max(1, answerSize(a)),
      // An answer older than its TTL plus the stale window is never served: let it go.
      ttl: 1,
      ttlAutopurge: false,
      updateAgeOnGet: false,
      allowStale: false,
    });
  const found = segment(Math.max(1, opts.maxBytes - notFoundBytes));
  const notFound = segment(notFoundBytes);
  let seq = 0;
  /** changes up to this sequence were dropped from the log */
  let forgotten = 0;
  const log: LoggedChange[] = [];
  const stats: StoreStats = { hits: 0, stale: 0, misses: 0 };
  const inflight = new Map<string, Promise<unknown>>();

  const seg = (status: number) => (status === 404 ? notFound : found);

  /** Applies the changes logged since the answer was last read; false: it was purged. */
  function catchUp(a: StoredAnswer): boolean {
    if (a.checkedSeq >= seq) return true;
    // Older than anything the log still remembers: we cannot tell what changed, so re-render.
    if (a.checkedSeq < forgotten) return false;
    for (let i = log.length - 1; i >= 0; i--) {
      const ch = log[i]!;
      if (ch.seq <= a.checkedSeq) break;
      for (const t of a.tags) {
        if (ch.purge.has(t)) return false;
      }
    }
    for (const ch of log) {
      if (ch.seq <= a.checkedSeq) continue;
      if (a.staleSince === undefined && a.tags.some((t) => ch.stale.has(t))) a.staleSince = ch.at;
    }
    a.checkedSeq = seq;
    return true;
  }

  function freshness(a: StoredAnswer, t: number): Freshness {
    const expires = a.storedAt + a.ttlMs;
    // Stale because a change touched what it shows: serve it for half the window untouched (one
    // refresh per publish would re-render every hot page every few seconds), then refresh it in
    // the background; never serve it once the window has passed.
    const staleFrom =
      a.staleSince === undefined ? expires : Math.min(expires, a.staleSince + opts.staleMs / 2);
    const deadAt =
      a.staleSince === undefined
        ? expires + opts.staleMs
        : Math.min(expires + opts.staleMs, a.staleSince + opts.staleMs);
    if (t < staleFrom) return "fresh";
    if (t < deadAt) return "stale";
    return "dead";
  }

  return {
    stats,
    /** The current change sequence: read it before rendering, pass it to put(). */
    get seq() {
      return seq;
    },

    /** The stored answer and how fresh it is; purged and dead answers are dropped. */
    lookup(key: string): { answer: StoredAnswer; state: Freshness } | undefined {
      const a = found.get(key) ?? notFound.get(key);
      if (!a) return undefined;
      const t = now();
      if (!catchUp(a)) {
        found.delete(key);
        notFound.delete(key);
        return undefined;
      }
      const state = freshness(a, t);
      if (state === "dead") {
        found.delete(key);
        notFound.delete(key);
        return undefined;
      }
      return { answer: a, state };
    },

    /** Stores a finished answer (the body is compressed here, once). */
    put(
      key: string,
      init: {
        status: number;
        headers: [string, string][];
        body: Buffer;
        tags: readonly CacheTag[];
        seq: number;
        ttlMs: number;
        encoding: Encoding;
        /** the body compressed in `encoding` and its ETag, when made already */
        prepared?: PreparedBody;
      },
    ): StoredAnswer {
      const ready = init.prepared?.encoding === init.encoding ? init.prepared : undefined;
      const a: StoredAnswer = {
        status: init.status,
        headers: sharedHeaders(init.headers),
        bodies: { [init.encoding]: ready?.compressed ?? compress(init.body, init.encoding) },
        etag: ready?.etag ?? etagOf(init.body),
        tags: init.tags,
        seq: init.seq,
        checkedSeq: init.seq,
        storedAt: now(),
        ttlMs: init.ttlMs,
        rawBytes: init.body.length,
      };
      // A render that started before a change may show old data: catchUp() drops it at once if a
      // change since then purged one of its tags.
      if (!catchUp(a)) return a;
      const target = seg(a.status);
      target.set(key, a, { ttl: a.ttlMs + opts.staleMs });
      (target === found ? notFound : found).delete(key);
      return a;
    },

    /** The body in the given encoding (made from the stored one and kept), or uncompressed (null). */
    body(key: string, a: StoredAnswer, encoding: Encoding | null): Buffer {
      const have = (Object.keys(a.bodies) as Encoding[])[0]!;
      if (encoding === null) return decompress(a.bodies[have]!, have);
      const existing = a.bodies[encoding];
      if (existing) return existing;
      const made = compress(decompress(a.bodies[have]!, have), encoding);
      a.bodies[encoding] = made;
      // Stored again under its new size (lru-cache keeps the old size when the value is the same
      // object, so it goes out first); the remaining TTL is kept.
      const target = seg(a.status);
      if (target.peek(key) === a) {
        const remaining = target.getRemainingTTL(key);
        target.delete(key);
        target.set(key, a, { ttl: Math.max(1, remaining) });
      }
      return made;
    },

    /**
     * One computation per key at a time: concurrent misses share the first one's result, and a
     * stale answer gets one background refresh however many readers see it.
     */
    once<T>(key: string, work: () => Promise<T>): Promise<T | undefined> {
      const running = inflight.get(key) as Promise<T | undefined> | undefined;
      if (running) return running;
      const p: Promise<T | undefined> = work()
        .catch(() => undefined)
        .finally(() => inflight.delete(key));
      inflight.set(key, p);
      return p;
    },

    refreshing(key: string): boolean {
      return inflight.has(key);
    },

    /** Applies a content change: purged tags are never served again, stale ones for a while. */
    change(change: ContentChange): void {
      seq++;
      log.push({ seq, at: now(), purge: new Set(change.purge), stale: new Set(change.stale) });
      if (log.length > LOG_LIMIT) forgotten = log.splice(0, log.length - LOG_LIMIT).at(-1)!.seq;
    },

    /** Forgets everything (a lost pub/sub connection may have missed changes). */
    clear(): void {
      seq++;
      forgotten = seq;
      log.length = 0;
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

export type ResponseStore = ReturnType<typeof createResponseStore>;

/**
 * The two stores of an instance: rendered pages (three quarters of CACHE_MAX_MB) and API answers
 * (one quarter), both following the content changes of every instance.
 */
export function createResponseStores(
  config: { CACHE_MAX_MB: number; CACHE_STALE_SECONDS: number },
  events: { onChange(fn: (change: ContentChange | null) => void): () => void },
) {
  const bytes = config.CACHE_MAX_MB * 1024 * 1024;
  const staleMs = config.CACHE_STALE_SECONDS * 1000;
  const pages = createResponseStore({ maxBytes: Math.floor(bytes * 0.75), staleMs });
  const api = createResponseStore({ maxBytes: Math.floor(bytes * 0.25), staleMs });
  events.onChange((change) => {
    for (const s of [pages, api]) {
      if (change) s.change(change);
      else s.clear();
    }
  });
  return { pages, api };
}
