import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "../../scripts/cluster.mjs";
import { canRunPrivateServers, PrivatePostgres, PrivateRedis } from "./services";

/**
 * Production mode on loopback: two instances on PostgreSQL + Redis behind nginx, with faults.
 * PostgreSQL and Redis are private servers of this test, so stopping them harms nothing else.
 */
if (!canRunPrivateServers)
  console.warn("[note] production-mode tests need root, PostgreSQL binaries and redis-server: skipped");

const json = async <T>(res: Response) => (await res.json()) as T;

describe.skipIf(!canRunPrivateServers)("production mode behind nginx", () => {
  const pg = new PrivatePostgres(5499);
  const redis = new PrivateRedis(6399);
  let cluster: Cluster;
  let wxCalls = 0;
  const wx = http.createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url?.startsWith("/cgi-bin/token"))
      return res.end(JSON.stringify({ access_token: "T", expires_in: 7200 }));
    wxCalls++;
    setTimeout(() => res.end(JSON.stringify({ errcode: 0, ticket: "TICKET", expires_in: 7200 })), 100);
  });
  const logs: string[] = [];

  beforeAll(async () => {
    pg.start();
    await redis.start();
    await new Promise<void>((r) => wx.listen(0, "127.0.0.1", r));
    cluster = await startCluster({
      instances: 2,
      port: 8280,
      databaseUrl: pg.url,
      redisUrl: redis.url,
      dir: fs.mkdtempSync(path.join(os.tmpdir(), "dsn-nginx-")),
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "dsn-cluster-")),
      env: {
        LOG_LEVEL: "warn",
        WECHAT_API_BASE: `http://127.0.0.1:${(wx.address() as AddressInfo).port}`,
        WECHAT_APP_ID: "wx-cluster",
        WECHAT_APP_SECRET: "s",
      },
      log: (l) => logs.push(l),
    });
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
    await redis.stop();
    pg.destroy();
    await new Promise<void>((r) => wx.close(() => r()));
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

  it("routes around an instance killed with SIGKILL", async () => {
    await cluster.kill(1);
    const statuses = await Promise.all(
      [...Array(20)].map(
        async () => (await fetch(`${cluster.url}/api/product/content/list?page=1&pageSize=5`)).status,
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    await cluster.restart(1);
    expect((await fetch(`${cluster.apps[1]!.url}/readyz`)).status).toBe(200);
  });

  it("reports not ready while PostgreSQL is down, and recovers by itself", async () => {
    pg.stop();
    await expect
      .poll(async () => (await fetch(`${cluster.apps[0]!.url}/readyz`)).status, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(503);
    pg.start();
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
    const down = await json<{ store: boolean }>(await fetch(`${cluster.apps[0]!.url}/readyz`));
    expect(down.store).toBe(false);
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
