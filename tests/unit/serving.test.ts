import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import {
  articleChange,
  articleTag,
  type CacheTag,
  type RouteCache,
  resourceChange,
} from "../../contract/cache-tags";
import { endpoints } from "../../server/api/registry";
import { createKeys, type Keys, routeTrees, type Target } from "../../server/serving/keys";
import type { Rendered } from "../../server/serving/render";
import { createStore, storeDirectory } from "../../server/serving/store";
import { createWarmer } from "../../server/serving/warmer";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const answer = (status = 200, bytes = 1000): Rendered => ({
  status,
  headers: ["content-type", "text/html; charset=utf-8"],
  body: Buffer.alloc(bytes, 1),
  etag: 'W/"x"',
  storable: true,
});

/** A store whose renders are counted and answered by `reply` (a 1,000-byte page by default). */
function storeWith(
  opts: {
    maxBytes?: number;
    maxEntries?: number;
    dir?: string;
    reply?: (t: Target) => Promise<Rendered> | Rendered;
  } = {},
) {
  const c = clock();
  const rendered: string[] = [];
  const store = createStore({
    maxBytes: opts.maxBytes ?? 10 * 1024 * 1024,
    maxEntries: opts.maxEntries ?? 100_000,
    ttlMs: 300_000,
    staleMs: 60_000,
    now: c.now,
    dir: opts.dir ?? storeDirectory(fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"))).dir,
    render: async (t) => {
      rendered.push(t.key);
      return (await opts.reply?.(t)) ?? answer();
    },
  });
  const get = async (key: string, tags: CacheTag[] = []) => {
    const t = { key, tags };
    return store.lookup(t) ?? (await store.fill(t));
  };
  return { store, clock: c, rendered, get };
}

describe("the response store", () => {
  it("renders a key once however many readers wait, then serves it until its TTL, then stale while one refresh runs", async () => {
    const { clock, rendered, get } = storeWith();
    const readers = await Promise.all([1, 2, 3].map(() => get("h/a")));
    expect(readers.map((r) => r?.state)).toEqual(["MISS", "MISS", "MISS"]);
    expect(rendered).toEqual(["h/a"]);
    expect((await get("h/a"))?.state).toBe("HIT");
    clock.advance(301_000);
    // Past its TTL: served stale to every reader while one background render replaces it.
    expect((await get("h/a"))?.state).toBe("STALE");
    expect((await get("h/a"))?.state).toBe("STALE");
    await expect.poll(async () => (await get("h/a"))?.state).toBe("HIT");
    expect(rendered).toEqual(["h/a", "h/a"]);
    // Never served once the stale window has passed unread: rendered afresh.
    clock.advance(361_000);
    expect((await get("h/a"))?.state).toBe("MISS");
  });

  it("starts at most 32 background refreshes at once, and serves the other stale answers as they are", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let hold = false;
    const { clock, rendered, get } = storeWith({
      reply: async () => {
        if (hold) await held;
        return answer();
      },
    });
    const keys = Array.from({ length: 100 }, (_, i) => `h/${i}`);
    for (const k of keys) await get(k);
    clock.advance(301_000);
    hold = true;
    const states = await Promise.all(keys.map((k) => get(k)));
    expect(states.every((s) => s?.state === "STALE")).toBe(true);
    expect(rendered.length).toBe(100 + 32);
    release();
    // Once those are done, the next stale readers start refreshes again.
    await expect.poll(async () => (await get("h/99"))?.state).toBe("HIT");
  });

  it("purges what a change touches, and only that", async () => {
    const { store, get } = storeWith();
    // A key's tags come from its route, so every request for it names the same ones.
    const tags: Record<string, CacheTag[]> = {
      "h/articledetail/1": [articleTag(1), "chrome"],
      "h/articledetail/2": [articleTag(2), "chrome"],
      "h/": ["articles", "chrome"],
      "h/cooperate": ["contacts", "chrome"],
    };
    const page = (key: string) => get(key, tags[key]);
    for (const key of Object.keys(tags)) await page(key);
    store.change(articleChange(1));
    expect((await page("h/articledetail/1"))?.state).toBe("MISS");
    expect((await page("h/"))?.state).toBe("MISS");
    expect((await page("h/articledetail/2"))?.state).toBe("HIT");
    expect((await page("h/cooperate"))?.state).toBe("HIT");
    // A change to what the chrome lists (banners) purges every page.
    store.change(resourceChange("banners"));
    for (const key of Object.keys(tags)) expect((await page(key))?.state, key).toBe("MISS");
  });

  it("never keeps an answer whose render began before a change that touched it, but gives it to its readers", async () => {
    let release: () => void = () => {};
    const { store, get } = storeWith({
      reply: () => new Promise<Rendered>((r) => (release = () => r(answer()))),
    });
    const waiting = get("h/articledetail/7", [articleTag(7)]);
    await expect.poll(() => typeof release).toBe("function");
    store.change(articleChange(7));
    release();
    expect((await waiting)?.state).toBe("MISS");
    expect(store.size).toBe(0);
  });

  it("gives answers that may not be stored to the readers who waited, and keeps none of them", async () => {
    const { store, get, rendered } = storeWith({ reply: () => ({ ...answer(500), storable: false }) });
    const [a, b] = await Promise.all([get("h/x"), get("h/x")]);
    expect([a?.answer.status, b?.answer.status]).toEqual([500, 500]);
    expect(rendered).toHaveLength(1);
    expect((await get("h/x"))?.state).toBe("MISS");
    expect(store.lookup({ key: "h/x", tags: [] })).toBeUndefined();
  });

  it("answers undefined when the render fails, so the caller answers the reader itself", async () => {
    const { get } = storeWith({ reply: () => Promise.reject(new Error("thread gone")) });
    expect(await get("h/x")).toBeUndefined();
  });

  it("stays within its budget, and a flood of 404s does not push out the pages readers come back to", async () => {
    const { store, get } = storeWith({
      maxBytes: 200_000,
      reply: (t) => answer(t.key.includes("missing") ? 404 : 200, 9_000),
    });
    await get("h/hot");
    for (let i = 0; i < 200; i++) {
      await get(`h/missing-${i}`);
      if (i % 5 === 0) expect((await get("h/hot"))?.state).toBe("HIT");
    }
    expect(store.bytes).toBeLessThanOrEqual(200_000);
    expect((await get("h/hot"))?.state).toBe("HIT");
    // The last 404s are still answered from the store, for their short life.
    expect((await get("h/missing-199"))?.state).toBe("HIT");
  });

  it("keeps at most its number of answers, however small they are, the least recently read going first", async () => {
    const { store, get } = storeWith({ maxEntries: 1000, reply: () => answer(200, 10) });
    await get("h/hot");
    for (let i = 0; i < 3000; i++) {
      await get(`h/api?page=${i}`);
      if (i % 100 === 0) await get("h/hot");
    }
    expect(store.size).toBeLessThanOrEqual(1000);
    expect((await get("h/hot"))?.state).toBe("HIT");
    expect((await get("h/api?page=0"))?.state).toBe("MISS");
  });
});

/** The answers' files in a store's directory (beside them: its lock and its journal). */
const answerFiles = (dir: string) => fs.readdirSync(dir).filter((n) => /^\d+$/.test(n));
const host = os.hostname().replace(/[^\w.-]/g, "_");
const tmpRoot = () => fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));

describe("the response store on disk", () => {
  it("keeps each answer's headers and body in a file of its own, read back as rendered, gone with the answer", async () => {
    const { dir, release } = storeDirectory(tmpRoot());
    const page = {
      ...answer(),
      headers: ["content-type", "text/html", "content-security-policy", "script-src 'self'"],
    };
    page.body = Buffer.from("电商报".repeat(100));
    const { store, get } = storeWith({ dir, maxBytes: 100_000, reply: () => page });
    const first = await get("h/a", [articleTag(1)]);
    expect(answerFiles(dir)).toHaveLength(1);
    const hit = await get("h/a", [articleTag(1)]);
    expect(hit?.state).toBe("HIT");
    for (const got of [first, hit])
      expect(got?.answer).toEqual({ status: 200, etag: page.etag, headers: page.headers, body: page.body });
    // The file is the answer: a file gone under the store is a miss, rendered afresh.
    fs.rmSync(path.join(dir, answerFiles(dir)[0]!));
    expect((await get("h/a", [articleTag(1)]))?.state).toBe("MISS");
    // A purged answer's file goes when the page is next asked for (and rendered afresh).
    const [before] = answerFiles(dir);
    store.change(articleChange(1));
    expect((await get("h/a", [articleTag(1)]))?.state).toBe("MISS");
    await expect.poll(() => answerFiles(dir)).toHaveLength(1);
    expect(answerFiles(dir)).not.toContain(before);
    // Without an instance of its own (PORT=0), the directory goes at close.
    release();
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("is the build's and the instance's own: found again by the instance, never shared with a live process", () => {
    const root = tmpRoot();
    const a = storeDirectory(root, { build: "b1", instance: "3000" });
    expect(a.kept).toBe(true);
    expect(a.dir).toBe(path.join(root, "cache", "b1", host, "3000"));
    fs.writeFileSync(path.join(a.dir, "1"), "x");
    // Held: another store of this process on the same port gets a temporary directory.
    const b = storeDirectory(root, { build: "b1", instance: "3000" });
    expect(b.kept).toBe(false);
    expect(b.dir).not.toBe(a.dir);
    b.release();
    a.release();
    // Released (the server closed, or its process died): the next life finds its files.
    const again = storeDirectory(root, { build: "b1", instance: "3000" });
    expect(again.dir).toBe(a.dir);
    expect(fs.readdirSync(again.dir)).toContain("1");
    again.release();
  });

  it("starts a new build empty, removing this host's directories of other builds, never another host's or a live one's", () => {
    const root = tmpRoot();
    const cache = path.join(root, "cache");
    const old = storeDirectory(root, { build: "b1", instance: "3000" });
    fs.writeFileSync(path.join(old.dir, "1"), "x");
    old.release();
    const live = path.join(cache, "b0", host, "3001");
    const other = path.join(cache, "b1", "another-host", "3000");
    const legacyDead = path.join(cache, `${host}-999999999-abc123`);
    const legacyLive = path.join(cache, `${host}-${process.ppid}-def456`);
    for (const d of [live, other, legacyDead, legacyLive]) fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(path.join(live, "lock"), String(process.ppid));
    const next = storeDirectory(root, { build: "b2", instance: "3000" });
    expect(next.dir).toBe(path.join(cache, "b2", host, "3000"));
    expect(fs.readdirSync(next.dir)).toEqual(["lock"]);
    expect(fs.existsSync(old.dir)).toBe(false);
    expect(fs.existsSync(path.join(cache, "b1", host))).toBe(false);
    for (const d of [live, other, legacyLive]) expect(fs.existsSync(d), d).toBe(true);
    expect(fs.existsSync(legacyDead)).toBe(false);
  });
});

describe("the response store across a restart", () => {
  /** A store on a directory of its own; a second one on the same directory is the instance's next life. */
  function lives() {
    const root = tmpRoot();
    let current: ReturnType<typeof storeDirectory> | undefined;
    return (opts: Parameters<typeof storeWith>[0] = {}) => {
      current?.release();
      current = storeDirectory(root, { build: "b", instance: "1" });
      return storeWith({ ...opts, dir: current.dir });
    };
  }

  it("finds its answers again, served stale at once while one render replaces each", async () => {
    const life = lives();
    const first = life();
    await first.get("h/a", [articleTag(1)]);
    await first.get("h/b", [articleTag(2)]);
    const next = life();
    expect(await next.store.restored).toBe(2);
    const a = next.store.lookup({ key: "h/a", tags: [articleTag(1)] });
    expect(a?.state).toBe("STALE");
    expect(a?.answer.body).toEqual(answer().body);
    await expect.poll(() => next.store.lookup({ key: "h/a", tags: [articleTag(1)] })?.state).toBe("HIT");
    expect(next.rendered).toEqual(["h/a"]);
    // The warmer renders what it found again (as old as may be), readers' pages first.
    expect(next.store.age({ key: "h/b", tags: [articleTag(2)] })).toBeGreaterThanOrEqual(360_000);
  });

  it("honours the changes it saw before the restart, and forgets answers past their stale window", async () => {
    const life = lives();
    const first = life();
    for (const id of [1, 2, 3]) await first.get(`h/${id}`, [articleTag(id)]);
    first.store.change(articleChange(1));
    first.clock.advance(1);
    // Rendered again after the change: kept.
    await first.get("h/3", [articleTag(3)]);
    first.store.change(articleChange(3));
    first.clock.advance(1);
    await first.get("h/3", [articleTag(3)]);
    const next = life();
    expect(await next.store.restored).toBe(2);
    expect(next.store.lookup({ key: "h/1", tags: [articleTag(1)] })).toBeUndefined();
    expect(next.store.lookup({ key: "h/2", tags: [articleTag(2)] })?.state).toBe("STALE");
    expect(next.store.lookup({ key: "h/3", tags: [articleTag(3)] })?.state).toBe("STALE");
    // A purge of everything is honoured too.
    next.clock.advance(10);
    next.store.clear();
    const third = life();
    expect(await third.store.restored).toBe(0);
  });

  it("keeps no answer past its stale window across a restart", async () => {
    const life = lives();
    const first = life();
    await first.get("h/a");
    const next = life();
    // Each life's clock starts where the first did: moved past the answer's life before it is indexed.
    next.clock.advance(361_000);
    expect(await next.store.restored).toBe(0);
    expect(next.store.lookup({ key: "h/a", tags: [] })).toBeUndefined();
  });
});

describe("the warmer", () => {
  const keysFor = {
    resolve: (o: string, p: string) => ({ key: o + p, tags: [articleTag(Number(p.slice(1)))] }),
  };
  function warmerOn(paths: string[], opts: Parameters<typeof storeWith>[0] = {}) {
    const s = storeWith(opts);
    const warmer = createWarmer({
      store: s.store,
      keys: keysFor as unknown as Keys,
      pages: async () => ({
        count: paths.length,
        paths: (async function* () {
          yield* paths;
        })(),
      }),
      origin: () => "h",
      refreshAfterMs: 330_000,
      restMs: 3_600_000,
      onError: (err) => {
        throw err;
      },
    });
    return { ...s, warmer };
  }

  it("renders every page the store lacks, once, and again what is about to fall out", async () => {
    const { warmer, rendered, get, clock, store } = warmerOn(["/1", "/2", "/3"]);
    await get("h/2", [articleTag(2)]);
    warmer.start();
    await expect.poll(() => warmer.progress.passes).toBe(1);
    expect(rendered.sort()).toEqual(["h/1", "h/2", "h/3"]);
    expect(warmer.progress).toEqual({ warmed: 2, left: 0, passes: 1 });
    // A change: the pass starts again, and renders what it purged.
    store.change(articleChange(3));
    warmer.restart();
    await expect.poll(() => warmer.progress.passes).toBe(2);
    expect(rendered.filter((k) => k === "h/3")).toHaveLength(2);
    // Past refreshAfterMs (within the stale window): rendered again before they fall out.
    clock.advance(331_000);
    warmer.restart();
    await expect.poll(() => warmer.progress.passes).toBe(3);
    expect(rendered).toHaveLength(7);
    expect((await get("h/1", [articleTag(1)]))?.state).toBe("HIT");
    warmer.stop();
  });

  it("yields to readers: one page at a time, and none while a reader's render is in flight", async () => {
    const pending = new Map<string, () => void>();
    const { warmer, rendered, get } = warmerOn(["/1", "/2", "/3"], {
      reply: (t) => new Promise<Rendered>((r) => pending.set(t.key, () => r(answer()))),
    });
    warmer.start();
    await expect.poll(() => rendered).toEqual(["h/1"]);
    // A reader's miss is rendered at once, beside the warmer's one page.
    const reader = get("h/9", [articleTag(9)]);
    await expect.poll(() => rendered).toEqual(["h/1", "h/9"]);
    pending.get("h/1")!();
    // The warmer waits for the reader's render to be done.
    await new Promise((r) => setImmediate(r));
    expect(rendered).toEqual(["h/1", "h/9"]);
    pending.get("h/9")!();
    expect((await reader)?.state).toBe("MISS");
    await expect.poll(() => rendered).toEqual(["h/1", "h/9", "h/2"]);
    // A reader of the page being warmed joins its render.
    const joined = get("h/2", [articleTag(2)]);
    pending.get("h/2")!();
    expect((await joined)?.state).toBe("MISS");
    await expect.poll(() => rendered).toEqual(["h/1", "h/9", "h/2", "h/3"]);
    pending.get("h/3")!();
    await expect.poll(() => warmer.progress.passes).toBe(1);
    warmer.stop();
  });
});

describe("cache keys", () => {
  let build: ServerBuild;
  beforeAll(async () => {
    const entry = path.resolve("build/server/site/index.js");
    if (!fs.existsSync(entry)) throw new Error("run `npm run build` first");
    build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  });

  it("keep only the parameters a route reads, sorted, whatever share or tracking parameters come with them", () => {
    const keys = createKeys({ endpoints, routes: build.routes });
    const o = "http://h";
    const plain = keys.of(o, "/newlist/6?page=2");
    expect(plain).toEqual({ key: "http://h/newlist/6?page=2", tags: ["articles", "chrome"] });
    for (const junk of [
      "/newlist/6?zzpoison=EVIL123&utm_source=attacker&page=2",
      "/newlist/6?page=2&from=singlemessage&isappinstalled=0",
      "/newlist/6?spm=a2c6h&page=2&share_token=x",
    ])
      expect(keys.of(o, junk), junk).toEqual(plain);
    expect(keys.of(o, "/newlist/6?page=2&name=生活")).toEqual({
      key: "http://h/newlist/6?name=%E7%94%9F%E6%B4%BB&page=2",
      tags: ["articles", "chrome"],
    });
    expect(keys.of(o, "/articledetail/12?from=timeline")).toEqual({
      key: "http://h/articledetail/12",
      tags: ["article:12", "chrome"],
    });
    // A client navigation's data request is its page's, with React Router's own parameters.
    expect(keys.of(o, "/articledetail/12.data?_routes=routes%2Fnews%2Farticle&utm_source=x")).toEqual({
      key: "http://h/articledetail/12.data?_routes=routes%2Fnews%2Farticle",
      tags: ["article:12", "chrome"],
    });
    // API answers: the parameters the schema reads, tags from the parsed query; invalid input is never stored.
    expect(keys.of(o, "/api/product/content/detail?utm_x=1&contentId=5")).toEqual({
      key: "http://h/api/product/content/detail?contentId=5",
      tags: ["article:5"],
    });
    expect(keys.of(o, "/api/product/content/detail?contentId=abc")).toBe(false);
    // Never stored: the console, pages made for one visitor, static files, hosts apart.
    for (const p of [
      "/admin",
      "/admin/articles",
      "/pay/cashier?orderId=1",
      "/tzyx/zebra/product/1",
      "/favicon.svg",
      // React Router's route discovery, answered for the client's build version
      "/__manifest?paths=%2Farticledetail%2F12&version=0a341eee",
    ])
      expect(keys.of(o, p), p).toBe(false);
    expect((keys.of("http://other", "/") as Target).key).toBe("http://other/");
  });

  it("match the route React Router matches on its whole table, for every kind of path", () => {
    const routes = build.routes;
    const whole = (parent: string | undefined): RouteObject[] =>
      Object.values(routes)
        .filter((r) => r && r.parentId === parent)
        .map((r) => {
          const children = whole(r!.id);
          return { id: r!.id, path: r!.path, index: r!.index, ...(children.length ? { children } : {}) };
        }) as RouteObject[];
    const full = whole(undefined);
    const trees = routeTrees(routes);
    const paths = [
      "/",
      "/news",
      "/NEWS",
      "/newlist/6",
      "/taglist/3",
      "/searchlist",
      "/searchlist/电商",
      "/articledetail/12",
      "/preview/abc",
      "/cooperate",
      "/activity",
      "/activity/wsfh/summit",
      "/activity/wsfh/newispower/review",
      "/activity/caicai/list",
      "/market/products/mini",
      "/market/products/yingxiao",
      "/tzyx/zebra/product/1",
      "/tzyx/zebra/zzc",
      "/pay/cashier",
      "/robots.txt",
      "/sitemap.xml",
      "/sitemaps/articles-1.xml",
      "/rss.xml",
      "/rss/5.xml",
      "/wxmcn",
      "/flybird/live",
      "/idaxue/class/2",
      "/wang/w/x",
      "/admin",
      "/admin/articles/3",
      "/no-such/page",
      "/x.txt",
      "/articledetail/12/extra",
    ];
    for (const p of paths)
      expect(matchRoutes(trees(p), p)?.at(-1)?.route.id, p).toBe(matchRoutes(full, p)?.at(-1)?.route.id);
  });

  it("are declared by every public page route: tags, or cache: false", () => {
    const undeclared = Object.values(build.routes)
      .filter((r) => r && !r.id.startsWith("routes/admin/") && r.id !== "admin-not-found")
      .filter((r) => !Object.values(build.routes).some((c) => c?.parentId === r!.id))
      .filter((r) => (r!.module as { handle?: { cache?: RouteCache } }).handle?.cache === undefined)
      .map((r) => r!.id);
    expect(undeclared).toEqual([]);
  });
});
