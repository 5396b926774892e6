import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { imageSources, rewriteImageSources, sanitizeRichText } from "../../server/services/html";
import {
  classifyAddress,
  classifyHost,
  FetchRefused,
  guardedLookup,
} from "../../server/services/remote-fetch";

describe("remote picture addresses", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "private"],
    ["100.64.0.1", "private"],
    ["0.0.0.0", "private"],
    ["224.0.0.1", "private"],
    ["255.255.255.255", "private"],
    ["192.0.2.1", "private"],
    ["::", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["fe80::1", "private"],
    ["ff02::1", "private"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "private"],
    ["64:ff9b::a00:1", "private"],
    ["::7f00:1", "private"],
    ["not an address", "private"],
    ["8.8.8.8", "public"],
    ["172.32.0.1", "public"],
    ["101.226.233.161", "public"],
    ["2400:da00::6666", "public"],
    ["::ffff:8.8.8.8", "public"],
  ])("%s is %s", (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it.each([
    ["localhost", "loopback"],
    ["LOCALHOST", "loopback"],
    ["img.localhost", "loopback"],
    ["localhost.", "loopback"],
    ["2130706433", "loopback"],
    ["0x7f000001", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["127.1", "loopback"],
    ["[::1]", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["[::ffff:7f00:1]", "loopback"],
    ["167772161", "private"],
    ["0", "private"],
    ["[fe80::1]", "private"],
    ["0xa9.0xfe.0xa9.0xfe", "private"],
    ["8.8.8.8", "public"],
    ["mmbiz.qpic.cn", "name"],
  ])("host %s is %s", (host, expected) => {
    expect(classifyHost(host)).toBe(expected);
  });
});

describe("the lookup used when connecting", () => {
  const lookup = (allowLoopback: boolean, all: boolean) =>
    new Promise<{ err: Error | null; result: unknown }>((resolve) =>
      guardedLookup(allowLoopback)("localhost", { all }, (err: Error | null, result?: unknown) =>
        resolve({ err, result }),
      ),
    );

  it("refuses a name that resolves to this machine", async () => {
    for (const all of [false, true]) {
      const { err } = await lookup(false, all);
      expect(err).toBeInstanceOf(FetchRefused);
      expect((err as FetchRefused).reason).toBe("地址指向内网，已拒绝");
    }
  });

  it("lets it through with the test setting, in both answer forms", async () => {
    const one = await lookup(true, false);
    expect(one.err).toBeNull();
    expect(classifyAddress(one.result as string)).toBe("loopback");
    const many = await lookup(true, true);
    expect(many.err).toBeNull();
    expect((many.result as LookupAddress[]).length).toBeGreaterThan(0);
  });
});

describe("pictures in a body", () => {
  it("takes a WeChat picture's data-src as its address", () => {
    const pasted =
      '<p><img data-src="https://mmbiz.qpic.cn/a/640?wx_fmt=png&amp;from=appmsg" src="data:image/svg+xml,%3Csvg%3E" data-ratio="1"></p>' +
      '<p><img data-src="https://mmbiz.qpic.cn/b/640"></p>';
    const html = sanitizeRichText(pasted);
    expect(html).toBe(
      '<p><img src="https://mmbiz.qpic.cn/a/640?wx_fmt=png&amp;from=appmsg" loading="lazy" /></p>' +
        '<p><img src="https://mmbiz.qpic.cn/b/640" loading="lazy" /></p>',
    );
    expect(imageSources(html)).toEqual([
      "https://mmbiz.qpic.cn/a/640?wx_fmt=png&from=appmsg",
      "https://mmbiz.qpic.cn/b/640",
    ]);
  });

  it("keeps src when data-src is not an http(s) address", () => {
    expect(sanitizeRichText('<img data-src="javascript:x" src="https://a.example/x.png">')).toBe(
      '<img src="https://a.example/x.png" loading="lazy" />',
    );
  });

  it("rewrites the addresses it is given and leaves the others", () => {
    const html = sanitizeRichText(
      '<p><img src="https://a.example/1.png" alt="一"><img src="https://a.example/2.png"><img src="https://a.example/1.png"></p>',
    );
    const out = rewriteImageSources(html, (src) =>
      src === "https://a.example/1.png" ? "/uploads/body/x-960.jpg" : undefined,
    );
    expect(out).toBe(
      '<p><img src="/uploads/body/x-960.jpg" alt="一" loading="lazy" /><img src="https://a.example/2.png" loading="lazy" /><img src="/uploads/body/x-960.jpg" loading="lazy" /></p>',
    );
  });
});
