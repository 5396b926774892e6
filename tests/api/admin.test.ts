import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle, AdminOrder, Dashboard, Paged, SessionInfo } from "../../contract/admin";
import type { Envelope } from "../../contract/envelope";
import { AdminClient, articleForm, testPicture } from "../../tools/admin-client";
import { engines, startTestServer, type TestServer } from "../helpers/server";

const ADMIN = { username: "chief", displayName: "总编", password: "correct-horse-battery" };
const EDITOR = { username: "writer", displayName: "小编", password: "editor-pass-2024" };
const ID_CARD = "11010519491231002X";

async function publicGet<T>(s: TestServer, p: string): Promise<Envelope<T>> {
  return (await s.get<T>(p)).body;
}

describe.each(engines())("editors' console API on %s", (engine) => {
  let s: TestServer;
  let admin: AdminClient;
  let editor: AdminClient;

  beforeAll(async () => {
    s = await startTestServer(engine);
    admin = new AdminClient(s.url);
    editor = new AdminClient(s.url);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("first-run setup creates the first admin once, then disappears", async () => {
    expect((await admin.req<{ needed: boolean }>("GET", "/api/admin/setup")).body.data.needed).toBe(true);
    const weak = await admin.req("POST", "/api/admin/setup", { ...ADMIN, password: "short" });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe("密码至少 10 位");

    const res = await admin.req<SessionInfo>("POST", "/api/admin/setup", ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ username: "chief", role: "admin" });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^dsn_admin=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure"); // plain http here; Secure behind https (PUBLIC_URL)
    admin.adopt(res);

    const again = await new AdminClient(s.url).req("POST", "/api/admin/setup", {
      ...ADMIN,
      username: "other",
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("管理员已存在，请直接登录");
    expect((await admin.req<{ needed: boolean }>("GET", "/api/admin/setup")).body.data.needed).toBe(false);

    // The password is stored as a scrypt hash, never as typed.
    const row = await s.services.database.db
      .selectFrom("admin_users")
      .select("password_hash")
      .where("username", "=", "chief")
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.password_hash).not.toContain(ADMIN.password);
  });

  it("answers 401 without a session and tells who is signed in with one", async () => {
    const anon = new AdminClient(s.url);
    const r = await anon.req("GET", "/api/admin/articles");
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ statusCode: 401, message: "请先登录", data: null });
    const me = await admin.req<SessionInfo>("GET", "/api/admin/session");
    expect(me.body.data.user.username).toBe("chief");
    expect(me.body.data.csrfToken).toBe(admin.csrf);
    expect(me.headers.get("cache-control")).toBe("no-store");
  });

  it("creates an editor; the editor cannot manage users, see orders or reveal an ID", async () => {
    const created = await admin.req("POST", "/api/admin/users", { ...EDITOR, role: "editor" });
    expect(created.status).toBe(200);
    const dup = await admin.req("POST", "/api/admin/users", { ...EDITOR, role: "editor" });
    expect(dup.status).toBe(409);
    expect((await editor.login(EDITOR.username, EDITOR.password)).status).toBe(200);

    expect((await editor.req("GET", "/api/admin/users")).status).toBe(403);
    const promote = await editor.req("POST", "/api/admin/users", {
      username: "sneaky",
      displayName: "x",
      password: "0123456789ab",
      role: "admin",
    });
    expect(promote.status).toBe(403);
    expect(promote.body.message).toBe("没有权限执行此操作");
    expect((await editor.req("GET", "/api/admin/orders")).status).toBe(403);
    expect((await editor.req("POST", "/api/admin/orders/1/reveal-id")).status).toBe(403);
    expect((await editor.req("POST", "/api/admin/leads/export", {})).status).toBe(403);
    expect((await editor.req("GET", "/api/admin/audit")).status).toBe(403);
    // Content is theirs.
    expect((await editor.req("GET", "/api/admin/articles")).status).toBe(200);
  });

  it("refuses changes without the CSRF token, with a wrong one, or from another site", async () => {
    const body = { name: "不该出现的栏目" };
    const none = await admin.req("POST", "/api/admin/columns", body, { csrf: null });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe("安全校验失败，请刷新页面后重试");
    expect((await admin.req("POST", "/api/admin/columns", body, { csrf: editor.csrf })).status).toBe(403);
    expect(
      (await admin.req("POST", "/api/admin/columns", body, { origin: "https://evil.example.com" })).status,
    ).toBe(403);
    const cols = await publicGet<{ result: { columnName: string }[] }>(s, "/api/product/column/list");
    expect(cols.data.result.map((c) => c.columnName)).not.toContain("不该出现的栏目");
  });

  let articleId = 0;
  it("publishes an article: script removed, new tag created, visible in lists, column, tag and search", async () => {
    const before = await publicGet<{ result: number }>(s, "/api/product/content/count");
    const res = await editor.req<AdminArticle>("POST", "/api/admin/articles", {
      title: "控制台测试文章：跨境直播新玩法",
      intro: "编辑后台发布的测试文章",
      content:
        '<p>正文第一段</p><script>alert("x")</script><p onclick="steal()">第二段<img src="x" onerror="alert(1)"></p>',
      thumb: "/uploads/demo/article-1.svg",
      author: "小编",
      columnId: 5,
      tags: ["控制台新标签", "直播电商"],
      hot: false,
      status: "published",
      createdAt: new Date().toISOString(),
    });
    expect(res.status).toBe(200);
    const a = res.body.data;
    articleId = a.id;
    expect(a.content).not.toMatch(/script|onclick|onerror|alert/);
    expect(a.content).toContain("<p>正文第一段</p>");
    const tag = a.tags.find((t) => t.tagName === "控制台新标签");
    expect(tag).toBeDefined();

    const after = await publicGet<{ result: number }>(s, "/api/product/content/count");
    expect(after.data.result).toBe(before.data.result + 1);
    const home = await publicGet<{ result: { contentId: number }[] }>(
      s,
      "/api/product/content/list?page=1&pageSize=11",
    );
    expect(home.data.result[0]?.contentId).toBe(a.id);
    const column = await publicGet<{ result: { contentId: number }[] }>(
      s,
      "/api/product/content/list?page=1&pageSize=10&columnId=5",
    );
    expect(column.data.result.map((x) => x.contentId)).toContain(a.id);
    const byTag = await publicGet<{ result: { contentId: number }[] }>(
      s,
      `/api/product/content/getContentListByTagId?tagId=${tag!.tagId}&page=1&pageSize=10`,
    );
    expect(byTag.data.result.map((x) => x.contentId)).toEqual([a.id]);
    const found = await publicGet<{ result: { contentId: number }[] }>(
      s,
      `/api/product/content/searchArticleByKeyword?keyword=${encodeURIComponent("跨境直播新玩法")}&page=1&pageSize=10`,
    );
    expect(found.data.result[0]?.contentId).toBe(a.id);
    const detail = await publicGet<{ content: string }>(s, `/api/product/content/detail?contentId=${a.id}`);
    expect(detail.data.content).not.toContain("script");
  });

  it("edits, drafts, flags hot and deletes an article; every change shows at once", async () => {
    const get = await editor.req<AdminArticle>("GET", `/api/admin/articles/${articleId}`);
    const a = get.body.data;
    const draft = await editor.req<AdminArticle>("PUT", `/api/admin/articles/${articleId}`, {
      title: a.title,
      intro: a.intro,
      content: a.content,
      thumb: a.thumb,
      author: a.author,
      columnId: a.columnId,
      tags: a.tags.map((t) => t.tagName),
      status: "draft",
      createdAt: a.createdAt,
    });
    expect(draft.body.data.status).toBe("draft");
    expect((await s.get(`/api/product/content/detail?contentId=${articleId}`)).status).toBe(404);
    const search = await publicGet<{ result: number }>(
      s,
      `/api/product/content/searchArticleByKeywordCount?keyword=${encodeURIComponent("跨境直播新玩法")}`,
    );
    expect(search.data.result).toBe(0);

    await editor.req("PUT", `/api/admin/articles/${articleId}`, {
      ...draft.body.data,
      tags: ["控制台新标签"],
      status: "published",
    });
    const hot = await editor.req<AdminArticle>("PUT", `/api/admin/articles/${articleId}/hot`, { hot: true });
    expect(hot.body.data.hot).toBe(true);
    const news = await publicGet<{ result: { contentId: number }[] }>(
      s,
      "/api/product/content/newsList?page=1&pageSize=10",
    );
    expect(news.data.result[0]?.contentId).toBe(articleId);

    const list = await editor.req<Paged<AdminArticle>>(
      "GET",
      "/api/admin/articles?q=控制台测试&status=published",
    );
    expect(list.body.data.items.map((x) => x.id)).toEqual([articleId]);
    const bad = await editor.req("POST", "/api/admin/articles", { title: "", status: "published" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("请输入标题");
  });

  it("uploads a cover: resized to 480 and 960 wide, JPEG and WebP", async () => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await testPicture())], { type: "image/png" }), "cover.png");
    const res = await fetch(`${s.url}/api/admin/upload?kind=cover`, {
      method: "POST",
      headers: { cookie: editor.cookie, "x-csrf-token": editor.csrf },
      body: form,
    });
    const body = (await res.json()) as Envelope<{
      url: string;
      variants: { width: number; format: string; url: string }[];
    }>;
    expect(res.status).toBe(200);
    expect(body.data.url).toMatch(/^\/uploads\/cover\/[0-9a-f]{24}-480\.jpg$/);
    expect(body.data.variants.map((v) => `${v.width}.${v.format}`)).toEqual([
      "480.jpeg",
      "480.webp",
      "960.jpeg",
      "960.webp",
    ]);
    const sharp = (await import("sharp")).default;
    for (const v of body.data.variants) {
      const file = path.join(s.services.config.DATA_DIR, v.url.replace(/^\/uploads\//, "uploads/"));
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta.width).toBe(v.width);
      expect(meta.format).toBe(v.format);
    }
    expect((await fetch(s.url + body.data.url)).status).toBe(200);

    const text = new FormData();
    text.set("file", new Blob(["not a picture"], { type: "image/png" }), "x.png");
    const refused = await fetch(`${s.url}/api/admin/upload?kind=cover`, {
      method: "POST",
      headers: { cookie: editor.cookie, "x-csrf-token": editor.csrf },
      body: text,
    });
    expect(refused.status).toBe(400);
  });

  it("edits a banner and the carousel answers the change at once; click counts are listed", async () => {
    const before = await publicGet<{ result: { bannerId: number; bannerName: string }[] }>(
      s,
      "/api/product/banner/list?columnId=11&page=1&pageSize=4",
    );
    const first = before.data.result[0]!;
    await fetch(`${s.url}/api/banner/detail?bannerId=${first.bannerId}`);
    const list = await editor.req<Paged<{ id: number; clickCount: number; image: string; link: string }>>(
      "GET",
      "/api/admin/banners?group=11",
    );
    const row = list.body.data.items.find((b) => b.id === first.bannerId)!;
    expect(row.clickCount).toBeGreaterThanOrEqual(1);
    const put = await editor.req("PUT", `/api/admin/banners/${first.bannerId}`, {
      columnId: 11,
      name: "控制台改过的轮播图",
      link: "/news",
      image: row.image,
      sortOrder: 0,
    });
    expect(put.status).toBe(200);
    const after = await publicGet<{ result: { bannerId: number; bannerName: string; bannerLink: string }[] }>(
      s,
      "/api/product/banner/list?columnId=11&page=1&pageSize=4",
    );
    expect(after.data.result.find((b) => b.bannerId === first.bannerId)).toMatchObject({
      bannerName: "控制台改过的轮播图",
      bannerLink: "/news",
    });
    const bad = await editor.req("PUT", `/api/admin/banners/${first.bannerId}`, {
      columnId: 11,
      image: row.image,
      link: "javascript:alert(1)",
    });
    expect(bad.status).toBe(400);
  });

  it("manages columns (and their order), contacts, travel items and products with questions", async () => {
    const col = await editor.req<{ id: number }>("POST", "/api/admin/columns", {
      name: "控制台栏目",
      sortOrder: 99,
    });
    expect(col.status).toBe(200);
    const cols = await editor.req<Paged<{ id: number }>>("GET", "/api/admin/columns?pageSize=200");
    const ids = cols.body.data.items.map((c) => c.id);
    const reordered = [col.body.data.id, ...ids.filter((i) => i !== col.body.data.id)];
    expect((await editor.req("POST", "/api/admin/columns/order", { ids: reordered })).status).toBe(200);
    const pub = await publicGet<{ result: { columnId: number }[] }>(s, "/api/product/column/list");
    expect(pub.data.result[0]?.columnId).toBe(col.body.data.id);
    const used = await editor.req("DELETE", "/api/admin/columns/5");
    expect(used.status).toBe(409);
    expect(used.body.message).toBe("该栏目下还有文章，请先移走或删除这些文章");
    expect((await editor.req("DELETE", `/api/admin/columns/${col.body.data.id}`)).status).toBe(200);

    const contacts = await editor.req<Paged<{ id: number; title: string }>>("GET", "/api/admin/contacts");
    expect(contacts.body.data.items).toHaveLength(4);
    const c0 = contacts.body.data.items[0]!;
    await editor.req("PUT", `/api/admin/contacts/${c0.id}`, {
      title: c0.title,
      contactName: "王经理",
      phone: "010-12345678",
      email: "media@example.com",
      sortOrder: 1,
    });
    const coop = await publicGet<{ result: { contactName: string }[] }>(s, "/api/product/cooperation/list");
    expect(coop.data.result[0]?.contactName).toBe("王经理");

    const item = await editor.req<{ id: number; price: number }>("POST", "/api/admin/travel-items", {
      tabId: 1,
      serialNum: 0,
      picUrl: "/uploads/demo/travel-1.svg",
      name: "控制台测试商品",
      location: "三亚",
      price: 199.9,
      password: "TEST2024",
    });
    expect(item.body.data.price).toBe(199.9);
    const row = await s.services.database.db
      .selectFrom("travel_items")
      .select("price_fen")
      .where("id", "=", item.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.price_fen).toBe(19990);
    const tabInUse = await editor.req("DELETE", "/api/admin/travel-tabs/1");
    expect(tabInUse.status).toBe(409);
    expect(tabInUse.body.message).toBe("该分类下还有商品，请先删除这些商品");
    const fliggy = await publicGet<{ result: { name: string; price: number }[] }>(
      s,
      "/api/product/fliggy/list",
    );
    expect(fliggy.data.result.find((f) => f.name === "控制台测试商品")?.price).toBe(199.9);

    const product = await editor.req("POST", "/api/admin/products", {
      id: 9001,
      name: "控制台测试产品",
      price: 12.34,
      contractHtml: "<p>协议</p><script>x()</script>",
      requiresAgreement: true,
    });
    expect(product.status).toBe(200);
    const q = await editor.req<{ id: number }>("POST", "/api/admin/products/9001/questions", {
      title: "主营类目",
      field: "category",
      type: "RADIO",
      required: true,
      options: [{ title: "服饰" }, { title: "美妆" }],
    });
    expect(q.status).toBe(200);
    const noOptions = await editor.req("POST", "/api/admin/products/9001/questions", {
      title: "x",
      field: "x",
      type: "CHECKBOX",
    });
    expect(noOptions.body.message).toBe("选择题至少需要一个选项");
    const detail = await publicGet<{ price: number; productContract: string }>(
      s,
      "/api/product/detail?productId=9001",
    );
    expect(detail.data.price).toBe(12.34);
    expect(detail.data.productContract).toBe("<p>协议</p>");
    const questions = await publicGet<{ questionList: { questionTitle: string; additionList: unknown[] }[] }>(
      s,
      "/api/product/question/list?menberProfession=NONE&productId=9001",
    );
    expect(
      questions.data.questionList.find((x) => x.questionTitle === "主营类目")?.additionList,
    ).toHaveLength(2);
  });

  let orderId = 0;
  it("lists leads and orders with filters, changes status, exports CSV with BOM, reveals an ID (audited)", async () => {
    const lead = await fetch(
      `${s.url}/api/mcn/insertMcnBusiness?${new URLSearchParams({
        contactName: "李老板",
        contactPhone: "13912345678",
        brand: "控制台品牌",
        role: "创始人",
      })}`,
      { method: "POST" },
    );
    expect(lead.status).toBe(200);
    const commit = await fetch(`${s.url}/api/onlineApply/payCommit`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": `admin-test-${Date.now()}` },
      body: JSON.stringify({
        productId: 278,
        menberProfession: "ANCHOR",
        signWay: "INDIVIDUAL",
        signer: "张三",
        idCardNumber: ID_CARD,
        contact: "13800138000",
        payer: "张三",
        orderNum: "2",
        questionList: [
          { questionId: 112, answer: "1万至10万" },
          { questionId: 113, answer: "抖音,其他平台:小红书" },
        ],
      }),
    });
    expect(commit.status).toBe(200);

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const leads = await admin.req<Paged<{ id: number; brand: string; status: string }>>(
      "GET",
      `/api/admin/leads?form=business&q=${encodeURIComponent("控制台品牌")}&from=${today}&to=${today}`,
    );
    expect(leads.body.data.total).toBe(1);
    const leadId = leads.body.data.items[0]!.id;
    const none = await admin.req<Paged<unknown>>("GET", "/api/admin/leads?from=2000-01-01&to=2000-01-02");
    expect(none.body.data.total).toBe(0);
    const st = await admin.req<{ status: string }>("PUT", `/api/admin/leads/${leadId}/status`, {
      status: "contacted",
    });
    expect(st.body.data.status).toBe("contacted");
    expect((await admin.req("PUT", `/api/admin/leads/${leadId}/status`, { status: "lost" })).status).toBe(
      400,
    );

    const orders = await admin.req<Paged<AdminOrder>>(
      "GET",
      `/api/admin/orders?q=13800138000&status=PENDING`,
    );
    expect(orders.body.data.total).toBeGreaterThanOrEqual(1);
    const o = orders.body.data.items[0]!;
    orderId = o.id;
    expect(o.idCardMasked).toBe("110***********002X");
    expect(JSON.stringify(orders.body)).not.toContain(ID_CARD);
    expect(o.total).toBe(o.unitPrice * 2);

    const leadCsv = await admin.req("POST", "/api/admin/leads/export", { form: "business" }, { raw: true });
    expect(leadCsv.status).toBe(200);
    expect(leadCsv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(leadCsv.headers.get("content-disposition")).toContain("attachment");
    expect([...leadCsv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(leadCsv.text).toContain('"控制台品牌"');
    expect(leadCsv.text).toContain('"已联系"');
    expect(leadCsv.text.split("\r\n")[0]).toContain('"电话"');

    const orderCsv = await admin.req(
      "POST",
      "/api/admin/orders/export",
      { status: "PENDING" },
      { raw: true },
    );
    expect(orderCsv.text.charCodeAt(0)).toBe(0xfeff);
    expect(orderCsv.text).toContain(o.orderNo);
    expect(orderCsv.text).toContain("110***********002X");
    expect(orderCsv.text).not.toContain(ID_CARD);

    const reveal = await admin.req<{ idCard: string }>("POST", `/api/admin/orders/${orderId}/reveal-id`);
    expect(reveal.body.data.idCard).toBe(ID_CARD);

    const paid = await admin.req<AdminOrder>("PUT", `/api/admin/orders/${orderId}/status`, {
      status: "PAID",
    });
    expect(paid.body.data.status).toBe("PAID");
    expect(paid.body.data.paidAt).not.toBeNull();

    const audit = await admin.req<
      Paged<{ action: string; entity: string; username: string; summary: string }>
    >("GET", "/api/admin/audit?pageSize=100");
    const entries = audit.body.data.items;
    expect(entries.find((e) => e.action === "reveal_id")).toMatchObject({
      username: "chief",
      entity: "order",
    });
    expect(
      entries
        .filter((e) => e.action === "export")
        .map((e) => e.entity)
        .sort(),
    ).toEqual(["lead", "order"]);
    expect(entries.find((e) => e.entity === "article" && e.action === "create")?.username).toBe("writer");
    expect(JSON.stringify(entries)).not.toContain(ID_CARD);
  });

  it("counts article views and searches in batches and shows them on the dashboard", async () => {
    const browser = {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36",
    };
    for (let i = 0; i < 3; i++)
      await fetch(`${s.url}/api/product/content/detail?contentId=${articleId}`, { headers: browser });
    // A prefetch is not a read.
    await fetch(`${s.url}/api/product/content/detail?contentId=${articleId}`, {
      headers: { ...browser, "sec-purpose": "prefetch" },
    });
    // A bot is not a reader.
    await fetch(`${s.url}/api/product/content/detail?contentId=${articleId}`, {
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    await fetch(
      `${s.url}/api/product/content/searchArticleByKeywordCount?keyword=${encodeURIComponent("直播")}`,
    );
    await fetch(
      `${s.url}/api/product/content/searchArticleByKeywordCount?keyword=${encodeURIComponent("  直播 ")}&x=1`,
    );
    await fetch(
      `${s.url}/api/product/content/searchArticleByKeywordCount?keyword=${encodeURIComponent("火星带货")}`,
    );
    await s.services.stats.flush();

    const d = await admin.req<Dashboard>("GET", "/api/admin/dashboard?days=7");
    expect(d.body.data.days).toHaveLength(7);
    expect(d.body.data.topArticles[0]).toMatchObject({ id: articleId, views: 3 });
    expect(d.body.data.topKeywords.find((k) => k.keyword === "直播")?.searches).toBe(2);
    expect(d.body.data.zeroResults).toContainEqual({ keyword: "火星带货", searches: 1 });
    expect(d.body.data.zeroResults.map((z) => z.keyword)).not.toContain("直播");
    const today = d.body.data.days.at(-1)!;
    expect(d.body.data.leadsPerDay.find((x) => x.day === today)?.business).toBeGreaterThanOrEqual(1);
    const ordersToday = d.body.data.ordersPerDay.find((x) => x.day === today)!;
    expect(ordersToday.orders).toBeGreaterThanOrEqual(1);
    expect(ordersToday.revenue).toBeGreaterThan(0);
    // Editors see reading and search statistics, not sales.
    const e = await editor.req<Dashboard>("GET", "/api/admin/dashboard");
    expect(e.body.data.totals.orders).toBe(0);
    expect(e.body.data.topArticles[0]?.id).toBe(articleId);
    // The console's list shows each article's reads: counted ones, and 0 for one never read.
    const listed = await editor.req<Paged<AdminArticle>>("GET", "/api/admin/articles?pageSize=100");
    expect(listed.body.data.items.find((a) => a.id === articleId)?.viewCount).toBe(3);
    const unread = await editor.req<AdminArticle>(
      "POST",
      "/api/admin/articles",
      articleForm({ title: "控制台测试：无人阅读的文章", status: "published" }),
    );
    expect(unread.status).toBe(200);
    expect(unread.body.data.viewCount).toBe(0);
    // An article's count goes with it.
    await fetch(`${s.url}/api/product/content/detail?contentId=${unread.body.data.id}`, { headers: browser });
    await s.services.stats.flush();
    const counted = () =>
      s.services.database.db
        .selectFrom("article_views")
        .select("views")
        .where("article_id", "=", unread.body.data.id)
        .execute();
    expect((await counted()).map((r) => Number(r.views))).toEqual([1]);
    expect((await admin.req("DELETE", `/api/admin/articles/${unread.body.data.id}`)).status).toBe(200);
    expect(await counted()).toEqual([]);
  });

  it("keeps the last admin, signs out, and expires sessions", async () => {
    const me = (await admin.req<SessionInfo>("GET", "/api/admin/session")).body.data.user;
    const demote = await admin.req("PUT", `/api/admin/users/${me.id}`, {
      displayName: "总编",
      role: "editor",
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe("至少需要保留一名可用的管理员");

    const out = await editor.req("POST", "/api/admin/logout");
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await editor.req("GET", "/api/admin/session")).status).toBe(401);

    const other = new AdminClient(s.url);
    expect((await other.login(EDITOR.username, EDITOR.password)).status).toBe(200);
    await s.services.database.db
      .updateTable("admin_sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await other.req("GET", "/api/admin/session")).status).toBe(401);
    expect((await admin.req("GET", "/api/admin/session")).status).toBe(401);
    expect((await admin.login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it("rate-limits wrong passwords per account and address", async () => {
    const c = new AdminClient(s.url);
    for (let i = 0; i < 5; i++) {
      const r = await c.login(EDITOR.username, `wrong-password-${i}`);
      expect(r.status).toBe(401);
      expect(r.body.message).toBe("用户名或密码错误");
    }
    const blocked = await c.login(EDITOR.username, EDITOR.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe("登录失败次数过多，请 15 分钟后再试");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    // Another account from the same address is not locked by it.
    expect((await c.login(ADMIN.username, ADMIN.password)).status).toBe(200);
    const unknown = await c.login("nobody-here", "whatever-password");
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe("用户名或密码错误");
  });
});
