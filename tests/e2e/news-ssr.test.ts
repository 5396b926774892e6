import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, startSite, type TestServer } from "../helpers/server";

interface Summary {
  contentId: number;
  title: string;
  intro: string;
  columnId: number;
  tagList: { tagId: number; tagName: string }[];
}

const html = async (site: TestServer, path: string, init?: RequestInit) => {
  const res = await fetch(site.url + path, init);
  return { status: res.status, headers: res.headers, body: await res.text() };
};
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** Server-rendered HTML, read without any JavaScript: what search engines and link previews see. */
describe.each(engines())("news pages as server-rendered HTML (%s)", (engine) => {
  let site: TestServer;
  let latest: Summary[];
  beforeAll(async () => {
    site = await startSite(engine);
    latest = (await site.get<{ result: Summary[] }>("/api/product/content/list?page=1&pageSize=11")).body.data
      .result;
  });
  afterAll(() => site?.close());

  it("home: the latest 11 articles, the chrome and the page title", async () => {
    const { status, body } = await html(site, "/");
    expect(status).toBe(200);
    expect(body).toContain("<title>电商报 - 电商人的新闻资讯平台</title>");
    const page = decode(body);
    for (const a of latest) expect(page).toContain(a.title);
    expect(body.match(/class="article-row"/g)).toHaveLength(11);
    // chrome: carousel, ad banners, trends, partners (4 slides of 8), footer with company and record number
    expect(body).toContain('aria-label="头条推荐"');
    // The first carousel picture is fetched early: one preload in <head>, on every page of the chrome.
    for (const p of [body, (await html(site, `/articledetail/${latest[3]!.contentId}`)).body]) {
      const head = p.slice(0, p.indexOf("</head>"));
      const first = /<img src="([^"]+)"[^>]*loading="eager"/.exec(p.slice(p.indexOf("top-carousel")))?.[1];
      const preloads = (head.match(/<link rel="preload"[^>]*as="image"[^>]*>/g) ?? []).filter((l) =>
        l.includes(`href="${first}"`),
      );
      expect(preloads).toHaveLength(1);
      expect(preloads[0]).toContain('fetchPriority="high"');
    }
    expect(body.match(/class="ad-banner"/g)).toHaveLength(6);
    expect(body.match(/class="trend-title"/g)).toHaveLength(5);
    expect(body.match(/class="partner-grid"/g)).toHaveLength(4);
    expect(body).toContain("浙ICP备");
    expect(body).toContain("版权所有");
    expect(body).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"/);
    expect(body).toContain('property="og:title"');
  });

  it("home page 2 is its own URL, and pages are served from the page cache the second time", async () => {
    const p2 = await html(site, "/?page=2");
    expect(p2.status).toBe(200);
    const second = (await site.get<{ result: Summary[] }>("/api/product/content/list?page=2&pageSize=11"))
      .body.data.result;
    expect(decode(p2.body)).toContain(second[0]!.title);
    expect(p2.body).toContain('aria-current="page" aria-label="第 2 页"');
    expect(p2.headers.get("cache-control")).toContain("s-maxage=60");
    const again = await html(site, "/?page=2");
    expect(again.headers.get("x-cache")).toBe("HIT");
    // Analytics cookies change nothing on a public page; the console session bypasses the cache.
    const withCookie = await html(site, "/?page=2", { headers: { cookie: "Hm_lvt_1=1; a=1" } });
    expect(withCookie.headers.get("x-cache")).toBe("HIT");
    const editor = await html(site, "/?page=2", { headers: { cookie: "dsn_admin=some-session" } });
    expect(editor.headers.get("x-cache")).toBeNull();
  });

  it("article detail: title, author, tags linking to tag lists, summary, the body, share links and SEO", async () => {
    const a = latest[0]!;
    const detail = (
      await site.get<Summary & { content: string; author: string }>(
        `/api/product/content/detail?contentId=${a.contentId}`,
      )
    ).body.data;
    const { status, body } = await html(site, `/articledetail/${a.contentId}`);
    expect(status).toBe(200);
    const page = decode(body);
    expect(page).toContain(`<title>${a.title} - 电商报 - 电商人的新闻资讯平台</title>`);
    expect(page).toContain(`<h1 class="article-heading">${a.title}</h1>`);
    expect(page).toContain(detail.author);
    expect(page).toContain(detail.intro);
    // the body is in the HTML itself; the page carries no hydration data, no manifest and no
    // module preloads: only the islands bundle (app/root.tsx)
    expect(body.indexOf('<div class="article-content">')).toBeGreaterThan(0);
    expect(body).not.toContain("__reactRouter");
    expect(body).not.toContain("modulepreload");
    expect([...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script type="application/ld+json">',
      expect.stringMatching(
        /^<script type="module" src="\/assets\/islands-[\w-]+\.js" data-wechat-sdk="\/assets\/wechat-sdk-[\w-]+\.js">$/,
      ),
    ]);
    const firstParagraph = /<p>([^<]{8,})<\/p>/.exec(detail.content)?.[1];
    expect(firstParagraph).toBeTruthy();
    expect(page).toContain(firstParagraph!);
    for (const t of detail.tagList) {
      expect(page).toContain(`href="/taglist/${t.tagId}?name=${encodeURIComponent(t.tagName)}"`);
    }
    expect(page).toContain("https://service.weibo.com/share/share.php?url=");
    expect(page).toContain("https://sns.qzone.qq.com/cgi-bin/qzshare/cgi_qzshare_onekey?url=");
    expect(page).toContain(`/qrcode.svg?path=${encodeURIComponent(`/articledetail/${a.contentId}`)}`);
    expect(page).toContain('"@type":"NewsArticle"');
    expect(page).toContain('property="og:type" content="article"');
    expect(page).toContain('property="article:published_time"');
  });

  it("answers 404 in Chinese for unknown and malformed article ids and unknown routes", async () => {
    for (const path of [
      "/articledetail/99999999",
      "/articledetail/abc",
      "/articledetail/1.5",
      "/no/such/page",
    ]) {
      const { status, body } = await html(site, path);
      expect(status, path).toBe(404);
      expect(body, path).toContain("页面不存在");
      expect(body, path).toContain("返回首页");
      expect(body, path).not.toMatch(/at \w+ \(|node_modules/);
    }
    expect((await html(site, "/newlist/99999")).status).toBe(404);
    expect((await html(site, "/taglist/99999")).status).toBe(404);
  });

  it("hot news, column and tag lists: 10 per page, titles from the name query, tag total line", async () => {
    const hot = await html(site, "/news");
    expect(hot.status).toBe(200);
    expect(hot.body.match(/class="article-row"/g)).toHaveLength(10);
    expect(hot.body).toContain("<title>热点 - 电商报 - 电商人的新闻资讯平台</title>");

    const col = await html(site, `/newlist/5?name=${encodeURIComponent("科技频道")}`);
    expect(col.body).toContain("<title>科技频道 - 电商报 - 电商人的新闻资讯平台</title>");
    const techFirst = (
      await site.get<{ result: Summary[] }>("/api/product/content/list?page=1&pageSize=10&columnId=5")
    ).body.data.result;
    expect(decode(col.body)).toContain(techFirst[0]!.title);
    expect(col.body.match(/class="article-row"/g)).toHaveLength(10);

    const tag = latest[0]!.tagList[0]!;
    const count = (
      await site.get<{ result: number }>(`/api/product/content/getContentListByTagIdCount?tagId=${tag.tagId}`)
    ).body.data.result;
    const t = await html(site, `/taglist/${tag.tagId}?name=${encodeURIComponent(tag.tagName)}`);
    expect(decode(t.body)).toContain(`<title>${tag.tagName} - 电商报 - 电商人的新闻资讯平台</title>`);
    expect(t.body).toContain(`共 <strong>${count}</strong> 篇相关文章`);
    expect(t.body.includes('class="pagination"')).toBe(count > 10);
  });

  it("search: results with a count; an empty keyword shows a prompt and the hot tags", async () => {
    const kw = "直播";
    const count = (
      await site.get<{ result: number }>(
        `/api/product/content/searchArticleByKeywordCount?keyword=${encodeURIComponent(kw)}`,
      )
    ).body.data.result;
    expect(count).toBeGreaterThan(0);
    const r = await html(site, `/searchlist/${encodeURIComponent(kw)}?key=${Date.now()}`);
    expect(r.status).toBe(200);
    expect(r.body).toContain(`共找到 <strong>${count}</strong> 篇相关文章`);
    const empty = await html(site, "/searchlist/");
    expect(empty.status).toBe(200);
    expect(empty.body).toContain("请输入关键词搜索文章");
    // the first 8 distinct tags of the latest 10 articles
    const tags: number[] = [];
    for (const a of latest.slice(0, 10))
      for (const tg of a.tagList) if (!tags.includes(tg.tagId) && tags.length < 8) tags.push(tg.tagId);
    for (const id of tags) expect(empty.body).toContain(`href="/taglist/${id}?name=`);
    // the search form works without JavaScript too
    const noJs = await html(site, `/searchlist/?kw=${encodeURIComponent(kw)}`);
    expect(noJs.body).toContain(`共找到 <strong>${count}</strong> 篇相关文章`);
  });

  it("cooperate: the four contact blocks from the database, and a contact-us link", async () => {
    const contacts = (
      await site.get<{ result: { title: string; contactName: string; phone: string; email: string }[] }>(
        "/api/product/cooperation/list",
      )
    ).body.data.result;
    const { body } = await html(site, "/cooperate");
    expect(body).toContain("<title>商务合作 - 电商报</title>");
    expect(contacts.map((c) => c.title)).toEqual(["媒体合作", "营销合作", "培训咨询", "投诉与反馈"]);
    for (const c of contacts) {
      expect(body).toContain(c.contactName);
      expect(body).toContain(c.phone);
      expect(body).toContain(c.email);
    }
    expect(body).toContain("联系我们");
  });

  it("activity: every tab's panel drawn, tab 17's shown by default; on tab 17 only the listed ids link; reports strip", async () => {
    /** The cards of one tab's panel, and whether the panel is the one shown. */
    const panel = (body: string, tab: number) => {
      const rest = body.slice(body.indexOf(`<div id="activity-panel-${tab}"`));
      const end = rest.slice(1).search(/<div id="activity-panel-|<section class="reports"/) + 1;
      const part = end > 0 ? rest.slice(0, end) : rest;
      return {
        shown: !/^<div[^>]*\shidden/.test(part.slice(0, part.indexOf(">") + 1)),
        cards: [...part.matchAll(/data-activity-id="(\d+)">(.*?)<\/li>/g)],
      };
    };
    const { body } = await html(site, "/activity");
    expect(body).toContain("<title>活动 - 电商报</title>");
    const summit = panel(body, 17);
    expect(summit.shown).toBe(true);
    expect(summit.cards).toHaveLength(5);
    const allowed = new Set([120, 119, 117, 116, 8]);
    for (const [, id, card] of summit.cards) {
      expect(card!.includes("<a "), `activity ${id}`).toBe(allowed.has(Number(id)));
    }
    for (const tab of [18, 19]) {
      const other = panel(body, tab);
      expect(other.shown, `tab ${tab}`).toBe(false);
      for (const [, , card] of other.cards) expect(card).toContain("<a ");
    }
    expect(body).toContain('aria-selected="true" aria-controls="activity-panel-17"');
    expect(body).toContain("活动报道");
    // the status badge: 进行中 highlighted, anything else muted (somewhere in the three pages of tab 17)
    const pages = [
      body,
      (await html(site, "/activity?page=2")).body,
      (await html(site, "/activity?page=3")).body,
    ];
    expect(pages.join("")).toMatch(/class="status status-live">进行中</);
    expect(pages.join("")).toMatch(/class="status">(已结束|报名中|即将开始)</);
    const tab18 = await html(site, "/activity?tab=18");
    expect(panel(tab18.body, 17).shown).toBe(false);
    const shown18 = panel(tab18.body, 18);
    expect(shown18.shown).toBe(true);
    expect(shown18.cards.length).toBeGreaterThan(0);
    for (const [, , card] of shown18.cards) expect(card).toContain("<a ");
  });

  it("SEO resources: robots.txt, sitemap.xml, RSS feeds and QR codes", async () => {
    const robots = await html(site, "/robots.txt");
    expect(robots.body).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
    expect(robots.body).toContain("Disallow: /api/");
    const sitemap = await html(site, "/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    expect(sitemap.body).toContain("<urlset");
    expect(sitemap.body).toContain(`/articledetail/${latest[0]!.contentId}</loc>`);
    const rss = await html(site, "/rss.xml");
    expect(rss.headers.get("content-type")).toContain("application/rss+xml");
    expect(decode(rss.body)).toContain(latest[0]!.title);
    const col = await html(site, "/rss/5.xml");
    expect(col.body).toContain("<title>科技 - 电商报</title>");
    expect((await html(site, "/rss/99999.xml")).status).toBe(404);
    const qr = await html(site, `/qrcode.svg?path=${encodeURIComponent("/articledetail/1")}`);
    expect(qr.headers.get("content-type")).toContain("image/svg+xml");
    expect(qr.body).toContain("<svg");
    expect((await html(site, "/qrcode.svg?path=https://evil.example.com")).status).toBe(400);
  });
});
