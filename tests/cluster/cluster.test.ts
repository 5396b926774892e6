import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient } from "../../tools/admin-client";
import { type Cluster, findNginx, startCluster } from "../../tools/cluster.mjs";
import { fakeEngines } from "../helpers/fake-engines";
import { canRunPrivateServers, PrivatePostgres, PrivateRedis } from "./services";

/**
 * Production mode on loopback: two instances on PostgreSQL + Redis behind nginx, with faults.
 * PostgreSQL and Redis are private servers of this test, so stopping them harms nothing else.
 */
const canRun = canRunPrivateServers && findNginx() !== undefined;
if (!canRun)
  console.warn(
    "[note] production-mode tests need root, PostgreSQL binaries, redis-server and nginx: skipped",
  );

const json = async <T>(res: Response) => (await res.json()) as T;

const payload = () => ({
  productId: 278,
  menberProfession: "ANCHOR",
  signWay: "INDIVIDUAL",
  companyName: "",
  signer: "张三",
  idCardNumber: "11010519491231002X",
  contact: "13800138000",
  payer: "张三",
  orderNum: "1",
  questionList: [
    { questionId: 112, answer: "1万至10万" },
    { questionId: 113, answer: "抖音" },
    { questionId: 1, answer: "主播" },
    { questionId: 23, answer: "理事" },
  ],
});

async function commit(base: string, key: string, ip: string) {
  const r = await fetch(`${base}/api/onlineApply/payCommit`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": key, "x-forwarded-for": ip },
    body: JSON.stringify(payload()),
  });
  return json<{ statusCode: number; data: { orderNo: string } }>(r);
}

describe.skipIf(!canRun)("production mode behind nginx", () => {
  const pg_ = new PrivatePostgres(5499);
  const redis = new PrivateRedis(6399);
  let cluster: Cluster;
  let wxCalls = 0;
  const wx = http.createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    // The site's one access token is a stable_token (server/wechat/client.ts).
    if (req.url?.startsWith("/cgi-bin/stable_token"))
      return res.end(JSON.stringify({ access_token: "T", expires_in: 7200 }));
    wxCalls++;
    setTimeout(() => res.end(JSON.stringify({ errcode: 0, ticket: "TICKET", expires_in: 7200 })), 100);
  });
  /** Baidu and IndexNow, told about each article that becomes public (both instances send the queue) */
  const engines = fakeEngines();
  const logs: string[] = [];
  const sql = async <T>(text: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: pg_.url });
    await c.connect();
    try {
      return (await c.query(text, values)).rows as T[];
    } finally {
      await c.end();
    }
  };
  const ordersByKey = (keys: string[]) =>
    sql<{ idempotency_key: string; order_no: string }>(
      "SELECT idempotency_key, order_no FROM signup_orders WHERE idempotency_key = ANY($1) ORDER BY id",
      [keys],
    );
  const ordersWithKeyCount = async () =>
    Number(
      (
        await sql<{ n: string }>("SELECT count(*) AS n FROM signup_orders WHERE idempotency_key IS NOT NULL")
      )[0]!.n,
    );
  const distinctKeyCount = async () =>
    Number(
      (
        await sql<{ n: string }>(
          "SELECT count(DISTINCT idempotency_key) AS n FROM signup_orders WHERE idempotency_key IS NOT NULL",
        )
      )[0]!.n,
    );
  const flushRedis = async () => {
    execFileSync("redis-cli", ["-p", String(redis.port), "FLUSHALL"], { stdio: "ignore" });
  };

  beforeAll(async () => {
    pg_.start();
    await redis.start();
    await new Promise<void>((r) => wx.listen(0, "127.0.0.1", r));
    const fakeBase = await engines.start();
    cluster = await startCluster({
      instances: 2,
      port: 8280,
      databaseUrl: pg_.url,
      redisUrl: redis.url,
      dir: fs.mkdtempSync(path.join(os.tmpdir(), "dsn-nginx-")),
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "dsn-cluster-")),
      env: {
        LOG_LEVEL: "warn",
        WECHAT_API_BASE: `http://127.0.0.1:${(wx.address() as AddressInfo).port}`,
        WECHAT_APP_ID: "wx-cluster",
        WECHAT_APP_SECRET: "s",
        // nginx's address: the origin of the pushed URLs
        PUBLIC_URL: "http://127.0.0.1:8280",
        BAIDU_PUSH_URL: `${fakeBase}/urls?site=http://127.0.0.1:8280&token=cluster`,
        INDEXNOW_KEY: "cluster-indexnow-key",
        INDEXNOW_ENDPOINT: `${fakeBase}/indexnow`,
        PUSH_POLL_SECONDS: "1",
      },
      log: (l) => logs.push(l),
    });
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
    await redis.stop();
    pg_.destroy();
    await new Promise<void>((r) => wx.close(() => r()));
    await engines.close();
  });

  it("serves the API and the pages through nginx from every instance", async () => {
    const count = await json<{ data: { result: number } }>(
      await fetch(`${cluster.url}/api/product/content/count`),
    );
    expect(count.data.result).toBeGreaterThanOrEqual(300);
    const home = await fetch(`${cluster.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("电商报");
    for (const app of cluster.apps) {
      const r = await json<{ data: { result: number } }>(await fetch(`${app.url}/api/product/content/count`));
      expect(r.data.result).toBe(count.data.result);
    }
    const search = await fetch(
      `${cluster.url}/api/product/content/searchArticleByKeyword?keyword=%E7%9B%B4%E6%92%AD&page=1&pageSize=10`,
    );
    expect(search.status).toBe(200);
  });

  it("renders each page on one instance: its reads, share parameters included, go where it is stored", async () => {
    const rendered = async () => {
      const each: number[] = [];
      for (const app of cluster.apps) {
        const text = await (await fetch(`${app.url}/metrics`)).text();
        each.push(Number(/^cache_misses_total (\S+)/m.exec(text)?.[1] ?? Number.NaN));
      }
      return each;
    };
    const list = await json<{ data: { result: { contentId: number }[] } }>(
      await fetch(`${cluster.url}/api/product/content/list?page=4&pageSize=20`),
    );
    const ids = list.data.result.map((a) => a.contentId);
    expect(ids).toHaveLength(20);
    const before = await rendered();
    const variants = [
      "",
      "?from=singlemessage&isappinstalled=0",
      "",
      "?utm_source=wechat&utm_medium=share",
      "",
    ];
    for (const id of ids)
      for (const q of variants) {
        const r = await fetch(`${cluster.url}/articledetail/${id}${q}`);
        expect(r.status).toBe(200);
        await r.arrayBuffer();
      }
    const after = await rendered();
    const byInstance = after.map((n, i) => n - before[i]!);
    // One render per article in all (taking turns, every instance would render every article)…
    expect(byInstance.reduce((a, b) => a + b, 0)).toBe(ids.length);
    // …and the articles are shared out between the instances.
    for (const n of byInstance) expect(n).toBeGreaterThan(0);
  });

  it("through nginx: a foreign Host gets 400, a visitor's own X-Forwarded-* are replaced", async () => {
    const port = Number(new URL(cluster.url).port);
    const get = (pathAndQuery: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          { host: "127.0.0.1", port, path: pathAndQuery, headers, agent: false },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
            );
          },
        );
        req.on("error", reject);
        req.end();
      });
    for (const p of ["/", "/sitemap.xml", "/rss.xml", "/api/product/content/count"]) {
      const foreign = await get(p, { host: "evil.example" });
      expect(foreign.status, p).toBe(400);
      expect(foreign.body).toContain("请求的主机名无效");
      const forged = await get(p, {
        host: `127.0.0.1:${port}`,
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      });
      expect(forged.status, p).toBe(200);
      expect(forged.body, p).not.toContain("evil.example");
    }
    const home = await (await fetch(`${cluster.url}/`)).text();
    expect(home).toContain(`<link rel="canonical" href="${cluster.url}/"`);
    expect(await (await fetch(`${cluster.url}/sitemap.xml`)).text()).toContain(`<loc>${cluster.url}/</loc>`);
  });

  it("fetches the WeChat ticket once for all instances", async () => {
    const url = `${cluster.url}/api/product/wechat/getSign?url=${encodeURIComponent("https://www.example.com/a")}`;
    const answers = await Promise.all([...Array(12)].map(() => fetch(url)));
    for (const a of answers) expect(a.status).toBe(200);
    for (const app of cluster.apps)
      expect(
        (await fetch(`${app.url}/api/product/wechat/getSign?url=https%3A%2F%2Fx.example.com%2F`)).status,
      ).toBe(200);
    expect(wxCalls).toBe(1);
  });

  it("shows a change made through one instance through every instance at once", async () => {
    const admin = new AdminClient(cluster.apps[0]!.url);
    const setup = await admin.req("POST", "/api/admin/setup", {
      username: "chief",
      displayName: "总编",
      password: "correct-horse-battery",
    });
    admin.adopt(setup);
    // Warm every instance's caches with the list, through nginx and directly.
    const list = "/api/product/content/list?page=1&pageSize=3";
    const home = { headers: { cookie: "Hm_lvt_1=1", "accept-encoding": "br" } };
    for (const app of cluster.apps) {
      await fetch(app.url + list);
      await fetch(app.url + list);
      await (await fetch(`${app.url}/`, home)).text();
      expect((await fetch(`${app.url}/`, home)).headers.get("x-cache")).toBe("HIT");
    }
    const created = await admin.req<{ contentId: number }>(
      "POST",
      "/api/admin/articles",
      {
        title: "跨实例发布测试文章",
        intro: "通过一个实例发布",
        content: "<p>正文</p>",
        thumb: "/uploads/demo/article-1.svg",
        author: "总编",
        columnId: 5,
        tags: ["跨实例"],
        hot: false,
        status: "published",
        createdAt: new Date().toISOString(),
      },
      { origin: cluster.apps[0]!.url },
    );
    expect(created.status, created.text).toBe(200);
    // The instance that saved it purged its stored home before answering: its next reader sees it.
    expect(await (await fetch(`${cluster.apps[0]!.url}/`, home)).text()).toContain("跨实例发布测试文章");
    // The others hear it over Redis (milliseconds; the polls allow a busy machine 10 s).
    for (const app of cluster.apps) {
      await expect
        .poll(
          async () =>
            (await json<{ data: { result: { title: string }[] } }>(await fetch(app.url + list))).data
              .result[0]?.title,
          { timeout: 10_000, interval: 20 },
        )
        .toBe("跨实例发布测试文章");
    }
    // Pages too: the home of every instance shows it; then an edit, an unpublish and a delete made
    // through one instance show on the other's article page and home.
    const id = (created.body.data as unknown as { id: number }).id;
    const article = `/articledetail/${id}`;
    const page = async (url: string) => {
      const res = await fetch(url, { headers: { cookie: "Hm_lvt_1=1", "accept-encoding": "br" } });
      return { status: res.status, body: await res.text() };
    };
    const other = cluster.apps[1]!.url;
    for (const app of cluster.apps) {
      await expect
        .poll(async () => (await page(`${app.url}/`)).body, { timeout: 10_000, interval: 20 })
        .toContain("跨实例发布测试文章");
      await page(app.url + article);
    }
    const base = {
      intro: "通过一个实例发布",
      content: "<p>正文</p>",
      thumb: "/uploads/demo/article-1.svg",
      author: "总编",
      columnId: 5,
      tags: ["跨实例"],
      hot: false,
      createdAt: new Date().toISOString(),
    };
    const put = (title: string, status: string) =>
      admin.req(
        "PUT",
        `/api/admin/articles/${id}`,
        { ...base, title, status },
        { origin: cluster.apps[0]!.url },
      );
    expect((await put("跨实例修订标题", "published")).status).toBe(200);
    await expect
      .poll(async () => (await page(other + article)).body, { timeout: 10_000, interval: 20 })
      .toContain("跨实例修订标题");
    expect((await put("跨实例修订标题", "draft")).status).toBe(200);
    await expect
      .poll(async () => (await page(other + article)).status, { timeout: 10_000, interval: 20 })
      .toBe(404);
    await expect
      .poll(async () => (await page(`${other}/`)).body, { timeout: 10_000, interval: 20 })
      .not.toContain("跨实例修订标题");
    expect((await put("跨实例再次发布", "published")).status).toBe(200);
    await expect
      .poll(async () => (await page(other + article)).status, { timeout: 10_000, interval: 20 })
      .toBe(200);
    expect(
      (await admin.req("DELETE", `/api/admin/articles/${id}`, undefined, { origin: cluster.apps[0]!.url }))
        .status,
    ).toBe(200);
    await expect
      .poll(async () => (await page(other + article)).status, { timeout: 10_000, interval: 20 })
      .toBe(404);
    await expect
      .poll(async () => (await page(`${other}/`)).body, { timeout: 10_000, interval: 20 })
      .not.toContain("跨实例再次发布");
  });

  it("shows a landing page published through one instance on the other, and takes it down from either", async () => {
    const [a, b] = [cluster.apps[0]!.url, cluster.apps[1]!.url];
    const onA = new AdminClient(a);
    // The first admin, unless an earlier test made it (setup answers only on an empty site).
    const chief = { username: "chief", displayName: "总编", password: "correct-horse-battery" };
    const setup = await onA.req("POST", "/api/admin/setup", chief, { origin: a });
    const signIn = async (client: AdminClient, origin: string) => {
      const login = await client.req(
        "POST",
        "/api/admin/login",
        { username: "chief", password: "correct-horse-battery" },
        { origin },
      );
      expect(login.status, login.text).toBe(200);
      client.adopt(login);
    };
    if (setup.status === 200) onA.adopt(setup);
    else await signIn(onA, a);
    const p = "/market/cluster/launch";
    const page = async (base: string) => {
      const res = await fetch(base + p, { headers: { cookie: "Hm_lvt_1=1", "accept-encoding": "br" } });
      return { status: res.status, body: await res.text() };
    };
    // Both instances hold the path's 404 before the publish.
    for (const base of [a, b]) expect((await page(base)).status).toBe(404);
    const created = await onA.req<{ id: number }>(
      "POST",
      "/api/admin/landing-pages",
      {
        path: p,
        title: "跨实例营销页 - 电商报",
        name: "跨实例营销页",
        description: "在一个实例发布，另一个实例显示",
        sections: [
          {
            type: "hero",
            title: "跨实例发布的营销页",
            image: { src: "/landing/summit/hero.svg", alt: "主视觉", w: 1440, h: 520 },
          },
        ],
      },
      { origin: a },
    );
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id;
    const published = await onA.req("POST", `/api/admin/landing-pages/${id}/publish`, undefined, {
      origin: a,
    });
    expect(published.status, published.text).toBe(200);
    // B hears the change over Redis (milliseconds; the poll allows a busy machine 10 s).
    await expect
      .poll(async () => (await page(b)).body, { timeout: 10_000, interval: 20 })
      .toContain("跨实例发布的营销页");

    // Taken down through B: A answers 404 soon after.
    expect((await page(a)).status).toBe(200);
    const onB = new AdminClient(b);
    await signIn(onB, b);
    const down = await onB.req("POST", `/api/admin/landing-pages/${id}/takedown`, undefined, { origin: b });
    expect(down.status, down.text).toBe(200);
    await expect.poll(async () => (await page(a)).status, { timeout: 10_000, interval: 20 }).toBe(404);
  });

  it("publishes a scheduled article once, and every instance shows it within seconds of its time", async () => {
    const admin = new AdminClient(cluster.apps[1]!.url);
    const login = await admin.req(
      "POST",
      "/api/admin/login",
      { username: "chief", password: "correct-horse-battery" },
      { origin: cluster.apps[1]!.url },
    );
    expect(login.status, login.text).toBe(200);
    admin.adopt(login);
    const at = new Date(Date.now() + 4_000);
    const created = await admin.req<{ id: number; status: string }>(
      "POST",
      "/api/admin/articles",
      {
        title: "跨实例定时发布",
        intro: "两个实例都在查看定时任务",
        content: "<p>正文</p>",
        thumb: "/uploads/demo/article-1.svg",
        author: "总编",
        columnId: 5,
        tags: ["定时发布"],
        hot: false,
        status: "scheduled",
        createdAt: at.toISOString(),
      },
      { origin: cluster.apps[1]!.url },
    );
    expect(created.status, created.text).toBe(200);
    expect(created.body.data.status).toBe("scheduled");
    const id = created.body.data.id;
    const list = "/api/product/content/list?page=1&pageSize=3";
    const first = async (base: string) =>
      (await json<{ data: { result: { contentId: number }[] } }>(await fetch(base + list))).data.result[0]
        ?.contentId;
    for (const app of cluster.apps) expect(await first(app.url)).not.toBe(id);
    // Each instance looks every SCHEDULE_POLL_SECONDS (5): the article is out within 10 s of its time.
    for (const base of [...cluster.apps.map((a) => a.url), cluster.url])
      await expect.poll(() => first(base), { timeout: 30_000, interval: 200 }).toBe(id);
    const audited = await sql<{ n: string }>(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'publish' AND entity = 'article' AND entity_id = $1",
      [String(id)],
    );
    expect(Number(audited[0]!.n)).toBe(1);

    // Both instances send the push queue every second: once the rows are settled, each engine was
    // told about the article exactly once.
    const url = `http://127.0.0.1:8280/articledetail/${id}`;
    const settled = async () =>
      (
        await sql<{ engine: string; status: string }>(
          "SELECT engine, status FROM search_pushes WHERE url = $1 ORDER BY engine",
          [url],
        )
      ).map((r) => `${r.engine}:${r.status}`);
    await expect.poll(settled, { timeout: 30_000, interval: 200 }).toEqual(["baidu:done", "indexnow:done"]);
    expect(engines.seen.filter((s) => s.engine === "baidu" && s.body.split("\n").includes(url))).toHaveLength(
      1,
    );
    expect(
      engines.seen.filter(
        (s) => s.engine === "indexnow" && (JSON.parse(s.body) as { urlList: string[] }).urlList.includes(url),
      ),
    ).toHaveLength(1);
  });

  it("holds an Idempotency-Key across instances", async () => {
    const key = `cluster-key-${Date.now()}`;
    const answers = await Promise.all(
      cluster.apps.flatMap((app) => [
        commit(app.url, key, "203.0.113.7"),
        commit(app.url, key, "203.0.113.7"),
      ]),
    );
    for (const a of answers) expect(a.statusCode).toBe(1000);
    expect(new Set(answers.map((a) => a.data.orderNo)).size).toBe(1);
    expect(await ordersWithKeyCount()).toBe(await distinctKeyCount());
  });

  it("counts rate limits across instances", async () => {
    await flushRedis();
    const ip = "203.0.113.99";
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const app = cluster.apps[i % 2]!;
      const r = await fetch(`${app.url}/api/onlineApply/payCommit`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": ip,
          "idempotency-key": `rl-${Date.now()}-${i}`,
        },
        body: JSON.stringify(payload()),
      });
      statuses.push(r.status);
    }
    // 20 per 10 minutes per visitor, wherever the requests land.
    expect(statuses.filter((x) => x === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    await flushRedis();
  });

  it("loses no acknowledged order when an instance is killed during a sign-up load", async () => {
    await flushRedis();
    // Through nginx every visitor is 127.0.0.1: stay under its 20-per-10-minutes limit.
    const keys = [...Array(18)].map((_, i) => `kill-${Date.now()}-${i}`);
    const answered = new Map<string, string>();
    let killed = false;
    await Promise.all(
      keys.map(async (key, i) => {
        const r = await commit(cluster.url, key, `198.51.100.${i + 1}`).catch(() => null);
        if (r?.statusCode === 1000) answered.set(key, r.data.orderNo);
        if (!killed && answered.size >= 5) {
          killed = true;
          await cluster.kill(0);
        }
      }),
    );
    expect(killed).toBe(true);
    // Every answered order exists exactly once.
    const rows = await ordersByKey(keys);
    for (const [key, orderNo] of answered) {
      expect(rows.filter((r) => r.idempotency_key === key)).toEqual([
        { idempotency_key: key, order_no: orderNo },
      ]);
    }
    // Retrying the unanswered ones with their keys never stores a second order.
    await flushRedis();
    for (const [i, key] of keys.entries()) {
      if (answered.has(key)) continue;
      const r = await commit(cluster.url, key, `198.51.100.${(i % 18) + 101}`);
      expect(r.statusCode).toBe(1000);
    }
    expect((await ordersByKey(keys)).length).toBe(keys.length);
    await cluster.restart(0);
    await flushRedis();
  });

  it("routes around an instance killed with SIGKILL", async () => {
    await cluster.kill(1);
    try {
      const statuses = await Promise.all(
        [...Array(20)].map(
          async () => (await fetch(`${cluster.url}/api/product/content/list?page=1&pageSize=5`)).status,
        ),
      );
      expect(
        statuses.filter((s) => s !== 200),
        `statuses: ${statuses.join(",")}`,
      ).toEqual([]);
    } finally {
      await cluster.restart(1);
    }
    expect((await fetch(`${cluster.apps[1]!.url}/readyz`)).status).toBe(200);
  });

  it("reports not ready while PostgreSQL is down, and recovers by itself", async () => {
    pg_.stop();
    await expect
      .poll(async () => (await fetch(`${cluster.apps[0]!.url}/readyz`)).status, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(503);
    pg_.start();
    for (const app of cluster.apps) {
      await expect
        .poll(async () => (await fetch(`${app.url}/readyz`)).status, { timeout: 30_000, interval: 250 })
        .toBe(200);
    }
    const r = await fetch(`${cluster.url}/api/product/content/list?page=2&pageSize=5&columnId=5`);
    expect(r.status).toBe(200);
  });

  it("keeps serving without Redis and recovers when it returns", async () => {
    await redis.stop();
    for (let i = 0; i < 10; i++) {
      const r = await fetch(`${cluster.url}/api/product/content/list?page=${i + 1}&pageSize=3`);
      expect(r.status).toBe(200);
    }
    expect((await fetch(`${cluster.url}/`)).status).toBe(200);
    // Readiness reports the shared store down once the instance's client has seen the connection
    // close, which may come after the answers above on a busy machine.
    await expect
      .poll(
        async () => (await json<{ store: boolean }>(await fetch(`${cluster.apps[0]!.url}/readyz`))).store,
        { timeout: 30_000, interval: 250 },
      )
      .toBe(false);
    await redis.start();
    for (const app of cluster.apps) {
      await expect
        .poll(async () => (await json<{ store: boolean }>(await fetch(`${app.url}/readyz`))).store, {
          timeout: 20_000,
          interval: 250,
        })
        .toBe(true);
    }
  });
});
