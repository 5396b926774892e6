import { describe, expect, it } from "vitest";
import { renderPage } from "../../server/http/render-pool";

describe("renderPage", () => {
  const req = new Request("http://127.0.0.1/articledetail/1");

  it("takes the page the document entry handed over, with the Response's status and headers", async () => {
    const page = await renderPage(async (_r, sink) => {
      sink.body = Buffer.from("<!DOCTYPE html><p>交</p>");
      return new Response(null, { status: 404, headers: { "content-type": "text/html; charset=utf-8" } });
    }, req);
    expect(page.status).toBe(404);
    expect(page.body.toString()).toBe("<!DOCTYPE html><p>交</p>");
    expect(page.headers).toContainEqual(["content-type", "text/html; charset=utf-8"]);
  });

  it("reads the Response body when nothing was handed over (a redirect, React Router's own errors)", async () => {
    const page = await renderPage(
      async () => new Response("moved", { status: 302, headers: { location: "/" } }),
      req,
    );
    expect(page.status).toBe(302);
    expect(page.body.toString()).toBe("moved");
    expect(page.headers).toContainEqual(["location", "/"]);
  });

  it("passes the request through", async () => {
    let seen: string | undefined;
    await renderPage(async (r) => {
      seen = r.url;
      return new Response("");
    }, req);
    expect(seen).toBe(req.url);
  });
});
