import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wechatPushSignature } from "../../fakes/wechat-mp";
import { createStats } from "../../server/services/stats";
import { type AdminClient, firstAdmin } from "../../tools/admin-client";
import { engines, startTestServer, type TestServer } from "../helpers/server";

/**
 * What tests/api/fuzz-writes.test.ts found, each pinned down. Text the site keeps is clean Unicode
 * (docs/product.md "Text", contract/text.ts): NUL and other invisible control characters are
 * removed and half an emoji becomes U+FFFD before any input is checked, so PostgreSQL (which refuses
 * NUL in text) and SQLite store and answer the same. Numbers that name records stay within the
 * databases' integer columns. A request the server cannot read is refused in Chinese.
 */
const TOKEN = "textPushToken1";

describe.each(engines())("hostile inputs on %s", (engine) => {
  let s: TestServer;
  let admin: AdminClient;
  beforeAll(async () => {
    s = await startTestServer(engine, { env: { WECHAT_CALLBACK_TOKEN: TOKEN, TRUST_PROXY: "true" } });
    admin = await firstAdmin(s.url);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("stores a console write with NUL, controls and a lone surrogate as cleaned text, tabs and line breaks kept", async () => {
    const tag = await admin.req<{ id: number; name: string }>("POST", "/api/admin/tags", {
      name: "直\u0000播\u0001电商\uD83D",
    });
    expect(tag.status, tag.text).toBe(200);
    expect(tag.body.data.name).toBe("直播电商\uFFFD");
    expect(
      (await admin.req<{ name: string }>("GET", `/api/admin/tags/${tag.body.data.id}`)).body.data.name,
    ).toBe("直播电商\uFFFD");

    const activity = await admin.req<{ id: number; intro: string; name: string }>(
      "POST",
      "/api/admin/activities",
      {
        columnId: 17,
        name: "峰会\u0000😀\u202E",
        link: "/activity",
        thumb: "/uploads/demo/article-1.svg",
        startTime: new Date().toISOString(),
        intro: "第一行\r\n第二行\n\t缩进\u001B",
        status: "报名中",
      },
    );
    expect(activity.status, activity.text).toBe(200);
    const stored = (
      await admin.req<{ intro: string; name: string }>(
        "GET",
        `/api/admin/activities/${activity.body.data.id}`,
      )
    ).body.data;
    expect(stored).toMatchObject({ name: "峰会😀\u202E", intro: "第一行\r\n第二行\n\t缩进" });
  });

  it("refuses a name that is nothing but control characters, as an empty one", async () => {
    const r = await admin.req("POST", "/api/admin/columns", { name: "\u0000\u0001" });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("请输入栏目名称");
  });

  it("takes public forms with NUL, as JSON and form-encoded", async () => {
    const json = await fetch(`${s.url}/api/onlineApply/payCommit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7" },
      body: JSON.stringify({
        productId: 278,
        menberProfession: "ANCHOR",
        signWay: "INDIVIDUAL",
        signer: "张\u0000三",
        idCardNumber: "11010519491231002X",
        contact: "13800138000",
        payer: "张三\u0000",
        orderNum: "1",
        questionList: [
          { questionId: 112, answer: "1万至10万\u0000" },
          { questionId: 113, answer: "抖音" },
          { questionId: 1, answer: "主播" },
          { questionId: 23, answer: "理事" },
        ],
      }),
    });
    expect(json.status, await json.clone().text()).toBe(200);
    const orderNo = ((await json.json()) as { data: { orderNo: string } }).data.orderNo;
    const order = (
      await admin.req<{ items: { signer: string; payer: string }[] }>("GET", `/api/admin/orders?q=${orderNo}`)
    ).body.data.items[0]!;
    expect(order).toMatchObject({ signer: "张三", payer: "张三" });

    const phone = "13912345678";
    const form = await fetch(`${s.url}/api/mcn/insertMcnBusiness`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.8" },
      body: `contactName=%E5%BC%A0%00%E4%B8%89&contactPhone=${phone}&brand=%00%E5%93%81%E7%89%8C&role=%E8%BF%90%E8%90%A5`,
    });
    expect(form.status, await form.clone().text()).toBe(200);
    const lead = (
      await admin.req<{ items: { name: string; brand: string }[] }>("GET", `/api/admin/leads?q=${phone}`)
    ).body.data.items[0]!;
    expect(lead).toMatchObject({ name: "张三", brand: "品牌" });
  });

  it("decodes a query string that is not UTF-8 as browsers do, not left percent-encoded", async () => {
    // 张 in UTF-8, then the WTF-8 bytes of half an emoji; 三 in GBK (an old client's encoding).
    const phone = "13912345679";
    const r = await fetch(
      `${s.url}/api/mcn/insertMcnBusiness?contactName=%E5%BC%A0%ED%A0%80&contactPhone=${phone}&brand=%C8%FD&role=%E8%BF%90%E8%90%A5`,
      { method: "POST", headers: { "x-forwarded-for": "198.51.100.10" } },
    );
    expect(r.status, await r.clone().text()).toBe(200);
    const lead = (
      await admin.req<{ items: { name: string; brand: string; role: string }[] }>(
        "GET",
        `/api/admin/leads?q=${phone}`,
      )
    ).body.data.items[0]!;
    expect(lead).toMatchObject({ name: "张\uFFFD\uFFFD\uFFFD", brand: "\uFFFD\uFFFD", role: "运营" });
  });

  it("reads a signed WeChat push with NUL in its values", async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = wechatPushSignature(TOKEN, ts, "7");
    const r = await fetch(`${s.url}/api/wechat/callback?signature=${sig}&timestamp=${ts}&nonce=7`, {
      method: "POST",
      headers: { "content-type": "text/xml" },
      body: `<xml><Event><![CDATA[PUBLISHJOBFINISH]]></Event><PublishEventInfo><publish_id>12\u00003</publish_id><publish_status>0</publish_status></PublishEventInfo></xml>`,
    });
    expect([r.status, await r.text()]).toEqual([200, "success"]);
  });

  it("counts a search typed with NUL and half an emoji, and the searches around it", async () => {
    const warned: unknown[] = [];
    const logger = { warn: (o: unknown) => warned.push(o), info() {}, error() {} } as never;
    const stats = createStats({ database: s.services.database, logger, flushMs: 3_600_000 });
    // A search page's keyword comes from its address, as typed (/searchlist/直播%00带货).
    stats.searched("直播\u0000带货", 0);
    stats.searched(`${"长".repeat(49)}😀`, 0);
    stats.searched("跨境电商", 3);
    await stats.flush();
    await stats.close();
    expect(warned).toEqual([]);
    const logged = await s.services.database.db
      .selectFrom("search_log")
      .select("keyword")
      .where("keyword", "in", ["直播带货", `${"长".repeat(49)}😀`, "跨境电商"])
      .execute();
    expect(logged.map((r) => r.keyword).sort()).toEqual(
      [`${"长".repeat(49)}😀`, "直播带货", "跨境电商"].sort(),
    );
  });

  it("refuses ids past the databases' integer columns with their Chinese message", async () => {
    const big = 2_147_483_648;
    const order = await admin.req("POST", "/api/admin/columns/order", { ids: [1, big] });
    expect([order.status, order.body.message]).toEqual([400, "排序的条目不正确"]);
    const article = await admin.req("POST", "/api/admin/articles", {
      title: "标题",
      content: "<p>正文</p>",
      thumb: "/uploads/demo/article-1.svg",
      columnId: big,
      status: "draft",
      createdAt: new Date().toISOString(),
    });
    expect([article.status, article.body.message]).toEqual([400, "请选择栏目"]);
    const item = await admin.req("POST", "/api/admin/travel-items", {
      tabId: big,
      picUrl: "/uploads/demo/article-1.svg",
      name: "商品",
      price: 1,
      password: "口令",
    });
    expect([item.status, item.body.message]).toEqual([400, "请选择分类"]);
    const redirect = await admin.req("POST", "/api/admin/redirects", { from: "/old-big", articleId: big });
    expect([redirect.status, redirect.body.message]).toEqual([400, "文章 ID 不正确"]);
    const signup = await fetch(`${s.url}/api/onlineApply/payCommit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.9" },
      body: JSON.stringify({ productId: big, menberProfession: "ANCHOR", signWay: "INDIVIDUAL" }),
    });
    expect(signup.status).toBe(400);
    expect(((await signup.json()) as { message: string }).message).toBe("参数 productId 不正确");
    for (const list of [
      `/api/admin/articles?columnId=${big}`,
      `/api/admin/orders?productId=${big}`,
      `/api/admin/wechat-sync/jobs?articleId=${big}`,
      "/api/admin/imports?page=99999999999",
      `/api/admin/articles/1/revisions/${big}`,
    ]) {
      const r = await admin.req("GET", list);
      expect(r.status, `${list}: ${r.text}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${list}: ${r.text}`).toBeLessThan(500);
    }
  });

  it("answers an address longer than the server reads with 431 and a Chinese reason", async () => {
    const r = await fetch(`${s.url}/api/product/content/list?keyword=${"a".repeat(20_000)}`);
    expect(r.status).toBe(431);
    expect(await r.text()).toBe("请求的地址或请求头过长，请缩短后重试");
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});
