import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "../../contract/admin";
import type { WechatJob } from "../../contract/wechat";
import { type FakeWechat, startFakeWechat } from "../../fakes/wechat-mp";
import { AdminClient, CHIEF, firstAdmin } from "../../tools/admin-client";
import { type SiteProcess, startSiteProcess } from "../helpers/site-process";
import { onSite, pictures } from "../helpers/wechat";

/**
 * A sync survives `kill -9`: the built server is killed while WeChat holds its answer to draft/add
 * (the draft is made, the site has not stored its id), and the restarted server resumes the job
 * under its lease, finds that draft instead of making another, and finishes.
 */
describe("a 公众号 sync killed mid-way", { timeout: 240_000 }, () => {
  let fake: FakeWechat;
  let dataDir: string;
  let site: SiteProcess | undefined;

  beforeAll(async () => {
    fake = await startFakeWechat();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dsn-wx-resume-"));
  });
  afterAll(async () => {
    await site?.kill("SIGKILL");
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = () => ({
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    RENDER_THREADS: "0",
    WECHAT_API_BASE: fake.url,
    WECHAT_APP_ID: fake.appId,
    WECHAT_APP_SECRET: fake.appSecret,
    WECHAT_SYNC_POLL_SECONDS: "1",
  });

  it("resumes on restart with one draft only", async () => {
    site = await startSiteProcess(env());
    const admin = await firstAdmin(site.url);
    const pics = await pictures();
    const created = await admin.req<AdminArticle>("POST", "/api/admin/articles", {
      title: "断点续传测试",
      intro: "同步中途进程被杀",
      content: `<p>正文</p><p><img src="${onSite(dataDir, "p.jpg", pics.jpeg)}"></p>`,
      thumb: "/uploads/demo/article-1.svg",
      author: "小编",
      columnId: 5,
      tags: [],
      hot: false,
      status: "published",
      createdAt: new Date().toISOString(),
    });
    expect(created.status).toBe(200);
    const articleId = created.body.data.id;

    // WeChat makes the draft, then takes a minute to answer: the site is killed meanwhile.
    fake.fault({ kind: "latency", ms: 60_000, path: "/cgi-bin/draft/add" });
    const started = await admin.req<WechatJob>("POST", `/api/admin/articles/${articleId}/wechat`, {
      action: "draft",
      title: "断点续传测试",
      author: "小编",
      digest: "同步中途进程被杀",
      cover: "/uploads/demo/article-1.svg",
    });
    expect(started.status).toBe(200);
    await expect.poll(() => fake.drafts.size, { timeout: 60_000 }).toBe(1);
    await site.kill("SIGKILL");
    fake.clearFaults();

    site = await startSiteProcess(env());
    const again = new AdminClient(site.url);
    expect((await again.login(CHIEF.username, CHIEF.password)).status).toBe(200);
    const jobOf = async () =>
      (await again.req<WechatJob>("GET", `/api/admin/wechat-sync/jobs/${started.body.data.id}`)).body.data;
    // The killed instance's lease runs out (15 s), then the job resumes here.
    await expect.poll(async () => (await jobOf()).state, { timeout: 90_000, interval: 250 }).toBe("done");
    const job = await jobOf();
    expect(fake.count("/cgi-bin/draft/add")).toBe(1);
    expect(fake.count("/cgi-bin/draft/batchget")).toBe(1);
    expect([...fake.drafts.keys()]).toEqual([job.draftMediaId]);
    expect(fake.count("/cgi-bin/media/uploadimg")).toBe(1);
  });
});
