import crypto from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import { parseProxyList } from "../config/values";

const parsedLists = new WeakMap<string[], [ipaddr.IPv4 | ipaddr.IPv6, number][]>();

function normalise(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    const a = ipaddr.parse(ip.trim().replace(/^\[|\]$/g, ""));
    return a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress()
      ? (a as ipaddr.IPv6).toIPv4Address()
      : a;
  } catch {
    return null;
  }
}

/** Whether `ip` is one of the trusted proxies. */
export function isTrustedProxy(ip: string, proxies: string[]): boolean {
  let ranges = parsedLists.get(proxies);
  if (!ranges) {
    ranges = parseProxyList(proxies) ?? [];
    parsedLists.set(proxies, ranges);
  }
  const a = normalise(ip);
  if (!a) return false;
  return ranges.some(([range, bits]) => a.kind() === range.kind() && a.match(range, bits));
}

/**
 * The visitor's IP given the socket's peer and the X-Forwarded-For header: with trusted proxies,
 * the hops are walked from the right (the peer first, then what each proxy appended) and the first
 * one that is not a trusted proxy is the visitor. Everything left of it was written by the client
 * and is ignored, as is X-Real-IP (README "Production mode"). When every hop is a proxy, the left-most.
 */
export function visitorIp(peer: string, forwardedFor: string | undefined, proxies: string[] | false): string {
  if (!proxies || !isTrustedProxy(peer, proxies)) return peer;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  let ip = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!normalise(hop)) return ip; // not an address: nothing left of it can be trusted
    ip = hop;
    if (!isTrustedProxy(hop, proxies)) return hop;
  }
  return ip;
}

/** The visitor's IP of a request. Never logged or stored as is: see hashIp. */
export function clientIp(c: Context, trustProxy: string[] | false): string {
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    peer = "unknown";
  }
  return visitorIp(peer, c.req.header("x-forwarded-for"), trustProxy);
}

/** A salted hash of an IP: enough to count and deduplicate, not to identify. */
export function hashIp(ip: string, salt: string): string {
  return crypto.createHash("sha256").update(`${salt}:${ip}`).digest("hex").slice(0, 32);
}

/** The hashed IP of a request, as rate limits, leads and the audit log keep it. */
export function requestIpHash(
  c: Context,
  config: { TRUST_PROXY: string[] | false; IP_HASH_SALT: string },
): string {
  return hashIp(clientIp(c, config.TRUST_PROXY), config.IP_HASH_SALT);
}
