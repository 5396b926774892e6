import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminLanding, AdminLandingRow } from "../../contract/landing";
import { LANDING_MESSAGES } from "../../contract/landing";
import { LANDING_MESSAGES_SERVER } from "../../server/entities/landing-pages";
import { AdminClient, articleForm, firstAdmin } from "../../tools/admin-client";
import { BUILD_DIR, engines, needsBuild, startTestServer, type TestServer } from "../helpers/server";

/**
 * Landing pages in the console (docs/product.md, "Landing pages"): editors write drafts, admins
 * publish, schedule and take down; a page answers at its path through the response store as soon
 * as it is published or changed, without a restart.
 */
const EDITOR = { username: "marketer", displayName: "市场部", password: "marketing-pass-2024" };
const hasBuild = needsBuild("the console's landing page tests");

const hero = (title: string) => ({
  type: "hero",
  title,
  image: { src: "/landing/summit/hero.svg", alt: "主视觉", w: 1440, h: 520 },
});

/** A page as the console sends it. */
const form = (p: string, title: string, over: Record<string, unknown> = {}) => ({
  path: p,
  title: `${title} - 电商报`,
  name: "春季专题",
  description: "春季营销专题页",
  sections: [
    hero(title),
    { type: "ctaBand", title: "立即报名", ctas: [{ label: "报名", href: "/cooperate" }] },
  ],
  ...over,
});

describe.skipIf(!hasBuild).each(engines())("landing pages in the console (%s)", (engine) => {
  let s: TestServer;
  let admin: AdminClient;
  let editor: AdminClient;

  const page = async (p: string) => {
    const res = await fetch(s.url + p, { redirect: "manual" });
    return { status: res.status, cache: res.headers.get("x-cache"), body: await res.text(), res };
  };
  const create = async (body: unknown) => {
    const res = await editor.req<AdminLanding>("POST", "/api/admin/landing-pages", body);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const publish = async (id: number) => {
    const res = await admin.req<AdminLanding>("POST", `/api/admin/landing-pages/${id}/publish`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    s = await startTestServer(engine, {
      buildDir: BUILD_DIR,
      env: { LIVE_FRAME_HOSTS: "live.partner.example.com", SCHEDULE_POLL_SECONDS: "0" },
    });
    admin = await firstAdmin(s.url);
    expect((await admin.req("POST", "/api/admin/users", { ...EDITOR, role: "editor" })).status).toBe(200);
    editor = new AdminClient(s.url);
    expect((await editor.login(EDITOR.username, EDITOR.password)).status).toBe(200);
  });
  afterAll(() => s?.close());

  it("lists the seeded pages, searched by name or path and by status", async () => {
    const all = await editor.req<{ items: AdminLandingRow[]; total: number }>(
      "GET",
      "/api/admin/landing-pages?pageSize=200",
    );
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(44);
    const found = await editor.req<{ items: AdminLandingRow[] }>(
      "GET",
      `/api/admin/landing-pages?q=${encodeURIComponent("直播间")}&status=published`,
    );
    expect(found.body.data.items.map((r) => r.path)).toEqual(["/flybird/live"]);
    const byPath = await editor.req<{ items: AdminLandingRow[] }>(
      "GET",
      "/api/admin/landing-pages?q=STRAWBAG",
    );
    expect(byPath.body.data.items.map((r) => r.path)).toEqual(["/market/products/strawBag"]);
    const bad = await editor.req("GET", "/api/admin/landing-pages?status=gone");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("页面状态不正确");
  });

  it("keeps a draft off the site; a publish shows it at once through the store, and so does a change", async () => {
    const p = "/market/topics/spring";
    const draft = await create(form(p, "春季营销节"));
    expect(draft).toMatchObject({ status: "draft", version: 1, createdBy: EDITOR.username });
    expect((await page(p)).status).toBe(404);
    expect((await page(p)).status).toBe(404);

    // Publishing is for admins.
    const refused = await editor.req("POST", `/api/admin/landing-pages/${draft.id}/publish`);
    expect(refused.status).toBe(403);
    await publish(draft.id);
    const first = await page(p);
    expect(first.status).toBe(200);
    expect(first.body).toContain("春季营销节");
    expect(first.body).toContain("<title>春季营销节 - 电商报</title>");
    const second = await page("/Market/Topics/Spring/");
    expect(second.status).toBe(200);
    expect((await page(p)).cache).toBe("HIT");

    // A change of a public page is for admins; it is public right after the save.
    const change = form(p, "春季营销节（加场）", { version: draft.version });
    expect((await editor.req("PUT", `/api/admin/landing-pages/${draft.id}`, change)).body.message).toBe(
      LANDING_MESSAGES_SERVER.adminOnly,
    );
    const saved = await admin.req<AdminLanding>("PUT", `/api/admin/landing-pages/${draft.id}`, change);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.version).toBe(2);
    const after = await page(p);
    expect(after.body).toContain("春季营销节（加场）");
    expect(after.cache).toBe("MISS");

    // Taken down: 404 at once.
    const down = await admin.req<AdminLanding>("POST", `/api/admin/landing-pages/${draft.id}/takedown`);
    expect(down.body.data.status).toBe("offline");
    expect((await page(p)).status).toBe(404);

    const audit = await s.services.database.db
      .selectFrom("audit_log")
      .select(["action"])
      .where("entity", "=", "landing_page")
      .where("entity_id", "=", String(draft.id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["create", "publish", "update", "takedown"]);
  });

  it("refuses what must not be stored, with a Chinese message", async () => {
    const refusal = async (body: unknown, status = 400) => {
      const res = await editor.req("POST", "/api/admin/landing-pages", body);
      expect(res.status, res.text).toBe(status);
      return res.body.message;
    };
    const p = "/market/topics/refused";
    expect(
      await refusal(
        form(p, "坏链接", {
          sections: [
            { type: "ctaBand", title: "报名", ctas: [{ label: "报名", href: "javascript:alert(1)" }] },
          ],
        }),
      ),
    ).toBe(LANDING_MESSAGES.link("链接"));
    expect(await refusal(form(p, "未知区块", { sections: [{ type: "marquee", title: "走马灯" }] }))).toBe(
      "未知的区块类型：marquee",
    );
    expect(await refusal(form(p, "未知字段", { sections: [{ ...hero("x"), colour: "red" }] }))).toBe(
      "不支持的字段：colour",
    );
    expect(await refusal({ ...form(p, "未知字段"), theme: "dark" })).toBe("不支持的字段：theme");
    for (const taken of ["/", "/news", "/newlist/3", "/articledetail/12", "/cooperate", "/wxmcn"])
      expect(await refusal(form(taken, "新闻页"))).toBe(LANDING_MESSAGES_SERVER.reserved);
    for (const taken of ["/admin/landing", "/api/landing", "/assets/x", "/uploads/x", "/healthz"])
      expect(await refusal(form(taken, "保留路径"))).toBe(LANDING_MESSAGES_SERVER.reserved);
    expect(await refusal(form("/market/topics/list.html", "扩展名"))).toBe(LANDING_MESSAGES_SERVER.extension);
    expect(await refusal(form("/market/products/MINI", "已有页面"), 409)).toBe(
      LANDING_MESSAGES_SERVER.pathTaken,
    );
    const live = (src: string) =>
      form(p, "直播", {
        sections: [
          {
            type: "liveFrame",
            title: "直播间",
            src,
            frameTitle: "直播",
            height: 800,
            openLabel: "新窗口打开",
            noFrames: "不支持框架",
          },
        ],
      });
    expect(await refusal(live("https://evil.example.net/room"))).toBe(
      LANDING_MESSAGES_SERVER.liveHost(["example.com", "live.partner.example.com"]),
    );
    expect(await refusal(live("http://live.partner.example.com/room"))).toBe("直播间地址须是 https:// 网址");
    const ok = await create(live("https://live.partner.example.com/room/1"));
    expect(ok.sections[0]).toMatchObject({ src: "https://live.partner.example.com/room/1" });
    // Nothing refused was stored.
    const rows = await s.services.database.db
      .selectFrom("landing_pages")
      .select("id")
      .where("path_key", "=", p)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a save from an older version with 409 and the stored page", async () => {
    const created = await create(form("/market/topics/stale", "旧版本"));
    const mine = await editor.req<AdminLanding>(
      "PUT",
      `/api/admin/landing-pages/${created.id}`,
      form("/market/topics/stale", "我的修改", { version: created.version }),
    );
    expect(mine.status).toBe(200);
    const theirs = await editor.req<AdminLanding>(
      "PUT",
      `/api/admin/landing-pages/${created.id}`,
      form("/market/topics/stale", "他人的旧修改", { version: created.version }),
    );
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(LANDING_MESSAGES_SERVER.conflict);
    expect((theirs.body.data as AdminLanding).sections[0]).toMatchObject({ title: "我的修改" });
    expect(
      (await editor.req("PUT", `/api/admin/landing-pages/${created.id}`, form("/x", "无版本"))).body.message,
    ).toBe("缺少页面版本");
  });

  it("publishes a scheduled page when its time comes", async () => {
    const p = "/market/topics/later";
    const created = await create(form(p, "定时上线"));
    const past = await admin.req("POST", `/api/admin/landing-pages/${created.id}/schedule`, {
      publishAt: "2020-01-01T00:00:00.000Z",
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("定时发布的时间须晚于现在");
    const publishAt = new Date(Date.now() + 1500).toISOString();
    const editorTry = await editor.req("POST", `/api/admin/landing-pages/${created.id}/schedule`, {
      publishAt,
    });
    expect(editorTry.status).toBe(403);
    const scheduled = await admin.req<AdminLanding>(
      "POST",
      `/api/admin/landing-pages/${created.id}/schedule`,
      {
        publishAt,
      },
    );
    expect(scheduled.body.data).toMatchObject({ status: "scheduled", publishAt });
    expect((await page(p)).status).toBe(404);
    await expect
      .poll(
        async () => {
          await s.services.scheduler.tick();
          return (await page(p)).status;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(200);
    expect(
      (await editor.req<AdminLanding>("GET", `/api/admin/landing-pages/${created.id}`)).body.data.status,
    ).toBe("published");
  });

  it("leaves a 301 at the old path when a public page moves; its path can take no redirect", async () => {
    const created = await create(form("/market/topics/old-home", "搬家页"));
    await publish(created.id);
    expect((await page("/market/topics/old-home")).status).toBe(200);
    const redirect = await admin.req("POST", "/api/admin/redirects", {
      from: "/market/topics/old-home",
      target: "/news",
    });
    expect(redirect.status).toBe(400);
    const moved = await admin.req<AdminLanding>(
      "PUT",
      `/api/admin/landing-pages/${created.id}`,
      form("/market/topics/new-home", "搬家页", { version: created.version }),
    );
    expect(moved.status, moved.text).toBe(200);
    const old = await page("/market/topics/old-home");
    expect(old.status).toBe(301);
    expect(old.res.headers.get("location")).toMatch(/\/market\/topics\/new-home$/);
    expect((await page("/market/topics/new-home")).status).toBe(200);
    // The old path, now a redirect, is not free for another page.
    const again = await editor.req(
      "POST",
      "/api/admin/landing-pages",
      form("/market/topics/old-home", "占用"),
    );
    expect(again.body.message).toBe(LANDING_MESSAGES_SERVER.redirected);
  });

  it("refreshes an article-list page when a matching article is published", async () => {
    const p = "/market/topics/column-five";
    const created = await create(
      form(p, "栏目专题", {
        layout: "news",
        sections: [{ type: "articleList", title: "栏目专题", source: "column", columnId: 5, count: 3 }],
      }),
    );
    await publish(created.id);
    expect((await page(p)).status).toBe(200);
    expect((await page(p)).cache).toBe("HIT");
    const article = await admin.req("POST", "/api/admin/articles", {
      ...articleForm({ title: "专题页应当显示的新文章", status: "published" }),
    });
    expect(article.status, article.text).toBe(200);
    const after = await page(p);
    expect(after.body).toContain("专题页应当显示的新文章");
  });
});
