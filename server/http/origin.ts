import os from "node:os";
import type { Context } from "hono";
import type { Config } from "../config";
import { type HostEntry, parseHost } from "../config/values";

/** The hosts a server answers to when ALLOWED_HOSTS is not set: its listen address and loopback, with its port. */
function defaultHosts(listenHost: string, port: number): HostEntry[] {
  const names = new Set(["localhost", "127.0.0.1", "[::1]"]);
  const bracket = (a: string) => (a.includes(":") ? `[${a}]` : a);
  if (listenHost === "0.0.0.0" || listenHost === "::") {
    // Every address of the machine answers, and so does its name.
    for (const list of Object.values(os.networkInterfaces()))
      for (const a of list ?? []) names.add(bracket(a.address.replace(/%.*$/, "").toLowerCase()));
    names.add(os.hostname().toLowerCase());
  } else {
    names.add(bracket(listenHost.toLowerCase()));
  }
  return [...names].map((host) => ({ host, port }));
}

export interface OriginCheck {
  /**
   * The public origin to build absolute URLs with: PUBLIC_URL when set, else the scheme and host the
   * visitor asked for (X-Forwarded-Proto / X-Forwarded-Host with TRUST_PROXY). null when that host is
   * not one the site answers to, or the forwarded scheme is not http(s).
   */
  origin(req: HeaderSource): string | null;
}

/** A request's headers as far as the check reads them (a fetch Request, or a Node request adapted). */
export interface HeaderSource {
  headers: { get(name: string): string | null };
}

/**
 * `port` is the port actually listened on (PORT=0 picks one at start); the default ALLOWED_HOSTS
 * carry it.
 */
export function createOriginCheck(config: Config, port: () => number = () => config.PORT): OriginCheck {
  const publicHost = config.PUBLIC_URL ? parseHost(new URL(config.PUBLIC_URL).host) : null;
  let cached: { port: number; hosts: HostEntry[] } | undefined;
  const allowed = (): HostEntry[] => {
    const p = port();
    if (cached?.port !== p) {
      const hosts = config.ALLOWED_HOSTS ?? defaultHosts(config.HOST, p);
      cached = { port: p, hosts: publicHost ? [...hosts, publicHost] : hosts };
    }
    return cached.hosts;
  };
  const first = (v: string | null) => v?.split(",")[0]?.trim() ?? "";

  return {
    origin(req) {
      let proto = "http";
      let hostValue = req.headers.get("host") ?? "";
      if (config.TRUST_PROXY) {
        const fwdProto = req.headers.get("x-forwarded-proto");
        if (fwdProto !== null) {
          proto = first(fwdProto).toLowerCase();
          if (proto !== "http" && proto !== "https") return null;
        }
        const fwdHost = req.headers.get("x-forwarded-host");
        if (fwdHost !== null) hostValue = first(fwdHost);
      }
      const asked = parseHost(hostValue);
      if (!asked) return null;
      const defaultPort = proto === "https" ? 443 : 80;
      const askedPort = asked.port ?? defaultPort;
      const ok = allowed().some(
        (a) => a.host === asked.host && (a.port === undefined || a.port === askedPort),
      );
      if (!ok) return null;
      if (config.PUBLIC_URL) return config.PUBLIC_URL;
      return askedPort === defaultPort ? `${proto}://${asked.host}` : `${proto}://${asked.host}:${askedPort}`;
    },
  };
}

/**
 * The checked public origin of a request (server/serving/index.ts checks the host of every request
 * before the app sees it and passes the origin it accepted as `c.env.origin`): what pages, feeds and
 * links use instead of the raw Host header.
 */
export function originOf(c: Context): string {
  return (c.env as { origin?: string } | undefined)?.origin ?? new URL(c.req.url).origin;
}

/** Whether the request came over HTTPS, by its checked origin (PUBLIC_URL or the forwarded scheme). */
export function secureRequest(c: Context): boolean {
  return originOf(c).startsWith("https://");
}

export const INVALID_HOST_MESSAGE = "请求的主机名无效";

/** The 400 answered to a request for a host the site does not answer to: a page, or the API's envelope. */
export function invalidHostAnswer(api: boolean): { type: string; body: string } {
  if (api)
    return {
      type: "application/json; charset=UTF-8",
      body: JSON.stringify({ statusCode: 400, message: INVALID_HOST_MESSAGE, data: null }),
    };
  return {
    type: "text/html; charset=UTF-8",
    body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${INVALID_HOST_MESSAGE}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;text-align:center;padding:80px 16px;color:#1F2329">
<h1 style="font-size:24px">${INVALID_HOST_MESSAGE}</h1><p style="color:#646A73">请通过本站的正式网址访问。</p></body></html>`,
  };
}
