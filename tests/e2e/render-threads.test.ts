import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "../../contract/admin";
import { etagOf } from "../../server/serving/render";
import { type AdminClient, articleForm, firstAdmin } from "../../tools/admin-client";
import { engines, startSite, type TestServer } from "../helpers/server";

/**
 * Render threads (server/serving/threads.ts): public pages missing from the store are rendered on
 * worker threads, and the request thread renders them itself when a thread fails.
 */

const BROWSER = {
  "accept-encoding": "gzip, deflate, br",
  cookie: "Hm_lvt_8f2d1c=1764000000; Hm_lpvt_8f2d1c=1764000100",
};

async function renders(site: TestServer): Promise<{ thread: number; request: number }> {
  const text = await (await fetch(`${site.url}/metrics`)).text();
  const count = (where: string) =>
    Number(new RegExp(`^page_renders\\{where="${where}"\\} (\\d+)`, "m").exec(text)?.[1] ?? Number.NaN);
  return { thread: count("thread"), request: count("request") };
}

const page = async (site: TestServer, path: string) => {
  const res = await fetch(site.url + path, { headers: BROWSER });
  return {
    status: res.status,
    cache: res.headers.get("x-cache"),
    csp: res.headers.get("content-security-policy") ?? "",
    etag: res.headers.get("etag"),
    encoding: res.headers.get("content-encoding"),
    body: await res.text(),
  };
};

/** Waits until the next page that misses the store is rendered where asked, and answers it. */
async function missRenderedOn(site: TestServer, where: "thread" | "request", paths: () => string) {
  let got: Awaited<ReturnType<typeof page>> | undefined;
  await expect
    .poll(async () => {
      const before = await renders(site);
      got = await page(site, paths());
      const after = await renders(site);
      return after[where] - before[where];
    })
    .toBe(1);
  return got!;
}

/** The page with its per-render marker (the nonce attribute of its own scripts) and its site's address taken out. */
const unmarked = (html: string, site: TestServer) =>
  html
    .replace(/ nonce="[^"]*"/g, "")
    .replaceAll(site.url, "ORIGIN")
    .replaceAll(encodeURIComponent(site.url), "ORIGIN");

describe.each(engines())("render threads (%s)", (engine) => {
  let site: TestServer;
  let inline: TestServer;
  let editor: AdminClient;
  let ids: number[];
  let next = 0;
  const fresh = () => `/articledetail/${ids[next++ % ids.length]}`;

  beforeAll(async () => {
    [site, inline] = await Promise.all([
      startSite(engine, { RENDER_THREADS: "2" }),
      startSite(engine, { RENDER_THREADS: "0" }),
    ]);
    editor = await firstAdmin(site.url);
    const list = await site.get<{ result: { contentId: number }[] }>(
      "/api/product/content/list?page=1&pageSize=100",
    );
    ids = list.body.data.result.map((a) => a.contentId);
    expect(ids.length).toBeGreaterThan(20);
  });
  afterAll(async () => {
    await site?.close();
    await inline?.close();
  });

  it("renders a page missing from the store on a thread: the same page, policy and cache entry as the request thread's", async () => {
    expect(site.threads?.workers()).toHaveLength(2);
    expect(inline.threads).toBeUndefined();
    const threaded = await missRenderedOn(site, "thread", fresh);
    const path = `/articledetail/${ids[(next - 1) % ids.length]}`;
    expect(threaded.status).toBe(200);
    expect(threaded.cache).toBe("MISS");
    const own = await page(inline, path);
    expect((await renders(inline)).request).toBeGreaterThan(0);
    const [a, b] = [unmarked(threaded.body, site), unmarked(own.body, inline)];
    const at = [...a].findIndex((ch, i) => ch !== b[i]);
    expect(
      a === b,
      `pages differ at ${at}: ${a.slice(at - 80, at + 80)} | ${b.slice(at - 80, at + 80)}`,
    ).toBe(true);
    // The same policy: an article page has no inline script (it does not hydrate, app/root.tsx),
    // so its scripts are allowed as same-origin files and no hash is listed.
    expect(threaded.csp).toBe(own.csp);
    expect(threaded.csp).toMatch(/script-src 'self';/);
    // Compressed and tagged by the thread (the request thread only stores and sends), stored as
    // rendered: the next reader gets the same bytes from the store.
    expect(threaded.encoding).toBe("br");
    expect(threaded.etag).toBe(etagOf(Buffer.from(threaded.body)));
    const again = await page(site, path);
    expect(again.cache).toBe("HIT");
    expect(again.body).toBe(threaded.body);
    expect(again.etag).toBe(threaded.etag);
    // A page that hydrates (a landing page with interactions) keeps its inline scripts, allowed by
    // their hashes, the same from a thread; the hashes differ only as far as the sites' addresses in
    // the scripts do.
    const hydrating = ["/market/products/strawBag", "/activity/wsfh/summit", "/activity/wsfh/wow", "/wxmcn"];
    let h = 0;
    let landingPath = "";
    const landing = await missRenderedOn(site, "thread", () => {
      landingPath = hydrating[h++ % hydrating.length]!;
      return landingPath;
    });
    const landingOwn = await page(inline, landingPath);
    expect(unmarked(landing.body, site)).toBe(unmarked(landingOwn.body, inline));
    const hashless = (csp: string) => csp.replace(/'sha256-[^']+'/g, "'sha256'");
    expect(hashless(landing.csp)).toBe(hashless(landingOwn.csp));
    expect(landing.csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    // Unknown ids: a 404 rendered on a thread as well.
    const missing = await page(site, "/articledetail/987654321");
    expect(missing.status).toBe(404);
  });

  it("counts the searches of pages rendered on a thread where they are written: on the request thread", async () => {
    let n = 0;
    let keyword = "";
    const searchPath = () => {
      keyword = `线程搜索${engine}${n++}`;
      return `/searchlist/${encodeURIComponent(keyword)}`;
    };
    const threaded = await missRenderedOn(site, "thread", searchPath);
    expect(threaded.status).toBe(200);
    expect(threaded.body).toContain(keyword);
    // The thread passed the search on; the request thread's counts are written by its flush.
    await site.services.stats.flush();
    const rows = await site.services.database.db
      .selectFrom("search_log")
      .select(["keyword", "searches"])
      .where("keyword", "=", keyword)
      .execute();
    expect(rows).toEqual([{ keyword, searches: 1 }]);
  });

  it("passes content changes on to the threads: a publish and an edit show at once on the pages they touch", async () => {
    await page(site, "/");
    await page(site, "/newlist/5");
    const title = `线程渲染 ${engine} ${Date.now()}`;
    const created = await editor.req<AdminArticle>(
      "POST",
      "/api/admin/articles",
      articleForm({ title, status: "published" }),
    );
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const before = await renders(site);
    for (const p of ["/", "/newlist/5", `/articledetail/${id}`]) {
      const got = await page(site, p);
      expect(got.status, p).toBe(200);
      expect(got.body, p).toContain(title);
    }
    const edited = `${title}（修订）`;
    const put = await editor.req("PUT", `/api/admin/articles/${id}`, {
      ...articleForm({ title: edited, status: "published" }),
      createdAt: created.body.data.createdAt,
    });
    expect(put.status).toBe(200);
    for (const p of ["/", `/articledetail/${id}`]) expect((await page(site, p)).body, p).toContain(edited);
    const after = await renders(site);
    expect(after.thread - before.thread).toBeGreaterThanOrEqual(4);
    // Unpublished: 404 at once, from the thread's render too.
    const draft = await editor.req("PUT", `/api/admin/articles/${id}`, {
      ...articleForm({ title: edited, status: "draft" }),
      createdAt: created.body.data.createdAt,
    });
    expect(draft.status).toBe(200);
    expect((await page(site, `/articledetail/${id}`)).status).toBe(404);
    expect((await page(site, "/")).body).not.toContain(edited);
  });

  it("keeps answering when its threads die: the request thread renders what they dropped, and new threads take over", async () => {
    const pool = site.threads!;
    const before = await renders(site);
    // Threads killed while they render a burst of misses: every reader still gets the whole page.
    await expect
      .poll(async () => {
        const burst = Array.from({ length: 12 }, () => page(site, fresh()));
        await new Promise((r) => setImmediate(r));
        await Promise.all(pool.workers().map((w) => w.terminate()));
        for (const got of await Promise.all(burst)) {
          expect(got.status).toBe(200);
          expect(got.body).toContain('class="article-content');
        }
        return (await renders(site)).request - before.request;
      })
      .toBeGreaterThan(0);
    // New threads start and take the misses again.
    const back = await missRenderedOn(site, "thread", fresh);
    expect(back.status).toBe(200);
  });
});
