// The response store across a restart, and its warmer (docs/architecture.md, "Serving"): sites of
// their own (the warmer renders every page of the seeded archive), waited on through /metrics.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AdminArticle } from "../../contract/admin";
import { articleChange } from "../../contract/cache-tags";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { type RunningServer, startServer } from "../../server/server";
import { AdminClient } from "../../tools/admin-client";
import { BUILD_DIR, engines, needsBuild, startSite, type TestServer } from "../helpers/server";

const BROWSER = { "accept-encoding": "gzip, deflate, br", cookie: "Hm_lvt_8f2d1c=1764000000" };
const state = async (url: string) => {
  const res = await fetch(url, { headers: BROWSER });
  await res.arrayBuffer();
  return res.headers.get("x-cache");
};
/** A gauge of /metrics (0 when it is not there yet). */
async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const m = new RegExp(`^${name} (\\S+)$`, "m").exec(text);
  return m ? Number(m[1]) : 0;
}
/** Waits for the warmer to finish a pass after `passes` (its count before what the test waits on). */
async function warmed(url: string, passes: number) {
  await expect
    .poll(async () => (await metric(url, "cache_warm_passes_total")) > passes, {
      timeout: 120_000,
      interval: 200,
    })
    .toBe(true);
  expect(await metric(url, "cache_warm_left")).toBe(0);
}
const ids = async (site: TestServer) =>
  (
    await site.get<{ result: { contentId: number }[] }>("/api/product/content/list?page=1&pageSize=100")
  ).body.data.result.map((a) => a.contentId);

describe.runIf(needsBuild("the warmer's tests")).each(engines())("the store's warmer (%s)", (engine) => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startSite(engine, { CACHE_WARM: "1" });
  });
  afterAll(() => site?.close());

  it("renders every public page after start, and what a publish changed, while the site is idle", async () => {
    // The first reader teaches it the origin readers use (no PUBLIC_URL here).
    expect((await fetch(`${site.url}/no-such-page-warm-up`)).status).toBe(404);
    await warmed(site.url, 0);
    const articles = await ids(site);
    expect(articles.length).toBeGreaterThan(3);
    for (const id of articles) expect(await state(`${site.url}/articledetail/${id}`), String(id)).toBe("HIT");
    for (const p of ["/", "/news", "/newlist/5?name=科技", "/activity", "/news?page=2"])
      expect(await state(site.url + p), p).toBe("HIT");

    const editor = new AdminClient(site.url);
    const setup = await editor.req("POST", "/api/admin/setup", {
      username: "chief",
      displayName: "总编",
      password: "correct-horse-battery",
    });
    editor.adopt(setup);
    const passes = await metric(site.url, "cache_warm_passes_total");
    const rendered = await metric(site.url, "cache_warm_rendered_total");
    const title = `预热发布测试 ${engine}`;
    const created = await editor.req<AdminArticle>("POST", "/api/admin/articles", {
      title,
      intro: "预热",
      content: "<p>预热正文</p>",
      thumb: "/uploads/demo/article-1.svg",
      author: "小编",
      columnId: 5,
      tags: ["预热"],
      hot: false,
      status: "published",
      createdAt: new Date().toISOString(),
    });
    expect(created.status).toBe(200);
    await warmed(site.url, passes);
    expect(await metric(site.url, "cache_warm_rendered_total")).toBeGreaterThan(rendered);
    // The new article's page and the lists showing it were rendered by the warmer, not by a reader.
    for (const p of [`/articledetail/${created.body.data.id}`, "/", "/newlist/5?name=科技"]) {
      const res = await fetch(site.url + p, { headers: BROWSER });
      expect(res.headers.get("x-cache"), p).toBe("HIT");
      expect(await res.text(), p).toContain(title);
    }
  });
});

/** A port free now, for a server that must find its own directory again (DATA_DIR/cache/<build>/<host>/<port>). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe.runIf(needsBuild("the restart tests"))("the store across a restart", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-restart-"));
  const sqlitePath = path.join(dataDir, "site.db");
  let port = 0;
  let running: RunningServer | undefined;
  const start = async () => {
    running = await startServer({
      config: loadConfig({
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        SEED_DEMO: "false",
        CACHE_WARM: "0",
      }),
      logger: createLogger("silent"),
      sqlitePath,
      buildDir: BUILD_DIR,
    });
    return running;
  };
  beforeAll(async () => {
    fs.copyFileSync(inject("sqliteTemplate"), sqlitePath);
    fs.mkdirSync(path.join(dataDir, "uploads"));
    port = await freePort();
  });
  afterAll(async () => {
    await running?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds the stored pages again without a render, honours a change made before it, and removes other builds' directories", async () => {
    let server = await start();
    const [a, b] = (await (await fetch(`${server.url}/api/product/content/list?page=1&pageSize=2`)).json())
      .data.result as { contentId: number }[];
    const pageA = `${server.url}/articledetail/${a!.contentId}`;
    const pageB = `${server.url}/articledetail/${b!.contentId}`;
    expect(await state(pageA)).toBe("MISS");
    expect(await state(pageB)).toBe("MISS");
    const before = await (await fetch(pageA, { headers: BROWSER })).text();
    // A change this instance saw: its journal keeps it for the next life.
    await server.services.events.changed(articleChange(b!.contentId));
    await server.close();
    // Another build's directory of this host goes; another host's stays.
    const cache = path.join(dataDir, "cache");
    const host = os.hostname().replace(/[^\w.-]/g, "_");
    const oldBuild = path.join(cache, "an-old-build", host, String(port));
    const otherHost = path.join(cache, "an-old-build", "another-host", String(port));
    for (const d of [oldBuild, otherHost]) fs.mkdirSync(d, { recursive: true });

    server = await start();
    expect(fs.existsSync(oldBuild)).toBe(false);
    expect(fs.existsSync(otherHost)).toBe(true);
    expect(await server.serving.store.restored).toBeGreaterThanOrEqual(1);
    const renders = async () =>
      (await metric(server.url, 'page_renders\\{where="thread"\\}')) +
      (await metric(server.url, 'page_renders\\{where="request"\\}'));
    const rendersBefore = await renders();
    const again = await fetch(pageA, { headers: BROWSER });
    expect(again.headers.get("x-cache")).toBe("STALE");
    expect(await again.text()).toBe(before);
    // Served from disk at once; one background render replaces it.
    await expect.poll(() => state(pageA)).toBe("HIT");
    expect(await renders()).toBe(rendersBefore + 1);
    expect(await state(pageB)).toBe("MISS");
  });
});
