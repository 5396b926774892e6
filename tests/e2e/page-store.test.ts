// Over a minute on a busy 2-core machine (README, "Tests"): six sites of their own settings (engine,
// store budget, TTL), a hundred article pages rendered into a 1 MB store, and a stale window (6 s)
// waited out in real time.
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "../../contract/admin";
import { AdminClient } from "../../tools/admin-client";
import { engines, startSite, type TestServer } from "../helpers/server";

/** What a phone browser opened from a WeChat chat sends. */
const BROWSER = {
  "accept-encoding": "gzip, deflate, br",
  cookie: "Hm_lvt_8f2d1c=1764000000; Hm_lpvt_8f2d1c=1764000100; _ga=GA1.1.1",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 13; V2183A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN",
};

const get = async (site: TestServer, path: string, headers: Record<string, string> = BROWSER) => {
  const res = await fetch(site.url + path, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
};
const state = async (site: TestServer, path: string) => (await get(site, path)).headers.get("x-cache");
/**
 * A new site's first page waits for its render thread to load the app (seconds on a busy machine):
 * paid in the set-up, with a page no test looks at, so each test's time is its own.
 */
const started = async (engine: Parameters<typeof startSite>[0], env?: Record<string, string>) => {
  const site = await startSite(engine, env);
  expect((await get(site, "/no-such-page-warm-up")).status).toBe(404);
  return site;
};

/** For the tests that render a hundred pages or wait out a stale window: minutes on a busy machine. */
const MANY_RENDERS = 180_000;

/** The raw bytes as sent (fetch would decode them), with the headers. */
async function raw(site: TestServer, path: string, acceptEncoding: string | null) {
  const http = await import("node:http");
  const u = new URL(site.url + path);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = http.get(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
  });
}

const ARTICLE = {
  intro: "页面缓存测试",
  content: "<p>页面缓存测试正文</p>",
  thumb: "/uploads/demo/article-1.svg",
  author: "小编",
  columnId: 5,
  tags: ["页面缓存"],
  hot: false,
};

describe.each(engines())("the page store (%s)", (engine) => {
  let site: TestServer;
  let editor: AdminClient;
  let latestId: number;
  beforeAll(async () => {
    site = await started(engine);
    editor = new AdminClient(site.url);
    const setup = await editor.req("POST", "/api/admin/setup", {
      username: "chief",
      displayName: "总编",
      password: "correct-horse-battery",
    });
    expect(setup.status).toBe(200);
    editor.adopt(setup);
    latestId = (
      await site.get<{ result: { contentId: number }[] }>("/api/product/content/list?page=1&pageSize=1")
    ).body.data.result[0]!.contentId;
  });
  afterAll(() => site?.close());

  it("serves a page to browsers with analytics cookies and share parameters from one entry", async () => {
    const path = `/articledetail/${latestId}`;
    const first = await get(site, `${path}?from=singlemessage&isappinstalled=0`);
    expect(first.status).toBe(200);
    expect(["MISS", "HIT"]).toContain(first.headers.get("x-cache"));
    for (const q of [
      "",
      "?from=timeline",
      "?utm_source=wechat&utm_medium=share",
      "?spm=a2c6h.12873639&share_token=x9",
    ]) {
      const again = await get(site, path + q);
      expect(again.headers.get("x-cache"), q).toBe("HIT");
      expect(again.body, q).toBe(first.body);
      expect(again.headers.get("set-cookie"), q).toBeNull();
    }
    // Same headers on a miss and a hit, but for the cache state and each request's own id.
    const miss = await get(site, "/news?page=3&from=groupmessage");
    const hit = await get(site, "/news?page=3");
    const perRequest = new Set(["x-cache", "date", "x-request-id"]);
    const strip = (h: Headers) => [...h].filter(([k]) => !perRequest.has(k));
    expect(strip(hit.headers)).toEqual(strip(miss.headers));
    expect(hit.headers.get("x-cache")).toBe("HIT");
  });

  it("never stores a page for a signed-in editor", async () => {
    await get(site, "/");
    const res = await get(site, "/", { ...BROWSER, cookie: `${BROWSER.cookie}; ${editor.cookie}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache")).toBeNull();
    expect(res.headers.get("content-security-policy")).toContain("'nonce-");
  });

  it("answers a HEAD for a page not stored yet with its headers, and stores the whole page for the next reader", async () => {
    const list = await site.get<{ result: { contentId: number }[] }>(
      "/api/product/content/list?page=3&pageSize=1",
    );
    const path = `/articledetail/${list.body.data.result[0]!.contentId}`;
    const head = await fetch(site.url + path, { method: "HEAD", headers: BROWSER });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("MISS");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(5_000);
    const page = await get(site, path);
    expect(page.headers.get("x-cache")).toBe("HIT");
    expect(page.body).toContain('class="article-content');
    expect(page.body.length).toBeGreaterThan(20_000);
  });

  it("gives brotli, gzip and identity clients the same page, each correctly encoded", async () => {
    const path = `/articledetail/${latestId}`;
    const br = await raw(site, path, "gzip, deflate, br");
    const gz = await raw(site, path, "gzip");
    const plain = await raw(site, path, null);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const html = plain.body.toString("utf8");
    expect(html).toContain("<!DOCTYPE html>");
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(html);
    expect(zlib.gunzipSync(gz.body).toString("utf8")).toBe(html);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.headers.vary).toContain("Accept-Encoding");
    // A client that has the page gets 304.
    const etag = String(br.headers.etag);
    const again = await fetch(site.url + path, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    // The API answers are stored the same way.
    const api = await raw(site, "/api/product/content/list?page=1&pageSize=5", "br");
    const apiPlain = await raw(site, "/api/product/content/list?pageSize=5&page=1&utm_source=x", null);
    expect(api.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(api.body).toString("utf8")).toBe(apiPlain.body.toString("utf8"));
    expect(apiPlain.headers["x-cache"]).toBe("HIT");
  });

  it("shows a publish, an edit, an unpublish and a delete on every page they touch", async () => {
    const column = "/newlist/5";
    // Warm the pages an article shows on, and an unrelated article.
    for (const p of [
      "/",
      column,
      "/news",
      `/articledetail/${latestId}`,
      "/api/product/content/list?page=1&pageSize=11",
    ])
      await get(site, p);
    expect(await state(site, "/")).toBe("HIT");

    const title = `缓存发布测试 ${engine} ${Date.now()}`;
    const created = await editor.req<AdminArticle>("POST", "/api/admin/articles", {
      ...ARTICLE,
      title,
      status: "published",
      createdAt: new Date().toISOString(),
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    // The lists show it on the next request, the article page exists.
    for (const p of ["/", column]) expect((await get(site, p)).body, p).toContain(title);
    expect(
      (await site.get<{ result: { title: string }[] }>("/api/product/content/list?page=1&pageSize=11")).body
        .data.result[0]!.title,
    ).toBe(title);
    const page = await get(site, `/articledetail/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(title);
    // An unrelated article keeps its entry: only its chrome is stale.
    expect(await state(site, `/articledetail/${latestId}`)).toBe("HIT");

    // Edit: the article's own page, the lists and its API answer are fresh at once.
    const edited = `${title}（修订）`;
    const put = await editor.req("PUT", `/api/admin/articles/${id}`, {
      ...ARTICLE,
      title: edited,
      status: "published",
      createdAt: created.body.data.createdAt,
    });
    expect(put.status).toBe(200);
    expect((await get(site, `/articledetail/${id}`)).body).toContain(edited);
    expect((await get(site, "/")).body).toContain(edited);
    expect(
      (await site.get<{ title: string }>(`/api/product/content/detail?contentId=${id}`)).body.data.title,
    ).toBe(edited);

    // Unpublish: 404 at once, gone from the lists; no stale copy anywhere.
    await get(site, `/articledetail/${id}`);
    const draft = await editor.req("PUT", `/api/admin/articles/${id}`, {
      ...ARTICLE,
      title: edited,
      status: "draft",
      createdAt: created.body.data.createdAt,
    });
    expect(draft.status).toBe(200);
    expect((await get(site, `/articledetail/${id}`)).status).toBe(404);
    expect((await get(site, `/articledetail/${id}?from=timeline`)).status).toBe(404);
    expect((await site.get(`/api/product/content/detail?contentId=${id}`)).status).toBe(404);
    for (const p of ["/", column]) expect((await get(site, p)).body, p).not.toContain(edited);

    // Published again (its 404 was cached briefly, and is purged), then deleted.
    await editor.req("PUT", `/api/admin/articles/${id}`, {
      ...ARTICLE,
      title: edited,
      status: "published",
      createdAt: created.body.data.createdAt,
    });
    expect((await get(site, `/articledetail/${id}`)).status).toBe(200);
    const del = await editor.req("DELETE", `/api/admin/articles/${id}`);
    expect(del.status).toBe(200);
    expect((await get(site, `/articledetail/${id}`)).status).toBe(404);
    expect((await get(site, "/")).body).not.toContain(edited);
  });

  it(
    "answers unknown article ids 404 from a brief entry, and a flood of random URLs leaves a hot page cached",
    async () => {
      const hot = `/articledetail/${latestId}`;
      await get(site, hot);
      expect(await state(site, hot)).toBe("HIT");
      const missing = await get(site, "/articledetail/987654321");
      expect(missing.status).toBe(404);
      expect(missing.body).toContain("页面不存在");
      expect(await state(site, "/articledetail/987654321")).toBe("HIT");
      const before = site.serving.store.size;
      for (let i = 0; i < 50; i++) {
        const r = Math.random().toString(36).slice(2);
        const res = await fetch(`${site.url}${hot}?${r}=${r}&utm_campaign=${r}`, { headers: BROWSER });
        // Served from the store (stale once the earlier tests' changes are half a stale window old).
        expect(["HIT", "STALE"]).toContain(res.headers.get("x-cache"));
        await res.arrayBuffer();
        await (await fetch(`${site.url}/articledetail/${900_000_000 + i}`)).arrayBuffer();
        await (await fetch(`${site.url}/no-such-page-${r}`)).arrayBuffer();
      }
      expect(["HIT", "STALE"]).toContain(await state(site, hot));
      // Random query strings made no entries; unknown paths only small, short-lived ones.
      expect(site.serving.store.size - before).toBeLessThanOrEqual(101);
    },
    MANY_RENDERS,
  );
});

describe("the page store within a small budget", () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await started("sqlite", { CACHE_MAX_MB: "1" });
  });
  afterAll(() => site?.close());

  it(
    "never grows past CACHE_MAX_MB, and pages read often stay",
    async () => {
      const list = (
        await site.get<{ result: { contentId: number }[] }>("/api/product/content/list?page=1&pageSize=100")
      ).body.data.result;
      const hot = `/articledetail/${list[0]!.contentId}`;
      // A hundred article pages (about 12 KB each, compressed) overflow the 1 MB budget.
      for (const [i, a] of list.entries()) {
        await (await fetch(`${site.url}/articledetail/${a.contentId}`, { headers: BROWSER })).arrayBuffer();
        if (i % 5 === 0) await (await fetch(site.url + hot, { headers: BROWSER })).arrayBuffer();
      }
      const store = site.serving.store;
      expect(store.bytes).toBeLessThanOrEqual(1024 * 1024);
      expect(store.size).toBeGreaterThan(10);
      // Some were let go for the budget: more pages were read than it holds.
      expect(store.size).toBeLessThan(list.length);
      expect(await state(site, hot)).toBe("HIT");
    },
    MANY_RENDERS,
  );
});

describe("pages past their TTL (CACHE_TTL_SECONDS=2, CACHE_STALE_SECONDS=6)", () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await started("sqlite", { CACHE_TTL_SECONDS: "2", CACHE_STALE_SECONDS: "6" });
  });
  afterAll(() => site?.close());

  it(
    "are served stale while one background render refreshes them, and never once the stale window has passed",
    async () => {
      const list = (
        await site.get<{ result: { contentId: number }[] }>("/api/product/content/list?page=1&pageSize=3")
      ).body.data.result;
      const [one, two] = [`/articledetail/${list[1]!.contentId}`, `/articledetail/${list[2]!.contentId}`];
      expect(await state(site, one)).toBe("MISS");
      expect(await state(site, two)).toBe("MISS");
      const twoStored = Date.now();
      // Past its TTL the page is served stale, which starts its one refresh; the next readers get it
      // fresh. (Only this test reads it: no reader can see it fresh again before one saw it stale.)
      await expect.poll(() => state(site, one), { interval: 200 }).toBe("STALE");
      await expect.poll(() => state(site, one), { interval: 50 }).toBe("HIT");
      // A page nobody asked for during its stale window is not served after it: rendered afresh.
      await new Promise((r) => setTimeout(r, Math.max(0, twoStored + 8_500 - Date.now())));
      expect(await state(site, two)).toBe("MISS");
      expect(["HIT", "STALE"]).toContain(await state(site, two));
    },
    MANY_RENDERS,
  );
});

describe("a stored list is made from exactly what its key holds", () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await started("sqlite");
  });
  afterAll(() => site?.close());

  it(
    "never shows a visitor's junk parameters to the next reader: home, hot, column, tag and search lists",
    async () => {
      const tag = (
        await site.get<{ result: { tagList: { tagId: number }[] }[] }>(
          "/api/product/content/list?page=1&pageSize=1",
        )
      ).body.data.result[0]!.tagList[0]!;
      const junk = "zzpoison=EVIL123&utm_source=attacker&from=singlemessage";
      for (const list of ["/", "/news", "/newlist/6", `/taglist/${tag.tagId}`, "/searchlist/电商"]) {
        const poisoned = await get(site, `${list}?${junk}`);
        expect(poisoned.status, list).toBe(200);
        const plain = await get(site, list);
        expect(plain.headers.get("x-cache"), list).toBe("HIT");
        expect(plain.body, list).toBe(poisoned.body);
        for (const bad of ["zzpoison", "EVIL123", "attacker", "singlemessage"])
          expect(plain.body, `${list}: ${bad}`).not.toContain(bad);
        // Its pagination still links to the pages the key reads.
        if (["/", "/news", "/newlist/6"].includes(list)) expect(plain.body, list).toMatch(/page=2/);
      }
    },
    MANY_RENDERS,
  );
});
