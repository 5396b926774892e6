// Over a minute on a busy 2-core machine (README, "Tests"): on each engine, wrong passwords from forged
// addresses are slowed down, and the test waits out the account's delay in real time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitorIp } from "../../server/http/client-ip";
import { AdminClient, articleForm, CHIEF, firstAdmin } from "../../tools/admin-client";
import { BUILD_DIR, engines, startTestServer, type TestServer } from "../helpers/server";

describe("the visitor's IP behind a proxy", () => {
  const local = ["127.0.0.0/8", "10.0.0.0/8"];
  it("is the right-most X-Forwarded-For hop that is not a trusted proxy", () => {
    // nginx on this machine appended the address it saw; what the client wrote comes before it.
    expect(visitorIp("127.0.0.1", "6.6.6.6, 203.0.113.9", local)).toBe("203.0.113.9");
    expect(visitorIp("127.0.0.1", "203.0.113.9, 10.0.0.2", local)).toBe("203.0.113.9");
    // Every hop a proxy: the left-most.
    expect(visitorIp("127.0.0.1", "10.1.2.3", local)).toBe("10.1.2.3");
    // A peer that is not a trusted proxy is the visitor, whatever it claims.
    expect(visitorIp("198.51.100.7", "10.1.2.3", local)).toBe("198.51.100.7");
    expect(visitorIp("127.0.0.1", "6.6.6.6", false)).toBe("127.0.0.1");
    // Garbage in the header stops the walk at the last good hop.
    expect(visitorIp("127.0.0.1", "6.6.6.6, not-an-ip", local)).toBe("127.0.0.1");
    expect(visitorIp("::ffff:127.0.0.1", "203.0.113.9", local)).toBe("203.0.113.9");
  });
});

describe.each(engines())("privacy gaps on %s", (engine) => {
  let s: TestServer;
  let admin: AdminClient;
  beforeAll(async () => {
    // with the built pages: /taglist/N is one
    s = await startTestServer(engine, { env: { TRUST_PROXY: "true" }, buildDir: BUILD_DIR });
    admin = await firstAdmin(s.url);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("wrong passwords for one account from forged addresses are slowed down, not let through", async () => {
    const user = { username: "night-editor", displayName: "夜班编辑", password: "night-editor-pass-1" };
    expect((await admin.req("POST", "/api/admin/users", { ...user, role: "editor" })).status).toBe(200);
    const attempt = async (i: number, password: string) =>
      (
        await fetch(`${s.url}/api/admin/login`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-real-ip": `198.51.100.${i}`,
            "x-forwarded-for": `203.0.113.${i}`,
          },
          body: JSON.stringify({ username: user.username, password }),
        })
      ).status;
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) statuses.push(await attempt(i, `wrong-password-${i}`));
    expect(statuses).toEqual(Array(10).fill(401));
    // Past 10 wrong passwords, one attempt at a time is admitted, whatever address it claims.
    const burst = await Promise.all([11, 12, 13].map((i) => attempt(i, `wrong-password-${i}`)));
    expect(burst.sort()).toEqual([401, 429, 429]);
    // The owner, from this machine's own address, still gets in once the turn comes.
    const owner = new AdminClient(s.url);
    await expect
      .poll(async () => (await owner.login(user.username, user.password)).status, { interval: 250 })
      .toBe(200);
  });

  it("a tag only a draft uses answers 404 anonymously; once published it answers", async () => {
    const tagName = `未公开标签${engine}`;
    const saved = await admin.req<{ id: number }>(
      "POST",
      "/api/admin/articles",
      articleForm({ title: "草稿里的标签", tags: [tagName] }),
    );
    expect(saved.status).toBe(200);
    const tag = await s.services.database.db
      .selectFrom("tags")
      .select("id")
      .where("name", "=", tagName)
      .executeTakeFirstOrThrow();
    const detail = await fetch(`${s.url}/api/product/tag/detail?tagId=${tag.id}`);
    expect(detail.status).toBe(404);
    expect(await detail.text()).not.toContain(tagName);
    const page = await fetch(`${s.url}/taglist/${tag.id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(tagName);

    const published = await admin.req(
      "PUT",
      `/api/admin/articles/${saved.body.data.id}`,
      articleForm({ title: "草稿里的标签", tags: [tagName], status: "published" }),
    );
    expect(published.status).toBe(200);
    await expect
      .poll(async () => (await fetch(`${s.url}/api/product/tag/detail?tagId=${tag.id}`)).status)
      .toBe(200);
    expect((await fetch(`${s.url}/taglist/${tag.id}`)).status).toBe(200);
  });

  it("the Secure cookie and HSTS follow the scheme the proxy reports, without PUBLIC_URL", async () => {
    const login = (proto?: string) =>
      fetch(`${s.url}/api/admin/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": "10.20.0.1",
          ...(proto ? { "x-forwarded-proto": proto } : {}),
        },
        body: JSON.stringify({ username: CHIEF.username, password: CHIEF.password }),
      });
    const https = await login("https");
    expect(https.status).toBe(200);
    const cookie = https.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-dsn_admin=/);
    expect(cookie).toMatch(/; Secure/);
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=/);
    // The session works over the same scheme.
    const me = await fetch(`${s.url}/api/admin/users`, {
      headers: { cookie: cookie.split(";")[0]!, "x-forwarded-proto": "https" },
    });
    expect(me.status).toBe(200);

    const http = await login();
    expect(http.status).toBe(200);
    expect(http.headers.get("set-cookie")).not.toMatch(/Secure/);
    expect(http.headers.get("strict-transport-security")).toBeNull();
  });
});
