import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle, AuditEntry, Paged } from "../../contract/admin";
import { PREVIEW_INVALID, type PreviewLink } from "../../contract/previews";
import { type AdminClient, articleForm, firstAdmin } from "../../tools/admin-client";
import { engines, startSite, type TestServer } from "../helpers/server";

const draft = (title: string) =>
  articleForm({
    title,
    intro: "预览链接测试的摘要",
    content: "<p>预览正文第一段</p><p>第二段</p>",
    tags: ["预览"],
  });

/** The article itself as a page shows it (the chrome around it changes with the site's content). */
const articleMarkup = (html: string) => /<article class="article-detail">[\s\S]*?<\/article>/.exec(html)?.[0];

describe.each(engines())("preview links on %s", (engine) => {
  let site: TestServer;
  let admin: AdminClient;
  beforeAll(async () => {
    site = await startSite(engine);
    admin = await firstAdmin(site.url);
  });
  afterAll(() => site?.close());

  const open = async (path: string) => {
    const res = await fetch(site.url + path, { headers: { "accept-encoding": "br" } });
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  const makeLink = async (id: number, body: unknown = {}) =>
    admin.req<{ path: string; link: PreviewLink }>("POST", `/api/admin/articles/${id}/previews`, body);

  it("shows a draft to anyone with the link, exactly as its page will look, never stored and never indexed", async () => {
    const a = (await admin.req<AdminArticle>("POST", "/api/admin/articles", draft("预览中的草稿文章"))).body
      .data;
    expect((await open(`/articledetail/${a.id}`)).status).toBe(404);
    const made = await makeLink(a.id);
    expect(made.status).toBe(200);
    expect(made.body.data.path).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);

    // No session: a fresh visitor with only the link.
    const first = await open(made.body.data.path);
    const again = await open(made.body.data.path);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(first.html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(first.html).toContain("预览中的草稿文章");
    expect(again.headers.get("x-cache")).not.toBe("HIT");

    // Once published, the public page shows the same article markup.
    await admin.req("PUT", `/api/admin/articles/${a.id}`, {
      ...draft("预览中的草稿文章"),
      createdAt: a.createdAt,
      status: "published",
    });
    const published = await open(`/articledetail/${a.id}`);
    expect(published.status).toBe(200);
    expect(articleMarkup(first.html)).toBeDefined();
    expect(articleMarkup(first.html)).toBe(articleMarkup(published.html));
    // robots.txt keeps crawlers away from previews altogether.
    expect((await open("/robots.txt")).html).toContain("Disallow: /preview/");
  });

  it("opens nothing once revoked or expired, nor with a token that was changed", async () => {
    const a = (await admin.req<AdminArticle>("POST", "/api/admin/articles", draft("撤销的预览"))).body.data;
    const made = (await makeLink(a.id)).body.data;
    const token = made.path.slice("/preview/".length);
    const tampered = `/preview/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, "/preview/short", `/preview/${"x".repeat(43)}`]) {
      const r = await open(bad);
      expect([bad, r.status]).toEqual([bad, 404]);
      expect(r.html).toContain(PREVIEW_INVALID);
      expect(r.headers.get("cache-control")).toBe("private, no-store");
    }
    expect((await open(made.path)).status).toBe(200);

    const listed = await admin.req<PreviewLink[]>("GET", `/api/admin/articles/${a.id}/previews`);
    expect(listed.body.data.map((l) => l.id)).toEqual([made.link.id]);
    expect(JSON.stringify(listed.body.data)).not.toContain(token);
    const revoked = await admin.req<PreviewLink>(
      "DELETE",
      `/api/admin/articles/${a.id}/previews?link=${made.link.id}`,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedAt).not.toBeNull();
    const after = await open(made.path);
    expect(after.status).toBe(404);
    expect(after.html).toContain(PREVIEW_INVALID);

    // A link whose days have passed.
    const old = await site.services.previews.create(
      { kind: "article", id: a.id },
      "chief",
      7,
      new Date(Date.now() - 8 * 86_400_000),
    );
    expect((await open(`/preview/${old.token}`)).status).toBe(404);

    const audit = await admin.req<Paged<AuditEntry>>("GET", "/api/admin/audit?entity=preview_link");
    const mine = audit.body.data.items.filter((e) => e.entityId === String(a.id));
    expect(mine.map((e) => e.action).sort()).toEqual(["create", "revoke"]);
  });

  it("refuses a bad number of days in Chinese", async () => {
    const a = (await admin.req<AdminArticle>("POST", "/api/admin/articles", draft("有效天数"))).body.data;
    const r = await makeLink(a.id, { days: 50 });
    expect([r.status, r.body.message]).toEqual([400, "有效天数须为 1 到 30 的整数"]);
    expect((await admin.req<PreviewLink[]>("GET", `/api/admin/articles/${a.id}/previews`)).body.data).toEqual(
      [],
    );
  });
});
