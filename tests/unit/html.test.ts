import { describe, expect, it } from "vitest";
import { rewriteImageSources, safeImageUrl, sanitizeRichText } from "../../server/services/html";

describe("stored HTML", () => {
  it("keeps article markup", () => {
    const html =
      "<h2>标题</h2><p>正文<strong>重点</strong></p><ul><li>一</li></ul><blockquote>引用</blockquote>";
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ["<p>a<script>alert(1)</script></p>", "<p>a</p>"],
    ['<img src="x" onerror="alert(1)">', '<img src="x" loading="lazy" />'],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<p style="x" onclick="y">t</p>', "<p>t</p>"],
    ["<iframe src=//evil></iframe>", ""],
    ["<svg><script>alert(1)</script></svg>", ""],
  ])("removes what can run: %s", (input, out) => {
    expect(sanitizeRichText(input)).toBe(out);
  });

  it("adds rel=noopener to links that open a new window", () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it.each([
    ["/uploads/covers/a.jpg", "/uploads/covers/a.jpg"],
    [" https://img.example.com/a.png ", "https://img.example.com/a.png"],
    ["javascript:window.__xss=1", ""],
    ["JAVASCRIPT:alert(1)", ""],
    ["data:image/svg+xml,<svg onload=alert(1)>", ""],
    ["//evil.example/a.png", ""],
    ["/uploads/a b.png", ""],
  ])("stores only site paths and http(s) pictures: %s", (input, out) => {
    expect(safeImageUrl(input)).toBe(out);
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/x.png",
    "http://10.0.0.1/a.png",
    "https://192.168.1.1/a.png",
    "http://172.16.5.4/a.png",
    "http://100.64.0.1/a.png",
    "http://127.0.0.1:8080/a.png",
    "http://2130706433/a.png",
    "http://0x7f.1/a.png",
    "http://localhost/a.png",
    "http://LOCALHOST./a.png",
    "http://admin.localhost/a.png",
    "http://[::1]/a.png",
    "http://[::ffff:10.0.0.1]/a.png",
    "http://[fe80::1]/a.png",
    "http://[fd00::1]/a.png",
    "http://0.0.0.0/a.png",
  ])("drops a picture whose address points inside a network: %s", (src) => {
    expect(sanitizeRichText(`<p>前<img src="${src}" alt="内网">后</p>`)).toBe("<p>前后</p>");
    expect(sanitizeRichText(`<figure><img data-src="${src}" src="data:image/gif;base64,R0"></figure>`)).toBe(
      "<figure></figure>",
    );
  });

  it("keeps pictures of public hosts and of the site, and those inside a network when asked to", () => {
    const body =
      '<p><img src="https://mmbiz.qpic.cn/a.png" /><img src="/uploads/body/a-960.jpg" />' +
      '<img src="http://8.8.8.8/a.png" /><img src="http://127.0.0.1:9/a.png" /><img src="http://10.0.0.1/a.png" /></p>';
    const srcs = (html: string) => [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs(sanitizeRichText(body))).toEqual([
      "https://mmbiz.qpic.cn/a.png",
      "/uploads/body/a-960.jpg",
      "http://8.8.8.8/a.png",
    ]);
    // Tests' picture hosts on this machine (REMOTE_IMAGES_ALLOW_LOOPBACK); other ranges still go.
    expect(srcs(sanitizeRichText(body, "loopback"))).toEqual([
      "https://mmbiz.qpic.cn/a.png",
      "/uploads/body/a-960.jpg",
      "http://8.8.8.8/a.png",
      "http://127.0.0.1:9/a.png",
    ]);
    expect(srcs(sanitizeRichText(body, "keep"))).toHaveLength(5);
  });

  it("takes out the pictures a rewrite answers null for, and only those", () => {
    const html =
      '<p><img src="https://a.example/1.png" alt="一" /><img src="https://a.example/2.png" /><img alt="无地址" /></p>';
    expect(
      rewriteImageSources(html, (src) =>
        src === "https://a.example/1.png" ? "/uploads/body/1.jpg" : src ? null : undefined,
      ),
    ).toBe(
      '<p><img src="/uploads/body/1.jpg" alt="一" loading="lazy" /><img alt="无地址" loading="lazy" /></p>',
    );
  });
});
