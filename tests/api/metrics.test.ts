import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeLabels } from "../../server/http/metrics";
import { startTestServer, type TestServer } from "../helpers/server";

describe("metrics", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer("sqlite");
  });
  afterAll(async () => {
    await s?.close();
  });

  it("exposes request counts, latencies, the pool and cache hit rates in Prometheus format", async () => {
    for (let i = 0; i < 3; i++) await s.get("/api/product/content/list?page=1&pageSize=10");
    await s.get("/api/product/content/detail?contentId=abc");
    const res = await fetch(`${s.url}/metrics`);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/product/content/list",status="200"} 3',
    );
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/product/content/detail",status="400"} 1',
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/product\/content\/list"\}/,
    );
    // The first list answer was rendered, the next two came from the store; invalid input is never stored.
    expect(text).toContain("cache_hits_total 2");
    expect(text).toContain("cache_misses_total 1");
    expect(text).toContain('db_pool_connections{state="total"} 1');
  });

  it("keeps route labels few: API paths as declared, pages by their first segment", () => {
    const routeLabel = routeLabels(["/api/product/content/list", "/api/admin/articles/:id"]);
    expect(routeLabel("/articledetail/123")).toBe("/articledetail/*");
    expect(routeLabel("/searchlist/任意关键词")).toBe("/searchlist/*");
    expect(routeLabel("/")).toBe("/");
    expect(routeLabel("/api/product/content/list", 200)).toBe("/api/product/content/list");
    expect(routeLabel("/api/admin/articles/42", 404)).toBe("/api/admin/articles/:id");
    expect(routeLabel("/api/nothing", 404)).toBe("/api/other");
    expect(routeLabel("//articledetail//123/")).toBe("/articledetail/*");
    expect(routeLabel("/articledetail/123.data")).toBe("/articledetail/*");
    expect(routeLabel("/_root.data")).toBe("/_root");
    expect(routeLabel("/wxmcn/")).toBe("/wxmcn");
    expect(routeLabel("///")).toBe("/");
    expect(routeLabel(`/${"x".repeat(60)}/1`)).toBe(`/${"x".repeat(40)}/*`);
  });

  it("gives made-up paths one label, however many are asked for", async () => {
    for (let i = 0; i < 30; i++) expect((await fetch(`${s.url}/made-up-${i}/page`)).status).toBe(404);
    const foreign = await new Promise<number>((resolve, reject) =>
      http
        .get(
          { host: "127.0.0.1", port: s.port, path: "/made-up", headers: { host: "evil.example" } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
        .on("error", reject),
    );
    expect(foreign).toBe(400);
    const text = await (await fetch(`${s.url}/metrics`)).text();
    expect(text).not.toContain("made-up");
    expect(text).toContain('http_requests_total{method="GET",route="(not found)",status="404"} 30');
    expect(text).toContain('http_requests_total{method="GET",route="(bad request)",status="400"} 1');
  });
});
