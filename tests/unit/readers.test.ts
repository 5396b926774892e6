import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { countsAsReader, isBotAgent } from "../../server/http/readers";

const agents = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
  "Mozilla/5.0 (Linux; Android 13; V2183A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
  "curl/8.5.0",
  "",
];

describe("readers", () => {
  it("judges each user agent as isbot does, the first time and every time after", () => {
    for (let round = 0; round < 3; round++)
      for (const agent of agents) expect(isBotAgent(agent), agent).toBe(isbot(agent));
    expect(isBotAgent(agents[0]!)).toBe(true);
    expect(isBotAgent(agents[2]!)).toBe(false);
  });

  it("stays right through a flood of made-up agents", () => {
    for (let i = 0; i < 3000; i++) {
      const agent =
        i % 2 ? `Mozilla/5.0 (Windows NT 10.0) Chrome/${i}.0 Safari/537.36` : `spider-${i}/1.0 bot`;
      expect(isBotAgent(agent)).toBe(isbot(agent));
    }
    for (const agent of agents) expect(isBotAgent(agent)).toBe(isbot(agent));
    // Agents too long to keep are judged all the same.
    for (const agent of [`${"x".repeat(600)} Googlebot/2.1`, `Mozilla/5.0 ${"y".repeat(600)}`])
      expect(isBotAgent(agent)).toBe(isbot(agent));
  });

  it("counts a browser's GET answered 200, not a bot, a prefetch, a HEAD or an error", () => {
    const headers = (h: Record<string, string>) => (n: string) => h[n];
    const browser = { "user-agent": agents[3]! };
    expect(countsAsReader("GET", 200, headers(browser))).toBe(true);
    expect(countsAsReader("GET", 200, headers({ "user-agent": agents[1]! }))).toBe(false);
    expect(countsAsReader("GET", 200, headers({ ...browser, "sec-purpose": "prefetch" }))).toBe(false);
    expect(countsAsReader("HEAD", 200, headers(browser))).toBe(false);
    expect(countsAsReader("GET", 404, headers(browser))).toBe(false);
  });
});
