import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle, AdminArticleRow, AuditEntry, Paged } from "../../contract/admin";
import { createJobRunner } from "../../server/jobs/runner";
import { scheduledPublishing } from "../../server/services/scheduler";
import { type AdminClient, articleForm, firstAdmin } from "../../tools/admin-client";
import { engines, startSite, type TestServer } from "../helpers/server";

/** A new article, as the console's editor sends it. */
const article = (title: string, status: string, createdAt: Date) =>
  articleForm({
    title,
    status,
    createdAt: createdAt.toISOString(),
    intro: "定时发布测试",
    tags: ["定时发布"],
  });

describe.each(engines())("scheduled publishing on %s", (engine) => {
  let site: TestServer;
  let admin: AdminClient;
  beforeAll(async () => {
    // The poll is driven by the test (scheduler.tick) so that nothing depends on timing.
    site = await startSite(engine, { SCHEDULE_POLL_SECONDS: "0" });
    admin = await firstAdmin(site.url);
  });
  afterAll(() => site?.close());

  /** Where a visitor could meet an article: its page, the lists, search, sitemap and RSS. */
  async function visibility(a: AdminArticle) {
    const get = async (p: string) => {
      const res = await fetch(site.url + p);
      return { status: res.status, text: await res.text() };
    };
    const page = await get(`/articledetail/${a.id}`);
    const home = await get("/");
    const column = await get(`/api/product/content/list?page=1&pageSize=20&columnId=${a.columnId}`);
    const search = await get(
      `/api/product/content/searchArticleByKeyword?keyword=${encodeURIComponent(a.title)}&page=1&pageSize=10`,
    );
    const sitemap = await get("/sitemap.xml");
    const sitemapPages = await Promise.all(
      [...sitemap.text.matchAll(/<loc>[^<]*?(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => get(m[1]!)),
    );
    const rss = await get("/rss.xml");
    const path = `/articledetail/${a.id}`;
    return {
      page: page.status,
      home: home.text.includes(`href="${path}"`),
      column: column.text.includes(`"contentId":${a.id}`),
      search: search.text.includes(`"contentId":${a.id}`),
      sitemap: sitemapPages.some((p) => p.text.includes(`${path}<`)) || sitemap.text.includes(`${path}<`),
      rss: rss.text.includes(path),
    };
  }
  const hidden = { page: 404, home: false, column: false, search: false, sitemap: false, rss: false };
  const shown = { page: 200, home: true, column: true, search: true, sitemap: true, rss: true };

  it("keeps a scheduled article out of every public place until its time, then publishes it once", async () => {
    const res = await admin.req<AdminArticle>(
      "POST",
      "/api/admin/articles",
      article("定时发布的跨境直播观察", "scheduled", new Date(Date.now() + 3_000)),
    );
    expect(res.status).toBe(200);
    const a = res.body.data;
    expect(a.status).toBe("scheduled");
    expect(await visibility(a)).toEqual(hidden);
    // The console lists it with its time.
    const listed = await admin.req<Paged<AdminArticleRow>>("GET", "/api/admin/articles?status=scheduled");
    expect(listed.body.data.items.map((r) => [r.id, r.createdAt])).toEqual([[a.id, a.createdAt]]);

    // Not yet due: a look publishes nothing. The look is made at a moment before its time rather
    // than now: the checks above may take longer than the three seconds on a busy machine.
    const before = new Date(Date.parse(a.createdAt) - 1_000);
    expect(await site.services.content.publishDue(before)).toEqual([]);
    await expect.poll(() => Date.now() > Date.parse(a.createdAt), { timeout: 10_000 }).toBe(true);
    // Two instances looking at once (two looks on one database): one publishes it.
    const [first, second] = await Promise.all([
      site.services.content.publishDue(),
      site.services.content.publishDue(),
    ]);
    expect([...first, ...second].map((p) => p.id)).toEqual([a.id]);
    expect(await visibility(a)).toEqual(shown);
    expect(await site.services.scheduler.tick()).toBe(0);
  });

  it("audits the scheduler's publish once, as the site itself", async () => {
    const a = (
      await admin.req<AdminArticle>(
        "POST",
        "/api/admin/articles",
        article("定时发布：审计记录", "scheduled", new Date(Date.now() + 1_500)),
      )
    ).body.data;
    await expect.poll(() => Date.now() > Date.parse(a.createdAt), { timeout: 10_000 }).toBe(true);
    // This instance's scheduler and a second one on the same database look at the same moment.
    const other = createJobRunner(site.services.logger).add(
      scheduledPublishing({
        content: site.services.content,
        audit: site.services.audit,
        logger: site.services.logger,
        intervalSeconds: 0,
      }),
    );
    const looks = await Promise.all([site.services.scheduler.tick(), other.tick()]);
    expect(looks.sort()).toEqual([0, 1]);
    const audit = await admin.req<Paged<AuditEntry>>("GET", "/api/admin/audit?entity=article&action=publish");
    const entries = audit.body.data.items.filter((e) => e.entityId === String(a.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ username: "system", summary: "定时发布：审计记录（定时发布）" });
  });

  it("schedules an article saved as published with a time ahead, instead of publishing it at once", async () => {
    const a = (
      await admin.req<AdminArticle>(
        "POST",
        "/api/admin/articles",
        article("明天才发布的文章", "published", new Date(Date.now() + 86_400_000)),
      )
    ).body.data;
    expect(a.status).toBe("scheduled");
    expect((await fetch(`${site.url}/articledetail/${a.id}`)).status).toBe(404);
  });

  it("publishes now, reschedules and unschedules from the console", async () => {
    const later = new Date(Date.now() + 3_600_000);
    const a = (
      await admin.req<AdminArticle>(
        "POST",
        "/api/admin/articles",
        article("可以立即发布", "scheduled", later),
      )
    ).body.data;
    const now = await admin.req<AdminArticle>("POST", `/api/admin/articles/${a.id}/publish-now`);
    expect(now.status).toBe(200);
    expect(now.body.data.status).toBe("published");
    expect(Date.parse(now.body.data.createdAt)).toBeLessThanOrEqual(Date.now());
    expect((await fetch(`${site.url}/articledetail/${a.id}`)).status).toBe(200);
    // Only a scheduled article can be published now or unscheduled.
    const again = await admin.req("POST", `/api/admin/articles/${a.id}/publish-now`);
    expect([again.status, again.body.message]).toEqual([400, "这篇文章不是定时发布状态"]);

    const b = (
      await admin.req<AdminArticle>(
        "POST",
        "/api/admin/articles",
        article("改期后再取消", "scheduled", later),
      )
    ).body.data;
    const moved = new Date(Date.now() + 7_200_000).toISOString();
    const rescheduled = await admin.req<AdminArticle>("PUT", `/api/admin/articles/${b.id}`, {
      ...article(b.title, "scheduled", new Date(moved)),
    });
    expect(rescheduled.body.data).toMatchObject({ status: "scheduled", createdAt: moved });
    const off = await admin.req<AdminArticle>("POST", `/api/admin/articles/${b.id}/unschedule`);
    expect(off.body.data.status).toBe("draft");
    expect((await fetch(`${site.url}/articledetail/${b.id}`)).status).toBe(404);
    const audit = await admin.req<Paged<AuditEntry>>("GET", "/api/admin/audit?entity=article");
    const summaries = audit.body.data.items.map((e) => e.summary);
    expect(summaries).toContain("可以立即发布（立即发布）");
    expect(summaries).toContain("改期后再取消（取消定时）");
  });

  it("refuses a schedule in the past in Chinese, and stores nothing", async () => {
    const before = await admin.req<Paged<AdminArticleRow>>("GET", "/api/admin/articles?pageSize=1");
    const res = await admin.req(
      "POST",
      "/api/admin/articles",
      article("过去的定时", "scheduled", new Date(Date.now() - 60_000)),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("定时发布时间须晚于当前时间");
    const after = await admin.req<Paged<AdminArticleRow>>("GET", "/api/admin/articles?pageSize=1");
    expect(after.body.data.total).toBe(before.body.data.total);
  });
});
