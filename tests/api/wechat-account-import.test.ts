import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, Paged } from "../../contract/admin";
import type { AdminArticle } from "../../contract/answers";
import {
  type ImportJob,
  ImportJobSchema,
  type WechatAccountArticle,
  WechatAccountArticleSchema,
} from "../../contract/imports";
import { type FakeWechat, startFakeWechat } from "../../fakes/wechat-mp";
import { type AdminClient, firstAdmin } from "../../tools/admin-client";
import { engines, startTestServer, type TestServer } from "../helpers/server";
import { publishOnFake } from "../helpers/wechat";

/**
 * 导入公众号文章 › 从公众号选择: the account's published articles listed through the fake 公众号's
 * freepublish/batchget, chosen ones imported as drafts with their pictures taken from the fake's
 * CDN and the WeChat link kept, and a second import of the same article making no second copy.
 */
describe.each(engines())("从公众号选择 on %s", (engine) => {
  let fake: FakeWechat;
  let site: TestServer;
  let admin: AdminClient;
  /** the links of the three publishes: [A], [B1, B2], [C] (C the newest) */
  let links: { a: string; b1: string; b2: string; c: string };

  beforeAll(async () => {
    fake = await startFakeWechat({ publishDelayMs: 50 });
    site = await startTestServer(engine, {
      env: {
        NODE_ENV: "test",
        WECHAT_API_BASE: fake.url,
        WECHAT_APP_ID: fake.appId,
        WECHAT_APP_SECRET: fake.appSecret,
        REMOTE_IMAGES_ALLOW_LOOPBACK: "1",
      },
    });
    admin = await firstAdmin(site.url);
    const png = await sharp({
      create: { width: 640, height: 360, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const jpeg = await sharp({
      create: { width: 800, height: 450, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const [a] = await publishOnFake(fake, [
      {
        title: "双11预售复盘：定金膨胀回来了",
        author: "电商报",
        digest: "今年双11预售的三个变化",
        paragraphs: ["第一段：预售提前到了10月。", "第二段：定金膨胀重新成为主角。"],
        pictures: [png, jpeg],
      },
    ]);
    const [b1, b2] = await publishOnFake(fake, [
      {
        title: "直播带货新规解读",
        author: "小编",
        digest: "新规对商家的影响",
        paragraphs: ["新规要求主播公示营业执照。"],
        pictures: [jpeg],
      },
      {
        title: "跨境电商周报第12期",
        author: "周报组",
        digest: "本周跨境电商要闻",
        paragraphs: ["本周要闻：海外仓扩容。"],
        pictures: [png],
      },
    ]);
    const [c] = await publishOnFake(fake, [
      {
        title: "618 前瞻：平台规则汇总",
        author: "电商报",
        digest: "各平台 618 规则",
        paragraphs: ["各平台规则已经公布。"],
        pictures: [],
      },
    ]);
    links = { a: a!, b1: b1!, b2: b2!, c: c! };
  });
  afterAll(async () => {
    await site?.close();
    await fake?.close();
  });

  async function page(n: number, size = 2) {
    const res = await admin.req<Paged<WechatAccountArticle>>(
      "GET",
      `/api/admin/imports/wechat/published?page=${n}&pageSize=${size}`,
    );
    expect(res.status).toBe(200);
    for (const item of res.body.data.items) WechatAccountArticleSchema.parse(item);
    return res.body.data;
  }

  async function settled(id: number) {
    await expect
      .poll(async () => (await admin.req<ImportJob>("GET", `/api/admin/imports/${id}`)).body.data.status, {
        timeout: 60_000,
      })
      .toMatch(/^(done|failed)$/);
    return ImportJobSchema.parse((await admin.req<ImportJob>("GET", `/api/admin/imports/${id}`)).body.data);
  }

  const articleCount = async () =>
    (await admin.req<{ total: number }>("GET", "/api/admin/articles?pageSize=1")).body.data.total;

  it("lists the account's published articles page by page, newest first", async () => {
    const first = await page(1);
    expect(first.total).toBe(3);
    expect(first.items.map((i) => [i.title, i.idx, i.url])).toEqual([
      ["618 前瞻：平台规则汇总", 1, links.c],
      ["直播带货新规解读", 1, links.b1],
      ["跨境电商周报第12期", 2, links.b2],
    ]);
    expect(first.items[1]!.articleId).toBe(first.items[2]!.articleId);
    for (const i of first.items) {
      expect(i.imported).toBeNull();
      expect(i.syncedFrom).toBeNull();
      expect(i.deleted).toBe(false);
      expect(Date.parse(i.publishedAt!)).toBeGreaterThan(Date.now() - 3_600_000);
    }
    const second = await page(2);
    expect(second.items.map((i) => [i.title, i.author, i.digest, i.url])).toEqual([
      ["双11预售复盘：定金膨胀回来了", "电商报", "今年双11预售的三个变化", links.a],
    ]);
    expect((await page(3)).items).toEqual([]);
  });

  it("imports two chosen articles as drafts: pictures re-hosted from the fake's CDN, link kept, audited", async () => {
    const before = await articleCount();
    const a = (await page(2)).items[0]!;
    const b2 = (await page(1)).items[2]!;
    const mark = fake.calls.length;
    const res = await admin.req<ImportJob>("POST", "/api/admin/imports/wechat/published", {
      articles: [
        { articleId: a.articleId, idx: a.idx },
        { articleId: b2.articleId, idx: b2.idx },
      ],
    });
    expect(res.status).toBe(200);
    const job = await settled(res.body.data.id);
    expect(job).toMatchObject({
      kind: "wechat",
      status: "done",
      total: 2,
      processed: 2,
      created: 2,
      failed: 0,
    });
    expect(await articleCount()).toBe(before + 2);

    const listed = [...(await page(1)).items, ...(await page(2)).items];
    const imported = Object.fromEntries(listed.map((i) => [i.url, i.imported]));
    expect(imported[links.c]).toBeNull();
    expect(imported[links.b1]).toBeNull();
    expect(imported[links.a]).toMatchObject({ title: "双11预售复盘：定金膨胀回来了" });
    expect(imported[links.b2]).toMatchObject({ title: "跨境电商周报第12期" });

    const id = imported[links.a]!.articleId!;
    const art = (await admin.req<AdminArticle & { wechatUrl: string }>("GET", `/api/admin/articles/${id}`))
      .body.data;
    expect(art).toMatchObject({
      title: "双11预售复盘：定金膨胀回来了",
      status: "draft",
      author: "电商报",
      intro: "今年双11预售的三个变化",
      wechatUrl: links.a,
    });
    expect(art.content).toContain("第二段：定金膨胀重新成为主角。");
    const pictures = [...art.content.matchAll(/<img[^>]* src="([^"]+)"/g)].map((m) => m[1]);
    expect(pictures).toHaveLength(2);
    for (const p of pictures) expect(p).toMatch(/^\/uploads\/body\//);
    expect(art.content).not.toContain(fake.url);
    expect(art.thumb).toMatch(/^\/uploads\/cover\//);
    // Every picture (the two of A, the one of B2, the covers) was fetched from the fake's CDN.
    const fetched = fake.calls.slice(mark).filter((c) => c.path.startsWith("/mmbiz_"));
    expect(fetched.length).toBeGreaterThanOrEqual(4);
    for (const p of pictures) {
      const local = await fetch(`${site.url}${p}`);
      expect(local.status).toBe(200);
      expect(local.headers.get("content-type")).toMatch(/^image\//);
    }

    const audit = await admin.req<Paged<AuditEntry>>("GET", "/api/admin/audit?entity=import&action=wechat");
    expect(audit.body.data.items.map((e) => e.summary)).toContain("从公众号导入文章 2 篇");
  });

  it("importing the same articles again makes no second copy", async () => {
    const before = await articleCount();
    const rows = (await page(1)).items;
    const a = (await page(2)).items[0]!;
    const res = await admin.req<ImportJob>("POST", "/api/admin/imports/wechat/published", {
      articles: [
        { articleId: a.articleId, idx: 1 },
        { articleId: rows[2]!.articleId, idx: 2 },
        { articleId: rows[1]!.articleId, idx: 1 },
        // chosen twice in one request: once
        { articleId: rows[1]!.articleId, idx: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const job = await settled(res.body.data.id);
    expect(job).toMatchObject({ status: "done", total: 3, created: 1, unchanged: 2, failed: 0 });
    expect(await articleCount()).toBe(before + 1);
    expect((await page(1)).items.every((i) => i.title.startsWith("618") === (i.imported === null))).toBe(
      true,
    );
  });

  it("reports an article the account no longer has, and refuses bad choices with Chinese messages", async () => {
    const res = await admin.req<ImportJob>("POST", "/api/admin/imports/wechat/published", {
      articles: [{ articleId: "no-such-article", idx: 1 }],
    });
    const job = await settled(res.body.data.id);
    expect(job).toMatchObject({ status: "done", failed: 1, created: 0 });
    expect(job.report[0]!.notes).toEqual(["公众号的发表记录中找不到这篇文章（可能已被删除），未导入"]);

    for (const body of [{ articles: [] }, {}, { articles: [{ articleId: "x", idx: 0 }] }]) {
      const r = await admin.req("POST", "/api/admin/imports/wechat/published", body);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      (
        await admin.req("POST", "/api/admin/imports/wechat/published", {
          articles: [{ articleId: "x", idx: 1 }],
          columnId: 9999,
        })
      ).status,
    ).toBe(400);
    const bad = await admin.req("GET", "/api/admin/imports/wechat/published?pageSize=50");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("每页最多 20 条");
  });

  it("says in Chinese why WeChat refused the list", async () => {
    fake.fault({ kind: "quota" });
    const res = await admin.req("GET", "/api/admin/imports/wechat/published");
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/^今日接口调用次数已用完（45009）/);
    expect((await admin.req("GET", "/api/admin/imports/wechat/published")).status).toBe(200);
  });

  it("without a 公众号 configured: a clear Chinese 409, nothing made", async () => {
    const bare = await startTestServer(engine, { env: { NODE_ENV: "test" } });
    try {
      const other = await firstAdmin(bare.url);
      const list = await other.req("GET", "/api/admin/imports/wechat/published");
      expect(list.status).toBe(409);
      expect(list.body.message).toBe(
        "未配置公众号（WECHAT_APP_ID、WECHAT_APP_SECRET），无法从公众号选择文章；可改为粘贴文章链接导入",
      );
      const post = await other.req("POST", "/api/admin/imports/wechat/published", {
        articles: [{ articleId: "x", idx: 1 }],
      });
      expect(post.status).toBe(409);
      const jobs = await other.req<{ total: number }>("GET", "/api/admin/imports");
      expect(jobs.body.data.total).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
