import http from "node:http";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redirectChange } from "../../contract/cache-tags";
import { type ImportJob, ImportJobSchema, type RedirectRow } from "../../contract/imports";
import { startServer } from "../../server/server";
import { AppError } from "../../server/services/errors";
import { createRedirects, keyOf } from "../../server/services/redirects";
import { type AdminClient, firstAdmin } from "../../tools/admin-client";
import { BUILD_DIR, engines, startSite, type TestServer } from "../helpers/server";

/**
 * Old addresses (docs/product.md, "Old addresses") against the real server with the site's build,
 * so the pages a redirect must never hide are known: what an editor may add and how it is stored,
 * what is refused and why, rows stored before their targets were checked (repaired at start), and
 * that no answer, however bad, ends the process.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ENCODED_SEARCH = "/search?keyword=%E7%94%B5%E5%95%86";

/** A minimal WordPress export of one post whose permalink is `link`. */
function wxrOf(postId: number, link: string) {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>旧站</title>
<link>https://old.example.com</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>https://old.example.com</wp:base_site_url>
<wp:base_blog_url>https://old.example.com</wp:base_blog_url>
<wp:category><wp:category_nicename><![CDATA[old-news]]></wp:category_nicename><wp:cat_name><![CDATA[旧站新闻]]></wp:cat_name></wp:category>
<item>
<title><![CDATA[旧站文章 ${postId}]]></title>
<link>${link}</link>
<dc:creator><![CDATA[gen]]></dc:creator>
<content:encoded><![CDATA[旧站的一段正文。]]></content:encoded>
<excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${postId}</wp:post_id>
<wp:post_date><![CDATA[2016-05-01 10:00:00]]></wp:post_date>
<wp:post_date_gmt><![CDATA[2016-05-01 02:00:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[old-post-${postId}]]></wp:post_name>
<wp:status><![CDATA[publish]]></wp:status>
<wp:post_type><![CDATA[post]]></wp:post_type>
<category domain="category" nicename="old-news"><![CDATA[旧站新闻]]></category>
</item>
</channel>
</rss>
`;
}

/** A request without following redirects. */
const visit = (site: TestServer, path: string) => fetch(site.url + path, { redirect: "manual" });

describe.each(engines())("old addresses on %s", (engine) => {
  let site: TestServer;
  let admin: AdminClient;
  let articleId: number;

  beforeAll(async () => {
    site = await startSite(engine, { RENDER_THREADS: "0" });
    admin = await firstAdmin(site.url);
    const published = await site.services.database.db
      .selectFrom("articles")
      .select("id")
      .where("status", "=", "published")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    articleId = published.id;
  });
  afterAll(async () => {
    await site?.close();
  });

  /** A row written straight into the table, as an older version or an import stored it: no check. */
  async function storeRaw(path: string, query: string, to: { target: string } | { articleId: number }) {
    const row = await site.services.database.db
      .insertInto("redirects")
      .values({
        path,
        query,
        article_id: "articleId" in to ? to.articleId : null,
        target: "target" in to ? to.target : "",
        origin: "editor",
        created_by: "test",
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Tells every instance of a row written by hand (as an editor's change does), and waits for it. */
  async function announce(path: string, query = "") {
    await site.services.events.changed(redirectChange([keyOf({ path, query })]));
    await site.services.redirects.settled();
  }

  const storedTarget = async (id: number) =>
    (
      await site.services.database.db
        .selectFrom("redirects")
        .select("target")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).target;

  it("stores an editor's target percent-encoded and answers it 301 with a valid Location", async () => {
    for (const [from, target, stored] of [
      ["/old-search", "/search?keyword=电商", ENCODED_SEARCH],
      ["/old-tag", "/searchlist/电商", "/searchlist/%E7%94%B5%E5%95%86"],
      [
        "/old-out",
        "https://例子.example/路径?q=电商 1",
        "https://xn--fsqu00a.example/%E8%B7%AF%E5%BE%84?q=%E7%94%B5%E5%95%86%201",
      ],
    ] as const) {
      const add = await admin.req<RedirectRow>("POST", "/api/admin/redirects", { from, target });
      expect(add.status, from).toBe(200);
      expect(add.body.data.target).toBe(stored);
      const res = await visit(site, from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location")).toBe(stored);
      expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(res.headers.get("x-request-id")).toMatch(UUID);
    }
    // The server answers on.
    expect((await visit(site, "/")).status).toBe(200);
  });

  it("refuses, in Chinese, an old address that is the site's own, with or without a query", async () => {
    const own = "该地址是本站现有页面，不能设为跳转";
    for (const body of [
      { from: "/admin/login?next=1", target: "https://evil.example/login" },
      { from: "/admin", target: "/news" },
      { from: "/api/product/column/list?x=1", target: "/news" },
      { from: "/assets/app.js?v=2", target: "/news" },
      { from: "/uploads/cover/a.jpg", target: "/news" },
      { from: "/healthz?probe=1", target: "/news" },
      { from: "/articledetail/1?from=singlemessage", articleId },
      { from: "http://old.example.com/articledetail/999999", articleId },
      { from: "/newlist/5?utm_source=x", target: "/news" },
      // The home page's own parameter: its page 2 is the site's.
      { from: "/?page=2", target: "/news" },
    ]) {
      const r = await admin.req("POST", "/api/admin/redirects", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message, JSON.stringify(body)).toBe(own);
      expect(r.body.data).toEqual({ field: "from" });
    }
    // The old site's `/?p=123` is no page of this one: taken.
    const p = await admin.req<RedirectRow>("POST", "/api/admin/redirects", { from: "/?p=123", articleId });
    expect(p.status).toBe(200);
    expect((await visit(site, "/?p=123&from=timeline")).headers.get("location")).toBe(
      `/articledetail/${articleId}`,
    );
  });

  it("refuses targets that would leave the site through a backslash, or are no address at all", async () => {
    for (const [target, message] of [
      ["/\\evil.example", "跳转目标不能含有反斜杠（\\）"],
      ["/\\\\evil", "跳转目标不能含有反斜杠（\\）"],
      ["\\\\evil", "跳转目标不能含有反斜杠（\\）"],
      ["/a\\b", "跳转目标不能含有反斜杠（\\）"],
      ["//evil.example", "跳转目标须为本站路径（以 / 开头）或 http(s) 网址"],
      ["/.//evil.example", "跳转目标须为本站路径（以 / 开头）或 http(s) 网址"],
      ["/a/..//evil.example", "跳转目标须为本站路径（以 / 开头）或 http(s) 网址"],
      ["javascript:alert(1)", "跳转目标须为本站路径（以 / 开头）或 http(s) 网址"],
      ["evil.example", "跳转目标须为本站路径（以 / 开头）或 http(s) 网址"],
      ["/a\tb", "跳转目标不能含有换行、制表符等控制字符"],
      ["/a\r\nSet-Cookie: x=1", "跳转目标不能含有换行、制表符等控制字符"],
      ["https://exa mple.com/", "跳转网址格式不正确"],
      ["http://", "跳转网址格式不正确"],
      [`/${"电".repeat(300)}`, "跳转目标过长"],
    ] as const) {
      const r = await admin.req("POST", "/api/admin/redirects", { from: "/bad-target", target });
      expect(r.status, target).toBe(400);
      expect(r.body.message, target).toBe(message);
    }
    expect((await visit(site, "/bad-target")).status).not.toBe(301);
  });

  it("refuses loops, however long, and takes a chain that ends", async () => {
    const add = (from: string, target: string) =>
      admin.req<RedirectRow>("POST", "/api/admin/redirects", { from, target });
    expect((await add("/loop-a", "/loop-b")).status).toBe(200);
    const back = await add("/loop-b", "/loop-a");
    expect(back.status).toBe(400);
    expect(back.body.message).toBe("跳转会形成循环：/loop-b → /loop-a → /loop-b");
    expect(back.body.data).toEqual({ field: "target" });

    expect((await add("/chain-1", "/chain-2")).status).toBe(200);
    expect((await add("/chain-2", "/chain-3")).status).toBe(200);
    const round = await add("/chain-3", "/Chain-1/");
    expect(round.status).toBe(400);
    expect(round.body.message).toBe("跳转会形成循环：/chain-3 → /Chain-1/ → /chain-2 → /chain-3");

    // A target that reaches a query redirect, with a share parameter, which leads back.
    const q = await admin.req("POST", "/api/admin/redirects", { from: "/show.php?id=7", target: "/loop-q" });
    expect(q.status).toBe(200);
    const viaQuery = await add("/loop-q", "/show.php?id=7&from=timeline");
    expect(viaQuery.status).toBe(400);
    expect(viaQuery.body.message).toBe("跳转会形成循环：/loop-q → /show.php?id=7&from=timeline → /loop-q");

    const self = await add("/self", "/SELF");
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("跳转目标不能是旧地址本身");

    // A chain that ends (at an address that is no redirect) is no loop; each hop answers 301.
    expect((await add("/chain-0", "/chain-1")).status).toBe(200);
    expect((await visit(site, "/chain-0")).headers.get("location")).toBe("/chain-1");
    expect((await visit(site, "/chain-2")).headers.get("location")).toBe("/chain-3");
    expect((await visit(site, "/loop-b")).status).not.toBe(301);

    // With PUBLIC_URL, a URL on the site's own origin is followed as its path.
    const onPublicUrl = createRedirects({
      database: site.services.database,
      events: site.services.events,
      logger: site.services.logger,
      publicUrl: "https://news.example.com",
    });
    await onPublicUrl.start();
    const absolute = await onPublicUrl
      .add({ from: "/loop-b", target: "https://news.example.com/loop-a" }, "test")
      .catch((err: AppError) => err);
    expect(absolute).toBeInstanceOf(AppError);
    expect((absolute as AppError).message).toBe("跳转会形成循环：/loop-b → /loop-a → /loop-b");
  });

  it("never answers a redirect for a page of the site, even one stored with a query", async () => {
    // As an older import stored a WeChat share link of the old site, and an editor a console path.
    await storeRaw(`/articledetail/${articleId}`, "from=singlemessage", { articleId });
    await announce(`/articledetail/${articleId}`, "from=singlemessage");
    await storeRaw("/admin/login", "next=1", { target: "https://evil.example/login" });
    await announce("/admin/login", "next=1");
    await storeRaw("/api/product/column/list", "next=1", { target: "https://evil.example/" });
    await announce("/api/product/column/list", "next=1");
    await storeRaw("/newlist/5", "", { target: "/news" });
    await announce("/newlist/5");
    await storeRaw("/", "p=4242", { articleId });
    await announce("/", "p=4242");

    for (const path of [
      `/articledetail/${articleId}?from=singlemessage&isappinstalled=0`,
      `/articledetail/${articleId}?from=singlemessage`,
      "/api/product/column/list?next=1",
      "/newlist/5",
    ]) {
      const res = await visit(site, path);
      expect(res.status, path).not.toBe(301);
      expect(res.headers.get("location"), path).toBeNull();
    }
    expect(
      (await visit(site, `/articledetail/${articleId}?from=singlemessage&isappinstalled=0`)).status,
    ).toBe(200);
    // The console's sign-in page (asked of the lookup: the console's bundle is slow to load on a busy machine).
    expect(site.services.redirects.find("/admin/login", "?next=1")).toBeUndefined();
    // The old site's `/?p=` address still answers.
    const old = await visit(site, "/?p=4242&utm_source=x");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/articledetail/${articleId}`);
  });

  it("the import skips old addresses that are the site's pages and reports them", async () => {
    const upload = async () => {
      const res = await fetch(`${site.url}/api/admin/imports/wordpress?name=share.xml`, {
        method: "POST",
        headers: { cookie: admin.cookie, "x-csrf-token": admin.csrf, "content-type": "application/xml" },
        body: wxrOf(9101, "http://old.example.com/articledetail/1?from=singlemessage"),
      });
      return ((await res.json()) as { data: ImportJob }).data.id;
    };
    const job = async (id: number) =>
      ImportJobSchema.parse((await admin.req<ImportJob>("GET", `/api/admin/imports/${id}`)).body.data);
    const run = async (dryRun: boolean) => {
      const id = await upload();
      await expect.poll(async () => (await job(id)).status).toBe("analysed");
      await admin.req("POST", `/api/admin/imports/${id}/start`, dryRun ? { dryRun: true } : {});
      await expect.poll(async () => (await job(id)).status).toBe("done");
      return job(id);
    };

    const dry = await run(true);
    expect(dry.report.flatMap((n) => n.notes)).toContain(
      "旧地址 /articledetail/1?from=singlemessage 是本站现有页面，不会设跳转",
    );
    const done = await run(false);
    expect(done).toMatchObject({ created: 1, failed: 0 });
    const item = done.report.find((n) => n.sourceId === "9101");
    expect(item?.notes).toContain("旧地址 /articledetail/1?from=singlemessage 是本站现有页面，未设跳转");
    const imported = item!.articleId!;
    const rows = await site.services.database.db
      .selectFrom("redirects")
      .select(["path", "query"])
      .where("article_id", "=", imported)
      .execute();
    expect(rows.map((r) => keyOf(r)).sort()).toEqual(["/?p=9101", "/archives/9101"]);
    expect((await visit(site, "/?p=9101")).headers.get("location")).toBe(`/articledetail/${imported}`);
    expect((await visit(site, "/articledetail/1?from=singlemessage")).status).not.toBe(301);
  });

  it("repairs stored targets that are no valid header value at start, and skips those it cannot", async () => {
    const raw = await storeRaw("/raw-search", "", { target: "/search?keyword=电商" });
    const backslash = await storeRaw("/raw-backslash", "", { target: "/\\evil.example" });
    const protocolRelative = await storeRaw("/raw-protocol", "", { target: "//evil.example/" });
    const valid = await storeRaw("/raw-valid", "", { target: "https://example.com" });

    // A second server on the same database starts: it loads (and repairs) every stored redirect.
    const lines: { msg: string; id?: number; target?: string }[] = [];
    const logs = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const again = await startServer({
      config: site.services.config,
      logger: pino({ level: "warn" }, logs),
      sqlitePath: site.services.database.sqlite?.name,
      buildDir: BUILD_DIR,
    });
    try {
      const res = await fetch(`${again.url}/raw-search`, { redirect: "manual" });
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(ENCODED_SEARCH);
      expect(await storedTarget(raw)).toBe(ENCODED_SEARCH);
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: "redirect target repaired", id: raw, target: ENCODED_SEARCH }),
      );
      for (const [id, path] of [
        [backslash, "/raw-backslash"],
        [protocolRelative, "/raw-protocol"],
      ] as const) {
        const r = await fetch(again.url + path, { redirect: "manual" });
        expect(r.status, path).not.toBe(301);
        expect(r.headers.get("location"), path).toBeNull();
        expect(lines).toContainEqual(
          expect.objectContaining({ msg: "redirect skipped: its target cannot be made a valid address", id }),
        );
      }
      // A valid target is left as it was stored.
      expect(await storedTarget(valid)).toBe("https://example.com");
      expect((await fetch(`${again.url}/raw-valid`, { redirect: "manual" })).headers.get("location")).toBe(
        "https://example.com",
      );
    } finally {
      await again.close();
    }
  });

  it("a stored row with a raw non-ASCII target never ends the process", async () => {
    const id = await storeRaw("/old-search-raw", "", { target: "/searchlist/电商" });
    await announce("/old-search-raw");
    for (let n = 0; n < 3; n++) {
      const res = await visit(site, "/old-search-raw");
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/searchlist/%E7%94%B5%E5%95%86");
    }
    expect(await storedTarget(id)).toBe("/searchlist/%E7%94%B5%E5%95%86");
    expect((await site.get("/api/product/column/list")).status).toBe(200);
  });

  it("answers 500 with a request id for any exception of the serving layer, and keeps answering", async () => {
    // Faults injected into the serving layer's own steps: what a bad stored value or a bug would throw.
    const redirects = site.services.redirects;
    const find = redirects.find;
    // The raw target a stored row put on writeHead before targets were checked (ERR_INVALID_CHAR).
    redirects.find = () => "/search?keyword=电商";
    try {
      const page = await visit(site, "/some-old-page");
      expect(page.status).toBe(500);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.headers.get("x-request-id")).toMatch(UUID);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("location")).toBeNull();
      expect(await page.text()).toContain("页面暂时无法打开");
      const api = await site.get("/api/product/column/list");
      expect(api).toEqual({
        status: 500,
        body: { statusCode: 500, message: "服务器开小差了，请稍后再试", data: null },
      });
    } finally {
      redirects.find = find;
    }
    expect((await visit(site, "/")).status).toBe(200);

    // A rejection on the way to the store.
    const store = site.serving.store;
    const lookup = store.lookup;
    store.lookup = () => {
      throw new Error("the store failed");
    };
    try {
      const api = await fetch(`${site.url}/api/product/column/list`);
      expect(api.status).toBe(500);
      expect(api.headers.get("x-request-id")).toMatch(UUID);
      expect(((await api.json()) as { message: string }).message).toBe("服务器开小差了，请稍后再试");
      // After its head was written: the answer is cut off, and the next one is whole.
      store.lookup = () => ({
        answer: {
          status: 200,
          headers: ["content-type", "text/plain"],
          body: { length: 5 } as unknown as Buffer,
          etag: 'W/"x"',
        },
        state: "HIT",
      });
      const cut = await new Promise<string>((resolve) => {
        const req = http.get(
          `${site.url}/api/product/column/list`,
          { headers: { "accept-encoding": "br" } },
          (res) => {
            res.on("data", () => {});
            res.on("end", () => resolve(`answered ${res.statusCode}`));
            res.on("error", () => resolve("cut off"));
          },
        );
        req.on("error", () => resolve("cut off"));
      });
      expect(cut).toBe("cut off");
    } finally {
      store.lookup = lookup;
    }
    const after = await site.get<{ result: unknown[] }>("/api/product/column/list");
    expect(after.status).toBe(200);
    expect(after.body.statusCode).toBe(1000);
    // Every answer carries its request's id: stored ones, and the app's.
    const ids = await Promise.all(
      ["/api/product/column/list", "/healthz", "/api/admin/articles"].map(
        async (p) => (await fetch(site.url + p)).headers.get("x-request-id") ?? "",
      ),
    );
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
