import crypto from "node:crypto";
import type { Context, Next } from "hono";
import type { Config } from "../config";
import { type CspExtras, paymentCspRules } from "../payments/csp";
import { secureRequest } from "./origin";

/** How a page's inline scripts are allowed: by this request's nonce, or by their hashes. */
export type ScriptProof = { nonce: string } | { hashes: string[] };

export function contentSecurityPolicy(
  proof: ScriptProof,
  extras: CspExtras = {},
  frameSrc: string[] = [],
): string {
  const list = (xs: string[]) => xs.filter(Boolean).join(" ");
  const allowed = "nonce" in proof ? [`'nonce-${proof.nonce}'`] : proof.hashes.map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${list([...allowed, ...(extras.scriptSrc ?? [])])}`.trim(),
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

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hashes ('sha256-…') of the page's own inline scripts: those rendered with `marker` as
 * their nonce attribute (a random value per render, never listed in the policy). Markup injected
 * into a page can never carry it, so a payload that became a script is not hashed and cannot run.
 * JSON data blocks are not scripts; scripts with a src are allowed by 'self'.
 *
 * A page's bytes are read as latin1 (one character per byte, far cheaper than decoding UTF-8), and
 * each script is hashed as those same bytes: the hash of its UTF-8 text, as a browser computes it.
 */
export function inlineScriptHashes(page: string | Buffer, marker: string): string[] {
  const bytes = typeof page === "string" ? "utf8" : "latin1";
  const html = typeof page === "string" ? page : page.toString("latin1");
  const out = new Set<string>();
  const own = `nonce="${marker}"`;
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const attrs = m[1] ?? "";
    if (
      !attrs.includes(own) ||
      /\bsrc\s*=/i.test(attrs) ||
      /type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)
    )
      continue;
    out.add(
      `sha256-${crypto
        .createHash("sha256")
        .update(m[2] ?? "", bytes)
        .digest("base64")}`,
    );
  }
  return [...out];
}

/**
 * The security headers of every response, and the Content-Security-Policy of pages. A page rendered
 * for the store (`c.env.marker`, server/serving/render.ts) gets its policy there, from its inline
 * scripts' hashes: the same bytes for every visitor, sent as they are. Pages rendered for one request
 * (the console, form posts, an editor's session) get a fresh nonce here.
 */
export function createSecurity(config: Config) {
  const https = config.PUBLIC_URL?.startsWith("https://") ?? false;
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "SAMEORIGIN"],
  ];
  const hsts: [string, string] = ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"];
  if (https) fixed.push(hsts);
  // Without an https PUBLIC_URL, HSTS follows the checked scheme of each request (X-Forwarded-Proto
  // behind a trusted proxy, server/http/origin.ts).
  const headersOf = (c: Context): [string, string][] =>
    https || !secureRequest(c) ? fixed : [...fixed, hsts];
  const dev = config.NODE_ENV === "development";
  const rules = paymentCspRules(config);
  // /flybird/live and the landing pages' live-frame sections frame the live rooms
  const frameSrc = [
    ...new Set([new URL(config.LIVE_ROOM_URL).origin, ...config.LIVE_FRAME_HOSTS.map((h) => `https://${h}`)]),
  ];

  /** A page's policy (none in development, where Vite injects scripts of its own). */
  const policy = (path: string, proof: ScriptProof): string | undefined =>
    dev
      ? undefined
      : contentSecurityPolicy(proof, rules.find((r) => path.startsWith(r.prefix))?.extras, frameSrc);

  return {
    /** the headers every answer carries */
    fixed,
    policy,
    /** The nonce a page's own scripts carry: the store's marker, or this request's nonce. */
    nonceOf(c: Context): string | undefined {
      return (c.env as { marker?: string } | undefined)?.marker ?? c.get("cspNonce");
    },
    async middleware(c: Context, next: Next) {
      // API answers are JSON built by the handlers: give them the headers up front.
      if (c.req.path.startsWith("/api/")) {
        for (const [k, v] of headersOf(c)) c.header(k, v);
        return next();
      }
      const forStore = (c.env as { marker?: string } | undefined)?.marker !== undefined;
      const nonce = crypto.randomBytes(16).toString("base64");
      if (!forStore) c.set("cspNonce", nonce);
      await next();
      const h = c.res.headers;
      for (const [k, v] of headersOf(c)) h.set(k, v);
      const type = h.get("content-type") ?? "";
      if (forStore || !type.startsWith("text/html")) return;
      const p = policy(c.req.path, { nonce });
      if (p) h.set("Content-Security-Policy", p);
    },
  };
}

export type Security = ReturnType<typeof createSecurity>;

declare module "hono" {
  interface ContextVariableMap {
    /** this request's CSP nonce */
    cspNonce: string;
  }
}
