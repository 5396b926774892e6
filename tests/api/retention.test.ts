import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ErasurePreview } from "../../contract/privacy";
import { type Config, loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db";
import { createLogger } from "../../server/logger";
import { type RunningServer, startServer } from "../../server/server";
import { createRetention } from "../../server/services/retention";
import { AdminClient, testPicture } from "../../tools/admin-client";
import { pgAdmin, pgUrl } from "../../tools/databases";
import { idNumber } from "../../tools/drill";
import { engines } from "../helpers/server";

let ipSeq = 0;
const ip = () => `10.8.${(ipSeq >> 8) & 255}.${++ipSeq & 255}`;

async function signup(url: string, n: number, contact: string) {
  const res = await fetch(`${url}/api/onlineApply/payCommit`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip() },
    body: JSON.stringify({
      productId: 278,
      menberProfession: "ANCHOR",
      signWay: "INDIVIDUAL",
      companyName: "",
      signer: "张三丰",
      idCardNumber: idNumber(n),
      contact,
      payer: "张三丰",
      orderNum: "2",
      totalPrice: 0.02,
      questionList: [
        { questionId: 112, answer: "1万至10万" },
        { questionId: 113, answer: "抖音" },
        { questionId: 1, answer: "主播" },
        { questionId: 23, answer: "理事" },
      ],
    }),
  });
  expect(res.status).toBe(200);
}

async function lead(url: string, phone: string): Promise<string> {
  const addr = ip();
  const fd = new FormData();
  fd.append("file", new Blob([new Uint8Array(await testPicture(40, 30))], { type: "image/png" }), "id.png");
  const up = await fetch(`${url}/api/upload`, {
    method: "POST",
    body: fd,
    headers: { "x-forwarded-for": addr },
  });
  const pic = ((await up.json()) as { data: { result: string } }).data.result;
  const res = await fetch(`${url}/api/mcn/insertMcnExpert`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": addr },
    body: JSON.stringify({ name: "李四", phone, idCopyPic: pic }),
  });
  expect(res.status).toBe(200);
  return pic;
}

describe.each(engines())("personal data retention on %s", (engine) => {
  let config: Config;
  let site: RunningServer;
  let second: Database;
  let dbName: string | undefined;
  const picFile = (pic: string) => path.join(config.DATA_DIR, "private", "mcn", path.basename(pic));

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(inject("dataDir"), "retention-"));
    fs.mkdirSync(path.join(dataDir, "uploads"));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      PORT: "0",
      HOST: "127.0.0.1",
    };
    if (engine === "sqlite") fs.copyFileSync(inject("sqliteTemplate"), path.join(dataDir, "site.db"));
    else {
      dbName = `dsn_ret_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
      await pgAdmin((c) => c.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject("pgTemplate")}`));
      env.DATABASE_URL = pgUrl(dbName);
    }
    config = loadConfig({ ...env, LOG_LEVEL: "silent" });
    site = await startServer({ config, logger: createLogger("silent") });
    // A second instance on the same database.
    second = await openDatabase({ dataDir, databaseUrl: config.DATABASE_URL, migrate: false });
  });
  afterAll(async () => {
    await second?.close();
    await site?.close();
    if (dbName) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
  });

  const retentionAuditCount = async () =>
    (
      await site.services.database.db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "retention_erase")
        .execute()
    ).length;

  it("erases ID numbers, ID copies and mobiles past PII_RETENTION_DAYS once, keeping amounts, products and dates", async () => {
    await signup(site.url, 1, "13700000001");
    await signup(site.url, 2, "13700000002");
    const pic = await lead(site.url, "13600000001");
    expect(fs.existsSync(picFile(pic))).toBe(true);
    const { db } = site.services.database;
    const before = await db.selectFrom("signup_orders").selectAll().orderBy("id").execute();

    // Today nothing is old enough.
    expect((await site.services.retention.runExpired()).orders).toBe(0);
    // An ID copy uploaded but never sent with a lead, older than the retention by the fake clock.
    const stray = path.join(config.DATA_DIR, "private", "mcn", `${"a".repeat(32)}.png`);
    fs.writeFileSync(stray, "x");
    const yearAgo = new Date(Date.now() - 30 * 86_400_000);
    fs.utimesSync(stray, yearAgo, yearAgo);

    const later = () => new Date(Date.now() + 366 * 86_400_000);
    const logger = createLogger("silent");
    const a = createRetention({
      database: site.services.database,
      dataDir: config.DATA_DIR,
      logger,
      days: 365,
      now: later,
    });
    const b = createRetention({ database: second, dataDir: config.DATA_DIR, logger, days: 365, now: later });
    const plan = await a.planExpired();
    expect(plan.orders.length).toBe(before.length);
    expect(plan.orders[0]!.fields).toEqual(["身份证号", "手机号", "签约人/付款人姓名"]);
    expect(plan.leads.some((l) => l.fields.includes("浏览器标识"))).toBe(true);
    expect(plan.leads.some((l) => l.fields.includes("身份证复印件"))).toBe(true);

    // Two instances at once (SQLite is one instance by design: its second handle runs after the first).
    const results =
      engine === "postgres"
        ? await Promise.all([a.runExpired(), b.runExpired()])
        : [await a.runExpired(), await b.runExpired()];
    expect(results.reduce((n, r) => n + r.orders, 0)).toBe(before.length);
    expect(results.reduce((n, r) => n + r.files, 0)).toBe(2);
    // the database files were scrubbed after it (SQLite: the WAL emptied; PostgreSQL: vacuumed)
    expect(results.map((r) => r.scrubbed)).toEqual([true, true]);
    expect(fs.existsSync(stray)).toBe(false);
    expect(await retentionAuditCount()).toBe(1);

    const after = await db.selectFrom("signup_orders").selectAll().orderBy("id").execute();
    for (const [i, o] of after.entries()) {
      const was = before[i]!;
      expect(o).toMatchObject({
        id_card_enc: null,
        id_card_masked: null,
        request_hash: null,
        order_no: was.order_no,
        product_id: was.product_id,
        total_fen: was.total_fen,
        quantity: was.quantity,
        status: was.status,
        created_at: was.created_at,
      });
      expect(o.contact).toMatch(/^1\d\d\*{4}\d{4}$/);
      expect(o.signer).not.toBe(was.signer);
    }
    const leads = await db.selectFrom("mcn_leads").selectAll().execute();
    for (const l of leads) {
      expect(l).toMatchObject({ id_copy_pic: null, channel_nickname: null, user_agent: null, ip_hash: null });
      expect(l.phone).toContain("****");
    }
    expect(fs.existsSync(picFile(pic))).toBe(false);

    // Idempotent: nothing left, no new audit entry.
    expect(await a.runExpired()).toMatchObject({ orders: 0, leads: 0 });
    expect(await retentionAuditCount()).toBe(1);
  });

  it("erases one person's data on request: the console shows what first, the erasure is audited", async () => {
    const mobile = "13911112222";
    await signup(site.url, 9, mobile);
    const pic = await lead(site.url, mobile);
    await signup(site.url, 10, "13911113333");

    const anonymous = await fetch(`${site.url}/api/admin/privacy/erasure/preview`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mobile }),
    });
    expect(anonymous.status).toBe(401);
    const admin = new AdminClient(site.url);
    admin.adopt(
      await admin.req("POST", "/api/admin/setup", {
        username: "chief",
        displayName: "总编",
        password: "correct-horse-battery",
      }),
    );
    const bad = await admin.req("POST", "/api/admin/privacy/erasure/preview", { mobile: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("请输入完整的手机号（仅数字）");

    // A POST: the mobile number never appears in a URL (access logs, history).
    const preview = await admin.req<ErasurePreview>("POST", "/api/admin/privacy/erasure/preview", { mobile });
    expect(preview.status).toBe(200);
    expect(preview.body.data.orders).toHaveLength(1);
    expect(preview.body.data.leads).toHaveLength(1);
    expect(preview.body.data.leads[0]!.fields).toContain("身份证复印件");
    expect(preview.body.data.retentionDays).toBe(365);

    const done = await admin.req<{ orders: number; leads: number; files: number; scrubbed: boolean }>(
      "POST",
      "/api/admin/privacy/erasure",
      {
        mobile,
      },
    );
    expect(done.body.data).toEqual({ orders: 1, leads: 1, files: 1, scrubbed: true });
    expect(fs.existsSync(picFile(pic))).toBe(false);
    const again = await admin.req<ErasurePreview>("POST", "/api/admin/privacy/erasure/preview", { mobile });
    expect(again.body.data.orders).toEqual([]);
    const audit = await site.services.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "erase_person")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toContain("139****2222");
    expect(audit[0]!.summary).not.toContain(mobile);
    // The other person's order is untouched.
    const other = await site.services.database.db
      .selectFrom("signup_orders")
      .select(["contact", "id_card_enc"])
      .where("contact", "=", "13911113333")
      .executeTakeFirst();
    expect(other?.id_card_enc).toBeTruthy();
  });
});
