import crypto from "node:crypto";
import zlib from "node:zlib";
import { inlineScriptHashes, type Security } from "../http/security";

/** What the store keeps of an answer: everything a reader is sent but the per-request headers. */
export interface Rendered {
  status: number;
  /** the answer's own headers (its policy included), flat as Node's writeHead takes them */
  headers: string[];
  /** the body, brotli-compressed */
  body: Buffer;
  etag: string;
  /** whether the store may keep it (status 200 or 404, no cookie, not private) */
  storable: boolean;
}

/** What the app sees of a render for the store: the origin the host check accepted, and a CSP marker. */
export interface OriginEnv {
  origin: string;
  /** the page's own inline scripts carry it as their nonce; they alone are hashed into its policy */
  marker: string;
}

/** The Hono app (server/app.ts) as the store renders through it. */
export interface OriginApp {
  fetch(request: Request, env: OriginEnv): Response | Promise<Response>;
}

/** Headers of the app's answer the store does not keep: each send sets its own. */
const DROPPED = new Set(["content-length", "content-encoding", "etag", "vary", "date", "x-cache"]);

/**
 * Renders the answer a store key stands for (docs/architecture.md, "Serving"): a plain GET of the
 * key's URL, which holds the checked origin, the path and the query parameters the route reads, and
 * nothing of the visitor (no cookie, no agent, no parameter the key dropped), so the stored answer
 * is the same for everyone who shares the key. A page gets a Content-Security-Policy of its own
 * inline scripts' hashes instead of a nonce, so its bytes can be sent as they are to every reader.
 * Runs on a render thread, or on the request thread when there is none.
 */
export async function renderForStore(app: OriginApp, url: string, security: Security): Promise<Rendered> {
  const marker = crypto.randomBytes(12).toString("base64url");
  const res = await app.fetch(new Request(url), { origin: new URL(url).origin, marker });
  const raw = Buffer.from(await res.arrayBuffer());
  const headers: string[] = [];
  for (const [k, v] of res.headers) if (!DROPPED.has(k)) headers.push(k, v);
  if ((res.headers.get("content-type") ?? "").startsWith("text/html")) {
    const policy = security.policy(new URL(url).pathname, { hashes: inlineScriptHashes(raw, marker) });
    if (policy) headers.push("content-security-policy", policy);
  }
  const cacheControl = res.headers.get("cache-control") ?? "";
  const storable =
    (res.status === 200 || res.status === 404) &&
    !res.headers.has("set-cookie") &&
    !/no-store|private/.test(cacheControl);
  const body = compress(raw);
  return { status: res.status, headers, body, etag: etagOf(raw), storable };
}

/**
 * Brotli at quality 2: a stored page is compressed once, on the render that makes it, and most pages
 * of a large archive are read a few times, so compression time counts as much as bytes. For a 42 KB
 * article page quality 2 takes 0.4 ms and gives 10.8 KB; quality 4 takes 0.75 ms for 10.1 KB
 * (bench/README.md, "Real traffic").
 */
export function compress(body: Buffer): Buffer {
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** A weak ETag: a digest of the uncompressed bytes. */
export function etagOf(body: Buffer): string {
  return `W/"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}
