import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "../../contract/admin";
import { type AdminClient, articleForm, firstAdmin } from "../../tools/admin-client";
import { engines, startSite, type TestServer } from "../helpers/server";

const article = (extra: Record<string, unknown> = {}) =>
  articleForm({
    title: "文章自己的标题",
    intro: "文章自己的摘要",
    content: "<p>正文</p>",
    tags: ["分享"],
    status: "published",
    ...extra,
  });

describe.each(engines())("an article's SEO and share fields on %s", (engine) => {
  let site: TestServer;
  let admin: AdminClient;
  beforeAll(async () => {
    site = await startSite(engine);
    admin = await firstAdmin(site.url);
  });
  afterAll(() => site?.close());

  const head = async (id: number) => {
    const html = await (await fetch(`${site.url}/articledetail/${id}`)).text();
    const meta = (attr: string, name: string) =>
      new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1];
    const ld = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}",
    );
    return {
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: meta("name", "description"),
      ogTitle: meta("property", "og:title"),
      ogDescription: meta("property", "og:description"),
      ogImage: meta("property", "og:image"),
      headline: ld.headline,
      ldImage: ld.image?.[0],
      h1: /<h1 class="article-heading">([^<]*)<\/h1>/.exec(html)?.[1],
    };
  };

  it("replace the title, description and picture that search engines and shares see, not the page's own", async () => {
    const a = (
      await admin.req<AdminArticle>(
        "POST",
        "/api/admin/articles",
        article({
          seoTitle: "搜索结果里的标题",
          seoDescription: "搜索结果里的描述",
          shareImage: "/uploads/demo/article-2.svg",
        }),
      )
    ).body.data;
    expect(a).toMatchObject({ seoTitle: "搜索结果里的标题", shareImage: "/uploads/demo/article-2.svg" });
    const h = await head(a.id);
    expect(h.title).toContain("搜索结果里的标题");
    expect(h.ogTitle).toContain("搜索结果里的标题");
    expect([h.description, h.ogDescription]).toEqual(["搜索结果里的描述", "搜索结果里的描述"]);
    expect(h.ogImage).toMatch(/\/uploads\/demo\/article-2\.svg$/);
    expect(h.headline).toBe("搜索结果里的标题");
    expect(h.ldImage).toMatch(/\/uploads\/demo\/article-2\.svg$/);
    // The reader still sees the article's own title.
    expect(h.h1).toBe("文章自己的标题");

    // Cleared, the article's own title, intro and cover come back (the page store learns of the edit).
    await admin.req("PUT", `/api/admin/articles/${a.id}`, article({ createdAt: a.createdAt }));
    const plain = await head(a.id);
    expect(plain.title).toContain("文章自己的标题");
    expect(plain.description).toBe("文章自己的摘要");
    expect(plain.ogImage).toMatch(/\/uploads\/demo\/article-1\.svg$/);
  });

  it("refuses a share picture that is not a picture address, in Chinese", async () => {
    const r = await admin.req("POST", "/api/admin/articles", article({ shareImage: "javascript:alert(1)" }));
    expect([r.status, r.body.message]).toEqual([400, "请上传分享图"]);
    const long = await admin.req("POST", "/api/admin/articles", article({ seoTitle: "长".repeat(201) }));
    expect([long.status, long.body.message]).toEqual([400, "SEO 标题不能超过 200 个字"]);
  });
});
