import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WechatSign } from "../../contract/entities";
import { type FakeWechat, startFakeWechat } from "../../fakes/wechat-mp";
import { jsapiSignature } from "../../server/wechat/sign";
import { startTestServer, type TestServer } from "../helpers/server";

// The example of WeChat's JS-SDK documentation (appendix 1: signature algorithm).
const DOC_TICKET = "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg";

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

  describe("against the fake 公众号 API", () => {
    let wx: FakeWechat;
    let s: TestServer;
    beforeAll(async () => {
      wx = await startFakeWechat();
      s = await startTestServer("sqlite", {
        env: { WECHAT_API_BASE: wx.url, WECHAT_APP_ID: wx.appId, WECHAT_APP_SECRET: wx.appSecret },
      });
    });
    afterAll(async () => {
      await s?.close();
      await wx?.close();
    });

    it("signs the page URL with the ticket fetched once, with the site's one stable token", async () => {
      const url = "https://www.example.com/articledetail/12?from=timeline";
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          s.get<WechatSign>(`/api/product/wechat/getSign?url=${encodeURIComponent(`${url}#top`)}`),
        ),
      );
      const ticket = `FAKE_TICKET_${wx.appId}`;
      for (const r of results) {
        expect(r.status).toBe(200);
        const d = r.body.data;
        expect(d.appId).toBe(wx.appId);
        expect(d.noncestr).toMatch(/^[\w-]{16}$/);
        expect(d.signature).toBe(
          jsapiSignature({ ticket, noncestr: d.noncestr, timestamp: d.timestamp, url }),
        );
      }
      await s.get("/api/product/wechat/getSign?url=https%3A%2F%2Fwww.example.com%2F");
      expect([wx.count("/cgi-bin/stable_token"), wx.count("/cgi-bin/ticket/getticket")]).toEqual([1, 1]);
      // The classic token call, which would take the token from the 公众号 sync, is never made.
      expect(wx.count("/cgi-bin/token")).toBe(0);
    });

    it("gets the token again once when WeChat revoked it", async () => {
      await s.services.kv.del(`wx:ticket:${wx.appId}`);
      wx.fault({ kind: "revokeToken" });
      const r = await s.get("/api/product/wechat/getSign?url=https%3A%2F%2Fwww.example.com%2F");
      expect(r.status).toBe(200);
      expect(wx.count("/cgi-bin/stable_token")).toBe(2);
    });

    it("answers 503 in Chinese when WeChat refuses, once the ticket has expired", async () => {
      await s.services.kv.del(`wx:ticket:${wx.appId}`);
      wx.fault({ kind: "busy", path: "/cgi-bin/ticket/getticket" });
      const r = await s.get("/api/product/wechat/getSign?url=https%3A%2F%2Fwww.example.com%2F");
      expect(r.status).toBe(503);
      expect(r.body.message).toMatch(/微信/);
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
