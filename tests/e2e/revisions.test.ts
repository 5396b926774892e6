import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle, AuditEntry, Paged } from "../../contract/admin";
import { MAX_REVISIONS, type Revision, type RevisionRow } from "../../contract/revisions";
import { AdminClient, articleForm, CHIEF, firstAdmin } from "../../tools/admin-client";
import { engines, startSite, type TestServer } from "../helpers/server";

const EDITOR = { username: "xiaowang", displayName: "小王", password: "another-horse-battery" };
const CONFLICT = "文章已被他人修改，请查看对方的版本后再保存";

const form = (title: string, more: Record<string, unknown> = {}) =>
  articleForm({
    title,
    intro: "版本历史测试的摘要",
    content: "<p>第一段</p><p>第二段</p>",
    tags: ["版本"],
    createdAt: "2026-01-02T03:04:05.000Z",
    ...more,
  });

describe.each(engines())("article revisions on %s", (engine) => {
  let site: TestServer;
  let admin: AdminClient;
  let editor: AdminClient;
  beforeAll(async () => {
    site = await startSite(engine);
    admin = await firstAdmin(site.url);
    expect((await admin.req("POST", "/api/admin/users", { ...EDITOR, role: "editor" })).status).toBe(200);
    editor = new AdminClient(site.url);
    expect((await editor.login(EDITOR.username, EDITOR.password)).status).toBe(200);
  });
  afterAll(() => site?.close());

  const revisions = async (id: number) =>
    (await admin.req<RevisionRow[]>("GET", `/api/admin/articles/${id}/revisions`)).body.data;

  it("keeps every save as a revision, shows one, and restores one as a new save", async () => {
    const a = (await admin.req<AdminArticle>("POST", "/api/admin/articles", form("第一版标题"))).body.data;
    expect(a.version).toBe(1);
    const put = await editor.req<AdminArticle>(
      "PUT",
      `/api/admin/articles/${a.id}`,
      form("第二版标题", {
        content: "<p>第一段</p><p>改过的第二段</p>",
        tags: ["版本", "修改"],
        baseVersion: 1,
      }),
    );
    expect(put.status).toBe(200);
    expect(put.body.data.version).toBe(2);

    const list = await revisions(a.id);
    expect(list.map((r) => [r.version, r.title, r.savedBy])).toEqual([
      [2, "第二版标题", EDITOR.username],
      [1, "第一版标题", CHIEF.username],
    ]);
    expect(JSON.stringify(list)).not.toContain("第二段");

    const first = await admin.req<Revision>("GET", `/api/admin/articles/${a.id}/revisions/${list[1]!.id}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      title: "第一版标题",
      content: "<p>第一段</p><p>第二段</p>",
      tags: ["版本"],
      columnId: 5,
      status: "draft",
      publishedAt: "2026-01-02T03:04:05.000Z",
    });

    const restored = await admin.req<AdminArticle>(
      "POST",
      `/api/admin/articles/${a.id}/revisions/${list[1]!.id}/restore`,
    );
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({
      title: "第一版标题",
      version: 3,
      content: "<p>第一段</p><p>第二段</p>",
    });
    expect(restored.body.data.tags.map((t) => t.tagName)).toEqual(["版本"]);
    expect((await revisions(a.id)).map((r) => r.version)).toEqual([3, 2, 1]);

    const audit = await admin.req<Paged<AuditEntry>>("GET", "/api/admin/audit?entity=article");
    const mine = audit.body.data.items.filter((e) => e.entityId === String(a.id) && e.action === "restore");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.summary).toContain("恢复版本");

    const missing = await admin.req("GET", `/api/admin/articles/${a.id}/revisions/999999`);
    expect([missing.status, missing.body.message]).toEqual([404, "版本不存在"]);
    const bad = await admin.req("GET", `/api/admin/articles/${a.id}/revisions/abc`);
    expect(bad.status).toBe(404);
    const none = await admin.req("GET", "/api/admin/articles/999999/revisions");
    expect([none.status, none.body.message]).toEqual([404, "文章不存在"]);
  });

  it(`keeps only the last ${MAX_REVISIONS} revisions`, async () => {
    const a = (await admin.req<AdminArticle>("POST", "/api/admin/articles", form("保存很多次"))).body.data;
    for (let i = 2; i <= MAX_REVISIONS + 3; i++)
      expect((await admin.req("PUT", `/api/admin/articles/${a.id}`, form(`保存第 ${i} 次`))).status).toBe(
        200,
      );
    const list = await revisions(a.id);
    expect(list).toHaveLength(MAX_REVISIONS);
    expect(list[0]!.version).toBe(MAX_REVISIONS + 3);
    expect(list.at(-1)!.version).toBe(4);
  });

  it("refuses a save made from an older version with 409, carrying the other version", async () => {
    const a = (await admin.req<AdminArticle>("POST", "/api/admin/articles", form("两人同时编辑"))).body.data;
    // Both open version 1; the editor saves first.
    const mine = await editor.req<AdminArticle>(
      "PUT",
      `/api/admin/articles/${a.id}`,
      form("小王的标题", { baseVersion: a.version }),
    );
    expect(mine.status).toBe(200);
    const theirs = await admin.req<AdminArticle>(
      "PUT",
      `/api/admin/articles/${a.id}`,
      form("总编的标题", { baseVersion: a.version }),
    );
    expect([theirs.status, theirs.body.message]).toEqual([409, CONFLICT]);
    expect(theirs.body.data).toMatchObject({ id: a.id, title: "小王的标题", version: 2 });
    expect((await admin.req<AdminArticle>("GET", `/api/admin/articles/${a.id}`)).body.data.title).toBe(
      "小王的标题",
    );
    // Saving again on top of the version now seen goes through.
    const again = await admin.req<AdminArticle>(
      "PUT",
      `/api/admin/articles/${a.id}`,
      form("总编的标题", { baseVersion: 2 }),
    );
    expect([again.status, again.body.data.version]).toEqual([200, 3]);
    // Old clients without a base version still save.
    expect((await admin.req("PUT", `/api/admin/articles/${a.id}`, form("旧客户端"))).status).toBe(200);
    const bad = await admin.req("PUT", `/api/admin/articles/${a.id}`, form("坏版本号", { baseVersion: "x" }));
    expect([bad.status, bad.body.message]).toEqual([400, "版本号不正确"]);
  });

  it("saves from clients without a base version at the same moment all go through, one version each", async () => {
    const a = (await admin.req<AdminArticle>("POST", "/api/admin/articles", form("同时保存"))).body.data;
    const saves = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        admin.req<AdminArticle>("PUT", `/api/admin/articles/${a.id}`, form(`同时保存 ${i}`)),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await revisions(a.id)).map((r) => r.version)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it("cannot restore a revision whose column was deleted since", async () => {
    const col = await admin.req<{ id: number }>("POST", "/api/admin/columns", {
      name: "临时栏目",
      sortOrder: 99,
    });
    expect(col.status).toBe(200);
    const a = (
      await admin.req<AdminArticle>(
        "POST",
        "/api/admin/articles",
        form("换过栏目", { columnId: col.body.data.id }),
      )
    ).body.data;
    expect((await admin.req("PUT", `/api/admin/articles/${a.id}`, form("换过栏目"))).status).toBe(200);
    expect((await admin.req("DELETE", `/api/admin/columns/${col.body.data.id}`)).status).toBe(200);
    const first = (await revisions(a.id)).at(-1)!;
    const r = await admin.req("POST", `/api/admin/articles/${a.id}/revisions/${first.id}/restore`);
    expect([r.status, r.body.message]).toEqual([400, "该版本的栏目已不存在，无法恢复"]);
  });
});
