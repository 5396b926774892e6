import { fileTypeFromBuffer } from "file-type";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AuditEntry, Paged } from "../../contract/admin";
import type { WechatJob, WechatPreview, WechatSettings, WechatTest } from "../../contract/wechat";
import { type FakeWechat, startFakeWechat, wechatPushSignature } from "../../fakes/wechat-mp";
import { AdminClient, firstAdmin } from "../../tools/admin-client";
import { engines, startTestServer, type TestServer } from "../helpers/server";
import { onSite, pictureHost, pictures } from "../helpers/wechat";

const ORIGIN = "http://news.example.com";
const CALLBACK_TOKEN = "wxPushToken2024";
const EDITOR = { username: "writer", displayName: "小编", password: "editor-pass-2024" };

describe.each(engines())("同步到公众号 on %s", (engine) => {
  let fake: FakeWechat;
  let host: Awaited<ReturnType<typeof pictureHost>>;
  let site: TestServer;
  let admin: AdminClient;
  let editor: AdminClient;
  let articleId: number;
  let pics: Awaited<ReturnType<typeof pictures>>;

  beforeAll(async () => {
    pics = await pictures();
    [fake, host] = await Promise.all([
      startFakeWechat({ publishDelayMs: 200 }),
      pictureHost({ "big.png": { bytes: pics.bigPng, type: "image/png" } }),
    ]);
    site = await startTestServer(engine, {
      env: {
        NODE_ENV: "test",
        PUBLIC_URL: ORIGIN,
        WECHAT_API_BASE: fake.url,
        WECHAT_APP_ID: fake.appId,
        WECHAT_APP_SECRET: fake.appSecret,
        WECHAT_CALLBACK_TOKEN: CALLBACK_TOKEN,
        WECHAT_SYNC_POLL_SECONDS: "1",
        REMOTE_IMAGES_ALLOW_LOOPBACK: "1",
      },
    });
    fake.settings.callback = { url: `${site.url}/api/wechat/callback`, token: CALLBACK_TOKEN };
    admin = await firstAdmin(site.url);
    expect((await admin.req("POST", "/api/admin/users", { ...EDITOR, role: "editor" })).status).toBe(200);
    editor = new AdminClient(site.url);
    expect((await editor.login(EDITOR.username, EDITOR.password)).status).toBe(200);
    // Written through the entity module without a console save, so the body keeps a WebP, a
    // picture over 1 MB on another host and a JPEG of the site's own, as they can reach a body.
    const dataDir = inject("dataDir");
    const body =
      `<h2>直播电商新规</h2><p>平台发布了新规，详见<a href="https://example.org/rules" target="_blank">规则原文</a>。</p>` +
      `<p><img src="${onSite(dataDir, "a.webp", pics.webp)}" alt="WebP"></p>` +
      `<p><img src="${host.url}/big.png" alt="大图"></p>` +
      `<figure><img src="${onSite(dataDir, "c.jpg", pics.jpeg)}"><figcaption>现场图</figcaption></figure>` +
      `<p>延伸阅读：<a href="https://mp.weixin.qq.com/s/abc">公众号旧文</a></p><script>alert(1)</script>`;
    articleId = await site.services.content.saveArticle({
      columnId: 5,
      title: "直播电商新规解读",
      intro: "平台发布直播电商新规，商家需要注意三件事。",
      content: body,
      thumb: "/uploads/demo/article-1.svg",
      author: "小编",
      hot: false,
      status: "published",
      createdAt: new Date().toISOString(),
      tags: [],
    });
  });
  afterAll(async () => {
    await site?.close();
    await Promise.all([fake?.close(), host?.close()]);
  });

  const form = (over: Record<string, unknown> = {}) => ({
    action: "draft",
    title: "直播电商新规解读",
    author: "小编",
    digest: "平台发布直播电商新规",
    cover: "/uploads/demo/article-1.svg",
    openComment: true,
    fansOnlyComment: false,
    ...over,
  });
  const sync = async (over: Record<string, unknown> = {}, id = articleId) => {
    const r = await editor.req<WechatJob>("POST", `/api/admin/articles/${id}/wechat`, form(over));
    expect(r.status, r.body.message).toBe(200);
    return r.body.data;
  };
  const jobOf = async (id: number) =>
    (await editor.req<WechatJob>("GET", `/api/admin/wechat-sync/jobs/${id}`)).body.data;
  /** Waits until the sync is no longer pending (every step done or failed). */
  const settled = async (id: number) => {
    await expect
      .poll(async () => (await jobOf(id)).state, { timeout: 90_000, interval: 200 })
      .not.toBe("pending");
    return jobOf(id);
  };

  it("previews exactly what will be sent, with the article's defaults and the limits' inputs", async () => {
    const r = await editor.req<WechatPreview>("GET", `/api/admin/articles/${articleId}/wechat`);
    expect(r.status).toBe(200);
    const p = r.body.data;
    expect(p.configured).toBe(true);
    expect(p.pictures).toBe(3);
    expect(p.notes).toBe(1);
    expect(p.sourceUrl).toBe(`${ORIGIN}/articledetail/${articleId}`);
    expect(p.defaults).toEqual({
      title: "直播电商新规解读",
      author: "小编",
      digest: "平台发布直播电商新规，商家需要注意三件事。",
      cover: "/uploads/demo/article-1.svg",
    });
    expect(p.covers.map((c) => c.label)).toEqual([
      "文章封面",
      "正文第 1 张图",
      "正文第 2 张图",
      "正文第 3 张图",
    ]);
    expect(p.html).not.toMatch(/class=|<style|<script/);
    expect(p.html).toContain("参考链接");
    expect(p.contentLength).toBe(p.html.length);
    expect(p.hasDraft).toBe(false);
  });

  it("refuses what WeChat would refuse, in Chinese, before anything is sent", async () => {
    const mark = fake.calls.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "这".repeat(33) }, "标题不能超过 32 个字（公众号的限制）"],
      [{ author: "作".repeat(17) }, "作者不能超过 16 个字（公众号的限制）"],
      [{ digest: "摘".repeat(129) }, "摘要不能超过 128 个字（公众号的限制）"],
      [{ cover: "" }, "请选择封面图（公众号要求每篇文章有封面）"],
      [{ action: "mass" }, "请选择存入草稿箱或发布"],
    ];
    for (const [over, message] of cases) {
      const r = await editor.req("POST", `/api/admin/articles/${articleId}/wechat`, form(over));
      expect([r.status, r.body.message]).toEqual([400, message]);
    }
    const long = await site.services.content.saveArticle({
      columnId: 5,
      title: "超长正文",
      intro: "",
      content: "<p>长文。</p>".repeat(2000),
      thumb: "/uploads/demo/article-2.svg",
      author: "小编",
      hot: false,
      status: "draft",
      createdAt: new Date().toISOString(),
      tags: [],
    });
    const r = await editor.req("POST", `/api/admin/articles/${long}/wechat`, form({ title: "超长正文" }));
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^正文转换后共 [\d,]+ 个字符，公众号要求少于 20,000 个，请删减正文$/);
    expect((await editor.req("POST", "/api/admin/articles/999999/wechat", form())).status).toBe(404);
    expect(fake.calls.length).toBe(mark);
  });

  it("uploads the pictures as JPEG/PNG under 1 MB, the cover as a thumb, makes one draft and one publish", async () => {
    const job = await sync({ action: "publish" });
    expect(job).toMatchObject({ state: "pending", step: "pictures", pictures: { done: 0, total: 3 } });
    const done = await settled(job.id);
    expect(done).toMatchObject({ state: "done", step: "done", error: "", updatedDraft: false });
    expect(done.articleUrl).toMatch(new RegExp(`^${fake.url}/s/`));
    expect(fake.count("/cgi-bin/draft/add")).toBe(1);
    expect(fake.count("/cgi-bin/freepublish/submit")).toBe(1);
    expect(fake.count("/cgi-bin/media/uploadimg")).toBe(3);
    expect(fake.count("/cgi-bin/material/add_material")).toBe(1);
    // The PUBLISHJOBFINISH event reached the site, signed, and was taken.
    expect(fake.pushes).toEqual([{ status: 0, ok: true }]);

    const stored = fake.published[0]!.articles[0]!;
    expect(stored.title).toBe("直播电商新规解读");
    expect(stored.author).toBe("小编");
    expect(stored.digest).toBe("平台发布直播电商新规");
    expect(stored.content_source_url).toBe(`${ORIGIN}/articledetail/${articleId}`);
    expect(stored.need_open_comment).toBe(1);
    const html = stored.content;
    expect(html).not.toMatch(/class=|<style|<script|alert\(1\)/);
    expect(html).toMatch(/^<section style="[^"]*font-size: 16px; line-height: 1.75/);
    const srcs = [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs).toHaveLength(3);
    for (const src of srcs) expect(src.startsWith(`${fake.url}/mmbiz_`)).toBe(true);
    expect(html).toContain('<a href="https://mp.weixin.qq.com/s/abc"');
    expect(html).not.toContain('href="https://example.org/rules"');
    expect(html).toMatch(/规则原文<sup style="[^"]+">\[1\]<\/sup>/);
    expect(html).toContain("参考链接");
    expect(html).toContain("[1] 规则原文：https://example.org/rules");
    // Every tag that carries a look carries it inline.
    expect(html).toMatch(/<h2 style="[^"]*font-size: 20px/);

    const uploads = fake.uploads();
    for (const u of uploads.filter((x) => x.kind === "uploadimg")) {
      expect(["image/jpeg", "image/png"]).toContain((await fileTypeFromBuffer(u.bytes))?.mime);
      expect(u.bytes.length).toBeLessThan(1024 * 1024);
    }
    const thumb = uploads.find((x) => x.kind === "thumb")!;
    expect((await fileTypeFromBuffer(thumb.bytes))?.mime).toBe("image/jpeg");
    expect(thumb.bytes.length).toBeLessThanOrEqual(64 * 1024);
    expect(fake.media.get(stored.thumb_media_id)?.kind).toBe("thumb");

    const log = await admin.req<Paged<AuditEntry>>(
      "GET",
      "/api/admin/audit?entity=article&action=wechat_sync",
    );
    expect(log.body.data.items[0]).toMatchObject({
      username: EDITOR.username,
      entityId: String(articleId),
      summary: "同步到公众号（发布）：直播电商新规解读",
    });
  });

  it("a second sync uploads nothing again; after a publish it makes a new draft, then updates that one", async () => {
    const mark = fake.calls.length;
    const first = await settled((await sync({ digest: "第二次同步" })).id);
    expect(first).toMatchObject({ state: "done", updatedDraft: false });
    const second = await settled((await sync({ digest: "第三次同步" })).id);
    expect(second).toMatchObject({ state: "done", updatedDraft: true, draftMediaId: first.draftMediaId });
    expect(fake.count("/cgi-bin/media/uploadimg", mark)).toBe(0);
    expect(fake.count("/cgi-bin/material/add_material", mark)).toBe(0);
    expect(fake.count("/cgi-bin/draft/add", mark)).toBe(1);
    expect(fake.count("/cgi-bin/draft/update", mark)).toBe(1);
    expect(fake.count("/cgi-bin/stable_token", mark)).toBe(0);
    expect(fake.drafts.get(first.draftMediaId!)?.articles[0]?.digest).toBe("第三次同步");
    const p = (await editor.req<WechatPreview>("GET", `/api/admin/articles/${articleId}/wechat`)).body.data;
    expect(p.hasDraft).toBe(true);
    expect(p.lastJob?.id).toBe(second.id);
  });

  it("refuses a second sync of the same article while one is under way", async () => {
    fake.fault({ kind: "latency", ms: 1500, path: "/cgi-bin/draft/update" });
    const job = await sync();
    const again = await editor.req("POST", `/api/admin/articles/${articleId}/wechat`, form());
    expect([again.status, again.body.message]).toEqual([409, "这篇文章正在同步中，请等本次同步结束后再试"]);
    expect((await settled(job.id)).state).toBe("done");
  });

  let nonceSeq = 0;
  /** The query of a call signed as WeChat signs it: now (or `ageSec` ago) and a nonce never used. */
  const signed = (o: { ageSec?: number; nonce?: string; signature?: string } = {}) => {
    const timestamp = String(Math.floor(Date.now() / 1000) - (o.ageSec ?? 0));
    const nonce = o.nonce ?? `${process.pid}${Date.now()}${++nonceSeq}`;
    const signature = o.signature ?? wechatPushSignature(CALLBACK_TOKEN, timestamp, nonce);
    return new URLSearchParams({ signature, timestamp, nonce }).toString();
  };
  const callback = (query: string, body?: string) =>
    fetch(`${site.url}/api/wechat/callback?${query}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "text/xml" },
      body,
    });
  const finished = (publishId: string, url: string) =>
    `<xml><Event><![CDATA[PUBLISHJOBFINISH]]></Event><PublishEventInfo><publish_id>${publishId}</publish_id>` +
    `<publish_status>0</publish_status><article_id><![CDATA[a1]]></article_id><article_detail><count>1</count>` +
    `<item><idx>1</idx><article_url><![CDATA[${url}]]></article_url></item></article_detail></PublishEventInfo></xml>`;

  it("checks the push signature at the callback", async () => {
    const ok = await callback(`${signed()}&echostr=hello`);
    expect([ok.status, await ok.text()]).toEqual([200, "hello"]);
    const bad = await callback(`${signed({ signature: "0".repeat(40) })}&echostr=x`);
    expect(bad.status).toBe(403);
    const forged = await callback(
      signed({ signature: "1".repeat(40) }),
      "<xml><Event>PUBLISHJOBFINISH</Event></xml>",
    );
    expect(forged.status).toBe(403);
    const notXml = await callback(signed(), "garbage");
    expect(notXml.status).toBe(400);
  });

  it("refuses a callback more than 5 minutes from now, either way", async () => {
    const stale = await callback(`${signed({ ageSec: 301 })}&echostr=x`);
    const ahead = await callback(signed({ ageSec: -301 }), finished("nothing", "https://evil.example/"));
    const old = await callback(
      `timestamp=1&nonce=1&signature=${wechatPushSignature(CALLBACK_TOKEN, "1", "1")}&echostr=x`,
    );
    for (const r of [stale, ahead, old])
      expect([r.status, ((await r.json()) as { message: string }).message]).toEqual([
        403,
        "请求已过期：timestamp 与当前时间相差超过 5 分钟",
      ]);
    // Four minutes either way is within it.
    for (const ageSec of [240, -240])
      expect((await callback(`${signed({ ageSec })}&echostr=y`)).status).toBe(200);
  });

  it("refuses a nonce used before: a replayed push changes nothing", async () => {
    const check = `${signed()}&echostr=once`;
    expect((await callback(check)).status).toBe(200);
    const again = await callback(check);
    expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([
      403,
      "重复的请求：该 nonce 已使用过",
    ]);

    // A sync waiting for its publish (never run by the worker: due in 2099), on an article of its own.
    const article = await site.services.content.saveArticle({
      columnId: 5,
      title: "等待发布结果",
      intro: "",
      content: "<p>正文。</p>",
      thumb: "/uploads/demo/article-2.svg",
      author: "小编",
      hot: false,
      status: "published",
      createdAt: new Date().toISOString(),
      tags: [],
    });
    const publishId = `replay-${engine}-${Date.now()}`;
    const at = new Date().toISOString();
    const { db } = site.services.database;
    const { id } = await db
      .insertInto("wechat_sync_jobs")
      .values({
        article_id: article,
        app_id: fake.appId,
        action: "publish",
        state: "pending",
        step: "status",
        title: "等待发布结果",
        payload: "{}",
        publish_id: publishId,
        next_attempt_at: "2099-01-01T00:00:00.000Z",
        created_by: EDITOR.username,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = () =>
      db
        .selectFrom("wechat_sync_jobs")
        .select(["state", "article_url"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    // A push seen once (its query leaked), then replayed with a body of the attacker's.
    const leaked = signed();
    const first = await callback(leaked, finished("some-other-publish", "https://mp.weixin.qq.com/s/x"));
    expect([first.status, await first.text()]).toEqual([200, "success"]);
    const replay = await callback(leaked, finished(publishId, "https://evil.example/"));
    expect(replay.status).toBe(403);
    expect(await row()).toEqual({ state: "pending", article_url: null });
    // The same body freshly signed is taken: the refusal was the replay's.
    const real = await callback(signed(), finished(publishId, "https://mp.weixin.qq.com/s/real"));
    expect([real.status, await real.text()]).toEqual([200, "success"]);
    expect(await row()).toEqual({ state: "done", article_url: "https://mp.weixin.qq.com/s/real" });
  });

  describe.runIf(engine === "sqlite")("faults, one by one", () => {
    it("a revoked token is fetched again once and the call retried once", async () => {
      const mark = fake.calls.length;
      fake.fault({ kind: "revokeToken" });
      const job = await settled((await sync({ digest: "令牌被撤销" })).id);
      expect(job.state).toBe("done");
      expect(fake.count("/cgi-bin/stable_token", mark)).toBe(1);
      expect(fake.count("/cgi-bin/draft/update", mark)).toBe(2);
    });

    it("an expired token (42001) likewise", async () => {
      const mark = fake.calls.length;
      fake.fault({ kind: "expireToken" });
      expect((await settled((await sync({ digest: "令牌过期" })).id)).state).toBe("done");
      expect(fake.count("/cgi-bin/stable_token", mark)).toBe(1);
    });

    it("quota exhausted fails with when to retry; 重试 after it passes, audited", async () => {
      fake.fault({ kind: "quota", times: 100 });
      const job = await settled((await sync({ digest: "配额用尽" })).id);
      expect(job).toMatchObject({ state: "failed", step: "draft", errorCode: 45009 });
      expect(job.error).toMatch(
        /^今日接口调用次数已用完（45009），请于 \d{4}-\d\d-\d\d 00:00（北京时间）后重试$/,
      );
      fake.clearFaults();
      const r = await editor.req<WechatJob>("POST", `/api/admin/wechat-sync/jobs/${job.id}/retry`);
      expect(r.status).toBe(200);
      expect((await settled(job.id)).state).toBe("done");
      const log = await admin.req<Paged<AuditEntry>>("GET", "/api/admin/audit?action=wechat_retry");
      expect(log.body.data.items[0]).toMatchObject({ entity: "wechat_sync", entityId: String(job.id) });
      const notFailed = await editor.req("POST", `/api/admin/wechat-sync/jobs/${job.id}/retry`);
      expect([notFailed.status, notFailed.body.message]).toEqual([400, "只有失败的同步可以重试"]);
    });

    it("system busy (-1) and HTTP 500 are retried after a while", async () => {
      for (const kind of ["busy", "http500"] as const) {
        fake.fault({ kind, path: "/cgi-bin/draft/update" });
        const job = await sync({ digest: `重试：${kind}` });
        await expect
          .poll(async () => (await jobOf(job.id)).error, { timeout: 30_000, interval: 100 })
          .toBe(
            kind === "busy"
              ? "微信系统繁忙（-1），稍后会自动重试"
              : "无法连接公众号接口（HTTP 500），稍后会自动重试",
          );
        expect(await settled(job.id)).toMatchObject({ state: "done", error: "", errorCode: null });
      }
    });

    it("a refused publish (审核不通过, 常规失败) fails in Chinese; 重试 submits it again", async () => {
      fake.fault({ kind: "publishStatus", status: 4 });
      const refused = await settled((await sync({ action: "publish", digest: "审核" })).id);
      expect(refused).toMatchObject({ state: "failed", step: "status" });
      expect(refused.error).toMatch(/^审核不通过（发布状态 4）/);
      fake.fault({ kind: "publishStatus", status: 3 });
      await editor.req("POST", `/api/admin/wechat-sync/jobs/${refused.id}/retry`);
      const again = await settled(refused.id);
      expect(again.error).toMatch(/^常规失败（发布状态 3）/);
      await editor.req("POST", `/api/admin/wechat-sync/jobs/${refused.id}/retry`);
      const published = await settled(refused.id);
      expect(published.state).toBe("done");
      expect(published.articleUrl).toMatch(/\/s\//);
      expect(fake.count("/cgi-bin/freepublish/submit")).toBe(4);
    });

    it("an account without 认证 (48001) keeps the draft and says so", async () => {
      fake.fault({ kind: "notVerified" });
      const job = await settled((await sync({ action: "publish", digest: "未认证" })).id);
      expect(job).toMatchObject({ state: "failed", step: "submit", errorCode: 48001 });
      expect(job.draftMediaId).not.toBeNull();
      expect(fake.drafts.has(job.draftMediaId!)).toBe(true);
      expect(job.error).toContain("公众号未认证");
    });

    it("an IP not on the whitelist (40164) names the IP, in 测试连接 and in a sync", async () => {
      fake.fault({ kind: "ipNotWhitelisted", ip: "198.51.100.23" });
      const test = await admin.req<WechatTest>("POST", "/api/admin/wechat-sync/test");
      expect(test.body.data.ok).toBe(false);
      expect(test.body.data.message).toContain("IP 198.51.100.23 不在公众号的 IP 白名单中（40164）");
      fake.fault({ kind: "revokeToken" });
      fake.fault({ kind: "ipNotWhitelisted", ip: "198.51.100.23" });
      const job = await settled((await sync({ digest: "白名单" })).id);
      expect(job).toMatchObject({ state: "failed", errorCode: 40164 });
      expect(job.error).toContain("198.51.100.23");
      await editor.req("POST", `/api/admin/wechat-sync/jobs/${job.id}/retry`);
      expect((await settled(job.id)).state).toBe("done");
      const ok = await admin.req<WechatTest>("POST", "/api/admin/wechat-sync/test");
      expect(ok.body.data).toEqual({ ok: true, message: expect.stringMatching(/^连接正常/) });
    });

    it("lists every sync for admins, with the account's settings", async () => {
      const list = await admin.req<Paged<WechatJob>>("GET", "/api/admin/wechat-sync/jobs?state=failed");
      expect(list.status).toBe(200);
      expect(list.body.data.items.every((j) => j.state === "failed")).toBe(true);
      expect((await editor.req("GET", "/api/admin/wechat-sync/jobs")).status).toBe(403);
      const settings = await admin.req<WechatSettings>("GET", "/api/admin/wechat-sync/settings");
      expect(settings.body.data).toEqual({
        configured: true,
        appId: `${fake.appId.slice(0, 4)}****${fake.appId.slice(-4)}`,
        apiBase: fake.url,
        callbackUrl: `${ORIGIN}/api/wechat/callback`,
        callbackToken: true,
      });
    });
  });
});

describe("without a 公众号 configured", () => {
  it("says so instead of syncing", async () => {
    const site = await startTestServer("sqlite");
    try {
      const admin = await firstAdmin(site.url);
      const r = await admin.req("POST", "/api/admin/articles/1/wechat", {
        action: "draft",
        title: "标题",
        cover: "/uploads/demo/article-1.svg",
      });
      expect([r.status, r.body.message]).toEqual([
        503,
        "未配置公众号（WECHAT_APP_ID、WECHAT_APP_SECRET），无法同步",
      ]);
      const test = await admin.req<WechatTest>("POST", "/api/admin/wechat-sync/test");
      expect(test.body.data.ok).toBe(false);
      const cb = await fetch(`${site.url}/api/wechat/callback?signature=x&timestamp=1&nonce=1&echostr=e`);
      expect(cb.status).toBe(404);
    } finally {
      await site.close();
    }
  });
});
