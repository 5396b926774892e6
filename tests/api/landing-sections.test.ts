import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminLead, Paged } from "../../contract/admin";
import type { LeadSourcePage } from "../../contract/answers";
import type { AdminLanding } from "../../contract/landing";
import { LANDING_MESSAGES_SERVER } from "../../server/entities/landing-pages";
import { type AdminClient, articleForm, firstAdmin } from "../../tools/admin-client";
import { BUILD_DIR, engines, startTestServer, type TestServer } from "../helpers/server";

/**
 * The landing sections that reach into the rest of the site (docs/product.md, "Landing pages"):
 * a lead form whose leads record the page and are found in 线索 by it, a buy button of a 报名产品
 * or an outside shop, and article lists that follow what is published.
 */
const hasBuild = fs.existsSync(path.join(BUILD_DIR, "server", "site", "index.js"));

const hero = (title: string) => ({
  type: "hero",
  title,
  image: { src: "/landing/summit/hero.svg", alt: "主视觉", w: 1440, h: 520 },
});

const form = (p: string, title: string, sections: unknown[]) => ({
  path: p,
  title: `${title} - 电商报`,
  name: title,
  description: `${title}的页面描述`,
  sections: [hero(title), ...sections],
});

let ipSeq = 0;

describe.skipIf(!hasBuild).each(engines())("landing sections beyond the page (%s)", (engine) => {
  let s: TestServer;
  let admin: AdminClient;

  const page = async (p: string) => {
    const res = await fetch(s.url + p, { redirect: "manual" });
    return { status: res.status, cache: res.headers.get("x-cache"), body: await res.text() };
  };
  /** A published page: created, published, read once so that the store holds it. */
  const published = async (body: unknown) => {
    const created = await admin.req<AdminLanding>("POST", "/api/admin/landing-pages", body);
    expect(created.status, created.text).toBe(200);
    const pub = await admin.req("POST", `/api/admin/landing-pages/${created.body.data.id}/publish`);
    expect(pub.status, pub.text).toBe(200);
    const p = created.body.data.path;
    expect((await page(p)).status).toBe(200);
    expect((await page(p)).cache).toBe("HIT");
    return created.body.data;
  };
  const lead = (referer: string, phone: string) =>
    fetch(`${s.url}/api/mcn/insertMcnBusiness`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        referer,
        "x-forwarded-for": `198.51.100.${++ipSeq}`,
      },
      body: JSON.stringify({ contactName: "李四", contactPhone: phone, brand: "落地页品牌", role: "运营" }),
    });

  beforeAll(async () => {
    s = await startTestServer(engine, { buildDir: BUILD_DIR, env: { SCHEDULE_POLL_SECONDS: "0" } });
    admin = await firstAdmin(s.url);
  });
  afterAll(() => s?.close());

  it("draws the MCN merchant form on a page; a lead sent from it records the page and 线索 finds it", async () => {
    const p = "/market/products/Lead-Form";
    await published(
      form(p, "合作报名", [{ type: "leadForm", id: "apply", form: "business", title: "填写合作信息" }]),
    );
    // Drawn on the server: the MCN page's form, under its own name.
    const html = (await page(p)).body;
    expect(html).toContain("填写合作信息");
    expect(html).toMatch(/<form id="lead-business-[\w-]+"/);
    expect(html).toContain("品牌名");

    // The page's address as the browser sends it: query, fragment and a trailing slash are dropped.
    expect((await lead(`${s.url}${p}/?utm_source=wechat#apply`, "13900001111")).status).toBe(200);
    // Another site's page is no page of ours.
    expect((await lead(`https://elsewhere.example.com${p}`, "13900002222")).status).toBe(200);
    // A path is kept decoded and capped.
    const long = `/market/${"专".repeat(300)}`;
    expect((await lead(`${s.url}${encodeURI(long)}`, "13900003333")).status).toBe(200);

    const leads = await admin.req<Paged<AdminLead>>("GET", "/api/admin/leads?pageSize=100");
    const byPhone = (phone: string) => leads.body.data.items.find((l) => l.phone === phone);
    expect(byPhone("13900001111")?.sourcePage).toBe(p);
    expect(byPhone("13900002222")?.sourcePage).toBeNull();
    expect(byPhone("13900003333")?.sourcePage).toBe(Array.from(long).slice(0, 200).join(""));

    const found = await admin.req<Paged<AdminLead>>(
      "GET",
      `/api/admin/leads?sourcePage=${encodeURIComponent(p)}`,
    );
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.items.map((l) => l.phone)).toEqual(["13900001111"]);

    const pages = await admin.req<{ items: LeadSourcePage[] }>("GET", "/api/admin/leads/source-pages");
    expect(pages.status, pages.text).toBe(200);
    expect(pages.body.data.items).toContainEqual({ page: p, name: "合作报名", leads: 1 });

    const csv = await admin.req("POST", "/api/admin/leads/export", { sourcePage: p }, { raw: true });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("13900001111");
    expect(csv.text).not.toContain("13900002222");
  });

  it("links a buy button to its product's sign-up page or an outside shop, and hides it once the product is gone", async () => {
    const product = await admin.req("POST", "/api/admin/products", {
      id: 8801,
      name: "落地页产品",
      price: 99,
    });
    expect(product.status, product.text).toBe(200);
    const buy = {
      type: "buyButton",
      label: "立即报名",
      source: "product",
      productId: 8801,
      priceNote: "¥99 / 人",
    };
    const shop = {
      type: "buyButton",
      label: "去店铺购买",
      source: "link",
      href: "https://shop.example.com/item/1",
    };

    // A product that does not exist is refused, at its field.
    const refused = await admin.req(
      "POST",
      "/api/admin/landing-pages",
      form("/market/products/buy-none", "购买", [shop, { ...buy, productId: 8899 }]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(LANDING_MESSAGES_SERVER.productGone(8899));
    expect(refused.body.data).toEqual({ field: "sections.2.productId" });

    const p = "/market/products/buy-button";
    const created = await published(form(p, "购买", [buy, shop]));
    const html = (await page(p)).body;
    expect(html).toMatch(
      /<a class="lp-btn lp-btn--primary" href="\/tzyx\/zebra\/product\/8801">立即报名<\/a>/,
    );
    expect(html).toContain("¥99 / 人");
    expect(html).toMatch(
      /<a class="lp-btn lp-btn--primary" href="https:\/\/shop.example.com\/item\/1" target="_blank" rel="noopener noreferrer">去店铺购买<\/a>/,
    );

    // The product is deleted: the stored page is purged and shows no way to a dead sign-up page.
    expect((await admin.req("DELETE", "/api/admin/products/8801")).status).toBe(200);
    const after = await page(p);
    expect(after.status).toBe(200);
    expect(after.body).not.toContain("/tzyx/zebra/product/8801");
    expect(after.body).toContain("去店铺购买");

    // Saving the page again now names the missing product.
    const again = await admin.req("PUT", `/api/admin/landing-pages/${created.id}`, {
      ...form(p, "购买", [buy, shop]),
      version: created.version + 1,
    });
    expect(again.status).toBe(400);
    expect(again.body.data).toEqual({ field: "sections.1.productId" });
  });

  it.each(["tag", "keyword"] as const)(
    "refreshes the stored page of a %s article list when a matching article is published",
    async (source) => {
      const word = `落地页${source === "tag" ? "专题标签" : "专题关键词"}${engine}`;
      let section: Record<string, unknown> = { type: "articleList", title: "专题文章", source, count: 5 };
      if (source === "tag") {
        // The tag comes with a draft article (drafts are listed nowhere).
        const draft = await admin.req<{ tags: { tagId: number; tagName: string }[] }>(
          "POST",
          "/api/admin/articles",
          articleForm({ title: "专题标签的草稿", tags: [word] }),
        );
        expect(draft.status, draft.text).toBe(200);
        section = { ...section, tagId: draft.body.data.tags.find((t) => t.tagName === word)!.tagId };
      } else section = { ...section, keyword: word };
      const p = `/market/topics/${source}-list`;
      await published({ ...form(p, "专题", [section]), layout: "news" });
      const title = `${word}的新文章`;
      expect((await page(p)).body).not.toContain(title);

      const article = await admin.req(
        "POST",
        "/api/admin/articles",
        articleForm({ title, status: "published", tags: source === "tag" ? [word] : [] }),
      );
      expect(article.status, article.text).toBe(200);
      // The publish purged the stored page: the next visitor reads the list with the new article.
      const after = await page(p);
      expect(after.cache).not.toBe("HIT");
      expect(after.body).toContain(title);
    },
  );
});
