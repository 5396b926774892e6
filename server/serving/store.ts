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

/** A target as the store renders it: for a reader, or for the warmer (serving/warmer.ts). */
type Job = Target & { warm?: boolean };

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
 * Background refreshes of stale answers in flight at most: past it a stale answer is served without
 * starting one (its next reader, or the warmer, refreshes it), so a flood of stale hits never queues
 * more renders than the render thread clears in a few tens of milliseconds, before a reader's miss.
 */
const MAX_REFRESHING = 32;
/** Files whose heads are read at once when the store finds its answers again at start. */
const RESTORE_BATCH = 64;
/** The first line of a file's head: its format. */
const FORMAT = "dsn-store-2";

/**
 * The store's directory under DATA_DIR/cache (docs/architecture.md, "Serving"): `<build>/<host>/<port>`,
 * so a restart of an instance finds its answers again, and a new build starts empty. Other builds'
 * directories of this host are removed here, never another host's (DATA_DIR may be shared) nor one a
 * live process holds (its `lock` names its process). Without a port of its own (PORT=0), or when its
 * directory is held, an instance gets a temporary directory, removed at close.
 */
export function storeDirectory(
  dataDir: string,
  opts: { build?: string; instance?: string } = {},
): { dir: string; kept: boolean; release(): void } {
  const root = path.join(dataDir, "cache");
  const safe = (s: string) => s.replace(/[^\w.-]/g, "_");
  const host = safe(os.hostname());
  const build = safe(opts.build ?? "api");
  fs.mkdirSync(root, { recursive: true });
  const rm = (d: string) => fs.rmSync(d, { recursive: true, force: true });
  for (const name of fs.readdirSync(root)) {
    // The layout before builds had directories: <host>-<pid>-<random>.
    const old = /^(.+)-(\d+)-\w+$/.exec(name);
    if (old?.[1] === host && !alive(Number(old[2]))) rm(path.join(root, name));
    const mine = path.join(root, name, host);
    if (name === build || !fs.existsSync(mine)) continue;
    for (const d of fs.readdirSync(mine)) if (!held(path.join(mine, d))) rm(path.join(mine, d));
    for (const d of [mine, path.join(root, name)]) if (fs.readdirSync(d).length === 0) fs.rmdirSync(d);
  }
  const parent = path.join(root, build, host);
  fs.mkdirSync(parent, { recursive: true });
  // Temporary directories of processes gone.
  for (const d of fs.readdirSync(parent))
    if (d.startsWith("tmp-") && !held(path.join(parent, d))) rm(path.join(parent, d));
  let dir = opts.instance ? path.join(parent, safe(opts.instance)) : "";
  const kept = dir !== "" && !held(dir);
  if (kept) fs.mkdirSync(dir, { recursive: true });
  else dir = fs.mkdtempSync(path.join(parent, `tmp-${process.pid}-`));
  fs.writeFileSync(path.join(dir, "lock"), String(process.pid));
  inUse.add(dir);
  return {
    dir,
    kept,
    release() {
      inUse.delete(dir);
      if (kept) fs.rmSync(path.join(dir, "lock"), { force: true });
      else rm(dir);
    },
  };
}

/** The directories stores of this process use (a test runs several servers in one process). */
const inUse = new Set<string>();

/** Whether a live process, other than a past life of this one, holds a store directory. */
function held(dir: string): boolean {
  if (inUse.has(dir)) return true;
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, "lock"), "utf8"));
  } catch {
    return false;
  }
  return pid > 0 && pid !== process.pid && alive(pid);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** What a file's head says of its answer besides the answer itself: enough to index it again at start. */
interface Meta {
  key: string;
  tags: CacheTag[];
  /** when its render began (ms): a change noted in the journal since then ends it */
  began: number;
  storedAt: number;
}

/**
 * An answer as one file: the length of its head, then the head (the format, key, render start,
 * storing time, tags, body length, status, ETag, then header names and values, a line each), then
 * its body.
 */
function encode(a: Answer, m: Meta): Buffer {
  const tags = m.tags.map(encodeURIComponent).join(" ");
  const lines = [FORMAT, m.key, m.began, m.storedAt, tags, a.body.length, a.status, a.etag, ...a.headers];
  const head = Buffer.from(lines.join("\n"), "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, a.body]);
}

/** A file's head, or undefined when it is not one this format wrote (the layout before it, a torn write). */
function parseHead(
  text: string,
): { meta: Meta; bodyLength: number; answer: Omit<Answer, "body"> } | undefined {
  const [format, key, began, storedAt, tags, length, status, etag, ...headers] = text.split("\n");
  if (format !== FORMAT || key === undefined || etag === undefined) return undefined;
  return {
    meta: {
      key,
      tags: (tags ? tags.split(" ").map(decodeURIComponent) : []) as CacheTag[],
      began: Number(began),
      storedAt: Number(storedAt),
    },
    bodyLength: Number(length),
    answer: { status: Number(status), etag, headers },
  };
}

function decode(data: Buffer): Answer | undefined {
  const end = 4 + data.readUInt32BE(0);
  const head = parseHead(data.toString("latin1", 4, end));
  if (!head || data.length !== end + head.bodyLength) return undefined;
  return { ...head.answer, body: data.subarray(end) };
}

/**
 * The content changes an instance saw, in its directory, so that they are honoured by its next
 * life: a line per change (the time, then the tags it touched; `*` for a purge of everything).
 */
function openJournal(dir: string, keepMs: number, now: () => number) {
  const file = path.join(dir, "journal");
  const changed = new Map<CacheTag, number>();
  let cleared = 0;
  let text = "";
  try {
    text = fs.readFileSync(file, "latin1");
  } catch {}
  const apply = (line: string) => {
    const [time, ...tags] = line.split(" ");
    const t = Number(time);
    if (!(t > 0)) return;
    if (tags[0] === "*") {
      cleared = Math.max(cleared, t);
      changed.clear();
    } else for (const tag of tags) changed.set(decodeURIComponent(tag) as CacheTag, t);
  };
  for (const line of text.split("\n")) apply(line);
  // Rewritten without what no answer it may still restore can predate.
  const since = now() - keepMs;
  const kept = [...changed]
    .filter(([, t]) => t >= since)
    .map(([tag, t]) => `${t} ${encodeURIComponent(tag)}\n`);
  if (cleared >= since) kept.unshift(`${cleared} *\n`);
  const write = (data: string, append: boolean) => {
    try {
      (append ? fs.appendFileSync : fs.writeFileSync)(file, data);
    } catch {}
  };
  write(kept.join(""), false);
  return {
    /** Whether a change since `began` touched any of these tags. */
    touched(tags: readonly CacheTag[], began: number): boolean {
      return cleared >= began || tags.some((t) => (changed.get(t) ?? 0) >= began);
    },
    note(tags: readonly CacheTag[] | "*"): void {
      const line = `${now()} ${tags === "*" ? "*" : tags.map(encodeURIComponent).join(" ")}`;
      apply(line);
      // A purge of everything makes every line before it moot.
      write(`${line}\n`, tags !== "*");
    },
  };
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
  const journal = openJournal(opts.dir, opts.ttlMs + opts.staleMs, now);
  // The files a past life left: new ones are numbered after them (see restore).
  const listed = fs.promises.readdir(opts.dir).then(
    (names) => {
      const numbers = names.filter((n) => /^\d+$/.test(n)).map(Number);
      for (const n of numbers) files = Math.max(files, n);
      return numbers.sort((a, b) => a - b);
    },
    () => [] as number[],
  );
  /** Renders for readers in flight (the warmer's are not), and who waits for there to be none. */
  let reading = 0;
  /** Background refreshes of stale answers in flight (see MAX_REFRESHING). */
  let refreshing = 0;
  const idle: (() => void)[] = [];

  const current = (e: Entry, tags: readonly CacheTag[]) =>
    e.seq >= clearedAt && tags.every((t) => (changedAt.get(t) ?? -1) <= e.seq);
  const segment = (maxSize: number, max: number) =>
    new LRUCache<string, Entry | Handed, Job>({
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
  async function fill(target: Job, options: { ttl?: number; size?: number }): Promise<Entry | Handed> {
    const began = seq;
    const meta: Meta = { key: target.key, tags: target.tags, began: now(), storedAt: 0 };
    if (!target.warm) reading++;
    let r: Rendered;
    try {
      r = await opts.render(target);
    } finally {
      if (!target.warm && --reading === 0) for (const wake of idle.splice(0)) wake();
    }
    const handed: Handed = { answer: r };
    // Not kept here (a 1 ms life, or deleted once its readers have it): answers that may not be
    // stored, 404s (kept in their own segment), and answers a change touched while they were rendered.
    options.ttl = 1;
    options.size = 1;
    await listed;
    meta.storedAt = now();
    const entry: Entry = { file: ++files, storedAt: meta.storedAt, seq: began };
    if (!r.storable || !current(entry, target.tags)) return handed;
    const data = encode(r, meta);
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

  /**
   * Indexes the answers a past life of this instance left (docs/architecture.md, "Serving"), a batch
   * of files at a time, readers served meanwhile. An answer comes back stale, so that its first
   * reader gets it while one render replaces it, and the warmer renders it again soon (a change this
   * instance missed while it was down is corrected then); unless the journal says a change touched it
   * since its render began, or it is past its stale window. 404s are not kept.
   */
  async function restore(): Promise<number> {
    const numbers = await listed;
    let restored = 0;
    // One buffer for each file read at once: heads are read into them, not into new ones.
    const buffers = Array.from({ length: RESTORE_BATCH }, () => Buffer.alloc(4096));
    const one = async (n: number, first: Buffer) => {
      const file = fileOf(n);
      let meta: Meta | undefined;
      let size = 0;
      try {
        const fd = await fs.promises.open(file);
        try {
          const { bytesRead } = await fd.read(first, 0, first.length, 0);
          const headLength = bytesRead >= 4 ? first.readUInt32BE(0) : 0;
          let head = first.subarray(4, 4 + headLength);
          if (4 + headLength > bytesRead) {
            head = Buffer.alloc(headLength);
            await fd.read(head, 0, headLength, 4);
          }
          const parsed = parseHead(head.toString("latin1"));
          size = (await fd.stat()).size;
          if (parsed?.answer.status === 200 && size === 4 + headLength + parsed.bodyLength)
            meta = parsed.meta;
        } finally {
          await fd.close();
        }
      } catch {}
      const left = meta ? meta.storedAt + opts.ttlMs + opts.staleMs - now() : 0;
      if (
        !meta ||
        left <= 0 ||
        journal.touched(meta.tags, meta.began) ||
        found.peek(meta.key, { allowStale: true })
      ) {
        fs.rm(file, { force: true }, () => {});
        return;
      }
      // As old as an answer may be: stale for readers, and first in line for the warmer.
      const entry: Entry = { file: n, storedAt: now() - opts.ttlMs - opts.staleMs, seq };
      // A key of its own: a part of the head's text would keep all of it (V8's sliced strings).
      found.set(Buffer.from(meta.key, "latin1").toString("latin1"), entry, { ttl: left, size });
      restored++;
    };
    for (let i = 0; i < numbers.length; i += RESTORE_BATCH)
      await Promise.all(numbers.slice(i, i + RESTORE_BATCH).map((n, j) => one(n, buffers[j]!)));
    return restored;
  }

  return {
    stats,

    /** Done when the answers of the past life are indexed again: how many came back. */
    restored: restore(),

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
        if (refreshing < MAX_REFRESHING) {
          refreshing++;
          found
            .fetch(target.key, { context: target, forceRefresh: true, allowStale: true })
            .catch(() => {})
            .finally(() => refreshing--);
        }
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

    /** How long ago a target's kept answer was rendered (ms); undefined when none is kept, or it was purged. */
    age(target: Target): number | undefined {
      const e = found.peek(target.key);
      return e && "file" in e && current(e, target.tags) ? now() - e.storedAt : undefined;
    },

    /**
     * Renders a target for the warmer (serving/warmer.ts), through the same fetch as readers, so a
     * reader asking for it meanwhile joins this render, or gets the answer it replaces.
     */
    async warm(target: Target): Promise<void> {
      await found
        .fetch(target.key, { context: { ...target, warm: true }, forceRefresh: true })
        .catch(() => {});
    },

    /** Resolves when no render for a reader is in flight or queued. */
    idle(): Promise<void> {
      return reading === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve));
    },

    /** Applies a content change: answers tagged with what it touched are never served again. */
    change(change: ContentChange): void {
      // The notes are bounded: past the bound, starting afresh is simpler than finding old ones.
      if (changedAt.size > CHANGED_TAGS_KEPT) {
        this.clear();
        return;
      }
      seq++;
      for (const t of change.purge) changedAt.set(t, seq);
      journal.note(change.purge);
    },

    /** Forgets everything (a lost pub/sub connection may have missed changes). */
    clear(): void {
      seq++;
      clearedAt = seq;
      changedAt.clear();
      journal.note("*");
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
