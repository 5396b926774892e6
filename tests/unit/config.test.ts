import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

describe("configuration", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toMatch(/data$/);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.WECHAT_API_BASE).toBe("https://api.weixin.qq.com");
    expect(c.wechatConfigured).toBe(false);
    expect(c.REMOTE_IMAGES_ALLOW_LOOPBACK).toBe(false);
    expect(c.CACHE_MAX_MB).toBe(3072);
    expect(c.CACHE_MAX_ENTRIES).toBe(250_000);
    expect(c.CACHE_STALE_SECONDS).toBe(3600);
  });

  it("takes REMOTE_IMAGES_ALLOW_LOOPBACK only in tests", () => {
    expect(
      loadConfig({ NODE_ENV: "test", REMOTE_IMAGES_ALLOW_LOOPBACK: "1" }).REMOTE_IMAGES_ALLOW_LOOPBACK,
    ).toBe(true);
    for (const NODE_ENV of [undefined, "production", "development"])
      expect(() => loadConfig({ NODE_ENV, REMOTE_IMAGES_ALLOW_LOOPBACK: "1" })).toThrow(
        'Invalid configuration: REMOTE_IMAGES_ALLOW_LOOPBACK="1" is for tests only (needs NODE_ENV=test)',
      );
    expect(loadConfig({ REMOTE_IMAGES_ALLOW_LOOPBACK: "0" }).REMOTE_IMAGES_ALLOW_LOOPBACK).toBe(false);
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT="abc"/],
    [{ PORT: "70000" }, /PORT="70000"/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL="mysql:\/\/x" must start with postgres/],
    [{ REDIS_URL: "localhost:6379" }, /REDIS_URL/],
    [{ PUBLIC_URL: "example.com" }, /PUBLIC_URL/],
  ])("rejects %o with a one-line message", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (e) {
      expect((e as Error).message).toMatch(message);
      expect((e as Error).message).not.toContain("\n");
    }
  });

  it("strips a trailing slash from PUBLIC_URL and knows when WeChat is configured", () => {
    const c = loadConfig({
      PUBLIC_URL: "https://www.example.com/",
      WECHAT_APP_ID: "a",
      WECHAT_APP_SECRET: "b",
    });
    expect(c.PUBLIC_URL).toBe("https://www.example.com");
    expect(c.wechatConfigured).toBe(true);
  });
});

describe("configuration errors", () => {
  it("never echoes a secret's value", () => {
    expect(() => loadConfig({ PII_KEY: "not-a-key-0123456789" })).toThrow(
      /^Invalid configuration: PII_KEY=\[hidden\]/,
    );
  });

  it("checks the search-engine push settings, never echoing Baidu's token", () => {
    expect(() => loadConfig({ BAIDU_PUSH_URL: "http://data.zz.baidu.com/urls?site=x&tokn=secret" })).toThrow(
      /^Invalid configuration: BAIDU_PUSH_URL=\[hidden\] must carry the token/,
    );
    expect(() => loadConfig({ INDEXNOW_KEY: "short" })).toThrow(/INDEXNOW_KEY=\[hidden\]/);
    expect(() => loadConfig({ INDEXNOW_KEY: "has spaces in it" })).toThrow(/INDEXNOW_KEY/);
    const c = loadConfig({
      BAIDU_PUSH_URL: "http://data.zz.baidu.com/urls?site=https://www.example.com&token=abc",
      INDEXNOW_KEY: "0123abcd-key",
    });
    expect([c.INDEXNOW_ENDPOINT, c.PUSH_POLL_SECONDS]).toEqual(["https://api.indexnow.org/indexnow", 10]);
  });
});
