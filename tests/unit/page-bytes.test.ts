import { describe, expect, it } from "vitest";
import { PageBytes } from "../../app/page-bytes";

/** What React's pipe() writes, as the page should read: byte views and strings, mixed. */
function written(parts: (string | Uint8Array)[]) {
  const page = new PageBytes();
  for (const p of parts) page.write(p);
  return page.finish();
}
const concat = (parts: (string | Uint8Array)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p)));

describe("PageBytes", () => {
  it("gives the bytes of strings and byte views in the order written", () => {
    const view = new TextEncoder().encode('<div class="x">');
    const parts = ["<!DOCTYPE html>", view, "电商报 · 新闻", new Uint8Array(0), "", "</div>"];
    expect(written(parts).equals(concat(parts))).toBe(true);
  });

  it("grows past its first buffer without losing a byte, with multi-byte text across the edge", () => {
    const parts: (string | Uint8Array)[] = [];
    for (let i = 0; i < 600; i++) {
      parts.push(`<p>第${i}段：直播带货与跨境电商🚀</p>`.repeat(20));
      parts.push(new Uint8Array(997).fill(65 + (i % 26)));
    }
    const out = written(parts);
    expect(out.byteLength).toBeGreaterThan(1024 * 1024);
    expect(out.equals(concat(parts))).toBe(true);
  });

  it("hands each page a buffer of its own, unchanged by the pages written after it", () => {
    const first = written(["<main>一</main>"]);
    const second = written(["<main>二二二二</main>"]);
    expect(first.toString()).toBe("<main>一</main>");
    expect(second.toString()).toBe("<main>二二二二</main>");
    // Its own memory, so a render thread can transfer it without a copy.
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(first.byteLength);
  });

  it("keeps two pages written at the same time apart", () => {
    const a = new PageBytes();
    const b = new PageBytes();
    a.write("<a>甲");
    b.write("<b>乙");
    a.write("</a>");
    b.write("</b>");
    expect(b.finish().toString()).toBe("<b>乙</b>");
    expect(a.finish().toString()).toBe("<a>甲</a>");
  });

  describe("splice", () => {
    const header = Buffer.from('<div class="site-header-inner"><a href="/">电商报</a></div>');
    const footer = Buffer.from("<p>© 2026 电商报 · 京ICP备</p>");

    it("puts the bytes where the placeholders were written, as raw markup, and nothing else", () => {
      const page = new PageBytes();
      page.write(`<header>${page.splice(header)}</header><main>正文</main>`);
      // a placeholder may reach the page inside one of React's byte views, cut across two of them
      const placeholder = new TextEncoder().encode(`<footer>${page.splice(footer)}</footer>`);
      page.write(placeholder.subarray(0, 12));
      page.write(placeholder.subarray(12));
      const out = page.finish();
      expect(out.toString()).toBe(`<header>${header}</header><main>正文</main><footer>${footer}</footer>`);
      expect(out.includes(0)).toBe(false);
      expect(out.byteOffset).toBe(0);
      expect(out.buffer.byteLength).toBe(out.byteLength);
    });

    it("takes the same bytes more than once, and pages apart from each other", () => {
      const a = new PageBytes();
      const b = new PageBytes();
      const inA = a.splice(header);
      const inB = b.splice(footer);
      expect(inA).not.toBe(inB);
      a.write(`${inA}|${a.splice(header)}`);
      // one page's placeholder in another page's text is only text there
      b.write(`${inB}|${inA}`);
      expect(a.finish().toString()).toBe(`${header}|${header}`);
      expect(b.finish().toString()).toBe(`${footer}|${inA}`);
    });

    it("gives every page placeholders no other page has, however many pages are rendered", () => {
      const seen = new Set<string>();
      for (let i = 0; i < 1000; i++) {
        const page = new PageBytes();
        const placeholder = page.splice(header);
        const prefix = placeholder.slice(0, placeholder.lastIndexOf(":"));
        expect(prefix).toMatch(/^\0[A-Za-z0-9_-]{16}$/);
        expect(seen.has(prefix)).toBe(false);
        seen.add(prefix);
        page.write(placeholder);
        expect(page.finish().toString()).toBe(`${header}`);
      }
    });

    it("gives the next page, in the same reused buffer, its own bytes only", () => {
      const first = new PageBytes();
      const placeholder = first.splice(header);
      first.write(`${"x".repeat(40)}${placeholder}`);
      expect(first.finish().toString()).toBe(`${"x".repeat(40)}${header}`);
      // the next page reuses that buffer: its own placeholder, then bytes of its own only
      const second = new PageBytes();
      second.write(`<p>${second.splice(footer)}</p>`);
      expect(second.finish().toString()).toBe(`<p>${footer}</p>`);
    });
  });
});
