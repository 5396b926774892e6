import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "../../contract/envelope";
import { MCN_MESSAGES } from "../../contract/mcn";
import { LEAD_LIMIT } from "../../server/entities/leads";
import { hashIp } from "../../server/http/client-ip";
import { engines, startTestServer, type TestServer } from "../helpers/server";

const BUSINESS = "/api/mcn/insertMcnBusiness";
const EXPERT = "/api/mcn/insertMcnExpert";

let ipSeq = 0;
/** A fresh visitor address per test (TRUST_PROXY is on), so the per-IP limit only bites where meant. */
const freshIp = () => `203.0.113.${++ipSeq}`;
let phoneSeq = 0;
const freshPhone = () => `139${String(10_000_000 + Math.floor(Math.random() * 80_000_000) + ++phoneSeq)}`;

type Body = {
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: Record<string, string>;
};

async function post(
  s: TestServer,
  path: string,
  body: Body,
  ip = freshIp(),
  referer = `${s.url}/wxmcn?tab=x`,
) {
  const headers: Record<string, string> = {
    "x-forwarded-for": ip,
    referer,
    "user-agent": "Mozilla/5.0 (test) MCN-form",
  };
  let payload: BodyInit | undefined;
  if (body.json !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body.json);
  } else if (body.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(body.form).toString();
  } else if (body.multipart) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(body.multipart)) fd.append(k, v);
    payload = fd;
  }
  const qs = body.query ? `?${new URLSearchParams(body.query)}` : "";
  const res = await fetch(`${s.url}${path}${qs}`, { method: "POST", headers, body: payload });
  return { status: res.status, body: (await res.json()) as Envelope<unknown> };
}

describe.each(engines())("MCN lead API on %s", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine, { env: { TRUST_PROXY: "true", IP_HASH_SALT: "test-salt" } });
  });
  afterAll(async () => {
    await s?.close();
  });

  const leadsOf = async (phone: string) =>
    (await s.services.mcn.list({ limit: 1000 })).filter((l) => l.phone === phone);

  const business = (phone: string) => ({
    contactName: "张三",
    contactPhone: phone,
    brand: "好物铺子",
    role: "品牌负责人",
  });
  const expert = (phone: string) => ({
    name: "李四",
    phone,
    channelNickname: "李四的生活志",
    channelLink: "https://www.xiaohongshu.com/user/profile/5f1a2b3c",
  });

  it("stores a merchant lead sent as query parameters, as the original client does", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    const r = await post(s, BUSINESS, { query: business(phone) }, ip);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ statusCode: 1000, message: "提交成功", data: { result: true } });
    const [lead, ...more] = await leadsOf(phone);
    expect(more).toEqual([]);
    expect(lead).toMatchObject({
      form: "business",
      name: "张三",
      phone,
      brand: "好物铺子",
      role: "品牌负责人",
      channelNickname: null,
      sourcePage: "/wxmcn",
      userAgent: "Mozilla/5.0 (test) MCN-form",
      status: "new",
    });
    // The IP is kept only as a salted hash.
    expect(lead!.ipHash).toBe(hashIp(ip, "test-salt"));
    expect(JSON.stringify(lead)).not.toContain(ip);
    expect(Date.now() - Date.parse(lead!.createdAt)).toBeLessThan(60_000);
  });

  it.each([
    ["a JSON body", (v: Record<string, string>) => ({ json: v })],
    ["a urlencoded body", (v: Record<string, string>) => ({ form: v })],
    ["a multipart body", (v: Record<string, string>) => ({ multipart: v })],
  ])("stores both forms sent as %s", async (_name, wrap) => {
    const p1 = freshPhone();
    const p2 = freshPhone();
    expect((await post(s, BUSINESS, wrap(business(p1)))).body.message).toBe("提交成功");
    expect((await post(s, EXPERT, wrap(expert(p2)))).body.message).toBe("提交成功");
    expect(await leadsOf(p1)).toHaveLength(1);
    expect(await leadsOf(p2)).toMatchObject([{ form: "expert", name: "李四" }]);
  });

  it("keeps the channel nickname and the channel link in their own fields", async () => {
    const phone = freshPhone();
    await post(s, EXPERT, { query: expert(phone) });
    const [lead] = await leadsOf(phone);
    expect(lead).toMatchObject({
      phone,
      channelNickname: "李四的生活志",
      channelLink: "https://www.xiaohongshu.com/user/profile/5f1a2b3c",
      idCopyPic: null,
    });
  });

  it("accepts a phone as a JSON number, with +86 and separators, and a landline", async () => {
    const mobile = freshPhone();
    await post(s, BUSINESS, { json: { ...business(mobile), contactPhone: Number(mobile) } });
    expect(await leadsOf(mobile)).toHaveLength(1);
    const spaced = freshPhone();
    await post(s, BUSINESS, {
      query: {
        ...business(spaced),
        contactPhone: `+86 ${spaced.slice(0, 3)}-${spaced.slice(3, 7)}-${spaced.slice(7)}`,
      },
    });
    expect(await leadsOf(spaced)).toHaveLength(1);
    await post(s, EXPERT, { query: { name: "王五", phone: "0571-8888 6666" } });
    expect(await leadsOf("057188886666")).toMatchObject([{ form: "expert", channelLink: null }]);
  });

  const long = "字".repeat(101);
  it.each([
    [BUSINESS, { contactName: undefined }, MCN_MESSAGES.contactName],
    [BUSINESS, { contactName: "   " }, MCN_MESSAGES.contactName],
    [BUSINESS, { contactPhone: undefined }, MCN_MESSAGES.contactPhone],
    [BUSINESS, { contactPhone: "" }, MCN_MESSAGES.contactPhone],
    [BUSINESS, { brand: undefined }, MCN_MESSAGES.brand],
    [BUSINESS, { role: undefined }, MCN_MESSAGES.role],
    [BUSINESS, { role: "" }, MCN_MESSAGES.role],
    [BUSINESS, { contactPhone: "12345" }, MCN_MESSAGES.phoneFormat],
    [BUSINESS, { contactPhone: "12812345678" }, MCN_MESSAGES.phoneFormat],
    [BUSINESS, { contactPhone: "abc13812345678" }, MCN_MESSAGES.phoneFormat],
    [BUSINESS, { contactName: long }, "联系人不能超过 100 个字符"],
    [BUSINESS, { brand: long }, "品牌名不能超过 100 个字符"],
    [BUSINESS, { role: long }, "角色不能超过 100 个字符"],
    [EXPERT, { name: undefined }, MCN_MESSAGES.name],
    [EXPERT, { phone: undefined }, MCN_MESSAGES.phone],
    [EXPERT, { phone: "1381234567" }, MCN_MESSAGES.phoneFormat],
    [EXPERT, { name: long }, "姓名不能超过 100 个字符"],
    [EXPERT, { channelNickname: long }, "主阵地昵称不能超过 100 个字符"],
    [EXPERT, { channelLink: "www.douyin.com/user/abc" }, MCN_MESSAGES.channelLink],
    [EXPERT, { channelLink: "javascript:alert(1)" }, MCN_MESSAGES.channelLink],
    [EXPERT, { channelLink: "ftp://example.com/a" }, MCN_MESSAGES.channelLink],
    [EXPERT, { channelLink: `https://example.com/${"a".repeat(100)}` }, "主阵地链接不能超过 100 个字符"],
    [EXPERT, { idCopyPic: "https://evil.example/x.png" }, MCN_MESSAGES.idCopyPic],
    [EXPERT, { idCopyPic: "/uploads/mcn/../../site.db" }, MCN_MESSAGES.idCopyPic],
    [EXPERT, { idCopyPic: `/uploads/mcn/${"0".repeat(32)}.png` }, MCN_MESSAGES.idCopyPic],
  ])("%s %j → 400 %s", async (path, patch, message) => {
    const phone = freshPhone();
    const base: Record<string, string | undefined> = path === BUSINESS ? business(phone) : expert(phone);
    const values = Object.fromEntries(
      Object.entries({ ...base, ...patch }).filter((e): e is [string, string] => e[1] !== undefined),
    );
    for (const body of [{ query: values }, { json: values }]) {
      const r = await post(s, path, body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ statusCode: 400, message, data: null });
    }
    expect(await leadsOf(phone)).toEqual([]);
  });

  it("treats the same phone on the same form within 10 minutes as one lead", async () => {
    const phone = freshPhone();
    const first = await post(s, BUSINESS, { query: business(phone) });
    const again = await post(s, BUSINESS, { json: { ...business(phone), brand: "另一个品牌" } });
    expect(first.body.message).toBe("提交成功");
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("提交成功");
    expect(await leadsOf(phone)).toMatchObject([{ form: "business", brand: "好物铺子" }]);
    // The other form with the same phone is another lead.
    await post(s, EXPERT, { query: expert(phone) });
    expect((await leadsOf(phone)).map((l) => l.form).sort()).toEqual(["business", "expert"]);
  });

  it("stores one lead for simultaneous repeats (double clicks)", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(s, EXPERT, { json: expert(phone) }, ip)),
    );
    expect(answers.every((a) => a.status === 200 && a.body.message === "提交成功")).toBe(true);
    expect(await leadsOf(phone)).toHaveLength(1);
    // Closer together than HTTP can bring them: straight into the service, 20 at once.
    const other = freshPhone();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.services.mcn.submit(
          "expert",
          { name: "李四", phone: other, channelNickname: undefined, channelLink: undefined },
          { ipHash: `race-${i}` },
        ),
      ),
    );
    expect(outcomes.filter((o) => o.outcome === "stored")).toHaveLength(1);
    expect(await leadsOf(other)).toHaveLength(1);
  });

  it("stores the phone again once the earlier lead is older than 10 minutes", async () => {
    const phone = freshPhone();
    await post(s, BUSINESS, { query: business(phone) });
    const [old] = await leadsOf(phone);
    await s.services.database.db
      .updateTable("mcn_leads")
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where("id", "=", old!.id)
      .execute();
    await post(s, BUSINESS, { query: business(phone) });
    expect(await leadsOf(phone)).toHaveLength(2);
  });

  it("answers a filled honeypot with success and stores nothing", async () => {
    const p1 = freshPhone();
    const p2 = freshPhone();
    const r1 = await post(s, BUSINESS, { query: { ...business(p1), website: "http://spam.example" } });
    const r2 = await post(s, EXPERT, { json: { ...expert(p2), website: "x" } });
    for (const r of [r1, r2])
      expect(r.body).toEqual({ statusCode: 1000, message: "提交成功", data: { result: true } });
    expect(await leadsOf(p1)).toEqual([]);
    expect(await leadsOf(p2)).toEqual([]);
    // An empty honeypot is a person.
    const p3 = freshPhone();
    await post(s, BUSINESS, { form: { ...business(p3), website: "" } });
    expect(await leadsOf(p3)).toHaveLength(1);
  });

  it("limits submits per IP with a Chinese 429, shared by both forms", async () => {
    const ip = freshIp();
    for (let i = 0; i < LEAD_LIMIT.points; i++) {
      const path = i % 2 ? EXPERT : BUSINESS;
      const phone = freshPhone();
      const r = await post(s, path, { query: path === BUSINESS ? business(phone) : expert(phone) }, ip);
      expect(r.status).toBe(200);
    }
    const phone = freshPhone();
    const over = await post(s, EXPERT, { query: expert(phone) }, ip);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ statusCode: 429, message: "提交过于频繁，请稍后再试", data: null });
    expect(await leadsOf(phone)).toEqual([]);
    // Another visitor is not affected.
    expect((await post(s, EXPERT, { query: expert(phone) }, freshIp())).status).toBe(200);
  });

  it("documents both endpoints in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { post?: { parameters: { name: string; required: boolean }[] } }>;
    };
    const b = doc.paths[BUSINESS]?.post?.parameters ?? [];
    expect(b.filter((p) => p.required).map((p) => p.name)).toEqual([
      "contactName",
      "contactPhone",
      "brand",
      "role",
    ]);
    const e = doc.paths[EXPERT]?.post?.parameters ?? [];
    expect(e.map((p) => p.name)).toEqual([
      "name",
      "phone",
      "channelNickname",
      "channelLink",
      "idCopyPic",
      "website",
    ]);
    expect(e.filter((p) => p.required).map((p) => p.name)).toEqual(["name", "phone"]);
  });
});
