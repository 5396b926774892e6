// Over a minute on a busy 2-core machine (README, "Tests"): 22 payloads on the three pages that echo a
// URL (66 page loads, each hydrated), every sign-up field's payloads paid through the cashier in the
// browser, then every lead and order opened in the console: a payload that breaks only one page or one
// field must still be seen.
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { Envelope } from "../../contract/envelope";
import { optionTextField, questionField } from "../../contract/signup";
import { normaliseKeyword } from "../../server/services/stats";
import { AdminClient, testPicture } from "../../tools/admin-client";
import type { TestServer } from "../helpers/server";
import { hydrated } from "./browser";
import { test as base, type OpenedPage, openPage } from "./fixture";

/** OWASP-cheat-sheet-style payloads; each sets window.__xss or opens a dialog if it ever runs. */
const XSS_PAYLOADS = [
  "<script>window.__xss=1</script>",
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '<img src=x onerror="window.__xss=1">',
  "<svg onload=window.__xss=1>",
  "<svg><script>window.__xss=1</script></svg>",
  '<iframe src="javascript:window.__xss=1"></iframe>',
  "<body onload=window.__xss=1>",
  '<a href="javascript:window.__xss=1">点我</a>',
  "javascript:window.__xss=1",
  "</title><script>window.__xss=1</script>",
  "</textarea><script>window.__xss=1</script>",
  "<details open ontoggle=window.__xss=1>",
  "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>",
  "<scr<script>ipt>window.__xss=1</scr</script>ipt>",
  "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>",
  "<input autofocus onfocus=window.__xss=1>",
  "{{constructor.constructor('window.__xss=1')()}}",
  "'-alert(1)-'",
  '<object data="data:text/html,<script>parent.__xss=1</script>"></object>',
  "<style>@import 'javascript:alert(1)';</style>",
  '<meta http-equiv=refresh content="0;url=javascript:alert(1)">',
];

/**
 * Whether a payload ran: the page is first let settle (two frames and the task queue after load),
 * so that error, load and focus handlers a payload might carry have had their turn.
 */
async function ranAnything(page: Page, dialogs: string[]) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
  const flag = await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0);
  return flag !== 0 || dialogs.length > 0;
}

/**
 * Markup a payload would leave if it were ever parsed as HTML instead of shown as text: event
 * handler attributes, javascript:/data: URLs, scripts mentioning the payloads' code. (The CSP
 * would stop most of them from running; this sees the injection itself.) Runs in the page.
 */
function injectedMarkup(): string[] {
  const found: string[] = [];
  const urlAttr = /^(href|src|data|action|formaction|xlink:href)$/i;
  for (const el of Array.from(document.querySelectorAll("*"))) {
    for (const a of Array.from(el.attributes)) {
      if (/^on/i.test(a.name)) found.push(`<${el.localName} ${a.name}>`);
      else if (urlAttr.test(a.name) && /^\s*(javascript|data:text\/html)/i.test(a.value))
        found.push(`<${el.localName} ${a.name}="${a.value}">`);
    }
    if (el.localName === "meta" && /refresh/i.test(el.getAttribute("http-equiv") ?? ""))
      found.push("<meta http-equiv=refresh>");
  }
  // The site's own scripts carry the CSP nonce (the route data among them holds payloads as JSON).
  // Data blocks (JSON-LD) are never run: a payload that broke out of one shows up as markup above.
  const runnable = (s: HTMLScriptElement) => ["", "text/javascript", "module"].includes(s.type);
  for (const s of Array.from(document.scripts))
    if (runnable(s) && !s.nonce && /__xss|alert\(1\)/.test(s.textContent ?? ""))
      found.push("<script> with a payload");
  return found;
}

const CHINESE = /[\u4e00-\u9fff]/;
const ID_CARD = "11010519491231002X";
const ADMIN = { username: "xss-chief", displayName: "安全测试管理员", password: "e2e-xss-admin-password" };

let seq = 0;
/** A fresh visitor address per submit (the site trusts X-Forwarded-For from this machine), so per-IP limits never refuse one. */
const freshIp = () => `198.51.100.${(++seq % 250) + 1}`;
/** A fresh mobile number: the same phone on the same MCN form within 10 minutes is one lead. */
const freshMobile = () => `1390000${String(++seq).padStart(4, "0")}`;
/** A fresh Idempotency-Key, as the sign-up form sends one per form load. */
const freshKey = () => `xss-${process.pid}-${++seq}`;
/** HTTP header values are Latin-1: the payload with anything else as "?". */
const asHeader = (s: string) => s.replace(/[^\x20-\x7e]/g, "?");

interface Answer<T = unknown> {
  status: number;
  message: string;
  data: T | null;
}

/** A refusal must be a validation answer with a Chinese reason, never a 500 or a limit. */
function expectRefusal(r: Answer, what: string) {
  expect([400, 422], `${what}: ${r.status} ${r.message}`).toContain(r.status);
  expect(r.message, what).toMatch(CHINESE);
}

/**
 * Sends `payload` in every one of `fields` at once, the rest of the form valid; when that is
 * refused, in each field alone. Refusals are checked; answers the accepted submits.
 */
async function submitEverywhere<A extends Answer>(
  fields: readonly string[],
  payload: string,
  send: (values: Record<string, string>) => Promise<A>,
): Promise<A[]> {
  const all = await send(Object.fromEntries(fields.map((f) => [f, payload])));
  if (all.status === 200) return [all];
  expectRefusal(all, `${fields.join(", ")} = ${payload}`);
  const accepted: A[] = [];
  for (const field of fields) {
    const one = await send({ [field]: payload });
    if (one.status === 200) accepted.push(one);
    else expectRefusal(one, `${field} = ${payload}`);
  }
  return accepted;
}

/** Free-text fields of the MCN forms; channelLink must be an http(s) link, so raw payloads are refused. */
const BUSINESS_TEXT = ["contactName", "brand", "role"] as const;
const EXPERT_TEXT = ["name", "channelNickname", "channelLink"] as const;

/** A valid channel link that still carries the payload (in its query), within the 100 characters. */
const linkWith = (payload: string) => `https://example.com/?q=${payload}`.slice(0, 100);

/** A lead as sent, and the texts the console must show for it. */
interface SentLead {
  phone: string;
  listed: string[];
  detailed: string[];
}

/**
 * Free-text fields of the sign-up form: product 278 signed by a person, product 210 by a company of
 * profession OTHER (extra accounts). Question answers go by their form field names.
 */
const PERSON_TEXT = [
  "signer",
  "payer",
  "shopId",
  "shopName",
  questionField(111), // 店铺链接 (INPUT)
  optionTextField(113, 4), // 直播平台 → 其他平台 (free text of a choice)
  questionField(115), // 当前遇到的问题 (TEXTAREA)
];
const COMPANY_TEXT = [
  "companyName",
  "payer",
  "shopId",
  "shopName",
  questionField(101), // 企业名称 (INPUT)
  optionTextField(102, 5), // 经营平台 → 其他平台
  questionField(105), // 企业简介 (TEXTAREA)
  "extraAccounts", // 其他平台账号
];

/** An order as sent, and the texts the cashier and the console must show for it. */
interface SentOrder {
  orderNo: string;
  contact: string;
  company: boolean;
  paymentPage: string;
  cashier: string[];
  listed: string[];
  detailed: string[];
}

/** The sign-up payload (as SignupForm builds it) with `v` in the named fields. */
function signupBody(company: boolean, contact: string, v: Record<string, string>) {
  const shop = { shopId: v.shopId ?? "S-1", shopName: v.shopName ?? "星河旗舰店" };
  if (!company) {
    const signer = v.signer ?? "张三";
    return {
      productId: 278,
      menberProfession: "ANCHOR",
      signWay: "INDIVIDUAL",
      companyName: "",
      signer,
      idCardNumber: ID_CARD,
      contact,
      payer: v.payer ?? signer,
      orderNum: "1",
      ...shop,
      questionList: [
        { questionId: 111, answer: v[questionField(111)] ?? "https://shop.example.com/xinghe" },
        { questionId: 112, answer: "1万至10万" },
        { questionId: 113, answer: `抖音,其他平台:${v[optionTextField(113, 4)] ?? "小红书"}` },
        { questionId: 115, answer: v[questionField(115)] ?? "流量不稳定" },
      ],
    };
  }
  const companyName = v.companyName ?? "杭州星河电子商务有限公司";
  return {
    productId: 210,
    menberProfession: "OTHER",
    signWay: "COMPANY",
    companyName,
    signer: companyName,
    idCardNumber: "",
    contact,
    payer: v.payer ?? companyName,
    orderNum: "1",
    ...shop,
    questionList: [
      { questionId: 101, answer: v[questionField(101)] ?? "星河电商" },
      { questionId: 102, answer: `京东,其他平台:${v[optionTextField(102, 5)] ?? "小红书"}` },
      { questionId: 103, answer: "美妆个护" },
      { questionId: 105, answer: v[questionField(105)] ?? "主营美妆个护" },
      { questionId: 24, answer: v.extraAccounts ?? "小红书 @星河" },
    ],
  };
}

/** The page, now also recording Content-Security-Policy violations (a blocked payload leaves one) and dialogs. */
async function watch({ context, page }: OpenedPage) {
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  return {
    page,
    /** Nothing ran, no payload became markup, and the CSP had nothing to block. */
    async expectClean(where: string) {
      expect(await ranAnything(page, dialogs), `a payload ran on ${where}`).toBe(false);
      expect(await page.evaluate(injectedMarkup), `payload markup on ${where}`).toEqual([]);
      const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
      expect(csp, `CSP violations on ${where}`).toEqual([]);
    },
    /** Opens a public page and checks it once it is hydrated. */
    async expectCleanAfterVisit(path: string) {
      await page.goto(path);
      await hydrated(page);
      await this.expectClean(path);
    },
    close: () => context.close(),
  };
}
type Watched = Awaited<ReturnType<typeof watch>>;

/**
 * `reader`: public pages, read by one visitor whose page goes from one address to the next: what
 * the payloads could break is what a page shows, not the browser profile it is shown in.
 * `desk`: the console, signed in as a new admin, for the tests at the end.
 */
const test = base
  .extend("reader", { scope: "file" }, async ({ browser, site }, { onCleanup }) => {
    const opened = await openPage(browser, site);
    onCleanup(() => opened.context.close());
    return watch(opened);
  })
  .extend("desk", { scope: "file" }, async ({ browser, site }, { onCleanup }) => {
    const setup = await new AdminClient(site.url).req("POST", "/api/admin/setup", ADMIN);
    expect(setup.status).toBe(200);
    const opened = await openPage(browser, site);
    onCleanup(() => opened.context.close());
    const desk = await watch(opened);
    const { page } = desk;
    await page.goto("/admin/login");
    // The button is enabled once the page is hydrated: fill the fields after that.
    await page.locator("button[type=submit]:not([disabled])").waitFor();
    await page.getByLabel("用户名").fill(ADMIN.username);
    await page.getByLabel("密码").fill(ADMIN.password);
    await page.locator("button[type=submit]").click();
    await page.waitForURL((u) => u.pathname === "/admin");
    return desk;
  });
// X-Forwarded-For is trusted so every submit can come from its own address (per-IP limits).
test.override("siteEnv", { scope: "file" }, { TRUST_PROXY: "true" });

async function post<T>(site: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(site.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": freshIp(), ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T | null>;
  return { status: res.status, message: json.message, data: json.data } satisfies Answer<T>;
}

/** The influencer form's ID picture: a normal upload (POST /api/upload, multipart field `file`). */
async function uploadIdPicture(site: TestServer): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await testPicture(800, 500))], { type: "image/png" }), "id.png");
  const res = await fetch(`${site.url}/api/upload`, {
    method: "POST",
    headers: { "x-forwarded-for": freshIp() },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as Envelope<{ result: string }>).data.result;
}

/** One submit of an MCN form as the /wxmcn page sends it (JSON), with a fresh phone. */
async function sendLead(
  site: TestServer,
  form: "business" | "expert",
  fields: Record<string, string>,
  userAgent: string,
) {
  const phone = freshMobile();
  const business = form === "business";
  const r = await post(
    site,
    business ? "/api/mcn/insertMcnBusiness" : "/api/mcn/insertMcnExpert",
    { ...fields, [business ? "contactPhone" : "phone"]: phone },
    { "user-agent": userAgent, referer: `${site.url}/wxmcn` },
  );
  const listed = business
    ? [fields.contactName!, phone, fields.brand!, fields.role!]
    : [fields.name!, phone, fields.channelNickname!];
  const detailed = [...listed, ...(business ? [] : [fields.channelLink!]), userAgent];
  return { ...r, lead: { phone, listed, detailed } satisfies SentLead };
}

/** One submit of the sign-up form (with its Idempotency-Key), with a fresh phone. */
async function sendOrder(site: TestServer, company: boolean, v: Record<string, string>) {
  const contact = freshMobile();
  const body = signupBody(company, contact, v);
  const r = await post<{ result: string; orderNo: string }>(site, "/api/onlineApply/payCommit", body, {
    "idempotency-key": freshKey(),
  });
  const order: SentOrder = {
    orderNo: r.data?.orderNo ?? "",
    contact,
    company,
    paymentPage: r.data?.result ?? "",
    // the cashier masks a person's names; a company's are shown in full
    cashier: company ? [body.companyName, body.payer] : [],
    listed: [body.signer, contact],
    detailed: [
      body.signer,
      contact,
      body.payer,
      body.shopName,
      body.shopId,
      ...body.questionList.map((q) => q.answer),
    ],
  };
  return { ...r, order };
}

describe("XSS payloads do not execute", () => {
  test("in an article body saved through the content service", async ({ site, reader }) => {
    const id = await site.services.content.saveArticle({
      columnId: 5,
      title: `安全测试 ${XSS_PAYLOADS[1]}`,
      intro: XSS_PAYLOADS[3]!,
      content: XSS_PAYLOADS.map((p) => `<p>${p}</p>`).join("") + XSS_PAYLOADS.join(""),
      thumb: "javascript:window.__xss=1",
      author: XSS_PAYLOADS[0]!,
      hot: true,
      status: "published",
      createdAt: new Date().toISOString(),
      tags: [XSS_PAYLOADS[4]!],
    });
    for (const path of [`/articledetail/${id}`, "/", "/news"]) await reader.expectCleanAfterVisit(path);
  });

  test("in URLs the pages echo: every payload on the search, column and tag pages", async ({ reader }) => {
    for (const payload of XSS_PAYLOADS) {
      const p = encodeURIComponent(payload);
      await reader.expectCleanAfterVisit(`/searchlist/${p}?key=1`);
      await reader.expectCleanAfterVisit(`/newlist/5?name=${p}`);
      await reader.expectCleanAfterVisit(`/taglist/1?name=${p}`);
    }
  });

  /**
   * What the visitor's browser does with the payCommit answer: it runs the payment page (which posts
   * itself to the dev gateway, which redirects to the cashier), then pays (company orders) or leaves
   * it for later (personal ones) and lands on the result page. `visitor` is one of a few pages that
   * take the orders in turn; `paymentPages` serves each order's payment page at a local address.
   */
  async function payAsVisitor(visitor: Watched, order: SentOrder) {
    const { page } = visitor;
    await page.goto(`/__payment-page?orderNo=${encodeURIComponent(order.orderNo)}`);
    await page.waitForURL(/\/pay\/cashier\?/);
    await hydrated(page);
    const details = (await page.locator(".pay-details").textContent()) ?? "";
    for (const t of order.cashier) expect(details, `cashier of ${order.orderNo}`).toContain(t);
    await visitor.expectClean(`the cashier of ${order.orderNo}`);
    if (order.company) {
      await page.getByRole("button", { name: "确认支付" }).click();
      await page.getByRole("heading", { name: "支付成功" }).waitFor();
    } else {
      await page.getByRole("link", { name: "暂不支付" }).click();
      await page.getByRole("heading", { name: "等待支付确认" }).waitFor();
    }
    expect(new URL(page.url()).searchParams.get("orderNo")).toBe(order.orderNo);
    await hydrated(page);
    await visitor.expectClean(`the result page of ${order.orderNo}`);
  }

  const leads: SentLead[] = [];
  const orders: SentOrder[] = [];

  test("through both MCN lead forms: each text field takes the payloads or refuses them in Chinese", async ({
    site,
  }) => {
    const picture = await uploadIdPicture(site);
    for (const payload of XSS_PAYLOADS) {
      const ua = asHeader(payload);
      const business = await submitEverywhere(BUSINESS_TEXT, payload, (v) =>
        sendLead(site, "business", { contactName: "赵经理", brand: "星河品牌", role: "运营总监", ...v }, ua),
      );
      const expert = await submitEverywhere(EXPERT_TEXT, payload, (v) =>
        sendLead(
          site,
          "expert",
          {
            name: "李达人",
            channelNickname: "星河小号",
            channelLink: linkWith(payload),
            idCopyPic: picture,
            ...v,
          },
          ua,
        ),
      );
      for (const r of [...business, ...expert]) {
        expect(r.message).toBe("提交成功");
        leads.push(r.lead);
      }
    }
    expect(leads.length).toBeGreaterThan(0);
  }, 120_000);

  test("through the sign-up form, then on the payment, cashier and result pages", async ({ site, open }) => {
    // Every payload goes into every text field of both kinds of order. The browser then pays each
    // payload's orders of one kind, the company ones for every other payload and the personal ones
    // for the rest: each payload and each field meet the payment pages, in half the page loads.
    const toPay: SentOrder[] = [];
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      for (const company of [false, true]) {
        const fields = company ? COMPANY_TEXT : PERSON_TEXT;
        for (const r of await submitEverywhere(fields, payload, (v) => sendOrder(site, company, v))) {
          expect(r.order.orderNo).not.toBe("");
          orders.push(r.order);
          if (company === (i % 2 === 0)) toPay.push(r.order);
        }
      }
    }
    expect(orders.length).toBeGreaterThan(0);
    expect(toPay.some((o) => o.company) && toPay.some((o) => !o.company)).toBe(true);
    // Two visitors pay the orders in turn (a bounded number of pages: the machine may be small).
    const paymentPages = new Map(toPay.map((o) => [o.orderNo, o.paymentPage]));
    const visitors = await Promise.all([open().then(watch), open().then(watch)]);
    for (const v of visitors)
      await v.page.route(/\/__payment-page\?/, (route) =>
        route.fulfill({
          contentType: "text/html; charset=utf-8",
          body: paymentPages.get(new URL(route.request().url()).searchParams.get("orderNo") ?? "") ?? "",
        }),
      );
    const queue = [...toPay];
    await Promise.all(
      visitors.map(async (v) => {
        for (let order = queue.shift(); order; order = queue.shift()) await payAsVisitor(v, order);
        await v.close();
      }),
    );
  }, 300_000);

  describe("then in the editors' console", () => {
    /**
     * Shows each record's 详情 drawer, opened from its table row (found by the phone), and checks its
     * texts. While the drawer is open its mask covers the table, so the next row's link is clicked
     * by script (the same handler a click runs).
     */
    async function eachDetail(admin: Watched, records: { phone: string; detailed: string[] }[]) {
      const { page } = admin;
      const drawer = page.getByRole("dialog");
      for (const [i, r] of records.entries()) {
        const link = page.locator(".ant-table-row", { hasText: r.phone }).getByText("详情");
        if (i === 0) await link.click();
        else await link.dispatchEvent("click");
        await drawer.getByText(r.phone, { exact: true }).waitFor();
        const text = (await drawer.textContent()) ?? "";
        for (const t of r.detailed) expect(text, `details of ${r.phone}`).toContain(t);
        expect(await page.evaluate(injectedMarkup), `details of ${r.phone}`).toEqual([]);
      }
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
    }

    /** Every record's row (found by the phone) shows its texts. */
    async function eachRow(admin: Watched, records: { phone: string; listed: string[] }[]) {
      const rows = admin.page.locator(".ant-table-row");
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(records.length);
      await admin.page.locator(".ant-table-tbody").getByText("window.__xss=1").first().waitFor();
      for (const r of records) {
        const text = (await rows.filter({ hasText: r.phone }).textContent()) ?? "";
        for (const t of r.listed) expect(text, `row of ${r.phone}`).toContain(t);
      }
    }

    test("the leads list and each lead's details", async ({ desk: admin }) => {
      expect(leads.length).toBeGreaterThan(0);
      await admin.page.goto("/admin/leads?pageSize=200");
      await eachRow(admin, leads);
      await admin.expectClean("the leads list");
      await eachDetail(admin, leads);
      await admin.expectClean("the leads' details");
    }, 300_000);

    test("the orders list and each order's details", async ({ desk: admin }) => {
      expect(orders.length).toBeGreaterThan(0);
      const records = orders.map((o) => ({ ...o, phone: o.contact }));
      await admin.page.goto("/admin/orders?pageSize=200");
      await eachRow(admin, records);
      await admin.expectClean("the orders list");
      await eachDetail(admin, records);
      await admin.expectClean("the orders' details");
    }, 300_000);

    test("the dashboard, with the payloads searched for on the site", async ({ site, desk: admin }) => {
      for (const keyword of XSS_PAYLOADS) {
        const res = await fetch(
          `${site.url}/api/product/content/searchArticleByKeywordCount?${new URLSearchParams({ keyword })}`,
        );
        expect(res.status).toBe(200);
      }
      await site.services.stats.flush();
      const { page } = admin;
      await page.goto("/admin");
      await page.locator(".ant-card", { hasText: "热门搜索词" }).locator(".ant-list-item").first().waitFor();
      await page.locator(".recharts-surface").first().waitFor();
      await page.locator(".console-dashboard").getByText("window.__xss=1").first().waitFor();
      const text = (await page.locator(".console-dashboard").textContent()) ?? "";
      expect(XSS_PAYLOADS.filter((p) => text.includes(normaliseKeyword(p))).length).toBeGreaterThan(0);
      await admin.expectClean("the dashboard");
    }, 120_000);
  });
});
