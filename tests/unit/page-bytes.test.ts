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
});
