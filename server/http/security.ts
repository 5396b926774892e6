import crypto from "node:crypto";
import type { Context, Next } from "hono";
import { NONCE_APPLIED_HEADER, NONCE_PLACEHOLDER } from "../../app/csp";
import type { Config } from "../config";

export interface CspExtras {
  /** extra script sources for one page, e.g. the hash of a payment form's auto-submit script */
  scriptSrc?: string[];
  formAction?: string[];
  frameSrc?: string[];
}

/** Page-specific exceptions, by path prefix; everything else gets the strict policy. */
export type CspRules = { prefix: string; extras: CspExtras }[];

export function contentSecurityPolicy(
  nonce: string,
  extras: CspExtras = {},
  frameSrc: string[] = [],
): string {
  const list = (xs: string[]) => xs.filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${list(extras.scriptSrc ?? [])}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src 'self' ${list([...frameSrc, ...(extras.frameSrc ?? [])])}`.trim(),
    "frame-ancestors 'self'",
    "base-uri 'self'",
    `form-action 'self' ${list(extras.formAction ?? [])}`.trim(),
    "object-src 'none'",
  ].join("; ");
}

/**
 * Security headers on every response; on HTML, a fresh CSP nonce replaces the placeholder the
 * pages are rendered (and cached) with.
 */
export function securityHeaders(config: Config, rules: CspRules = [], frameSrc: string[] = []) {
  const https = config.PUBLIC_URL?.startsWith("https://") ?? false;
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "SAMEORIGIN"],
  ];
  if (https) fixed.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return async (c: Context, next: Next) => {
    // API answers are JSON built by the handlers: give them the headers up front and never touch
    // the finished response (reading it back would turn the server's fast path into a slow one).
    if (c.req.path.startsWith("/api/")) {
      for (const [k, v] of fixed) c.header(k, v);
      return next();
    }
    const nonce = crypto.randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    const h = c.res.headers;
    for (const [k, v] of fixed) h.set(k, v);
    const applied = h.get(NONCE_APPLIED_HEADER) === nonce;
    h.delete(NONCE_APPLIED_HEADER);
    const type = h.get("content-type") ?? "";
    if (!type.startsWith("text/html") || config.NODE_ENV === "development") return;
    const extras = rules.find((r) => c.req.path.startsWith(r.prefix))?.extras;
    h.set("Content-Security-Policy", contentSecurityPolicy(nonce, extras, frameSrc));
    if (applied || !c.res.body || c.req.method === "HEAD") return;
    const html = await c.res.text();
    const headers = new Headers(h);
    headers.delete("content-length");
    c.res = new Response(html.replaceAll(NONCE_PLACEHOLDER, nonce), { status: c.res.status, headers });
  };
}

declare module "hono" {
  interface ContextVariableMap {
    /** this request's CSP nonce */
    cspNonce: string;
  }
}
