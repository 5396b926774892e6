import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AdminClient, testPicture } from "../../tools/admin-client";
import { engines, startTestServer, type TestServer } from "../helpers/server";

describe.each(engines())("ID-card copies are never public, on %s", (engine) => {
  let s: TestServer;
  let dataDir: string;
  const oldName = `${crypto.randomBytes(16).toString("hex")}.png`;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(inject("dataDir"), "idcopy-"));
    // An ID copy uploaded before copies were private: moved on start.
    fs.mkdirSync(path.join(dataDir, "uploads", "mcn"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads", "mcn", oldName), await testPicture(30, 20));
    s = await startTestServer(engine, { env: { TRUST_PROXY: "true", DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("moves copies uploaded before out of the public uploads on start, and encrypts them", async () => {
    expect(fs.existsSync(path.join(dataDir, "uploads", "mcn", oldName))).toBe(false);
    const moved = fs.readFileSync(path.join(dataDir, "private", "mcn", oldName));
    expect(moved.subarray(0, 6).toString("latin1")).toBe("DSNID1");
    expect(moved.includes(Buffer.from("PNG"))).toBe(false);
    expect((await fetch(`${s.url}/uploads/mcn/${oldName}`)).status).toBe(404);
  });

  it("answers 404 and 401 anonymously, 200 to an admin with an audit entry", async () => {
    const fd = new FormData();
    fd.append(
      "file",
      new Blob([new Uint8Array(await testPicture(80, 50))], { type: "image/png" }),
      "身份证.png",
    );
    const up = await fetch(`${s.url}/api/upload`, {
      method: "POST",
      body: fd,
      headers: { "x-forwarded-for": "10.7.0.1" },
    });
    const pic = ((await up.json()) as { data: { result: string } }).data.result;
    const phone = "13912345678";
    const lead = await fetch(`${s.url}/api/mcn/insertMcnExpert`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.7.0.1" },
      body: JSON.stringify({ name: "赵六", phone, idCopyPic: pic }),
    });
    expect(lead.status).toBe(200);
    const id = (await s.services.mcn.list({ limit: 1000 })).find((l) => l.phone === phone)!.id;
    const stored = fs.readFileSync(path.join(dataDir, "private", "mcn", path.basename(pic)));

    // Whoever has the path gets nothing.
    const anon = await fetch(s.url + pic);
    expect(anon.status).toBe(404);
    expect(Buffer.from(await anon.arrayBuffer()).includes(stored.subarray(0, 64))).toBe(false);
    expect((await fetch(`${s.url}/api/admin/leads/${id}/id-copy`)).status).toBe(401);

    const admin = new AdminClient(s.url);
    const setup = await admin.req("POST", "/api/admin/setup", {
      username: "chief",
      displayName: "总编",
      password: "correct-horse-battery",
    });
    admin.adopt(setup);
    const view = await admin.req("GET", `/api/admin/leads/${id}/id-copy`, undefined, { raw: true });
    expect(view.status).toBe(200);
    expect(view.headers.get("content-type")).toBe("image/png");
    expect(view.headers.get("cache-control")).toBe("no-store");
    // Stored encrypted (no picture on disk), shown as the picture.
    expect(stored.subarray(0, 6).toString("latin1")).toBe("DSNID1");
    expect(stored.includes(Buffer.from("IHDR"))).toBe(false);
    expect(view.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(view.bytes.includes(Buffer.from("IHDR"))).toBe(true);
    const audit = await s.services.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "view_id_copy")
      .execute();
    expect(audit).toMatchObject([{ entity: "lead", entity_id: String(id), username: "chief" }]);
    expect(audit[0]!.summary).not.toContain(phone);

    const none = await admin.req("GET", "/api/admin/leads/999999/id-copy");
    expect(none.status).toBe(404);
  });
});
