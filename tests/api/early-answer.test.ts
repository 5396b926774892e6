import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, testPicture } from "../../tools/admin-client";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * A refusal that needs only the address or the session is answered before the body is read. The
 * unread rest must not be taken for the next request on the same kept-alive connection: the answer
 * closes the connection, and the client's next request goes out on a new one.
 */
describe("an answer given before the body was read", () => {
  let s: TestServer;
  let admin: AdminClient;
  beforeAll(async () => {
    s = await startTestServer("sqlite");
    admin = new AdminClient(s.url);
    const setup = await admin.req("POST", "/api/admin/setup", {
      username: "early_chief",
      displayName: "总编",
      password: "early-chief-password",
    });
    expect(setup.status).toBe(200);
    admin.adopt(setup);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("closes the connection, so the next request on it is answered", async () => {
    const upload = async (kind: string, name: string) => {
      const fd = new FormData();
      fd.append("file", new Blob([new Uint8Array(await testPicture(64, 48))], { type: "image/png" }), name);
      const res = await fetch(`${s.url}/api/admin/upload?kind=${kind}`, {
        method: "POST",
        body: fd,
        headers: { cookie: admin.cookie!, "x-csrf-token": admin.csrf! },
      });
      return { status: res.status, connection: res.headers.get("connection"), body: await res.text() };
    };
    // A wrong kind is refused before the 300 KB body (a long file name) is read.
    const refused = await upload("bad", "x".repeat(300_000));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("图片用途不正确");
    expect(refused.connection).toBe("close");
    for (const kind of ["bad", "cover"]) {
      const next = await upload(kind, "封面.png");
      expect(next.status).toBe(kind === "cover" ? 200 : 400);
    }
  });
});
