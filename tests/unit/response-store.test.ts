import zlib from "node:zlib";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { articleChange, articleTag, CHROME, resourceChange, withChrome } from "../../contract/cache-tags";
import { compilePageRoutes, matchPage, pageKey } from "../../server/http/page-routes";
import { createResponseStore, preferredEncoding } from "../../server/services/response-store";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const html = (n: number) => Buffer.from(`<!doctype html><p>${"电商报".repeat(n)}</p>`);

function putPage(
  store: ReturnType<typeof createResponseStore>,
  key: string,
  tags: string[],
  opts: { seq?: number; status?: number; body?: Buffer; ttlMs?: number } = {},
) {
  return store.put(key, {
    status: opts.status ?? 200,
    headers: [["content-type", "text/html; charset=utf-8"]],
    body: opts.body ?? html(50),
    tags: withChrome(tags),
    seq: opts.seq ?? store.seq,
    ttlMs: opts.ttlMs ?? 300_000,
    encoding: "br",
  });
}

describe("response store", () => {
  it("purges the changed article and the lists at once, and keeps other pages while their chrome is stale", () => {
    const c = clock();
    const store = createResponseStore({ maxBytes: 10 * 1024 * 1024, staleMs: 60_000, now: c.now });
    putPage(store, "h/articledetail/1", [articleTag(1)]);
    putPage(store, "h/articledetail/2", [articleTag(2)]);
    putPage(store, "h/", ["articles"]);
    store.change(articleChange(1));
    expect(store.lookup("h/articledetail/1")).toBeUndefined();
    expect(store.lookup("h/")).toBeUndefined();
    // Article 2 only shows article 1 in its chrome: served as it is for half the stale window…
    expect(store.lookup("h/articledetail/2")?.state).toBe("fresh");
    c.advance(31_000);
    // …then served stale while it is refreshed…
    expect(store.lookup("h/articledetail/2")?.state).toBe("stale");
    c.advance(30_000);
    // …and never once the window has passed.
    expect(store.lookup("h/articledetail/2")).toBeUndefined();
  });

  it("never keeps a render that started before a change that purges it", () => {
    const store = createResponseStore({ maxBytes: 1024 * 1024, staleMs: 60_000 });
    const seq = store.seq;
    store.change(articleChange(7));
    putPage(store, "h/articledetail/7", [articleTag(7)], { seq });
    expect(store.lookup("h/articledetail/7")).toBeUndefined();
    // A render that started after the change is kept.
    putPage(store, "h/articledetail/7", [articleTag(7)]);
    expect(store.lookup("h/articledetail/7")?.state).toBe("fresh");
  });

  it("serves an expired answer stale for the stale window, then drops it", () => {
    const c = clock();
    const store = createResponseStore({ maxBytes: 1024 * 1024, staleMs: 60_000, now: c.now });
    putPage(store, "k", [], { ttlMs: 10_000 });
    c.advance(9_000);
    expect(store.lookup("k")?.state).toBe("fresh");
    c.advance(2_000);
    expect(store.lookup("k")?.state).toBe("stale");
    c.advance(60_000);
    expect(store.lookup("k")).toBeUndefined();
  });

  it("purges a console resource's answers, and only the chrome of the rest", () => {
    const store = createResponseStore({ maxBytes: 1024 * 1024, staleMs: 60_000 });
    putPage(store, "api/banners", ["banners"]);
    putPage(store, "api/partners", ["partners"]);
    store.change(resourceChange("banners"));
    expect(store.lookup("api/banners")).toBeUndefined();
    expect(store.lookup("api/partners")?.answer.staleSince).toBeDefined();
    expect(store.lookup("api/partners")?.answer.tags).toContain(CHROME);
  });

  it("stays within its byte budget, and a flood of 404s does not evict the pages readers come back to", () => {
    const store = createResponseStore({ maxBytes: 2 * 1024 * 1024, staleMs: 60_000 });
    // Incompressible bodies of about 20 KB each.
    const noise = (i: number) =>
      Buffer.from(
        Array.from({ length: 5000 }, (_, j) => ((i * 7919 + j * 104729) % 1e6).toString(36)).join(""),
      );
    for (let i = 0; i < 30; i++) putPage(store, `hot/${i}`, [articleTag(i)], { body: noise(i) });
    for (let i = 0; i < 5000; i++)
      putPage(store, `missing/${i}`, [articleTag(100_000 + i)], { status: 404, body: noise(i) });
    expect(store.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    for (let i = 0; i < 30; i++) expect(store.lookup(`hot/${i}`)?.state).toBe("fresh");
    // More pages than fit: the least recently used go first, and the budget holds.
    for (let i = 0; i < 500; i++) putPage(store, `page/${i}`, [], { body: noise(i + 1) });
    expect(store.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(store.lookup("page/499")?.state).toBe("fresh");
    expect(store.lookup("page/0")).toBeUndefined();
  });

  it("keeps brotli, makes gzip from it once, and decompresses for clients that accept neither", () => {
    const store = createResponseStore({ maxBytes: 1024 * 1024, staleMs: 60_000 });
    const body = html(400);
    const a = putPage(store, "k", [], { body });
    expect(Object.keys(a.bodies)).toEqual(["br"]);
    expect(zlib.brotliDecompressSync(store.body("k", a, "br")).equals(body)).toBe(true);
    const before = store.bytes;
    const gz = store.body("k", a, "gzip");
    expect(zlib.gunzipSync(gz).equals(body)).toBe(true);
    expect(store.body("k", a, "gzip")).toBe(gz);
    expect(store.bytes).toBeGreaterThan(before);
    expect(store.body("k", a, null).equals(body)).toBe(true);
  });

  it("reads Accept-Encoding as browsers and tools send it", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    // Read again (kept), and through a flood of made-up values that empties what is kept.
    for (let i = 0; i < 300; i++) expect(preferredEncoding(`x-${i}, gzip`)).toBe("gzip");
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding(`${"x".repeat(200)}, br`)).toBe("br");
    expect(preferredEncoding("identity")).toBeNull();
  });

  it("keeps one header list for the answers that carry the same headers", () => {
    const store = createResponseStore({ maxBytes: 1024 * 1024, staleMs: 60_000 });
    const headers = (policy: string): [string, string][] => [
      ["content-type", "text/html; charset=utf-8"],
      ["content-security-policy", policy],
    ];
    const put = (key: string, h: [string, string][]) =>
      store.put(key, {
        status: 200,
        headers: h,
        body: html(5),
        tags: [],
        seq: store.seq,
        ttlMs: 60_000,
        encoding: "br",
      });
    const a = put("h/articledetail/1", headers("script-src 'sha256-a'"));
    const b = put("h/articledetail/2", headers("script-src 'sha256-a'"));
    const c = put("h/articledetail/3", headers("script-src 'sha256-b'"));
    expect(b.headers).toBe(a.headers);
    expect(c.headers).not.toBe(a.headers);
    expect(c.headers).toEqual(headers("script-src 'sha256-b'"));
  });

  it("runs one computation per key, however many readers wait", async () => {
    const store = createResponseStore({ maxBytes: 1024 * 1024, staleMs: 60_000 });
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 20));
      return runs;
    };
    const results = await Promise.all([store.once("k", work), store.once("k", work), store.once("k", work)]);
    expect(results).toEqual([1, 1, 1]);
    expect(runs).toBe(1);
  });
});

describe("page keys", () => {
  const mod = (cache?: object) => ({ handle: cache ? { cache } : undefined }) as never;
  const routes = compilePageRoutes({
    root: { id: "root", path: "", module: mod() },
    layout: { id: "layout", parentId: "root", module: mod() },
    home: { id: "home", parentId: "layout", index: true, module: mod({ query: ["page"] }) },
    article: {
      id: "article",
      parentId: "layout",
      path: "articledetail/:cid",
      module: mod({ tags: (p: { cid: string }) => [articleTag(p.cid)] }),
    },
    column: {
      id: "column",
      parentId: "layout",
      path: "newlist/:nid",
      module: mod({ query: ["name", "page"] }),
    },
    search: {
      id: "search",
      parentId: "layout",
      path: "searchlist/:keywords?",
      module: mod({ query: ["kw", "page"] }),
    },
    mcn: { id: "mcn", parentId: "root", path: "wxmcn", module: mod({ query: ["tab"] }) },
    notFound: { id: "notFound", parentId: "layout", path: "*", module: mod() },
  } as unknown as ServerBuild["routes"]);
  const key = (u: string) => {
    const url = new URL(u, "http://h");
    return pageKey("h", url, matchPage(routes, url.pathname));
  };

  it("drops tracking parameters and sorts the ones the route reads", () => {
    expect(key("/articledetail/300?from=singlemessage&isappinstalled=0")).toBe("h/articledetail/300");
    expect(key("/articledetail/300?utm_source=wx&spm=a.b&share_token=1")).toBe("h/articledetail/300");
    expect(key("/newlist/3?utm_medium=x&page=2&name=%E7%94%B5%E5%95%86")).toBe(
      "h/newlist/3?name=%E7%94%B5%E5%95%86&page=2",
    );
    expect(key("/?page=2&from=timeline")).toBe("h/?page=2");
    expect(key("/wxmcn?tab=2&from=groupmessage")).toBe("h/wxmcn?tab=2");
    expect(key("/searchlist/%E7%9B%B4%E6%92%AD?key=1712345678901")).toBe("h/searchlist/%E7%9B%B4%E6%92%AD");
    // Client navigations keep the router's own parameters.
    expect(key("/articledetail/300.data?_routes=routes%2Farticle&utm_source=x")).toBe(
      "h/articledetail/300.data?_routes=routes%2Farticle",
    );
    // Unknown paths keep no query at all: a random query string cannot make new entries.
    expect(key("/nothing/here?x=1&y=2")).toBe("h/nothing/here");
  });

  it("matches the route React Router would, with its parameters", () => {
    expect(matchPage(routes, "/articledetail/300")?.route.id).toBe("article");
    expect(matchPage(routes, "/articledetail/300")?.route.cache?.tags?.({ cid: "300" })).toEqual([
      "article:300",
    ]);
    expect(matchPage(routes, "/articledetail/300.data")?.params.cid).toBe("300");
    expect(matchPage(routes, "/")?.route.id).toBe("home");
    expect(matchPage(routes, "/_root.data")?.route.id).toBe("home");
    expect(matchPage(routes, "/searchlist")?.route.id).toBe("search");
    expect(matchPage(routes, "/searchlist/abc")?.route.id).toBe("search");
    expect(matchPage(routes, "/wxmcn")?.route.id).toBe("mcn");
    expect(matchPage(routes, "/articledetail/300/extra")?.route.id).toBe("notFound");
  });

  it("finds the same route as trying every pattern in rank order, whatever the path's case", () => {
    const everyPattern = (pathname: string) => {
      const path =
        pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
      return routes.find((r) => r.pattern.test(path))?.id;
    };
    const paths = [
      "/",
      "/_root.data",
      "/ArticleDetail/300",
      "/ARTICLEDETAIL/300.data",
      "/articledetail",
      "/articledetail/",
      "/articledetail/300/",
      "/articledetailx/300",
      "/newlist/3",
      "/NewList/3/",
      "/searchlist",
      "/SearchList/%E7%9B%B4%E6%92%AD",
      "/wxmcn",
      "/WXMCN/",
      "/wxmcn/2",
      "//articledetail/300",
      "/%61rticledetail/300",
      "/\u212Aey",
      "/nothing/here",
      "/.data",
    ];
    for (const p of paths) expect(matchPage(routes, p)?.route.id, p).toBe(everyPattern(p));
  });
});
