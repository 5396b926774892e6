import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "../../server/api/registry";
import { AdminClient } from "../../tools/admin-client";
import { engines, startTestServer, type TestServer } from "../helpers/server";

/**
 * The console's client checks every answer against the schema its endpoint declares
 * (contract/answers.ts): each console GET must answer data of that shape, on both engines.
 */
/** Console GETs that need a query to answer: a sample one. */
const SAMPLE_QUERY: Record<string, string> = {
  "/api/admin/landing-pages/path-check": "?path=/activity/new-page",
};

/** Console reads that ask the 公众号's API, which this site has no account for. */
const NEEDS_WECHAT = ["/api/admin/imports/wechat/published"];

describe.each(engines())("console answers match their declared schemas on %s", (engine) => {
  let s: TestServer;
  const admin = { client: undefined as unknown as AdminClient };

  beforeAll(async () => {
    s = await startTestServer(engine);
    admin.client = new AdminClient(s.url);
    const res = await admin.client.req("POST", "/api/admin/setup", {
      username: "chief",
      displayName: "总编",
      password: "correct horse battery",
    });
    expect(res.status).toBe(200);
    admin.client.adopt(res);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("answers every console GET, lists and single records, in its declared shape", async () => {
    const gets = endpoints.filter((e) => e.role !== undefined && e.method === "get");
    const firstIds = new Map<string, number>();
    const checked: string[] = [];
    for (const e of gets.filter((g) => !g.path.includes(":"))) {
      const res = await admin.client.req("GET", e.path + (SAMPLE_QUERY[e.path] ?? ""));
      if (NEEDS_WECHAT.includes(e.path)) {
        // No 公众号 here: a clear refusal (its answers are checked in wechat-account-import.test.ts).
        expect(res.status, e.path).toBe(409);
        expect(JSON.stringify(res.body), e.path).toMatch(/未配置公众号/);
        continue;
      }
      expect(res.status, e.path).toBe(200);
      const parsed = e.response.safeParse(res.body.data);
      expect(parsed.success ? "" : `${e.path}: ${parsed.error.message}`).toBe("");
      const items = (res.body.data as { items?: { id: number }[] } | null)?.items;
      if (items?.[0]) firstIds.set(e.path, items[0].id);
      checked.push(e.path);
    }
    for (const e of gets.filter((g) => /\/:id$/.test(g.path))) {
      const id = firstIds.get(e.path.replace(/\/:id$/, ""));
      if (id === undefined) continue;
      const path = e.path.replace(":id", String(id));
      const res = await admin.client.req("GET", path);
      expect(res.status, path).toBe(200);
      const parsed = e.response.safeParse(res.body.data);
      expect(parsed.success ? "" : `${path}: ${parsed.error.message}`).toBe("");
      checked.push(e.path);
    }
    // the demo content fills every list the console has records for
    expect(checked).toEqual(expect.arrayContaining(["/api/admin/articles/:id", "/api/admin/products/:id"]));
  });
});
