import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createBackup, listFiles } from "../../server/backup/create";
import { pgToolEnv } from "../../server/backup/database";
import { unpackAndVerify } from "../../server/backup/restore";
import { loadConfig } from "../../server/config";
import { firstAdmin, testPicture } from "../../tools/admin-client";
import { pgAdmin, pgUrl } from "../../tools/databases";
import { idNumber } from "../../tools/drill";
import { engines } from "../helpers/server";
import { type SiteProcess, startSiteProcess } from "../helpers/site-process";

/**
 * Erased means gone (docs/product.md "Personal data"): one person's MCN lead (with an ID copy) and
 * sign-up order are erased on request; then no file under DATA_DIR (database, WAL, private/,
 * uploads/, logs), no backup taken afterwards (decrypted) and no console answer holds the mobile,
 * the name, the nickname, the free-text answer or a slice of the ID picture. On PostgreSQL the
 * database's content is read through pg_dump (the test does not own the cluster's files).
 */

const PASS = "forensic backup passphrase";

/** Every file under `root` that holds any of the needles, with the needle's label. */
function findIn(root: string, needles: Record<string, Buffer>): string[] {
  const hits: string[] = [];
  for (const rel of listFiles(root)) {
    const data = fs.readFileSync(path.join(root, rel));
    for (const [label, needle] of Object.entries(needles))
      if (data.includes(needle)) hits.push(`${rel}: ${label}`);
  }
  return hits;
}

function findInText(what: string, text: Buffer | string, needles: Record<string, Buffer>): string[] {
  const data = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return Object.entries(needles)
    .filter(([, n]) => data.includes(n))
    .map(([label]) => `${what}: ${label}`);
}

describe.each(engines())("erasure on %s leaves nothing to find", (engine) => {
  const cleanup: (() => unknown)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it("no trace of the person in DATA_DIR, a later backup or the console", async () => {
    const root = fs.mkdtempSync(path.join(inject("dataDir"), `forensic-${engine}-`));
    cleanup.push(() => fs.rmSync(root, { recursive: true, force: true }));
    const dataDir = path.join(root, "data");
    fs.mkdirSync(dataDir);
    let databaseUrl: string | undefined;
    if (engine === "sqlite") fs.copyFileSync(inject("sqliteTemplate"), path.join(dataDir, "site.db"));
    else {
      const db = `dsn_forensic_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
      await pgAdmin((c) => c.query(`CREATE DATABASE ${db} TEMPLATE ${inject("pgTemplate")}`));
      cleanup.push(() => pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)));
      databaseUrl = pgUrl(db);
    }
    const env = {
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const site: SiteProcess = await startSiteProcess(env);
    cleanup.push(() => site.kill("SIGKILL"));

    const tag = crypto.randomBytes(3).toString("hex");
    const mobile = `139${String(crypto.randomInt(10_000_000, 99_999_999))}`;
    const name = "欧阳娜娜";
    const nickname = `娜娜好物${tag}`;
    const marker = `家住幸福路${tag}号`;
    const headers = { "content-type": "application/json", "x-forwarded-for": "10.44.0.1" };

    // The lead, with its ID copy.
    const fd = new FormData();
    fd.append(
      "file",
      new Blob([new Uint8Array(await testPicture(120, 80))], { type: "image/png" }),
      "身份证.png",
    );
    const up = await fetch(`${site.url}/api/upload`, {
      method: "POST",
      body: fd,
      headers: { "x-forwarded-for": "10.44.0.1" },
    });
    expect(up.status).toBe(200);
    const pic = ((await up.json()) as { data: { result: string } }).data.result;
    const lead = await fetch(`${site.url}/api/mcn/insertMcnExpert`, {
      method: "POST",
      headers: { ...headers, "user-agent": `ForensicBrowser/${tag}` },
      body: JSON.stringify({
        name,
        phone: mobile,
        channelNickname: nickname,
        channelLink: `https://live.example.com/${tag}`,
        idCopyPic: pic,
      }),
    });
    expect(lead.status, await lead.clone().text()).toBe(200);

    // The order, with a typed-in answer.
    const order = await fetch(`${site.url}/api/onlineApply/payCommit`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        productId: 278,
        menberProfession: "ANCHOR",
        signWay: "INDIVIDUAL",
        companyName: "",
        shopName: `娜娜的小店${tag}`,
        signer: name,
        idCardNumber: idNumber(77),
        contact: mobile,
        payer: name,
        orderNum: "1",
        totalPrice: 0.01,
        questionList: [
          { questionId: 112, answer: "1万至10万" },
          { questionId: 113, answer: "抖音" },
          { questionId: 115, answer: marker },
          { questionId: 1, answer: "主播" },
          { questionId: 23, answer: "理事" },
        ],
      }),
    });
    expect(order.status, await order.clone().text()).toBe(200);

    // An admin looks at the ID copy and exports the person's leads (the filter names the mobile).
    const admin = await firstAdmin(site.url);
    const leads = await admin.req<{ items: { id: number; phone: string }[] }>(
      "GET",
      "/api/admin/leads?pageSize=100",
    );
    const leadId = leads.body.data.items.find((l) => l.phone === mobile)!.id;
    const view = await admin.req("GET", `/api/admin/leads/${leadId}/id-copy`, undefined, { raw: true });
    expect(view.status).toBe(200);
    expect((await admin.req("POST", "/api/admin/leads/export", { q: mobile }, { raw: true })).status).toBe(
      200,
    );

    const needles: Record<string, Buffer> = {
      mobile: Buffer.from(mobile),
      name: Buffer.from(name),
      nickname: Buffer.from(nickname),
      "free-text answer": Buffer.from(marker),
      "ID picture": view.bytes.subarray(100, 164),
    };
    const picture = { "ID picture": needles["ID picture"]! };

    // Control: the search finds the person before the erasure (the database or its WAL), and never
    // the ID picture (encrypted at rest); an archive's bytes hold neither (encrypted).
    expect(findIn(dataDir, needles).some((h) => h.endsWith(": mobile"))).toBe(engine === "sqlite");
    expect(findIn(dataDir, picture)).toEqual([]);
    const config = loadConfig({ ...env, LOG_LEVEL: "silent" });
    const before = await createBackup({ config, dir: path.join(root, "backups-before"), passphrase: PASS });
    expect(findInText("archive", fs.readFileSync(before.file), needles)).toEqual([]);
    const beforeOpen = path.join(root, "before-open");
    await unpackAndVerify(before.file, beforeOpen, PASS);
    const opened =
      engine === "sqlite"
        ? findIn(beforeOpen, needles)
        : findIn(path.join(beforeOpen, "db", "rows"), needles);
    expect(opened.some((h) => h.endsWith(": mobile"))).toBe(true);
    expect(opened.filter((h) => h.endsWith(": ID picture"))).toEqual([]);

    // The erasure.
    const done = await admin.req<{ orders: number; leads: number; files: number; scrubbed: boolean }>(
      "POST",
      "/api/admin/privacy/erasure",
      { mobile },
    );
    expect(done.body.data).toEqual({ orders: 1, leads: 1, files: 1, scrubbed: true });

    // The console's answers.
    const answers: string[] = [];
    for (const p of [
      "/api/admin/leads",
      `/api/admin/leads/${leadId}`,
      "/api/admin/orders",
      "/api/admin/audit",
      "/api/admin/dashboard",
    ]) {
      const res = await admin.req("GET", p, undefined, { raw: true });
      expect(res.status, p).toBe(200);
      answers.push(...findInText(p, res.bytes, needles));
    }
    const orders = await admin.req<{ items: { id: number }[] }>("GET", "/api/admin/orders");
    for (const o of orders.body.data.items) {
      const res = await admin.req("GET", `/api/admin/orders/${o.id}`, undefined, { raw: true });
      answers.push(...findInText(`/api/admin/orders/${o.id}`, res.bytes, needles));
    }
    for (const p of ["/api/admin/leads/export", "/api/admin/orders/export"]) {
      const res = await admin.req("POST", p, {}, { raw: true });
      expect(res.status, p).toBe(200);
      answers.push(...findInText(p, res.bytes, needles));
    }
    expect((await admin.req("GET", `/api/admin/leads/${leadId}/id-copy`)).status).toBe(404);
    expect(answers).toEqual([]);

    // A backup taken afterwards, opened with its passphrase.
    const after = await createBackup({ config, dir: path.join(root, "backups-after"), passphrase: PASS });
    const open = path.join(root, "after-open");
    await unpackAndVerify(after.file, open, PASS);
    const inBackup = findIn(open, needles);
    if (engine === "postgres") {
      // The custom-format dump is compressed: read it as SQL.
      const sqlText = execFileSync("pg_restore", ["--file=-", path.join(open, "db", "postgres.dump")], {
        maxBuffer: 512 << 20,
      });
      inBackup.push(...findInText("postgres.dump as SQL", sqlText, needles));
    }
    expect(inBackup).toEqual([]);

    // Stop the server; its log goes into DATA_DIR with everything else.
    await site.kill("SIGTERM");
    fs.mkdirSync(path.join(dataDir, "logs"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "logs", "site.log"), site.out());
    expect(site.out()).toContain("personal data erased on request");
    expect(findIn(dataDir, needles)).toEqual([]);

    if (databaseUrl) {
      const { env: pgEnv, dbname } = pgToolEnv(databaseUrl);
      const dump = execFileSync("pg_dump", ["--no-owner", dbname], { env: pgEnv, maxBuffer: 512 << 20 });
      expect(dump.includes(Buffer.from("mcn_leads"))).toBe(true);
      expect(findInText("pg_dump", dump, needles)).toEqual([]);
    }
  }, 180_000);
});
