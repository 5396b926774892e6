import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { BUILD_DIR, needsBuild, startTestServer, type TestServer } from "../helpers/server";

/**
 * Host header poisoning: a request naming a foreign host (Host, or X-Forwarded-Host behind the
 * proxy) is refused before any cache sees it, and the next ordinary visitor's canonical URL,
 * og:url, JSON-LD, sitemap and RSS still name the site's own origin.
 */

const hasBuild = needsBuild("the Host header tests");
const EVIL = "evil.example";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with exactly these headers (fetch would not let a test choose the Host). */
function request(
  site: TestServer,
  pathAndQuery: string,
  headers: Record<string, string>,
  post?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: site.port,
        path: pathAndQuery,
        method: post ? "POST" : "GET",
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(post);
  });
}

/** The absolute URLs a page or feed names: canonical, og:url, JSON-LD, sitemap <loc>, RSS links. */
function origins(body: string): Set<string> {
  const found = new Set<string>();
  for (const m of body.matchAll(/https?:\/\/[a-z0-9.-]+(?::\d+)?(?=[/"<\s]|&quot;)/gi)) found.add(m[0]);
  return found;
}

function expectRefused(r: Answer, api: boolean) {
  expect(r.status).toBe(400);
  expect(r.headers["x-cache"]).toBeUndefined();
  if (api)
    expect(JSON.parse(r.body)).toMatchObject({ statusCode: 400, message: "请求的主机名无效", data: null });
  else expect(r.body).toContain("请求的主机名无效");
  expect(r.body).not.toContain(EVIL);
}

interface Target {
  path: string;
  api?: boolean;
  /** a fragment of the answer that carries the origin (canonical, <loc>, <link>…) */
  marks: (origin: string) => string[];
}

async function targets(site: TestServer): Promise<Target[]> {
  const list = await site.get<{
    result: { contentId: number; columnId: number; tagList: { tagId: number; tagName: string }[] }[];
  }>("/api/product/content/list?page=1&pageSize=5");
  const a = list.body.data.result.find((x) => x.tagList.length > 0)!;
  const tag = a.tagList[0]!;
  const canonical = (p: string) => (o: string) => [
    `<link rel="canonical" href="${o}${p}"`,
    `content="${o}${p}"`,
  ];
  return [
    { path: "/", marks: canonical("/") },
    {
      path: `/articledetail/${a.contentId}`,
      marks: (o) => [
        ...canonical(`/articledetail/${a.contentId}`)(o),
        `"mainEntityOfPage":"${o}/articledetail/${a.contentId}"`,
      ],
    },
    { path: `/newlist/${a.columnId}`, marks: (o) => [`href="${o}/newlist/${a.columnId}`] },
    { path: `/taglist/${tag.tagId}`, marks: (o) => [`href="${o}/taglist/${tag.tagId}`] },
    { path: "/market/products/aboutus", marks: (o) => [`content="${o}/market/products/aboutus"`] },
    { path: "/wxmcn", marks: () => [] },
    { path: "/tzyx/zebra/product/278", marks: () => [] },
    {
      path: "/sitemap.xml",
      marks: (o) => [`<loc>${o}/</loc>`, `<loc>${o}/articledetail/${a.contentId}</loc>`],
    },
    { path: "/sitemaps/pages.xml", marks: (o) => [`<loc>${o}/</loc>`] },
    { path: "/rss.xml", marks: (o) => [`<link>${o}/articledetail/`, `href="${o}/rss.xml"`] },
    { path: `/rss/${a.columnId}.xml`, marks: (o) => [`href="${o}/rss/${a.columnId}.xml"`] },
    { path: "/robots.txt", marks: (o) => [`Sitemap: ${o}/sitemap.xml`] },
    { path: "/api/product/content/list?page=1&pageSize=5", api: true, marks: () => [] },
  ];
}

/** Every absolute URL of the answer is on `origin` or elsewhere than this site (pictures, partners). */
function expectOrigin(r: Answer, t: Target, origin: string, others: string[]) {
  expect(r.status, t.path).toBe(200);
  expect(r.body, t.path).not.toContain(EVIL);
  for (const m of t.marks(origin)) expect(r.body, `${t.path}: ${m}`).toContain(m);
  for (const o of others) expect(origins(r.body).has(o), `${t.path} names ${o}`).toBe(false);
}

describe("ALLOWED_HOSTS configuration", () => {
  const base = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: "/tmp" };
  it("parses a comma-separated host[:port] list and refuses anything else", () => {
    expect(loadConfig(base).ALLOWED_HOSTS).toBeUndefined();
    expect(
      loadConfig({ ...base, ALLOWED_HOSTS: " News.Example.com, [::1]:8080 ,127.0.0.1:80" }).ALLOWED_HOSTS,
    ).toEqual([{ host: "news.example.com" }, { host: "[::1]", port: 8080 }, { host: "127.0.0.1", port: 80 }]);
    for (const bad of ["https://news.example.com", "news.example.com/x", "a.com:99999", "a b.com", "*"])
      expect(() => loadConfig({ ...base, ALLOWED_HOSTS: bad }), bad).toThrow(/ALLOWED_HOSTS/);
  });
});

// The Host is judged before any handler reads the database, and the answers are cached in the
// response store, which is the same on either engine: SQLite alone, as for the proxy and PUBLIC_URL below.
describe.skipIf(!hasBuild)("a foreign Host header", () => {
  let site: TestServer;
  let own: string;
  let list: Target[];
  beforeAll(async () => {
    site = await startTestServer("sqlite", { buildDir: BUILD_DIR });
    own = `127.0.0.1:${site.port}`;
    list = await targets(site);
  });
  afterAll(async () => {
    await site?.close();
  });

  it("gets 400 on every page, feed and API, and the next visitor still gets the site's own origin", async () => {
    for (const t of list) {
      // The foreign request comes first, on a cold cache: what a poisoner would do.
      expectRefused(await request(site, t.path, { host: EVIL }), Boolean(t.api));
      expectRefused(await request(site, t.path, { host: `${EVIL}:${site.port}` }), Boolean(t.api));
      // Without TRUST_PROXY forwarded headers are not listened to.
      const ignored = await request(site, t.path, { host: own, "x-forwarded-host": EVIL });
      expectOrigin(ignored, t, `http://${own}`, [`http://${EVIL}`, `https://${EVIL}`]);
      for (let i = 0; i < 2; i++) {
        const next = await request(site, t.path, { host: own });
        expectOrigin(next, t, `http://${own}`, [`http://${EVIL}`]);
      }
    }
  });

  it("an allowed other name of the site gets its own origin, in its own cache entries", async () => {
    const local = `localhost:${site.port}`;
    for (const t of list.filter((x) => x.marks("x").length > 0)) {
      await request(site, t.path, { host: own });
      const other = await request(site, t.path, { host: local });
      expectOrigin(other, t, `http://${local}`, [`http://${own}`]);
      const again = await request(site, t.path, { host: own });
      expectOrigin(again, t, `http://${own}`, [`http://${local}`]);
    }
  });

  it("probes may name any host: /healthz and /readyz answer", async () => {
    expect((await request(site, "/healthz", { host: EVIL })).status).toBe(200);
    expect((await request(site, "/readyz", { host: "10.0.0.7:3000" })).status).toBe(200);
  });

  it("refuses a malformed Host", async () => {
    for (const host of [`${EVIL}@127.0.0.1`, `127.0.0.1:${site.port}.${EVIL}`, "127.0.0.1:abc"]) {
      const r = await request(site, "/", { host });
      expect(r.status, host).toBe(400);
      expect(r.body).not.toContain(EVIL);
    }
  });
});

describe.skipIf(!hasBuild)("behind the proxy (TRUST_PROXY)", () => {
  let site: TestServer;
  let own: string;
  let list: Target[];
  const PUBLIC = "https://www.example.test";
  beforeAll(async () => {
    site = await startTestServer("sqlite", {
      buildDir: BUILD_DIR,
      env: { TRUST_PROXY: "true", ALLOWED_HOSTS: "127.0.0.1,www.example.test" },
    });
    own = `127.0.0.1:${site.port}`;
    list = await targets(site);
  });
  afterAll(async () => {
    await site?.close();
  });

  const proxied = (host: string, proto = "https") => ({
    host,
    "x-forwarded-host": host,
    "x-forwarded-proto": proto,
  });

  it("a foreign X-Forwarded-Host gets 400, and the next proxied visitor still gets the public origin", async () => {
    for (const t of list) {
      expectRefused(
        await request(site, t.path, { host: "www.example.test", "x-forwarded-host": EVIL }),
        Boolean(t.api),
      );
      expectRefused(await request(site, t.path, { host: EVIL, "x-forwarded-host": EVIL }), Boolean(t.api));
      expectRefused(
        await request(site, t.path, { host: own, "x-forwarded-host": `${EVIL}, www.example.test` }),
        Boolean(t.api),
      );
      expectRefused(
        await request(site, t.path, { ...proxied("www.example.test"), "x-forwarded-proto": "gopher" }),
        Boolean(t.api),
      );
      for (let i = 0; i < 2; i++) {
        const next = await request(site, t.path, proxied("www.example.test"));
        expectOrigin(next, t, PUBLIC, [`http://${EVIL}`, `https://${EVIL}`, `http://${own}`]);
      }
    }
  });

  it("the scheme and host the proxy names are part of the origin, and of the cache key", async () => {
    for (const t of list.filter((x) => x.marks("x").length > 0)) {
      const https = await request(site, t.path, proxied("www.example.test"));
      expectOrigin(https, t, PUBLIC, ["http://www.example.test"]);
      const http_ = await request(site, t.path, proxied("www.example.test", "http"));
      expectOrigin(http_, t, "http://www.example.test", [PUBLIC]);
      const direct = await request(site, t.path, { host: own });
      expectOrigin(direct, t, `http://${own}`, [PUBLIC, "http://www.example.test"]);
    }
  });

  it("the console takes the forwarded origin for its own (CSRF check), and no other", async () => {
    const login = (origin: string) =>
      request(
        site,
        "/api/admin/login",
        // the proxy talks to the instance by its address, and names the public host in X-Forwarded-Host
        { ...proxied("www.example.test"), host: own, origin, "content-type": "application/json" },
        JSON.stringify({ username: "nobody", password: "wrong-password" }),
      );
    const ours = await login(PUBLIC);
    expect(ours.status).not.toBe(403);
    expect(JSON.parse(ours.body).message).not.toBe("安全校验失败，请刷新页面后重试");
    expect((await login(`https://${EVIL}`)).status).toBe(403);
  });

  it("a Host outside the list is refused even with an allowed X-Forwarded-Host missing", async () => {
    expectRefused(await request(site, "/", { host: EVIL, "x-forwarded-proto": "https" }), false);
  });
});

describe.skipIf(!hasBuild)("with PUBLIC_URL", () => {
  let site: TestServer;
  let list: Target[];
  const PUBLIC = "https://news.example.com";
  beforeAll(async () => {
    site = await startTestServer("sqlite", { buildDir: BUILD_DIR, env: { PUBLIC_URL: PUBLIC } });
    list = await targets(site);
  });
  afterAll(async () => {
    await site?.close();
  });

  it("absolute URLs always name PUBLIC_URL, whichever allowed host was asked; foreign hosts get 400", async () => {
    for (const t of list) {
      expectRefused(await request(site, t.path, { host: EVIL }), Boolean(t.api));
      for (const host of [`127.0.0.1:${site.port}`, `localhost:${site.port}`, "news.example.com"]) {
        const r = await request(site, t.path, { host });
        expectOrigin(r, t, PUBLIC, [`http://${host}`, `http://127.0.0.1:${site.port}`]);
      }
    }
  });
});
