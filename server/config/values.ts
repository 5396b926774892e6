/**
 * The formats of configuration values (server/config reads them; the layers that use a value import
 * its parser from here): pure functions, importing nothing of the server.
 */
import ipaddr from "ipaddr.js";

/** "30m", "6h", "1d", "off" → milliseconds (0: off); null when unreadable. */
export function parseInterval(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (t === "" || t === "off" || t === "0") return 0;
  const m = /^(\d+)\s*(m|h|d)$/.exec(t);
  if (!m) return null;
  const n = Number(m[1]);
  const ms = n * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "m" | "h" | "d"];
  return ms >= 60_000 ? ms : null;
}

/** "7d,4w" → keep the newest archive of each of the last 7 days and of the last 4 weeks. */
export function parseKeep(text: string): { daily: number; weekly: number } | null {
  const out = { daily: 0, weekly: 0 };
  for (const part of text.split(",").map((p) => p.trim().toLowerCase())) {
    const m = /^(\d+)(d|w)$/.exec(part);
    if (!m) return null;
    if (m[2] === "d") out.daily = Number(m[1]);
    else out.weekly = Number(m[1]);
  }
  return out.daily + out.weekly > 0 ? out : null;
}

/** One entry of ALLOWED_HOSTS: a host name or IP literal, and a port unless any port will do. */
export interface HostEntry {
  host: string;
  port?: number;
}

const NAME = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/;

/** "Example.COM:8080" → { host: "example.com", port: 8080 }; null when it is no host[:port]. */
export function parseHost(value: string): HostEntry | null {
  const m = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(value.trim().toLowerCase());
  if (!m) return null;
  const host = m[1]!;
  if (!host || host.length > 253 || !NAME.test(host)) return null;
  if (m[2] === undefined) return { host };
  const port = Number(m[2]);
  return port >= 1 && port <= 65535 ? { host, port } : null;
}

/** TRUST_PROXY=true: proxies on this machine or on a private network (nginx in front). */
export const LOCAL_PROXIES = [
  "127.0.0.0/8",
  "::1/128",
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "169.254.0.0/16",
  "fc00::/7",
  "fe80::/10",
];

/** Parses a TRUST_PROXY list (addresses or CIDR ranges); null when an entry is neither. */
export function parseProxyList(list: string[]): [ipaddr.IPv4 | ipaddr.IPv6, number][] | null {
  const out: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const entry of list) {
    try {
      if (entry.includes("/")) out.push(ipaddr.parseCIDR(entry));
      else {
        const a = ipaddr.parse(entry);
        out.push([a, a.kind() === "ipv4" ? 32 : 128]);
      }
    } catch {
      return null;
    }
  }
  return out;
}

/** 32 bytes written as 64 hex characters or as base64; null when the text is neither. */
export function parsePiiKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (b.length === 32) return b;
  }
  return null;
}
