import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "../../contract/envelope";
import { MESSAGES } from "../../contract/signup";
import { engines, startTestServer, type TestServer } from "../helpers/server";

const COMMIT = "/api/onlineApply/payCommit";
const NOTIFY = "/api/onlineApply/alipayNotify";
const ID = "11010519491231002X";

let ipSeq = 0;
/** A fresh visitor address per request (TRUST_PROXY is on), so the per-IP limit bites only where meant. */
const freshIp = () => `198.51.100.${(++ipSeq % 250) + 1}`;
let keySeq = 0;
const freshKey = () => `test-key-${process.pid}-${Date.now()}-${++keySeq}`;

const validPayload = (over: Record<string, unknown> = {}) => ({
  productId: 278,
  menberProfession: "ANCHOR",
  signWay: "INDIVIDUAL",
  companyName: "",
  signer: "张三",
  idCardNumber: ID,
  contact: "13800138000",
  payer: "张三",
  orderNum: "3",
  totalPrice: 0.01,
  questionList: [
    { questionId: 112, answer: "1万至10万" },
    { questionId: 113, answer: "抖音,其他平台:小红书" },
    { questionId: 1, answer: "主播" },
    { questionId: 23, answer: "理事" },
  ],
  ...over,
});

interface Opts {
  key?: string;
  ip?: string;
  form?: boolean;
  raw?: string;
}

async function commit(s: TestServer, payload: unknown, o: Opts = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": o.ip ?? freshIp() };
  if (o.key) headers["idempotency-key"] = o.key;
  let body: string;
  if (o.raw !== undefined) {
    headers["content-type"] = "application/json";
    body = o.raw;
  } else if (o.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    const f = new URLSearchParams();
    for (const [k, v] of Object.entries(payload as Record<string, unknown>))
      f.set(k, typeof v === "string" ? v : JSON.stringify(v));
    body = f.toString();
  } else {
    headers["content-type"] = "application/json";
    body = JSON.stringify(payload);
  }
  const res = await fetch(s.url + COMMIT, { method: "POST", headers, body });
  return {
    status: res.status,
    body: (await res.json()) as Envelope<{ result: string; orderNo: string } | null>,
  };
}

const hiddenFields = (html: string) => {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    out[m[1]!] = m[2]!
      .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
      .replace(/&quot;/g, '"');
  }
  return out;
};

async function postForm(s: TestServer, path: string, fields: Record<string, string>) {
  return fetch(s.url + path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

const orderCount = async (s: TestServer) =>
  Number(
    (
      await s.services.database.db
        .selectFrom("signup_orders")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(engines())("sign-up API on %s (dev payments)", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine, { env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it("stores a PENDING order with the server's total, then answers the payment page", async () => {
    const r = await commit(s, validPayload());
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe(1000);
    const { result, orderNo } = r.body.data!;
    expect(result).toContain("<form");
    expect(result).toContain('action="/api/pay/dev/gateway"');
    expect(result).toContain(".submit.call(");
    expect(result).not.toContain(ID);
    expect(result).not.toContain("13800138000");
    const row = (await s.services.signup.order(orderNo))!;
    expect(row.status).toBe("PENDING");
    expect(row.quantity).toBe(3);
    expect(row.unit_price_fen).toBe(9900);
    expect(Number(row.total_fen)).toBe(29700); // the browser's totalPrice 0.01 is ignored
    expect(row.id_card_enc).not.toContain(ID);
    expect(s.services.signup.pii.decrypt(row.id_card_enc!)).toBe(ID);
    expect(row.id_card_masked).toBe("110***********002X");
    expect(JSON.parse(row.answers_json)).toEqual([
      { questionId: 112, title: "粉丝量级", answer: "1万至10万" },
      { questionId: 113, title: "直播平台", answer: "抖音,其他平台:小红书" },
      { questionId: 1, title: "会员身份", answer: "主播" },
      { questionId: 23, title: "会员类型", answer: "理事" },
    ]);
  });

  it("takes the same payload form-encoded (questionList as JSON text) and sets question 23 for 210", async () => {
    const r = await commit(
      s,
      validPayload({
        productId: "210",
        menberProfession: "MERCHANT",
        orderNum: 1,
        shopId: "shop-9",
        shopName: "星河旗舰店",
        questionList: [
          { questionId: 101, answer: "星河电商" },
          { questionId: 102, answer: "京东" },
          { questionId: 103, answer: "美妆个护" },
        ],
      }),
      { form: true },
    );
    expect(r.body.statusCode).toBe(1000);
    const row = (await s.services.signup.order(r.body.data!.orderNo))!;
    expect(Number(row.total_fen)).toBe(299900);
    expect(row.shop_id).toBe("shop-9");
    expect(row.shop_name).toBe("星河旗舰店");
    const answers = JSON.parse(row.answers_json) as { questionId: number; answer: string }[];
    expect(answers.slice(-2).map((a) => a.answer)).toEqual(["商家", "会员"]);
  });

  it("COMPANY: no ID number asked or kept; the signer is the company name", async () => {
    const r = await commit(
      s,
      validPayload({
        signWay: "COMPANY",
        companyName: "杭州星河电子商务有限公司",
        signer: "",
        idCardNumber: ID,
      }),
    );
    expect(r.body.statusCode).toBe(1000);
    const row = (await s.services.signup.order(r.body.data!.orderNo))!;
    expect(row.signer).toBe("杭州星河电子商务有限公司");
    expect(row.company_name).toBe("杭州星河电子商务有限公司");
    expect(row.id_card_enc).toBeNull();
    expect(row.id_card_masked).toBeNull();
  });

  it("OTHER: extra accounts are stored under question 24", async () => {
    const r = await commit(
      s,
      validPayload({
        menberProfession: "OTHER",
        questionList: [...validPayload().questionList, { questionId: 24, answer: "小红书 @星河" }],
      }),
    );
    expect(r.body.statusCode).toBe(1000);
    const row = (await s.services.signup.order(r.body.data!.orderNo))!;
    expect(JSON.parse(row.answers_json)).toContainEqual({
      questionId: 24,
      title: "其他账号",
      answer: "小红书 @星河",
    });
  });

  const q278 = validPayload().questionList;
  it.each([
    ["no mobile", { contact: "" }, MESSAGES.contactRequired],
    ["mobile missing", { contact: undefined }, MESSAGES.contactRequired],
    ["bad mobile", { contact: "12800138000" }, MESSAGES.contactInvalid],
    ["no ID number", { idCardNumber: "" }, MESSAGES.idCardRequired],
    ["bad check character", { idCardNumber: "110105194912310021" }, MESSAGES.idCardInvalid],
    ["impossible date", { idCardNumber: "110105194902310026" }, MESSAGES.idCardInvalid],
    ["COMPANY without company", { signWay: "COMPANY", companyName: " " }, MESSAGES.companyNameRequired],
    ["no quantity", { orderNum: "" }, MESSAGES.orderNumRequired],
    ["zero copies", { orderNum: "0" }, MESSAGES.orderNumInvalid],
    ["too many copies", { orderNum: 1000 }, MESSAGES.orderNumInvalid],
    ["fractional copies", { orderNum: 1.5 }, MESSAGES.orderNumInvalid],
    ["no payer", { payer: "" }, MESSAGES.payerRequired],
    ["no signer", { signer: "" }, MESSAGES.signerRequired],
    ["bad profession", { menberProfession: "BOSS" }, MESSAGES.professionInvalid],
    ["bad sign way", { signWay: "TEAM" }, MESSAGES.signWayInvalid],
    ["questionList not JSON", { questionList: "[{" }, MESSAGES.questionListInvalid],
    ["required RADIO missing", { questionList: q278.filter((a) => a.questionId !== 112) }, "请选择粉丝量级"],
    [
      "required CHECKBOX_INPUT empty",
      { questionList: q278.map((a) => (a.questionId === 113 ? { ...a, answer: "" } : a)) },
      "请选择直播平台",
    ],
    [
      "an option the question lacks",
      { questionList: q278.map((a) => (a.questionId === 112 ? { ...a, answer: "一千万" } : a)) },
      "粉丝量级的选项不正确",
    ],
    [
      "another product's question",
      { questionList: [...q278, { questionId: 101, answer: "x" }] },
      "回答了不属于该产品的问题",
    ],
    [
      "extra accounts without OTHER",
      { questionList: [...q278, { questionId: 24, answer: "x" }] },
      "仅身份为“其他”时可填写其他账号",
    ],
    [
      "a too long answer",
      { questionList: [...q278, { questionId: 111, answer: "链".repeat(201) }] },
      "店铺链接不能超过 200 个字",
    ],
  ])("refuses %s with 400 and stores nothing", async (_name, over, message) => {
    const before = await orderCount(s);
    const r = await commit(s, validPayload(over));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ statusCode: 400, message, data: null });
    expect(await orderCount(s)).toBe(before);
  });

  it("answers an unknown product with 404 and a bad id or broken JSON with 400", async () => {
    let r = await commit(s, validPayload({ productId: 999999 }));
    expect(r.status).toBe(404);
    expect(r.body.message).toBe("产品不存在");
    r = await commit(s, validPayload({ productId: "abc" }));
    expect(r.status).toBe(400);
    r = await commit(s, null, { raw: '{"productId": 278,' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("请求内容不是有效的 JSON");
  });

  it("a retried submit with the same Idempotency-Key answers the same order, never a second", async () => {
    const key = freshKey();
    const before = await orderCount(s);
    const first = await commit(s, validPayload(), { key });
    const again = await Promise.all(Array.from({ length: 6 }, () => commit(s, validPayload(), { key })));
    for (const r of again) {
      expect(r.body.statusCode).toBe(1000);
      expect(r.body.data!.orderNo).toBe(first.body.data!.orderNo);
    }
    expect(await orderCount(s)).toBe(before + 1);
  });

  it("concurrent first submits with one key store one order", async () => {
    const key = freshKey();
    const before = await orderCount(s);
    const rs = await Promise.all(Array.from({ length: 8 }, () => commit(s, validPayload(), { key })));
    expect(new Set(rs.map((r) => r.body.data?.orderNo)).size).toBe(1);
    expect(await orderCount(s)).toBe(before + 1);
  });

  it("refuses a key reused for a different form (409) and a malformed key (400)", async () => {
    const key = freshKey();
    expect((await commit(s, validPayload(), { key })).body.statusCode).toBe(1000);
    const other = await commit(s, validPayload({ orderNum: "4" }), { key });
    expect(other.status).toBe(409);
    expect(other.body.message).toContain("已提交过");
    const bad = await commit(s, validPayload(), { key: "bad key!" });
    expect(bad.status).toBe(400);
  });

  it("limits submits per IP with a Chinese 429", async () => {
    const ip = "192.0.2.77";
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await commit(s, validPayload(), { ip })).status);
    expect(codes.every((c) => c === 200)).toBe(true);
    const last = await commit(s, validPayload(), { ip });
    expect(last.status).toBe(429);
    expect(last.body.message).toBe(MESSAGES.tooMany);
  });

  it("dev cashier: signed payment form → cashier → 确认支付 → PAID through the notify path", async () => {
    const r = await commit(s, validPayload());
    const orderNo = r.body.data!.orderNo;
    const fields = hiddenFields(r.body.data!.result);
    expect(fields.out_trade_no).toBe(orderNo);
    expect(fields.total_amount).toBe("297.00");

    const forged = await postForm(s, "/api/pay/dev/gateway", { ...fields, total_amount: "0.01" });
    expect(forged.status).toBe(400);

    const gw = await postForm(s, "/api/pay/dev/gateway", fields);
    expect(gw.status).toBe(303);
    const cashier = new URL(gw.headers.get("location")!, s.url);
    expect(cashier.pathname).toBe("/pay/cashier");
    expect(cashier.searchParams.get("orderNo")).toBe(orderNo);
    const token = cashier.searchParams.get("token")!;

    const view = (await s.services.signup.cashierOrder(orderNo, token))!;
    expect(view.idCardMasked).toBe("110***********002X");
    expect(view.contactMasked).toBe("138****8000");
    expect(view.signer).toBe("张*");
    expect(await s.services.signup.cashierOrder(orderNo, `${token}x`)).toBeNull();

    const badToken = await postForm(s, "/api/pay/dev/confirm", { orderNo, token: "nope" });
    expect(badToken.status).toBe(400);
    expect((await s.services.signup.order(orderNo))!.status).toBe("PENDING");

    const pay = await postForm(s, "/api/pay/dev/confirm", { orderNo, token });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toBe(`/pay/result?orderNo=${orderNo}`);
    const paid = (await s.services.signup.order(orderNo))!;
    expect(paid.status).toBe("PAID");
    expect(paid.paid_at).toBeTruthy();
    const pub = (await s.services.signup.publicOrder(orderNo))!;
    expect(pub).toMatchObject({ status: "PAID", total: 297, quantity: 3 });
    expect(JSON.stringify(pub)).not.toMatch(/张三|13800138000|002X/);
  });

  it("notify: valid once, replay changes nothing, bad signature / app id / amount / order fail", async () => {
    const r = await commit(s, validPayload());
    const orderNo = r.body.data!.orderNo;
    const dev = s.services.signup.payments.dev!;
    const base = {
      app_id: dev.appId,
      out_trade_no: orderNo,
      trade_no: "T-1",
      total_amount: "297.00",
      trade_status: "TRADE_SUCCESS",
      notify_id: "n1",
    };
    const send = async (fields: Record<string, string>) => (await postForm(s, NOTIFY, fields)).text();

    expect(await send({ ...dev.signNotify(base), total_amount: "0.01" })).toBe("fail"); // altered after signing
    expect(await send(dev.signNotify({ ...base, app_id: "someone-else" }))).toBe("fail");
    expect(await send(dev.signNotify({ ...base, total_amount: "2.97" }))).toBe("fail");
    expect(await send(dev.signNotify({ ...base, out_trade_no: "20990101000000000000" }))).toBe("fail");
    expect(await send({ ...base, sign: "" })).toBe("fail");
    expect((await s.services.signup.order(orderNo))!.status).toBe("PENDING");

    expect(await send(dev.signNotify({ ...base, trade_status: "WAIT_BUYER_PAY" }))).toBe("success");
    expect((await s.services.signup.order(orderNo))!.status).toBe("PENDING");

    const valid = dev.signNotify(base);
    expect(await send(valid)).toBe("success");
    const paid = (await s.services.signup.order(orderNo))!;
    expect(paid).toMatchObject({ status: "PAID", trade_no: "T-1" });

    expect(await send(valid)).toBe("success"); // the gateway repeats until it hears success
    expect(await send(dev.signNotify({ ...base, trade_status: "TRADE_FINISHED" }))).toBe("success");
    expect(await send(dev.signNotify({ ...base, trade_no: "T-2" }))).toBe("fail");
    const after = (await s.services.signup.order(orderNo))!;
    expect(after.paid_at).toBe(paid.paid_at);
    expect(after.trade_no).toBe("T-1");
  });
});
