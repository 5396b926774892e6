import crypto from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The visitor's IP: the socket address, or the proxy's X-Real-IP / first X-Forwarded-For entry
 * when TRUST_PROXY is set (nginx in front). Never logged or stored as is: see hashIp.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const real = c.req.header("x-real-ip");
    if (real) return real.trim();
    const fwd = c.req.header("x-forwarded-for");
    if (fwd) return fwd.split(",")[0]!.trim();
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** A salted hash of an IP: enough to count and deduplicate, not to identify. */
export function hashIp(ip: string, salt: string): string {
  return crypto.createHash("sha256").update(`${salt}:${ip}`).digest("hex").slice(0, 32);
}

/** The hashed IP of a request, as rate limits, leads and the audit log keep it. */
export function requestIpHash(c: Context, config: { TRUST_PROXY: boolean; IP_HASH_SALT: string }): string {
  return hashIp(clientIp(c, config.TRUST_PROXY), config.IP_HASH_SALT);
}
