import type { Keys } from "./keys";
import type { Store } from "./store";

/** The public pages of the archive, in the order readers ask for them most (services/public-pages.ts). */
export interface PageList {
  count: number;
  paths: AsyncIterable<string>;
}

/** What /metrics shows of the warmer (server/http/metrics.ts). */
export interface WarmerProgress {
  /** pages it rendered since start */
  warmed: number;
  /** pages of its current pass not yet looked at */
  left: number;
  /** passes over every page finished since start */
  passes: number;
}

/** Pages looked at between two turns of the event loop, when they need no render. */
const PAGES_PER_TURN = 256;

/**
 * The warmer (docs/architecture.md, "Serving"): renders what the store lacks, every public page of
 * the archive in the order readers ask for them most, one page at a time and only while no render
 * for a reader is in flight or queued (as WP Super Cache's preload and nginx's
 * proxy_cache_background_update do), through the store's own fetch, so that a reader asking for the
 * page being warmed joins its render. It also renders again what is about to fall out of the store
 * (older than `refreshAfterMs`). A pass starts after start (once the store found its past answers
 * again), after every content change or purge, and `restMs` after the last one ended.
 */
export function createWarmer(opts: {
  store: Store;
  keys: Keys;
  pages(): Promise<PageList>;
  /** the origin readers ask on (PUBLIC_URL, or the last one a reader used); none yet: wait */
  origin(): string | undefined;
  refreshAfterMs: number;
  restMs: number;
  onError(err: Error): void;
}) {
  const progress: WarmerProgress = { warmed: 0, left: 0, passes: 0 };
  let again = false;
  let stopped = false;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** Waits for a change, a purge, a reader's origin, or `ms`. */
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      if (again || stopped) return resolve();
      wake = resolve;
      timer = setTimeout(resolve, ms);
      timer.unref();
    }).finally(() => {
      clearTimeout(timer);
      wake = undefined;
    });

  async function pass(origin: string) {
    const list = await opts.pages();
    let looked = 0;
    progress.left = list.count;
    for await (const path of list.paths) {
      if (again || stopped) return false;
      progress.left = Math.max(0, list.count - ++looked);
      if (looked % PAGES_PER_TURN === 0) await new Promise((r) => setImmediate(r));
      const target = opts.keys.resolve(origin, path);
      if (!target) continue;
      const age = opts.store.age(target);
      if (age !== undefined && age < opts.refreshAfterMs) continue;
      await opts.store.idle();
      if (again || stopped) return false;
      await opts.store.warm(target);
      progress.warmed++;
    }
    progress.left = 0;
    progress.passes++;
    return true;
  }

  async function run() {
    await opts.store.restored;
    while (!stopped) {
      again = false;
      const origin = opts.origin();
      try {
        if (!origin || (await pass(origin))) await rest(opts.restMs);
      } catch (err) {
        opts.onError(err as Error);
        await rest(opts.restMs);
      }
    }
  }

  return {
    progress,
    start(): void {
      void run();
    },
    /** A change or a purge: the pass starts again from the first page. */
    restart(): void {
      again = true;
      wake?.();
    },
    stop(): void {
      stopped = true;
      wake?.();
    },
  };
}

export type Warmer = ReturnType<typeof createWarmer>;
