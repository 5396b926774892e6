import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleTag, type ContentChange } from "../../contract/cache-tags";
import type { ArticleSummary, WechatSign } from "../../contract/entities";
import { wechatPushSignature } from "../../fakes/wechat-mp";
import { engines, startTestServer, type TestServer } from "../helpers/server";
import { REDIS_URL, redisReachable } from "../helpers/services";

const reachable = await redisReachable();
if (!reachable) {
  if (process.env.CI) throw new Error("CI needs Redis on 127.0.0.1:6379 (.ci/run starts it)");
  console.warn("[note] Redis is not reachable on 127.0.0.1:6379: the shared-state tests are skipped.");
}

/** Two instances sharing one Redis, as in production mode. */
describe.skipIf(!reachable)("instances sharing Redis", () => {
  const appId = `wx-${process.pid}-${Date.now()}`;
  let calls = 0;
  const wx = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    res.setHeader("content-type", "application/json");
    // The site's one access token is a stable_token (server/wechat/client.ts).
    if (url.pathname === "/cgi-bin/stable_token")
      return res.end(JSON.stringify({ access_token: "T", expires_in: 7200 }));
    calls++;
    setTimeout(() => res.end(JSON.stringify({ errcode: 0, ticket: "TICKET", expires_in: 7200 })), 100);
  });
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    await new Promise<void>((r) => wx.listen(0, "127.0.0.1", r));
    const env = {
      REDIS_URL,
      WECHAT_API_BASE: `http://127.0.0.1:${(wx.address() as AddressInfo).port}`,
      WECHAT_APP_ID: appId,
      WECHAT_APP_SECRET: "secret",
      WECHAT_CALLBACK_TOKEN: "pushToken",
    };
    // Two instances on one database (PostgreSQL when there is one) and one Redis.
    const engine = engines().includes("postgres") ? "postgres" : "sqlite";
    a = await startTestServer(engine, { env });
    b = await startTestServer(engine, {
      env: {
        ...env,
        ...(a.services.config.DATABASE_URL ? { DATABASE_URL: a.services.config.DATABASE_URL } : {}),
      },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await new Promise<void>((r) => wx.close(() => r()));
  });

  it("fetches the WeChat ticket once for all instances", async () => {
    const url = `/api/product/wechat/getSign?url=${encodeURIComponent("https://www.example.com/")}`;
    const answers = await Promise.all(
      [...Array(6)].flatMap(() => [a.get<WechatSign>(url), b.get<WechatSign>(url)]),
    );
    for (const r of answers) expect(r.status).toBe(200);
    expect(calls).toBe(1);
  });

  it("refuses a WeChat callback's nonce on every instance once one has seen it", async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = `${process.pid}${Date.now()}`;
    const signature = wechatPushSignature("pushToken", timestamp, nonce);
    const check = `/api/wechat/callback?${new URLSearchParams({ signature, timestamp, nonce, echostr: "hi" })}`;
    const first = await fetch(a.url + check);
    expect([first.status, await first.text()]).toEqual([200, "hi"]);
    for (const s of [b, a]) {
      const again = await fetch(s.url + check);
      expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([
        403,
        "重复的请求：该 nonce 已使用过",
      ]);
    }
  });

  it.skipIf(!engines().includes("postgres"))(
    "shows a change made through one instance through the other at once",
    async () => {
      const url = "/api/product/content/list?page=1&pageSize=3";
      await b.get(url);
      await b.get(url); // now cached on b
      // What b hears: the change itself, so b purges what it touched, not its whole store.
      const heard: (ContentChange | null)[] = [];
      const stop = b.services.events.onChange((c) => heard.push(c));
      const id = await a.services.content.saveArticle({
        columnId: 5,
        title: "跨实例缓存失效",
        intro: "",
        content: "<p>正文</p>",
        thumb: "",
        author: "测试",
        hot: false,
        status: "published",
        createdAt: new Date().toISOString(),
        tags: [],
      });
      await expect
        .poll(async () => (await b.get<{ result: ArticleSummary[] }>(url)).body.data.result[0]?.contentId, {
          timeout: 2000,
          interval: 20,
        })
        .toBe(id);
      stop();
      expect(heard).not.toContain(null);
      expect(heard.flatMap((c) => c?.purge ?? [])).toContain(articleTag(id));
    },
  );
});
