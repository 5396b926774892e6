import { randomBytes } from "node:crypto";

/**
 * React's output for one page, gathered into a single buffer (docs/architecture.md, "Render cost").
 *
 * React's pipe() hands over its markup as 4 KB byte views and as strings (markup longer than about
 * 1.3 KB, such as the article's body, comes as a string). Turning each string into a Buffer and
 * concatenating the lot at the end allocated a buffer per string and copied every byte twice; here
 * strings are encoded straight into one growing buffer, which the next page reuses, and the page gets
 * one exact copy that owns its memory (a render thread can then transfer it without another copy).
 *
 * Markup that is the same on many pages (the prerendered chrome) is kept encoded, and a page takes
 * it in through `splice`: React writes a short placeholder, which `finish` replaces with the bytes.
 * React then never handles the markup itself: it no longer measures and encodes some 15 KB of the
 * same text on every page.
 */
const INITIAL_BYTES = 128 * 1024;
/** A buffer grown past this for an unusually large page is not kept for the next one. */
const KEEP_AT_MOST = 1024 * 1024;

/**
 * 12 random bytes (base64url) for one page's placeholders, taken from a pool drawn 128 pages at a
 * time: 0.1–0.2 µs per page against 2.4–2.7 µs for a call into the system's random source each
 * (a CPU profile of a render thread under load put that call at 1.5 % of its samples). Each page
 * still gets bytes of its own, which no other page has seen.
 */
const TOKEN_BYTES = 12;
let tokens = Buffer.alloc(0);
let tokenAt = 0;
function unguessable(): string {
  if (tokenAt + TOKEN_BYTES > tokens.length) {
    tokens = randomBytes(TOKEN_BYTES * 128);
    tokenAt = 0;
  }
  tokenAt += TOKEN_BYTES;
  return tokens.toString("base64url", tokenAt - TOKEN_BYTES, tokenAt);
}

/** The buffer left by the last finished page; a page rendering meanwhile takes a fresh one. */
let spare: Buffer | undefined;

export class PageBytes {
  private buf: Buffer;
  private length = 0;
  /** bytes to put where the placeholders are, by their number */
  private spliced: Uint8Array[] = [];
  /** how this page's placeholders begin: a NUL, then a random part no page text can guess */
  private placeholder = "";

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

  /**
   * A placeholder to write in the page (as raw markup) where `bytes` belong: `finish` puts them
   * there. The bytes are not copied until then, so they must not change while the page renders.
   */
  splice(bytes: Uint8Array): string {
    if (!this.placeholder) this.placeholder = `\0${unguessable()}:`;
    this.spliced.push(bytes);
    return `${this.placeholder}${this.spliced.length - 1}\0`;
  }

  /**
   * The page's bytes, each placeholder replaced by its bytes, in a buffer of their own; this writer
   * is done and its buffer goes back.
   */
  finish(): Buffer<ArrayBuffer> {
    // Only what this page wrote: the rest of a reused buffer holds an earlier page.
    const page = this.buf.subarray(0, this.length);
    const found = this.placeholdersIn(page);
    let size = page.length;
    for (const f of found) size += f.bytes.byteLength - (f.end - f.at);
    const out = Buffer.allocUnsafeSlow(size);
    let from = 0;
    let to = 0;
    for (const f of found) {
      to += page.copy(out, to, from, f.at);
      out.set(f.bytes, to);
      to += f.bytes.byteLength;
      from = f.end;
    }
    page.copy(out, to, from);
    if (this.buf.length <= KEEP_AT_MOST) spare = this.buf;
    this.buf = Buffer.alloc(0);
    this.length = 0;
    this.spliced = [];
    this.placeholder = "";
    return out;
  }

  /** Where this page's placeholders are (`at` to `end`), with the bytes each stands for. */
  private placeholdersIn(page: Buffer): { at: number; end: number; bytes: Uint8Array }[] {
    if (this.spliced.length === 0) return [];
    const start = Buffer.from(this.placeholder, "latin1");
    const found: { at: number; end: number; bytes: Uint8Array }[] = [];
    for (let at = page.indexOf(start); at !== -1; at = page.indexOf(start, at + 1)) {
      const end = page.indexOf(0, at + start.length) + 1;
      const bytes =
        end > 0 ? this.spliced[Number(page.toString("latin1", at + start.length, end - 1))] : undefined;
      if (bytes) found.push({ at, end, bytes });
    }
    return found;
  }

  private reserve(bytes: number) {
    const needed = this.length + bytes;
    if (needed <= this.buf.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(needed, this.buf.length * 2));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
  }
}
