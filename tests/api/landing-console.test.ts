import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, Paged } from "../../contract/admin";
import type { AdminLanding } from "../../contract/landing";
import { LANDING_MESSAGES } from "../../contract/landing";
import type { LandingPathCheck, LandingRevision, LandingRevisionRow } from "../../contract/landing-admin";
import { PREVIEW_INVALID, type PreviewLink } from "../../contract/previews";
import { MAX_REVISIONS } from "../../contract/revisions";
import { LANDING_MESSAGES_SERVER } from "../../server/entities/landing-pages";
import { AdminClient, firstAdmin } from "../../tools/admin-client";
import { BUILD_DIR, engines, startTestServer, type TestServer } from "../helpers/server";

/**
 * The console's landing-page tools beyond saving (docs/product.md, "Landing pages"): revisions and
 * their restore, preview links that show a page as stored, and the path check the editor asks as
 * it types.
 */
const EDITOR = { username: "planner", displayName: "策划", password: "planner-pass-2024" };
const hasBuild = fs.existsSync(path.join(BUILD_DIR, "server", "site", "index.js"));

const form = (p: string, title: string, over: Record<string, unknown> = {}) => ({
  path: p,
  title: `${title} - 电商报`,
  name: "控制台专题",
  description: "控制台测试页",
  sections: [
    {
      type: "hero",
      title,
      image: { src: "/landing/summit/hero.svg", alt: "主视觉", w: 1440, h: 520 },
    },
    { type: "ctaBand", title: "立即报名", ctas: [{ label: "报名", href: "/cooperate" }] },
  ],
  ...over,
});

describe.skipIf(!hasBuild).each(engines())(
  "landing pages: revisions, previews, path check (%s)",
  (engine) => {
    let s: TestServer;
    let admin: AdminClient;
    let editor: AdminClient;

    const open = async (p: string) => {
      const res = await fetch(s.url + p, { redirect: "manual" });
      return { status: res.status, headers: res.headers, body: await res.text() };
    };
    const create = async (body: unknown) => {
      const res = await editor.req<AdminLanding>("POST", "/api/admin/landing-pages", body);
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    };
    const save = async (who: AdminClient, id: number, body: unknown) => {
      const res = await who.req<AdminLanding>("PUT", `/api/admin/landing-pages/${id}`, body);
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    };
    const revisions = async (id: number) => {
      const res = await editor.req<LandingRevisionRow[]>("GET", `/api/admin/landing-pages/${id}/revisions`);
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    };
    const restore = (who: AdminClient, id: number, rev: number, body: unknown) =>
      who.req<AdminLanding>("POST", `/api/admin/landing-pages/${id}/revisions/${rev}/restore`, body);
    const audit = async (entity: string, id: number) =>
      (
        await admin.req<Paged<AuditEntry>>("GET", `/api/admin/audit?entity=${entity}&pageSize=100`)
      ).body.data.items.filter((e) => e.entityId === String(id));

    beforeAll(async () => {
      s = await startTestServer(engine, { buildDir: BUILD_DIR, env: { SCHEDULE_POLL_SECONDS: "0" } });
      admin = await firstAdmin(s.url);
      expect((await admin.req("POST", "/api/admin/users", { ...EDITOR, role: "editor" })).status).toBe(200);
      editor = new AdminClient(s.url);
      expect((await editor.login(EDITOR.username, EDITOR.password)).status).toBe(200);
    });
    afterAll(() => s?.close());

    it("keeps one revision per save, newest first, each with the whole page it stored", async () => {
      const p = "/market/console/history";
      const created = await create(form(p, "第一版"));
      const second = await save(editor, created.id, form(p, "第二版", { version: created.version }));
      await save(
        editor,
        created.id,
        form(`${p}-moved`, "第三版", { version: second.version, name: "改名专题" }),
      );

      const rows = await revisions(created.id);
      expect(rows.map((r) => [r.version, r.name, r.path, r.status, r.savedBy])).toEqual([
        [3, "改名专题", `${p}-moved`, "draft", EDITOR.username],
        [2, "控制台专题", p, "draft", EDITOR.username],
        [1, "控制台专题", p, "draft", EDITOR.username],
      ]);
      expect(rows.every((r) => r.pageId === created.id && !Number.isNaN(Date.parse(r.savedAt)))).toBe(true);

      const first = await editor.req<LandingRevision>(
        "GET",
        `/api/admin/landing-pages/${created.id}/revisions/${rows[2]!.id}`,
      );
      expect(first.status, first.text).toBe(200);
      expect(first.body.data).toMatchObject({ version: 1, page: { path: p, name: "控制台专题" } });
      expect(first.body.data.page.sections[0]).toMatchObject({ type: "hero", title: "第一版" });

      // A revision of another page, or none, is not found.
      const other = await create(form("/market/console/other", "别的页面"));
      for (const url of [
        `/api/admin/landing-pages/${other.id}/revisions/${rows[0]!.id}`,
        `/api/admin/landing-pages/${created.id}/revisions/99999999`,
      ]) {
        const res = await editor.req("GET", url);
        expect([res.status, res.body.message], url).toEqual([404, "版本不存在"]);
      }
      expect((await editor.req("GET", `/api/admin/landing-pages/${created.id}/revisions/abc`)).status).toBe(
        404,
      );
      expect((await editor.req("GET", "/api/admin/landing-pages/99999999/revisions")).status).toBe(404);
    });

    it(`keeps at most ${MAX_REVISIONS} revisions of a page, dropping the oldest`, async () => {
      const p = "/market/console/many";
      let page = await create(form(p, "第 1 版"));
      for (let i = 2; i <= MAX_REVISIONS + 2; i++)
        page = await save(editor, page.id, form(p, `第 ${i} 版`, { version: page.version }));
      const rows = await revisions(page.id);
      expect(rows).toHaveLength(MAX_REVISIONS);
      expect(rows[0]!.version).toBe(MAX_REVISIONS + 2);
      expect(rows.at(-1)!.version).toBe(3);
    });

    it("restores a revision as a new save: stale and not-yours refusals as a save, a revision and an audit line", async () => {
      const p = "/market/console/restore";
      const v1 = await create(form(p, "恢复前的原文"));
      const v2 = await save(editor, v1.id, form(p, "后来的改写", { version: v1.version }));
      const firstRev = (await revisions(v1.id)).at(-1)!;

      // The editor's version is older than stored: 409 with the stored page, nothing written.
      const stale = await restore(editor, v1.id, firstRev.id, { version: v1.version });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(LANDING_MESSAGES_SERVER.conflict);
      expect((stale.body.data as AdminLanding).sections[0]).toMatchObject({ title: "后来的改写" });
      for (const [body, message] of [
        [{}, "缺少页面版本"],
        [{ version: 0 }, "页面版本不正确"],
        [{ version: v2.version, extra: 1 }, "不支持的字段：extra"],
      ] as const) {
        const bad = await restore(editor, v1.id, firstRev.id, body);
        expect([bad.status, bad.body.message]).toEqual([400, message]);
      }
      expect((await revisions(v1.id)).length).toBe(2);

      const restored = await restore(editor, v1.id, firstRev.id, { version: v2.version });
      expect(restored.status, restored.text).toBe(200);
      expect(restored.body.data).toMatchObject({ version: 3, status: "draft", updatedBy: EDITOR.username });
      expect(restored.body.data.sections[0]).toMatchObject({ title: "恢复前的原文" });
      const rows = await revisions(v1.id);
      expect(rows.map((r) => r.version)).toEqual([3, 2, 1]);
      const notes = await audit("landing_page", v1.id);
      expect(notes.map((n) => n.action)).toContain("restore");
      expect(notes.find((n) => n.action === "restore")!.summary).toContain("恢复版本 1");

      // A page visitors see is restored by admins only, and shows the restored page at once.
      expect((await admin.req("POST", `/api/admin/landing-pages/${v1.id}/publish`)).status).toBe(200);
      const latest = (await revisions(v1.id))[0]!;
      const second = rows[1]!;
      const refused = await restore(editor, v1.id, second.id, { version: latest.version });
      expect([refused.status, refused.body.message]).toEqual([403, LANDING_MESSAGES_SERVER.adminOnly]);
      expect((await open(p)).body).toContain("恢复前的原文");
      const byAdmin = await restore(admin, v1.id, second.id, { version: latest.version });
      expect(byAdmin.status, byAdmin.text).toBe(200);
      const shown = await open(p);
      expect(shown.status).toBe(200);
      expect(shown.body).toContain("后来的改写");

      // The restored page is checked as a save: its old path, since taken by another page, is refused.
      const mover = await create(form("/market/console/was-here", "搬走的页面"));
      const moved = await save(
        editor,
        mover.id,
        form("/market/console/now-here", "搬走的页面", { version: 1 }),
      );
      await create(form("/market/console/was-here", "新来的页面"));
      const oldRev = (await revisions(mover.id)).at(-1)!;
      const taken = await restore(editor, mover.id, oldRev.id, { version: moved.version });
      expect([taken.status, taken.body.message]).toEqual([409, LANDING_MESSAGES_SERVER.pathTaken]);
    });

    it("opens a page as stored, draft included, to anyone with a preview link, until it is revoked", async () => {
      const p = "/market/console/preview";
      const page = await create(form(p, "预览里的草稿文字"));
      expect((await open(p)).status).toBe(404);

      const made = await editor.req<{ path: string; link: PreviewLink }>(
        "POST",
        `/api/admin/landing-pages/${page.id}/previews`,
        { days: 3 },
      );
      expect(made.status, made.text).toBe(200);
      expect(made.body.data.path).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
      expect(made.body.data.link).toMatchObject({ landingPageId: page.id, articleId: null });

      const first = await open(made.body.data.path);
      expect(first.status).toBe(200);
      expect(first.body).toContain("预览里的草稿文字");
      expect(first.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(first.headers.get("cache-control")).toBe("private, no-store");
      expect(first.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      // Drawn by the public landing components, in the landing frame (not the news chrome).
      expect(first.body).toContain('class="lp-hero');
      expect(first.body).not.toContain('class="news-shell"');
      expect((await open(made.body.data.path)).headers.get("x-cache")).not.toBe("HIT");

      // The link follows the stored page.
      await save(editor, page.id, form(p, "改过的草稿文字", { version: page.version }));
      const again = await open(made.body.data.path);
      expect(again.body).toContain("改过的草稿文字");
      expect(again.body).not.toContain("预览里的草稿文字");

      const listed = await editor.req<PreviewLink[]>("GET", `/api/admin/landing-pages/${page.id}/previews`);
      expect(listed.body.data.map((l) => l.id)).toEqual([made.body.data.link.id]);
      // An article's links are its own: the same number names no landing link there.
      const asArticle = await editor.req(
        "DELETE",
        `/api/admin/articles/${page.id}/previews?link=${made.body.data.link.id}`,
      );
      expect(asArticle.status).toBe(404);

      const revoked = await editor.req<PreviewLink>(
        "DELETE",
        `/api/admin/landing-pages/${page.id}/previews?link=${made.body.data.link.id}`,
      );
      expect(revoked.status, revoked.text).toBe(200);
      expect(revoked.body.data.revokedAt).not.toBeNull();
      const after = await open(made.body.data.path);
      expect(after.status).toBe(404);
      expect(after.body).toContain(PREVIEW_INVALID);
      expect(after.body).not.toContain("改过的草稿文字");

      const missing = await editor.req("POST", "/api/admin/landing-pages/99999999/previews", {});
      expect([missing.status, missing.body.message]).toEqual([404, "营销页面不存在"]);
      expect((await audit("preview_link", page.id)).map((e) => e.action).sort()).toEqual([
        "create",
        "revoke",
      ]);
    });

    it("checks a path as a save would, without saving", async () => {
      const check = async (p: string, id?: number) => {
        const q = new URLSearchParams({ path: p, ...(id ? { id: String(id) } : {}) });
        const res = await editor.req<LandingPathCheck>("GET", `/api/admin/landing-pages/path-check?${q}`);
        expect(res.status, res.text).toBe(200);
        return res.body.data;
      };
      const draft = await create(form("/market/console/held-by-draft", "占位草稿"));
      expect(await check("/market/console/free")).toEqual({ ok: true });
      // Another page's path, whatever its status (the draft's too); the page's own path is fine.
      expect(await check("/market/console/HELD-by-draft")).toEqual({
        ok: false,
        message: LANDING_MESSAGES_SERVER.pathTaken,
      });
      expect(await check("/market/products/MINI")).toEqual({
        ok: false,
        message: LANDING_MESSAGES_SERVER.pathTaken,
      });
      expect(await check("/market/console/held-by-draft", draft.id)).toEqual({ ok: true });
      for (const reserved of ["/", "/news", "/articledetail/12", "/admin/x", "/api/x", "/uploads/a"])
        expect(await check(reserved)).toEqual({ ok: false, message: LANDING_MESSAGES_SERVER.reserved });
      expect(await check("/market/console/page.html")).toEqual({
        ok: false,
        message: LANDING_MESSAGES_SERVER.extension,
      });
      expect(await check("market/no-slash")).toEqual({ ok: false, message: LANDING_MESSAGES.path });
      expect(
        (await admin.req("POST", "/api/admin/redirects", { from: "/market/console/gone", target: "/news" }))
          .status,
      ).toBe(200);
      expect(await check("/market/console/gone")).toEqual({
        ok: false,
        message: LANDING_MESSAGES_SERVER.redirected,
      });

      // Each refusal is the save's own answer, and nothing was saved by checking.
      for (const p of [
        "/market/console/held-by-draft",
        "/news",
        "/market/console/page.html",
        "/market/console/gone",
      ]) {
        const saved = await editor.req("POST", "/api/admin/landing-pages", form(p, "保存试试"));
        expect(saved.body.message, p).toBe((await check(p)).message);
      }
      const free = await editor.req<{ items: unknown[] }>(
        "GET",
        "/api/admin/landing-pages?q=/market/console/free",
      );
      expect(free.body.data.items).toEqual([]);

      const bad = await editor.req("GET", "/api/admin/landing-pages/path-check?path=/x&id=abc");
      expect([bad.status, bad.body.message]).toEqual([400, "页面编号不正确"]);
      const none = await editor.req("GET", "/api/admin/landing-pages/path-check");
      expect([none.status, none.body.message]).toEqual([400, "请填写页面路径"]);
      expect(
        (await new AdminClient(s.url).req("GET", "/api/admin/landing-pages/path-check?path=/x")).status,
      ).toBe(401);
    });
  },
);
