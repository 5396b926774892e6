import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedArticle } from "../../contract/answers";
import type { LandingPage, SavedLanding } from "../../contract/landing";
import { LANDING_TEMPLATES } from "../../contract/landing-templates";
import { createRemoteImages } from "../../server/services/remote-images";
import { type AdminClient, articleForm, firstAdmin } from "../../tools/admin-client";
import { engines, startTestServer, type TestServer } from "../helpers/server";

const MB = 1024 * 1024;

/** A picture host on 127.0.0.1: real pictures, a 404, a web page, redirects inside, a 50 MB stream. */
async function fakeImageHost() {
  const png = await sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const jpeg = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 60, b: 10 } },
  })
    .jpeg()
    .toBuffer();
  const hits = new Map<string, number>();
  /** how many bytes of the 50 MB answer were written before the reader closed the connection */
  const huge = { written: 0, closedEarly: false, done: Promise.resolve() };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    if (req.headers.referer) {
      res.writeHead(403).end("referer refused");
      return;
    }
    switch (url.pathname) {
      case "/good.png":
        res.writeHead(200, { "content-type": "image/png" }).end(png);
        return;
      case "/photo.jpg":
        res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
        return;
      case "/via-redirect":
        res.writeHead(302, { location: "/photo.jpg" }).end();
        return;
      case "/page.html":
        res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>not a picture</p>");
        return;
      case "/to-private":
        res.writeHead(302, { location: "http://10.0.0.1/x.png" }).end();
        return;
      case "/to-metadata":
        res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end();
        return;
      case "/huge.png": {
        // 50 MB with no Content-Length: only counting while reading can stop it.
        res.writeHead(200, { "content-type": "image/png" });
        const chunk = Buffer.alloc(64 * 1024, 7);
        png.copy(chunk, 0, 0, 16);
        huge.done = new Promise<void>((resolve) => {
          let stopped = false;
          res.on("close", () => {
            stopped = true;
            huge.closedEarly = huge.written < 50 * MB;
            resolve();
          });
          const pump = () => {
            while (!stopped && huge.written < 50 * MB) {
              huge.written += chunk.length;
              if (!res.write(chunk)) return void res.once("drain", pump);
            }
            if (!stopped) res.end();
          };
          pump();
        });
        return;
      }
      default:
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    huge,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Host = Awaited<ReturnType<typeof fakeImageHost>>;

const form = (content: string, extra: Record<string, unknown> = {}) =>
  articleForm({ title: "转存外部图片", intro: "", content, ...extra });

async function signedIn(s: TestServer): Promise<AdminClient> {
  const admin = await firstAdmin(s.url);
  return admin;
}

const srcs = (html: string) =>
  [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe.each(engines())("pictures from other sites on %s", (engine) => {
  let host: Host;
  let s: TestServer;
  let admin: AdminClient;

  beforeAll(async () => {
    host = await fakeImageHost();
    s = await startTestServer(engine, { env: { NODE_ENV: "test", REMOTE_IMAGES_ALLOW_LOOPBACK: "1" } });
    admin = await signedIn(s);
  });
  afterAll(async () => {
    await s?.close();
    await host?.close();
  });

  it("stores the pictures it can, reports the others by address with the reason, and still saves", async () => {
    const u = (p: string) => `${host.base}${p}`;
    const body =
      `<p>微信文章</p><p><img src="${u("/good.png")}" alt="一"></p>` +
      `<p><img data-src="${u("/via-redirect")}" src="data:image/svg+xml,%3Csvg%3E"></p>` +
      `<p><img src="${u("/missing.png")}"><img src="${u("/page.html")}"></p>` +
      `<p><img src="${u("/to-private")}"><img src="${u("/to-metadata")}"></p>` +
      `<p><img src="${u("/huge.png")}"></p>` +
      `<p><img src="/uploads/demo/article-2.svg"><img src="${u("/good.png")}" alt="同一张"></p>`;
    const res = await admin.req<SavedArticle>("POST", "/api/admin/articles", form(body));
    expect(res.status).toBe(200);
    const a = res.body.data;
    expect(a.id).toBeGreaterThan(0);
    expect(a.remoteImages?.stored).toBe(2);
    expect(a.remoteImages?.failed).toEqual([
      { url: u("/missing.png"), reason: "无法下载（HTTP 404）" },
      { url: u("/page.html"), reason: "不是图片" },
      { url: u("/to-private"), reason: "地址指向内网，已拒绝" },
      { url: u("/to-metadata"), reason: "地址指向内网，已拒绝" },
      { url: u("/huge.png"), reason: "图片超过 10 MB" },
    ]);

    const [good, redirected, missing, page, toPrivate, toMetadata, hugeSrc, local, goodAgain] = srcs(
      a.content,
    );
    expect(good).toMatch(/^\/uploads\/body\/[0-9a-f]{24}-960\.jpg$/);
    expect(goodAgain).toBe(good); // the same address twice: fetched once, one stored picture
    expect(host.hits.get("/good.png")).toBe(1);
    expect(redirected).toMatch(/^\/uploads\/body\/[0-9a-f]{24}-960\.jpg$/);
    expect(redirected).not.toBe(good);
    expect([missing, page, toPrivate, toMetadata, hugeSrc]).toEqual([
      u("/missing.png"),
      u("/page.html"),
      u("/to-private"),
      u("/to-metadata"),
      u("/huge.png"),
    ]);
    expect(local).toBe("/uploads/demo/article-2.svg");

    // The 50 MB answer was cut off soon after 10 MB, not read to its end.
    await host.huge.done;
    expect(host.huge.closedEarly).toBe(true);
    expect(host.huge.written).toBeLessThan(30 * MB);

    // The stored picture is the site's own, served with a picture type.
    for (const path of [good!, redirected!]) {
      const pic = await fetch(s.url + path);
      expect(pic.status).toBe(200);
      expect(pic.headers.get("content-type")).toBe("image/jpeg");
      const meta = await sharp(Buffer.from(await pic.arrayBuffer())).metadata();
      expect(meta.format).toBe("jpeg");
    }

    // What was saved is what the answer showed.
    const stored = await admin.req<SavedArticle>("GET", `/api/admin/articles/${a.id}`);
    expect(stored.body.data.content).toBe(a.content);

    // Saving the same body again fetches nothing already stored; the failures are tried again.
    const again = await admin.req<SavedArticle>(
      "PUT",
      `/api/admin/articles/${a.id}`,
      form(a.content, { baseVersion: a.version }),
    );
    expect(again.status).toBe(200);
    expect(again.body.data.remoteImages?.stored).toBe(0);
    expect(again.body.data.remoteImages?.failed.map((f) => f.url)).toEqual([
      u("/missing.png"),
      u("/page.html"),
      u("/to-private"),
      u("/to-metadata"),
      u("/huge.png"),
    ]);
    expect(srcs(again.body.data.content)).toEqual(srcs(a.content));
    expect(host.hits.get("/good.png")).toBe(1);
    expect(host.hits.get("/photo.jpg")).toBe(1);
    expect(host.hits.get("/missing.png")).toBe(2);
  });

  it("keeps a landing page's outside pictures as its own on each save, and reports those it cannot", async () => {
    const u = (p: string) => `${host.base}${p}`;
    const page = LANDING_TEMPLATES.find((t) => t.key === "conference")!.make(`/remote-pics-${engine}`);
    const withPictures = (p: LandingPage, hero: string, guest: string): LandingPage => ({
      ...p,
      sections: p.sections.map((sec) => {
        if (sec.type === "hero") return { ...sec, image: { ...sec.image, src: hero } };
        if (sec.type === "people")
          return {
            ...sec,
            people: sec.people.map((g, i) => (i === 0 ? { ...g, photo: { ...g.photo, src: guest } } : g)),
          };
        return sec;
      }),
    });
    const made = await admin.req<SavedLanding>(
      "POST",
      "/api/admin/landing-pages",
      withPictures(page, u("/good.png"), u("/missing.png")),
    );
    expect(made.status).toBe(200);
    expect(made.body.data.remoteImages).toEqual({
      stored: 1,
      failed: [{ url: u("/missing.png"), reason: "无法下载（HTTP 404）" }],
    });
    const sections = made.body.data.sections as LandingPage["sections"];
    const hero = sections.find((sec) => sec.type === "hero");
    const people = sections.find((sec) => sec.type === "people");
    // The hero's wide picture is kept at banner widths; the guest's photo stays as typed.
    expect(hero?.type === "hero" && hero.image.src).toMatch(/^\/uploads\/banner\/[0-9a-f]{24}-1200\.jpg$/);
    expect(people?.type === "people" && people.people[0]!.photo.src).toBe(u("/missing.png"));
    const pic = await fetch(s.url + (hero?.type === "hero" ? hero.image.src : ""));
    expect(pic.headers.get("content-type")).toBe("image/jpeg");

    // A change that still names the outside address (the editor's copy) keeps it again.
    const changed = await admin.req<SavedLanding>("PUT", `/api/admin/landing-pages/${made.body.data.id}`, {
      ...withPictures(page, u("/good.png"), "/landing/summit/guest-1.svg"),
      version: made.body.data.version,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.remoteImages).toEqual({ stored: 1, failed: [] });
  });

  it("fetches nothing for a save from an older version, which is refused", async () => {
    const a = (await admin.req<SavedArticle>("POST", "/api/admin/articles", form("<p>先保存一次</p>"))).body
      .data;
    const newer = await admin.req<SavedArticle>(
      "PUT",
      `/api/admin/articles/${a.id}`,
      form("<p>别人改过</p>", { baseVersion: a.version }),
    );
    expect(newer.status).toBe(200);
    const before = host.hits.get("/photo.jpg") ?? 0;
    const stale = await admin.req(
      "PUT",
      `/api/admin/articles/${a.id}`,
      form(`<p><img src="${host.base}/photo.jpg?stale=1"></p>`, { baseVersion: a.version }),
    );
    expect([stale.status, stale.body.message]).toEqual([409, "文章已被他人修改，请查看对方的版本后再保存"]);
    expect(host.hits.get("/photo.jpg") ?? 0).toBe(before);
  });

  it("stores at most 30 pictures of one article and reports the rest", async () => {
    const body = Array.from(
      { length: 32 },
      (_, i) => `<p><img src="${host.base}/photo.jpg?n=${i}"></p>`,
    ).join("");
    const res = await admin.req<SavedArticle>("POST", "/api/admin/articles", form(body));
    expect(res.status).toBe(200);
    expect(res.body.data.remoteImages?.stored).toBe(30);
    expect(res.body.data.remoteImages?.failed).toEqual([
      { url: `${host.base}/photo.jpg?n=30`, reason: "每篇文章最多转存 30 张图片" },
      { url: `${host.base}/photo.jpg?n=31`, reason: "每篇文章最多转存 30 张图片" },
    ]);
    const list = srcs(res.body.data.content);
    expect(list.slice(0, 30).every((src) => src.startsWith("/uploads/body/"))).toBe(true);
    expect(list.slice(30)).toEqual([`${host.base}/photo.jpg?n=30`, `${host.base}/photo.jpg?n=31`]);
  });

  it("stores the pictures of a restored revision too", async () => {
    const remote = `${host.base}/good.png?restore=1`;
    // A revision holding a remote address: saved while the host refused it (a 404 at that address).
    const first = await admin.req<SavedArticle>(
      "POST",
      "/api/admin/articles",
      form(`<p><img src="${host.base}/missing.png?v=1"></p>`),
    );
    const id = first.body.data.id;
    const revisions = await s.services.revisions.list(id);
    // Point the stored revision at a picture the host serves, as an older revision would hold it.
    await s.services.database.db
      .updateTable("article_revisions")
      .set({ content: `<p><img src="${remote}" /></p>` })
      .where("id", "=", revisions[0]!.id)
      .execute();
    const restored = await admin.req<SavedArticle>(
      "POST",
      `/api/admin/articles/${id}/revisions/${revisions[0]!.id}/restore`,
      {},
    );
    expect(restored.status).toBe(200);
    expect(restored.body.data.remoteImages).toEqual({ stored: 1, failed: [] });
    expect(srcs(restored.body.data.content)[0]).toMatch(/^\/uploads\/body\//);
  });
});

describe("pictures from this machine without the test setting", () => {
  let host: Host;
  let s: TestServer;

  beforeAll(async () => {
    host = await fakeImageHost();
    s = await startTestServer("sqlite");
  });
  afterAll(async () => {
    await s?.close();
    await host?.close();
  });

  it("refuses loopback addresses in every spelling and never connects", async () => {
    const port = new URL(host.base).port;
    const addresses = [
      `${host.base}/good.png`,
      `http://localhost:${port}/good.png`,
      `http://2130706433:${port}/good.png`,
      `http://[::1]:${port}/good.png`,
      `http://[::ffff:127.0.0.1]:${port}/good.png`,
    ];
    const admin = await signedIn(s);
    const res = await admin.req<SavedArticle>(
      "POST",
      "/api/admin/articles",
      form(addresses.map((a) => `<p><img src="${a}"></p>`).join("")),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.remoteImages?.stored).toBe(0);
    expect(res.body.data.remoteImages?.failed.map((f) => f.reason)).toEqual(
      addresses.map(() => "地址指向内网，已拒绝"),
    );
    expect(host.hits.size).toBe(0);
  });
});

describe("the picture fetcher's own limits", () => {
  let server: http.Server;
  let base = "";
  const png = sharp({ create: { width: 40, height: 30, channels: 3, background: "#369" } })
    .png()
    .toBuffer();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/never") return; // answers nothing, ever
      if (url.pathname === "/loop") return void res.writeHead(302, { location: "/loop" }).end();
      void png.then((b) => res.writeHead(200, { "content-type": "image/png" }).end(b));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const service = async (o: Parameters<typeof createRemoteImages>[0]["limits"] = {}, publicUrl?: string) =>
    createRemoteImages({
      uploadsDir: dirs[dirs.push(await fs.mkdtemp(path.join(os.tmpdir(), "remote-images-"))) - 1]!,
      allowLoopback: true,
      publicUrl,
      limits: o,
    });

  it("gives up on a host that does not answer, and on redirects that never end", async () => {
    const remote = await service({ timeoutMs: 500 });
    const { html, report } = await remote.localise(
      `<p><img src="${base}/never"><img src="${base}/loop"></p>`,
    );
    expect(report).toEqual({
      stored: 0,
      failed: [
        { url: `${base}/never`, reason: "超时" },
        { url: `${base}/loop`, reason: "跳转次数过多" },
      ],
    });
    expect(html).toContain(`${base}/never`);
  });

  it("stops at the body's time budget: what has not finished is reported, what finished is kept", async () => {
    const remote = await service({ budgetMs: 2_000, concurrency: 1 });
    const { report } = await remote.localise(
      `<p><img src="${base}/a.png"><img src="${base}/never"><img src="${base}/b.png"></p>`,
    );
    expect(report).toEqual({
      stored: 1,
      failed: [
        { url: `${base}/never`, reason: "超时" },
        { url: `${base}/b.png`, reason: "超时" },
      ],
    });
  });

  it("takes refused pictures out when asked (an import), keeps those that failed for a later save", async () => {
    const remote = await service({ timeoutMs: 500, perArticle: 1 });
    const { html, report, removed } = await remote.localise(
      `<p><img src="http://169.254.169.254/a.png" alt="元数据"><img src="http://[fd00::1]/b.png">` +
        `<img src="javascript:alert(1)"><img src="${base}/never"><img src="${base}/c.png"></p>`,
      { removeRefused: true },
    );
    // Refused by their host alone, the inside addresses take no place in the quota of one.
    expect(report).toEqual({
      stored: 0,
      failed: [
        { url: "javascript:alert(1)", reason: "仅支持 http(s) 图片地址" },
        { url: "http://169.254.169.254/a.png", reason: "地址指向内网，已拒绝" },
        { url: "http://[fd00::1]/b.png", reason: "地址指向内网，已拒绝" },
        { url: `${base}/never`, reason: "超时" },
        { url: `${base}/c.png`, reason: "每篇文章最多转存 30 张图片" },
      ],
    });
    expect(removed).toEqual([
      "javascript:alert(1)",
      "http://169.254.169.254/a.png",
      "http://[fd00::1]/b.png",
    ]);
    expect(html).toBe(
      `<p><img src="${base}/never" loading="lazy" /><img src="${base}/c.png" loading="lazy" /></p>`,
    );
    // A console save reports them the same way and leaves the body to the save's own sanitiser.
    const saved = await remote.localise(`<p><img src="http://169.254.169.254/a.png"></p>`);
    expect(saved.removed).toEqual([]);
    expect(saved.html).toContain("169.254.169.254");
  });

  it("leaves addresses on the site's own origin alone", async () => {
    const remote = await service({}, base);
    const body = `<p><img src="${base}/never" loading="lazy" /></p>`;
    expect(await remote.localise(body)).toEqual({
      html: body,
      report: { stored: 0, failed: [] },
      removed: [],
    });
  });
});
