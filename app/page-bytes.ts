/**
 * React's output for one page, gathered into a single buffer (docs/architecture.md, "Render cost").
 *
 * React's pipe() hands over its markup as 4 KB byte views and as strings (markup longer than about
 * 1.3 KB, such as the prerendered chrome, comes as a string). Turning each string into a Buffer and
 * concatenating the lot at the end allocated a buffer per string and copied every byte twice; here
 * strings are encoded straight into one growing buffer, which the next page reuses, and the page gets
 * one exact copy that owns its memory (a render thread can then transfer it without another copy).
 */
const INITIAL_BYTES = 128 * 1024;
/** A buffer grown past this for an unusually large page is not kept for the next one. */
const KEEP_AT_MOST = 1024 * 1024;

/** The buffer left by the last finished page; a page rendering meanwhile takes a fresh one. */
let spare: Buffer | undefined;

export class PageBytes {
  private buf: Buffer;
  private length = 0;

  constructor() {
    this.buf = spare ?? Buffer.allocUnsafeSlow(INITIAL_BYTES);
    spare = undefined;
  }

  write(chunk: Uint8Array | string): void {
    if (typeof chunk === "string") {
      // UTF-8 takes at most 3 bytes per UTF-16 unit; count exactly only when that might not fit.
      if (this.length + chunk.length * 3 > this.buf.length) this.reserve(Buffer.byteLength(chunk));
      this.length += this.buf.write(chunk, this.length, "utf8");
    } else {
      this.reserve(chunk.byteLength);
      this.buf.set(chunk, this.length);
      this.length += chunk.byteLength;
    }
  }

  /** The page's bytes in a buffer of their own; this writer is done and its buffer goes back. */
  finish(): Buffer<ArrayBuffer> {
    const out = Buffer.allocUnsafeSlow(this.length);
    this.buf.copy(out, 0, 0, this.length);
    if (this.buf.length <= KEEP_AT_MOST) spare = this.buf;
    this.buf = Buffer.alloc(0);
    this.length = 0;
    return out;
  }

  private reserve(bytes: number) {
    const needed = this.length + bytes;
    if (needed <= this.buf.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(needed, this.buf.length * 2));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
  }
}
