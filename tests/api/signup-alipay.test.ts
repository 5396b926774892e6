import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadConfig } from "../../server/config";
import { startServer } from "../../server/server";
import { engines, startTestServer, type TestServer } from "../helpers/server";

const ID = "440524188001010014";
const GATEWAY = "https://openapi-sandbox.dl.alipaydev.com/gateway.do";
const APP_ID = "2021000000000001";

/** RSA2048 pairs made here: the app's (its private key configured) and one standing in for Alipay's. */
const pair = () =>
  crypto.generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
const app = pair();
const alipay = pair();

/** The signing string of Alipay's notifies and page-pay requests. */
const signingString = (p: Record<string, string>) =>
  Object.keys(p)
    .filter((k) => k !== "sign" && k !== "sign_type" && p[k] !== "")
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join("&");

/** A notify as Alipay sends it: RSA2 over the sorted fields with Alipay's private key. */
function alipayNotify(fields: Record<string, string>, key = alipay.privateKey): Record<string, string> {
  const sign = crypto.createSign("RSA-SHA256").update(signingString(fields), "utf8").sign(key, "base64");
  return { ...fields, sign_type: "RSA2", sign };
}

const payload = (over: Record<string, unknown> = {}) => ({
  productId: 415,
  menberProfession: "ORGANIZATION",
  signWay: "INDIVIDUAL",
  signer: "李四",
  idCardNumber: ID,
  contact: "19912345678",
  payer: "李四",
  orderNum: "2",
  questionList: [{ questionId: 121, answer: "星河研究院" }],
  ...over,
});

let ipSeq = 0;
async function commit(s: TestServer, body: unknown) {
  const res = await fetch(`${s.url}/api/onlineApply/payCommit`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${++ipSeq}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { statusCode: number; data: { result: string; orderNo: string } };
}

async function notify(s: TestServer, fields: Record<string, string>) {
  const res = await fetch(`${s.url}/api/onlineApply/alipayNotify`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    body: new URLSearchParams(fields).toString(),
  });
  expect(res.headers.get("content-type")).toContain("text/plain");
  return res.text();
}

const unescapeAttr = (v: string) => v.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

describe.each(engines())("Alipay payments on %s", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine, {
      env: {
        TRUST_PROXY: "true",
        PAYMENT_PROVIDER: "alipay",
        ALIPAY_APP_ID: APP_ID,
        // as an environment file holds it: one line with \n escapes
        ALIPAY_PRIVATE_KEY: app.privateKey.replace(/\n/g, "\\n"),
        ALIPAY_PUBLIC_KEY: alipay.publicKey,
        ALIPAY_GATEWAY: GATEWAY,
        PUBLIC_URL: "https://shop.example.com",
      },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it("answers Alipay's signed page-pay form (alipay.trade.page.pay), without personal data", async () => {
    const r = await commit(s, payload());
    expect(r.statusCode).toBe(1000);
    const html = r.data.result;
    expect(html).not.toContain(ID);
    expect(html).not.toContain("19912345678");
    expect(html).toContain(".submit.call(");
    const action = unescapeAttr(/<form id="paySubmit" action="([^"]+)" method="post">/.exec(html)![1]!);
    const url = new URL(action);
    expect(`${url.origin}${url.pathname}`).toBe(GATEWAY);
    const fields: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields[m[1]!] = unescapeAttr(m[2]!);
    expect(fields.method).toBe("alipay.trade.page.pay");
    expect(fields.app_id).toBe(APP_ID);
    expect(fields.notify_url).toBe("https://shop.example.com/api/onlineApply/alipayNotify");
    expect(fields.return_url).toBe(`https://shop.example.com/pay/result?orderNo=${r.data.orderNo}`);
    const biz = JSON.parse(fields.biz_content!) as Record<string, string>;
    expect(biz).toMatchObject({
      out_trade_no: r.data.orderNo,
      total_amount: "398.00",
      product_code: "FAST_INSTANT_TRADE_PAY",
    });
    // the request is signed with the app's private key: Alipay verifies it with the app's public key
    const ok = crypto
      .createVerify("RSA-SHA256")
      .update(
        Object.keys(fields)
          .filter((k) => k !== "sign")
          .sort()
          .map((k) => `${k}=${fields[k]}`)
          .join("&"),
        "utf8",
      )
      .verify(app.publicKey, fields.sign!, "base64");
    expect(ok).toBe(true);
  });

  it("notify: a valid signature marks PAID once; bad signature, app id, amount, order and replays change nothing", async () => {
    const r = await commit(s, payload());
    const orderNo = r.data.orderNo;
    const base = {
      app_id: APP_ID,
      out_trade_no: orderNo,
      trade_no: "2025060122001400000000000001",
      total_amount: "398.00",
      trade_status: "TRADE_SUCCESS",
      notify_time: "2025-06-01 12:00:00",
      notify_type: "trade_status_sync",
      notify_id: "ac05099524730693a8b330c5ecf72da9786",
      charset: "utf-8",
      version: "1.0",
      subject: "满100%可用", // a % in a value: checkNotifySignV2 does not decode again
    };
    const order = () => s.services.signup.order(orderNo);

    expect(await notify(s, { ...alipayNotify(base), total_amount: "0.01" })).toBe("fail"); // tampered
    expect(await notify(s, alipayNotify(base, app.privateKey))).toBe("fail"); // someone else's key
    expect(await notify(s, alipayNotify({ ...base, app_id: "2021000000000999" }))).toBe("fail");
    expect(await notify(s, alipayNotify({ ...base, total_amount: "3.98" }))).toBe("fail");
    expect(await notify(s, alipayNotify({ ...base, out_trade_no: "20990101000000123456" }))).toBe("fail");
    expect(await notify(s, { ...base })).toBe("fail"); // unsigned
    expect((await order())!.status).toBe("PENDING");

    expect(await notify(s, alipayNotify({ ...base, trade_status: "TRADE_CLOSED" }))).toBe("success");
    expect((await order())!.status).toBe("PENDING");

    const valid = alipayNotify(base);
    expect(await notify(s, valid)).toBe("success");
    const paid = (await order())!;
    expect(paid.status).toBe("PAID");
    expect(paid.trade_no).toBe(base.trade_no);

    expect(await notify(s, valid)).toBe("success"); // replay: acknowledged, nothing changes
    expect(await notify(s, alipayNotify({ ...base, trade_status: "TRADE_FINISHED" }))).toBe("success");
    expect(await notify(s, alipayNotify({ ...base, trade_no: "2025060122001400000000000002" }))).toBe("fail");
    const after = (await order())!;
    expect(after.paid_at).toBe(paid.paid_at);
    expect(after.trade_no).toBe(base.trade_no);

    const pub = (await s.services.signup.publicOrder(orderNo))!;
    expect(pub.status).toBe("PAID");
  });

  it("has no dev cashier", async () => {
    const res = await fetch(`${s.url}/api/pay/dev/confirm`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "orderNo=1&token=2",
    });
    expect(res.status).toBe(404);
  });
});

describe("payment and key settings", () => {
  const dataDir = () => inject("dataDir");

  it("refuses Alipay without its keys, unreadable keys and a malformed PII_KEY", async () => {
    const base = {
      DATA_DIR: dataDir(),
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      PORT: "0",
      HOST: "127.0.0.1",
    };
    const sqlitePath = path.join(dataDir(), `cfg-${process.pid}.db`);
    fs.copyFileSync(inject("sqliteTemplate"), sqlitePath);
    try {
      await expect(
        startServer({ config: loadConfig({ ...base, PAYMENT_PROVIDER: "alipay" }), sqlitePath }),
      ).rejects.toThrow("ALIPAY_APP_ID is required when PAYMENT_PROVIDER=alipay");
      await expect(
        startServer({
          config: loadConfig({
            ...base,
            PAYMENT_PROVIDER: "alipay",
            ALIPAY_APP_ID: APP_ID,
            ALIPAY_PRIVATE_KEY: "not-a-key",
            ALIPAY_PUBLIC_KEY: alipay.publicKey,
          }),
          sqlitePath,
        }),
      ).rejects.toThrow("ALIPAY_PRIVATE_KEY is not a readable RSA private key");
      expect(() => loadConfig({ ...base, PII_KEY: "abc" })).toThrow(/PII_KEY.*32 bytes/);
      expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
    } finally {
      for (const f of [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`]) fs.rmSync(f, { force: true });
    }
  });

  it("logs orders and payments without personal data", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const sqlitePath = path.join(dataDir(), `log-${process.pid}.db`);
    fs.copyFileSync(inject("sqliteTemplate"), sqlitePath);
    const running = await startServer({
      config: loadConfig({
        DATA_DIR: dataDir(),
        PORT: "0",
        HOST: "127.0.0.1",
        SEED_DEMO: "false",
        LOG_LEVEL: "debug",
      }),
      logger: pino({ level: "debug" }, sink),
      sqlitePath,
    });
    try {
      const s = running as unknown as TestServer;
      const r = await commit(s, payload());
      expect(r.statusCode).toBe(1000);
      const bad = await commit(s, payload({ idCardNumber: "440524188001010015" }));
      expect(bad.statusCode).toBe(400);
      const token = running.services.signup.payments.dev!.cashierToken(r.data.orderNo);
      await fetch(`${running.url}/api/pay/dev/confirm`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ orderNo: r.data.orderNo, token }).toString(),
        redirect: "manual",
      });
      expect((await running.services.signup.order(r.data.orderNo))!.status).toBe("PAID");
    } finally {
      await running.close();
      for (const f of [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`]) fs.rmSync(f, { force: true });
    }
    const log = lines.join("");
    expect(log).toContain("sign-up order created");
    expect(log).toContain("sign-up order paid");
    for (const secret of [ID, "44052418800101001", "19912345678", "李四", "星河研究院"])
      expect(log).not.toContain(secret);
  });
});
