import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "../../contract/envelope";
import { UPLOAD_MAX_BYTES } from "../../contract/mcn";
import { wechatPushSignature } from "../../fakes/wechat-mp";
import { SIGNUP_LIMIT } from "../../server/api/signup";
import { LEAD_LIMIT } from "../../server/entities/leads";
import { capBody, DEFAULT_MAX_BODY_BYTES, MULTIPART_ROOM_BYTES } from "../../server/http/body-limit";
import { AppError } from "../../server/services/errors";
import { type AdminClient, articleForm, firstAdmin } from "../../tools/admin-client";
import { engines, startTestServer, type TestServer } from "../helpers/server";

const BUSINESS = "/api/mcn/insertMcnBusiness";
const PUSH_TOKEN = "bodyLimitPushToken";
const MB = 1024 * 1024;

let ipSeq = 0;
/** A fresh visitor address per request (TRUST_PROXY is on), so the per-IP limits bite only where meant. */
const freshIp = () => `192.0.2.${(++ipSeq % 250) + 1}`;
let phoneSeq = 0;
const freshPhone = () => `137${String(10_000_000 + Math.floor(Math.random() * 80_000_000) + ++phoneSeq)}`;
const business = (phone: string) => ({
  contactName: "张三",
  contactPhone: phone,
  brand: "好物铺子",
  role: "品牌负责人",
});

interface Sent {
  status: number;
  text: string;
  /** bytes of the body the client had written when the answer's head arrived */
  written: number;
  /** whether the whole body had been written by then */
  finished: boolean;
  connection: string | undefined;
}

/**
 * A POST whose body comes from a generator of `total` bytes in 64 KB chunks, written as fast as the
 * server takes them and no further once the answer has come: chunked, or with its length declared
 * (`declare`). With `declare` and `total` 0 only the head is sent, announcing `declare` bytes.
 */
function send(
  s: { url: string },
  path: string,
  o: { total: number; declare?: number; headers?: Record<string, string>; fill?: number },
): Promise<Sent> {
  const u = new URL(s.url);
  const chunk = Buffer.alloc(64 * 1024, o.fill ?? 0x20);
  return new Promise<Sent>((resolve, reject) => {
    let written = 0;
    let answer: Omit<Sent, "text"> | undefined;
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method: "POST",
        path,
        headers: {
          "x-forwarded-for": freshIp(),
          ...o.headers,
          ...(o.declare !== undefined ? { "content-length": String(o.declare) } : {}),
        },
      },
      (res) => {
        answer = {
          status: res.statusCode ?? 0,
          written,
          finished: written >= o.total,
          connection: res.headers.connection,
        };
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          text += d;
        });
        res.on("end", () => {
          resolve({ ...answer!, text });
          req.destroy();
        });
      },
    );
    // Once the answer has come the server may close the connection while the body is still coming.
    req.on("error", (err) => (answer ? undefined : reject(err)));
    const pump = () => {
      while (!answer && written < o.total) {
        const n = Math.min(chunk.length, o.total - written);
        written += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
          return void req.once("drain", pump);
      }
      if (!answer && o.declare === undefined) req.end();
      if (!answer && o.declare !== undefined && written >= o.declare) req.end();
      if (!answer && o.total === 0) req.flushHeaders();
    };
    pump();
  });
}

const envelope = (text: string) => JSON.parse(text) as Envelope<unknown>;

describe.each(engines())("request bodies on %s", (engine) => {
  let s: TestServer;
  let admin: AdminClient;
  beforeAll(async () => {
    s = await startTestServer(engine, { env: { TRUST_PROXY: "true", WECHAT_CALLBACK_TOKEN: PUSH_TOKEN } });
    admin = await firstAdmin(s.url);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("answers a 64 MB chunked JSON body with an early 413, holding none of it", async () => {
    const rss = process.memoryUsage().rss;
    const r = await send(s, BUSINESS, {
      total: 64 * MB,
      headers: { "content-type": "application/json" },
      fill: 0x7b, // "{{{{…": never valid, so only the cap can answer
    });
    const grew = process.memoryUsage().rss - rss;
    expect(r.status).toBe(413);
    expect(envelope(r.text)).toEqual({ statusCode: 413, message: "请求内容过大，不能超过 1 MB", data: null });
    // The answer came while most of the body was still unsent: the server stopped reading at the cap.
    expect(r.finished).toBe(false);
    expect(r.written).toBeLessThan(16 * MB);
    expect(r.connection).toBe("close");
    expect(grew).toBeLessThan(40 * MB);
    // And the server goes on serving.
    expect((await s.get("/api/product/content/list?page=1&pageSize=1")).status).toBe(200);
  });

  it("refuses a declared length over the cap at once, reading nothing", async () => {
    const r = await send(s, BUSINESS, {
      total: 0,
      declare: 64 * MB,
      headers: { "content-type": "application/json" },
    });
    expect([r.status, r.written]).toEqual([413, 0]);
    expect(envelope(r.text).message).toBe("请求内容过大，不能超过 1 MB");
  });

  it("takes a body just under 1 MB, declared or chunked", async () => {
    for (const chunked of [false, true]) {
      const phone = freshPhone();
      const head = JSON.stringify({ ...business(phone), padding: "" });
      const json = JSON.stringify({
        ...business(phone),
        padding: "x".repeat(DEFAULT_MAX_BODY_BYTES - Buffer.byteLength(head) - 1),
      });
      expect(Buffer.byteLength(json)).toBe(DEFAULT_MAX_BODY_BYTES - 1);
      const body = chunked
        ? new ReadableStream<Uint8Array>({
            start(c) {
              c.enqueue(new TextEncoder().encode(json));
              c.close();
            },
          })
        : json;
      const res = await fetch(s.url + BUSINESS, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
        body,
        duplex: "half",
      } as RequestInit);
      expect([chunked, res.status, ((await res.json()) as Envelope<unknown>).message]).toEqual([
        chunked,
        200,
        "提交成功",
      ]);
      const leads = (await s.services.mcn.list({ limit: 1000 })).filter((l) => l.phone === phone);
      expect(leads).toHaveLength(1);
    }
    // One byte more is over.
    const over = await send(s, BUSINESS, {
      total: DEFAULT_MAX_BODY_BYTES + 1,
      declare: DEFAULT_MAX_BODY_BYTES + 1,
      headers: { "content-type": "application/json" },
    });
    expect(over.status).toBe(413);
  });

  it("caps form bodies too, urlencoded and multipart", async () => {
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const r = await send(s, BUSINESS, { total: 8 * MB, headers: { "content-type": type } });
      expect([type, r.status, r.finished]).toEqual([type, 413, false]);
    }
  });

  it("gives each upload its own cap: a lead picture up to 5 MB, refused past it", async () => {
    // A picture over the 1 MB of other bodies is taken.
    const noise = Buffer.alloc(900 * 700 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: 900, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(MB);
    const fd = new FormData();
    fd.append("file", new Blob([png], { type: "image/png" }), "big.png");
    const ok = await fetch(`${s.url}/api/upload`, {
      method: "POST",
      body: fd,
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(ok.status).toBe(200);
    // Past 5 MB and its framing: 413 before reading, declared or chunked.
    const cap = UPLOAD_MAX_BYTES + MULTIPART_ROOM_BYTES;
    const headers = { "content-type": "multipart/form-data; boundary=----x" };
    const declared = await send(s, "/api/upload", { total: 0, declare: cap + 1, headers });
    const chunked = await send(s, "/api/upload", { total: 64 * MB, headers });
    for (const r of [declared, chunked]) {
      expect(r.status).toBe(413);
      expect(envelope(r.text)).toEqual({ statusCode: 413, message: "图片不能超过 5 MB", data: null });
    }
    expect(declared.written).toBe(0);
    expect(chunked.finished).toBe(false);
  });

  it("gives console uploads and long texts their caps, checked after the session", async () => {
    // Without a session a huge body is refused for that, not read.
    const anonymous = await send(s, "/api/admin/upload?kind=article", {
      total: 0,
      declare: 64 * MB,
      headers: { "content-type": "multipart/form-data; boundary=x", origin: s.url },
    });
    expect(anonymous.status).toBe(401);
    const signedIn = { cookie: admin.cookie, "x-csrf-token": admin.csrf, origin: s.url };
    const picture = await send(s, "/api/admin/upload?kind=article", {
      total: 64 * MB,
      headers: { ...signedIn, "content-type": "multipart/form-data; boundary=x" },
    });
    expect([picture.status, envelope(picture.text).message, picture.finished]).toEqual([
      413,
      "图片不能超过 8 MB",
      false,
    ]);
    const column = await send(s, "/api/admin/columns", {
      total: 2 * MB,
      headers: { ...signedIn, "content-type": "application/json" },
    });
    expect([column.status, envelope(column.text).message]).toEqual([413, "请求内容过大，不能超过 1 MB"]);
    // An article's body of 400,000 characters (1.2 MB as JSON) is within its own cap.
    const content = `<p>${"电商".repeat(200_000)}</p>`;
    const saved = await admin.req<{ id: number }>("POST", "/api/admin/articles", articleForm({ content }));
    expect(saved.status).toBe(200);
    expect((await s.services.content.article(saved.body.data.id)).content).toBe(content);
  });

  it("counts a streamed upload as it passes: a chunked WordPress export is taken whole", async () => {
    const xml = `<?xml version="1.0"?><rss><channel><title>旧站</title>${"<!-- 填充 -->".repeat(100_000)}</channel></rss>`;
    const bytes = Buffer.from(xml);
    expect(bytes.length).toBeGreaterThan(MB);
    const res = await fetch(`${s.url}/api/admin/imports/wordpress?name=chunked.xml`, {
      method: "POST",
      headers: { cookie: admin.cookie, "x-csrf-token": admin.csrf, "content-type": "application/xml" },
      body: new ReadableStream<Uint8Array>({
        start(c) {
          for (let at = 0; at < bytes.length; at += 64 * 1024) c.enqueue(bytes.subarray(at, at + 64 * 1024));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    const answer = (await res.json()) as Envelope<{ fileBytes: number }>;
    expect([res.status, answer.data?.fileBytes]).toEqual([200, bytes.length]);
  });

  it("states every cap in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as {
      info: { description: string };
      paths: Record<string, Record<string, { description?: string; "x-max-body-bytes"?: number }>>;
    };
    const op = (path: string, method: string) => doc.paths[path]![method]!;
    expect(op(BUSINESS, "post")["x-max-body-bytes"]).toBe(MB);
    expect(op(BUSINESS, "post").description).toContain("Body: at most 1 MB (413 past it");
    expect(op("/api/upload", "post")["x-max-body-bytes"]).toBe(UPLOAD_MAX_BYTES + MULTIPART_ROOM_BYTES);
    expect(op("/api/admin/upload", "post")["x-max-body-bytes"]).toBe(8 * MB + MULTIPART_ROOM_BYTES);
    expect(op("/api/admin/imports/wordpress", "post")["x-max-body-bytes"]).toBe(512 * MB);
    expect(op("/api/admin/articles", "post")["x-max-body-bytes"]).toBe(4 * MB);
    expect(op("/api/wechat/callback", "post")["x-max-body-bytes"]).toBe(64 * 1024);
    expect(op("/api/product/content/list", "get")["x-max-body-bytes"]).toBeUndefined();
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, o] of Object.entries(ops))
        if (method !== "get")
          expect([path, method, typeof o["x-max-body-bytes"]]).toEqual([path, method, "number"]);
    expect(doc.info.description).toContain("Request bodies are capped (1 MB");
  });

  it("counts the rate limit before reading the body: over it, 429 whatever comes", async () => {
    const ip = "192.0.2.251";
    // Broken bodies count like good ones: the limit is taken before the body is parsed.
    for (let i = 0; i < LEAD_LIMIT.points; i++) {
      const r = await fetch(s.url + BUSINESS, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: "{not json",
      });
      expect(r.status).toBe(400);
    }
    const broken = await fetch(s.url + BUSINESS, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: "{not json",
    });
    expect([broken.status, ((await broken.json()) as Envelope<unknown>).message]).toEqual([
      429,
      "提交过于频繁，请稍后再试",
    ]);
    const huge = await send(s, BUSINESS, {
      total: 0,
      declare: 64 * MB,
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
    });
    expect([huge.status, huge.written]).toEqual([429, 0]);

    const signupIp = "192.0.2.252";
    for (let i = 0; i < SIGNUP_LIMIT.points; i++) {
      const r = await fetch(`${s.url}/api/onlineApply/payCommit`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": signupIp },
        body: "[",
      });
      expect(r.status).toBe(400);
    }
    const signup = await send(s, "/api/onlineApply/payCommit", {
      total: 64 * MB,
      headers: { "content-type": "application/json", "x-forwarded-for": signupIp },
    });
    expect([signup.status, envelope(signup.text).message, signup.finished]).toEqual([
      429,
      "提交过于频繁，请稍后再试",
      false,
    ]);
  });

  it("caps a WeChat push at 64 KB, chunked or declared", async () => {
    const query = () => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = `${process.pid}${Date.now()}${++ipSeq}`;
      const signature = wechatPushSignature(PUSH_TOKEN, timestamp, nonce);
      return new URLSearchParams({ signature, timestamp, nonce }).toString();
    };
    const headers = { "content-type": "text/xml" };
    const chunked = await send(s, `/api/wechat/callback?${query()}`, { total: 64 * MB, headers, fill: 0x3c });
    const declared = await send(s, `/api/wechat/callback?${query()}`, {
      total: 0,
      declare: 64 * 1024 + 1,
      headers,
    });
    for (const r of [chunked, declared])
      expect(envelope(r.text)).toEqual({ statusCode: 413, message: "推送内容过大", data: null });
    expect(chunked.finished).toBe(false);
    expect(declared.written).toBe(0);
  });

  it("caps what is posted to a page", async () => {
    const r = await send(s, "/wxmcn", {
      total: 64 * MB,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([r.status, r.text, r.finished]).toEqual([413, "请求内容过大，不能超过 1 MB", false]);
  });
});

describe("a streamed body's cap", () => {
  // The WordPress import's cap is 512 MB; the same cap on a small app shows a stream stopped at it.
  let server: ServerType;
  let url: string;
  let received = 0;
  beforeAll(async () => {
    const app = new Hono();
    app.onError((err, c) =>
      err instanceof AppError
        ? c.json({ message: err.message }, err.status)
        : c.json({ message: "bug" }, 500),
    );
    app.post("/in", capBody({ maxBytes: 256 * 1024, streamed: true, message: "文件过大" }), async (c) => {
      for await (const chunk of Readable.fromWeb(c.req.raw.body as never))
        received += (chunk as Buffer).length;
      return c.json({ received });
    });
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((r) => server.once("listening", () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  it("passes a body under the cap and refuses one past it with 413, unread beyond", async () => {
    const under = await send({ url }, "/in", { total: 200 * 1024 });
    expect([under.status, JSON.parse(under.text)]).toEqual([200, { received: 200 * 1024 }]);
    received = 0;
    const over = await send({ url }, "/in", { total: 64 * MB });
    expect([over.status, JSON.parse(over.text), over.finished]).toEqual([
      413,
      { message: "文件过大" },
      false,
    ]);
    expect(received).toBeLessThanOrEqual(256 * 1024);
    const declared = await send({ url }, "/in", { total: 0, declare: 256 * 1024 + 1 });
    expect([declared.status, declared.written]).toEqual([413, 0]);
  });
});
