import { describe, expect, it } from "vitest";
import { safeImageUrl, sanitizeRichText } from "../../server/services/html";

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
});
