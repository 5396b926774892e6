import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WechatSign } from "../../contract/entities";
import { jsapiSignature } from "../../server/wechat/sign";
import { startTestServer, type TestServer } from "../helpers/server";

// The example of WeChat's JS-SDK documentation (appendix 1: signature algorithm).
const DOC_TICKET = "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg";

/** A fake WeChat API on loopback, counting the calls it gets. */
function fakeWechat() {
  const calls = { token: 0, ticket: 0 };
  let fail = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    res.setHeader("content-type", "application/json");
    if (fail) return res.end(JSON.stringify({ errcode: 40013, errmsg: "invalid appid" }));
    if (url.pathname === "/cgi-bin/token") {
      calls.token++;
      if (url.searchParams.get("appid") !== "wx-test" || url.searchParams.get("secret") !== "s3cret")
        return res.end(JSON.stringify({ errcode: 40001, errmsg: "invalid credential" }));
      return res.end(JSON.stringify({ access_token: "ACCESS_TOKEN", expires_in: 7200 }));
    }
    if (url.pathname === "/cgi-bin/ticket/getticket") {
      calls.ticket++;
      if (url.searchParams.get("access_token") !== "ACCESS_TOKEN" || url.searchParams.get("type") !== "jsapi")
        return res.end(JSON.stringify({ errcode: 40014, errmsg: "invalid access_token" }));
      // A little latency so concurrent first requests overlap.
      setTimeout(
        () => res.end(JSON.stringify({ errcode: 0, errmsg: "ok", ticket: DOC_TICKET, expires_in: 7200 })),
        50,
      );
      return;
    }
    res.statusCode = 404;
    res.end("{}");
  });
  return {
    calls,
    setFail: (v: boolean) => {
      fail = v;
    },
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("WeChat JS-SDK signing", () => {
  it("computes the signature of WeChat's documented example", () => {
    expect(
      jsapiSignature({
        ticket: DOC_TICKET,
        noncestr: "Wm3WZYTPz0wzccnW",
        timestamp: 1414587457,
        url: "http://mp.weixin.qq.com?params=value",
      }),
    ).toBe("0f9de62fce790f9a083d5c99e95740ceb90c27ed");
    // The fragment is not signed.
    expect(
      jsapiSignature({
        ticket: DOC_TICKET,
        noncestr: "Wm3WZYTPz0wzccnW",
        timestamp: 1414587457,
        url: "http://mp.weixin.qq.com?params=value#section",
      }),
    ).toBe("0f9de62fce790f9a083d5c99e95740ceb90c27ed");
  });

  describe("against a fake WeChat API", () => {
    const wx = fakeWechat();
    let s: TestServer;
    beforeAll(async () => {
      const base = await wx.start();
      s = await startTestServer("sqlite", {
        env: { WECHAT_API_BASE: base, WECHAT_APP_ID: "wx-test", WECHAT_APP_SECRET: "s3cret" },
      });
    });
    afterAll(async () => {
      await s?.close();
      await wx.stop();
    });

    it("signs the page URL with the fetched ticket, fetching it once for concurrent requests", async () => {
      const url = "https://www.example.com/articledetail/12?from=timeline";
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          s.get<WechatSign>(`/api/product/wechat/getSign?url=${encodeURIComponent(`${url}#top`)}`),
        ),
      );
      for (const r of results) {
        expect(r.status).toBe(200);
        const d = r.body.data;
        expect(d.appId).toBe("wx-test");
        expect(d.noncestr).toMatch(/^[\w-]{16}$/);
        expect(d.signature).toBe(
          jsapiSignature({ ticket: DOC_TICKET, noncestr: d.noncestr, timestamp: d.timestamp, url }),
        );
      }
      await s.get("/api/product/wechat/getSign?url=https%3A%2F%2Fwww.example.com%2F");
      expect(wx.calls).toEqual({ token: 1, ticket: 1 });
    });

    it("answers 503 in Chinese when WeChat refuses, once the ticket has expired", async () => {
      await s.services.store.del("wx:ticket:wx-test");
      wx.setFail(true);
      const r = await s.get("/api/product/wechat/getSign?url=https%3A%2F%2Fwww.example.com%2F");
      expect(r.status).toBe(503);
      expect(r.body.message).toMatch(/微信/);
      wx.setFail(false);
    });
  });

  it("answers 503 when sharing is not configured", async () => {
    const s = await startTestServer("sqlite");
    try {
      const r = await s.get("/api/product/wechat/getSign?url=https%3A%2F%2Fwww.example.com%2F");
      expect(r.status).toBe(503);
      expect(r.body.message).toBe("微信分享未配置");
    } finally {
      await s.close();
    }
  });
});
