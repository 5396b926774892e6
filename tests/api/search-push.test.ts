import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle, AuditEntry, Paged } from "../../contract/admin";
import type { PushRow, PushSettings } from "../../contract/answers";
import { JITTER } from "../../server/jobs/backoff";
import { createJobRunner } from "../../server/jobs/runner";
import {
  createSearchPush,
  nextBeijingMidnight,
  PUSH_BACKOFF_MS,
  searchPushJob,
} from "../../server/services/search-push";
import { AdminClient, articleForm, firstAdmin } from "../../tools/admin-client";
import { fakeEngines } from "../helpers/fake-engines";
import { engines, startTestServer, type TestServer } from "../helpers/server";

const ADMIN = { username: "chief", displayName: "总编", password: "correct horse battery" };
const EDITOR = { username: "writer", displayName: "小编", password: "editor-pass-2024" };
const ORIGIN = "http://news.example.com";
const KEY = "f3a9c1d2-indexnow-key";
const TOKEN = "T0KEN-baidu";

const article = (title: string, status: string, createdAt = new Date()) =>
  articleForm({
    title,
    status,
    createdAt: createdAt.toISOString(),
    intro: "搜索引擎推送测试",
    tags: ["推送"],
  });

describe.each(engines())("search-engine push on %s", (engine) => {
  const fake = fakeEngines();
  let site: TestServer;
  let admin: AdminClient;
  let editor: AdminClient;
  let fakeBase: string;
  const urlOf = (id: number) => `${ORIGIN}/articledetail/${id}`;

  beforeAll(async () => {
    fakeBase = await fake.start();
    site = await startTestServer(engine, {
      env: {
        PUBLIC_URL: ORIGIN,
        BAIDU_PUSH_URL: `${fakeBase}/urls?site=${encodeURIComponent(ORIGIN)}&token=${TOKEN}`,
        INDEXNOW_KEY: KEY,
        INDEXNOW_ENDPOINT: `${fakeBase}/indexnow`,
        // The worker and the scheduler are driven by the test (tick), so nothing depends on timing.
        PUSH_POLL_SECONDS: "0",
        SCHEDULE_POLL_SECONDS: "0",
      },
    });
    admin = await firstAdmin(site.url, ADMIN);
    expect((await admin.req("POST", "/api/admin/users", { ...EDITOR, role: "editor" })).status).toBe(200);
    editor = new AdminClient(site.url);
    expect((await editor.login(EDITOR.username, EDITOR.password)).status).toBe(200);
  });
  afterAll(async () => {
    await site?.close();
    await fake.close();
  });

  const create = async (title: string, status: string, at?: Date) => {
    const res = await editor.req<AdminArticle>("POST", "/api/admin/articles", article(title, status, at));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const rowsOf = async (articleId: number) => {
    const res = await admin.req<Paged<PushRow>>("GET", "/api/admin/search-pushes?pageSize=200");
    expect(res.status).toBe(200);
    return res.body.data.items.filter((r) => r.articleId === articleId);
  };
  const stateOf = async (articleId: number) =>
    Object.fromEntries((await rowsOf(articleId)).map((r) => [r.engine, [r.status, r.attempts]]));

  it("pushes a published article's URL to Baidu and IndexNow; a draft or an edit pushes nothing", async () => {
    const mark = fake.seen.length;
    const draft = await create("推送：先存草稿", "draft");
    expect(await site.services.pushes.tick()).toEqual({ calls: 0, rows: 0 });
    expect(await rowsOf(draft.id)).toEqual([]);

    const published = await editor.req<AdminArticle>(
      "PUT",
      `/api/admin/articles/${draft.id}`,
      article("推送：草稿改为发布", "published"),
    );
    expect(published.body.data.status).toBe("published");
    expect(await stateOf(draft.id)).toEqual({ baidu: ["pending", 0], indexnow: ["pending", 0] });
    expect(await site.services.pushes.tick()).toEqual({ calls: 2, rows: 2 });

    const [baidu] = fake.since(mark, "baidu");
    expect(fake.since(mark, "baidu")).toHaveLength(1);
    expect(baidu!.url.searchParams.get("token")).toBe(TOKEN);
    expect(baidu!.url.searchParams.get("site")).toBe(ORIGIN);
    expect(baidu!.contentType).toBe("text/plain");
    expect(baidu!.body).toBe(urlOf(draft.id));
    const [indexnow] = fake.since(mark, "indexnow");
    expect(fake.since(mark, "indexnow")).toHaveLength(1);
    expect(indexnow!.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(indexnow!.body)).toEqual({
      host: "news.example.com",
      key: KEY,
      keyLocation: `${ORIGIN}/${KEY}.txt`,
      urlList: [urlOf(draft.id)],
    });
    expect(await stateOf(draft.id)).toEqual({ baidu: ["done", 1], indexnow: ["done", 1] });

    // An edit of a public article keeps its URL: nothing new to tell.
    await editor.req("PUT", `/api/admin/articles/${draft.id}`, article("推送：发布后再修改", "published"));
    expect(await site.services.pushes.tick()).toEqual({ calls: 0, rows: 0 });
    expect(await rowsOf(draft.id)).toHaveLength(2);
  });

  it("pushes a scheduled article only when the scheduler publishes it, and one published now at once", async () => {
    const mark = fake.seen.length;
    const later = new Date(Date.now() + 3_600_000);
    const scheduled = await create("推送：定时发布", "scheduled", later);
    expect(await site.services.pushes.tick()).toEqual({ calls: 0, rows: 0 });
    expect(await rowsOf(scheduled.id)).toEqual([]);
    // The scheduler's look once the time has come.
    const published = await site.services.content.publishDue(new Date(later.getTime() + 1000));
    expect(published.map((p) => p.id)).toEqual([scheduled.id]);
    await site.services.pushes.tick();
    expect(fake.since(mark, "baidu").map((s) => s.body)).toEqual([urlOf(scheduled.id)]);
    expect(fake.since(mark, "indexnow").map((s) => JSON.parse(s.body).urlList)).toEqual([
      [urlOf(scheduled.id)],
    ]);

    const other = await create("推送：立即发布", "scheduled", later);
    expect((await editor.req("POST", `/api/admin/articles/${other.id}/publish-now`)).status).toBe(200);
    await site.services.pushes.tick();
    expect(await stateOf(other.id)).toEqual({ baidu: ["done", 1], indexnow: ["done", 1] });
  });

  it("retries a failed send after its backoff (5xx), and gives up on a refusal (4xx)", async () => {
    const mark = fake.seen.length;
    fake.replies.baidu.push({
      status: 500,
      body: { error: 500, message: "internal error, please try later" },
    });
    const a = await create("推送：百度先出错", "published");
    const t0 = new Date();
    await site.services.pushes.tick(t0);
    expect(await stateOf(a.id)).toEqual({ baidu: ["pending", 1], indexnow: ["done", 1] });
    const [row] = (await rowsOf(a.id)).filter((r) => r.engine === "baidu");
    expect(row!.lastStatusCode).toBe(500);
    const due = Date.parse(row!.nextAttemptAt);
    expect(due - t0.getTime()).toBeGreaterThanOrEqual(PUSH_BACKOFF_MS[0]!);
    expect(due - t0.getTime()).toBeLessThanOrEqual(PUSH_BACKOFF_MS[0]! * (1 + JITTER));
    // Not due yet: no call.
    expect(await site.services.pushes.tick(new Date(t0.getTime() + 30_000))).toEqual({ calls: 0, rows: 0 });
    expect(fake.since(mark, "baidu")).toHaveLength(1);
    // After the backoff stored the second send goes through.
    await site.services.pushes.tick(new Date(due));
    expect(fake.since(mark, "baidu").map((s) => s.body)).toEqual([urlOf(a.id), urlOf(a.id)]);
    expect(await stateOf(a.id)).toEqual({ baidu: ["done", 2], indexnow: ["done", 1] });

    // A refusal other than quota or 429 is final: recorded, not retried.
    fake.replies.baidu.push({ status: 401, body: { error: 401, message: "token is not valid" } });
    fake.replies.indexnow.push({ status: 422, body: "" });
    const b = await create("推送：被拒绝", "published");
    await site.services.pushes.tick();
    expect(await stateOf(b.id)).toEqual({ baidu: ["failed", 1], indexnow: ["failed", 1] });
    const refused = (await rowsOf(b.id)).find((r) => r.engine === "baidu")!;
    expect([refused.lastStatusCode, refused.lastAnswer]).toEqual([
      401,
      '{"error":401,"message":"token is not valid"}',
    ]);
    const before = fake.seen.length;
    await site.services.pushes.tick(new Date(Date.now() + 86_400_000));
    expect(fake.seen.length).toBe(before);
  });

  it("merges a URL queued twice, and backs off when IndexNow answers 429", async () => {
    const mark = fake.seen.length;
    const a = await create("推送：发布、撤回、再发布", "published");
    const again = (status: string) =>
      editor.req("PUT", `/api/admin/articles/${a.id}`, article("推送：发布、撤回、再发布", status));
    expect((await again("draft")).status).toBe(200);
    expect((await again("published")).status).toBe(200);
    expect(await stateOf(a.id)).toEqual({ baidu: ["pending", 0], indexnow: ["pending", 0] });
    expect(await rowsOf(a.id)).toHaveLength(2);
    await site.services.pushes.tick();
    expect(fake.since(mark, "baidu").map((s) => s.body)).toEqual([urlOf(a.id)]);

    fake.replies.indexnow.push({ status: 429, body: "Too Many Requests" });
    const b = await create("推送：IndexNow 请求过多", "published");
    const t0 = new Date();
    await site.services.pushes.tick(t0);
    expect(await stateOf(b.id)).toEqual({ baidu: ["done", 1], indexnow: ["pending", 1] });
    const row = (await rowsOf(b.id)).find((r) => r.engine === "indexnow")!;
    const due = Date.parse(row.nextAttemptAt);
    expect(row.lastStatusCode).toBe(429);
    expect(due - t0.getTime()).toBeGreaterThanOrEqual(PUSH_BACKOFF_MS[0]!);
    expect(due - t0.getTime()).toBeLessThanOrEqual(PUSH_BACKOFF_MS[0]! * (1 + JITTER));
    await site.services.pushes.tick(new Date(due));
    expect(await stateOf(b.id)).toEqual({ baidu: ["done", 1], indexnow: ["done", 2] });
  });

  it("shows the log to admins only, and sends a failed row again on request (audited)", async () => {
    const failed = await admin.req<Paged<PushRow>>(
      "GET",
      "/api/admin/search-pushes?status=failed&engine=baidu",
    );
    expect(failed.status).toBe(200);
    expect(failed.body.data.items.length).toBeGreaterThan(0);
    expect(failed.body.data.items.every((r) => r.status === "failed" && r.engine === "baidu")).toBe(true);
    const row = failed.body.data.items[0]!;
    const all = await admin.req<Paged<PushRow>>("GET", "/api/admin/search-pushes");
    const ids = all.body.data.items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const settings = await admin.req<PushSettings>("GET", "/api/admin/search-pushes/settings");
    expect(settings.body.data).toEqual({ baidu: true, indexnow: true, publicUrl: ORIGIN, active: true });
    expect((await admin.req("GET", "/api/admin/search-pushes?status=nope")).status).toBe(400);

    expect((await editor.req("GET", "/api/admin/search-pushes")).status).toBe(403);
    expect((await editor.req("GET", "/api/admin/search-pushes/settings")).status).toBe(403);
    expect((await editor.req("POST", `/api/admin/search-pushes/${row.id}/retry`)).status).toBe(403);
    expect((await admin.req("POST", "/api/admin/search-pushes/999999/retry")).status).toBe(404);
    const done = all.body.data.items.find((r) => r.status === "done")!;
    const notFailed = await admin.req("POST", `/api/admin/search-pushes/${done.id}/retry`);
    expect([notFailed.status, notFailed.body.message]).toEqual([400, "只有推送失败的记录可以重新推送"]);

    const retried = await admin.req<PushRow>("POST", `/api/admin/search-pushes/${row.id}/retry`);
    expect(retried.status).toBe(200);
    expect([retried.body.data.status, retried.body.data.attempts]).toEqual(["pending", 0]);
    const mark = fake.seen.length;
    await site.services.pushes.tick();
    expect(fake.since(mark, "baidu").map((s) => s.body)).toEqual([row.url]);
    expect((await rowsOf(row.articleId!)).find((r) => r.id === row.id)!.status).toBe("done");

    const audit = await admin.req<Paged<AuditEntry>>("GET", "/api/admin/audit?entity=search_push");
    expect(audit.body.data.items[0]).toMatchObject({
      username: ADMIN.username,
      action: "retry",
      entityId: String(row.id),
      summary: `重新推送（百度）：${row.url}`,
    });
  });

  it("serves the IndexNow key file, and 404 for any other key", async () => {
    const res = await fetch(`${site.url}/${KEY}.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(KEY);
    expect((await fetch(`${site.url}/a0b1c2d3e4f5-other.txt`)).status).toBe(404);
  });

  it("sends each row once when two instances look at the same moment", async () => {
    const otherJobs = createJobRunner(site.services.logger);
    const other = otherJobs.add(
      searchPushJob(
        createSearchPush({
          config: site.services.config,
          db: site.services.database.db,
          logger: site.services.logger,
        }),
        0,
      ),
    );
    const mark = fake.seen.length;
    const a = await create("推送：两个实例", "published");
    const looks = await Promise.all([site.services.pushes.tick(), other.tick()]);
    expect(looks.reduce((n, l) => n + l.rows, 0)).toBe(2);
    expect(fake.since(mark, "baidu").map((s) => s.body)).toEqual([urlOf(a.id)]);
    expect(fake.since(mark, "indexnow")).toHaveLength(1);

    // While one instance's send is in flight, its rows are leased: the other finds nothing to send.
    let release = () => {};
    const wait = new Promise<void>((r) => {
      release = r;
    });
    fake.replies.baidu.push({ status: 200, body: { remain: 10, success: 1 }, wait });
    fake.replies.indexnow.push({ status: 200, body: "", wait });
    const mark2 = fake.seen.length;
    const b = await create("推送：发送中的租约", "published");
    const first = site.services.pushes.tick();
    await expect.poll(() => fake.seen.length - mark2, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await other.tick()).toEqual({ calls: 0, rows: 0 });
    release();
    expect(await first).toEqual({ calls: 2, rows: 2 });
    expect(await stateOf(b.id)).toEqual({ baidu: ["done", 1], indexnow: ["done", 1] });
    await otherJobs.stop();
  });

  // Last: Baidu stays paused for the rest of the (Beijing) day.
  it("stops sending to Baidu until Beijing midnight when its quota runs out; IndexNow goes on", async () => {
    const mark = fake.seen.length;
    fake.replies.baidu.push({ status: 400, body: { error: 400, message: "over quota" } });
    const a = await create("推送：配额用尽", "published");
    const now = new Date();
    await site.services.pushes.tick(now);
    const midnight = nextBeijingMidnight(now);
    const rowA = (await rowsOf(a.id)).find((r) => r.engine === "baidu")!;
    expect([rowA.status, rowA.attempts, rowA.nextAttemptAt]).toEqual(["quota", 0, midnight.toISOString()]);
    expect(await stateOf(a.id)).toMatchObject({ indexnow: ["done", 1] });

    // Later that day: the next article waits for the quota without a call to Baidu.
    const b = await create("推送：配额用尽之后", "published");
    await site.services.pushes.tick();
    expect(fake.since(mark, "baidu")).toHaveLength(1);
    expect(fake.since(mark, "indexnow").map((s) => JSON.parse(s.body).urlList)).toEqual([
      [urlOf(a.id)],
      [urlOf(b.id)],
    ]);
    expect(await stateOf(b.id)).toEqual({ baidu: ["quota", 0], indexnow: ["done", 1] });

    // After midnight both go out in one call.
    await site.services.pushes.tick(new Date(midnight.getTime() + 1000));
    const after = fake.since(mark, "baidu");
    expect(after).toHaveLength(2);
    expect(after[1]!.body.split("\n").sort()).toEqual([urlOf(a.id), urlOf(b.id)].sort());
    expect(await stateOf(a.id)).toEqual({ baidu: ["done", 1], indexnow: ["done", 1] });
    expect(await stateOf(b.id)).toEqual({ baidu: ["done", 1], indexnow: ["done", 1] });
  });
});

describe("search-engine push without PUBLIC_URL", () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startTestServer("sqlite", {
      env: {
        BAIDU_PUSH_URL: "http://127.0.0.1:9/urls?site=x&token=t",
        INDEXNOW_KEY: KEY,
        PUSH_POLL_SECONDS: "0",
      },
    });
  });
  afterAll(() => site?.close());

  it("queues nothing (no trustworthy origin) and says so in the console", async () => {
    const admin = await firstAdmin(site.url, ADMIN);
    const a = await admin.req<AdminArticle>(
      "POST",
      "/api/admin/articles",
      article("无站点地址", "published"),
    );
    expect(a.status).toBe(200);
    expect(await site.services.pushes.tick()).toEqual({ calls: 0, rows: 0 });
    const log = await admin.req<Paged<PushRow>>("GET", "/api/admin/search-pushes");
    expect(log.body.data.total).toBe(0);
    const settings = await admin.req<PushSettings>("GET", "/api/admin/search-pushes/settings");
    expect(settings.body.data).toEqual({ baidu: true, indexnow: true, publicUrl: null, active: false });
  });
});

describe("Beijing midnight", () => {
  it("is 16:00 UTC, the next one after any moment", () => {
    expect(nextBeijingMidnight(new Date("2026-03-01T15:59:59Z")).toISOString()).toBe(
      "2026-03-01T16:00:00.000Z",
    );
    expect(nextBeijingMidnight(new Date("2026-03-01T16:00:00Z")).toISOString()).toBe(
      "2026-03-02T16:00:00.000Z",
    );
    expect(nextBeijingMidnight(new Date("2026-03-01T02:00:00Z")).toISOString()).toBe(
      "2026-03-01T16:00:00.000Z",
    );
  });
});
