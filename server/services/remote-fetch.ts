import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Fetching a picture from an address an editor pasted, without letting that address reach inside
 * our network (docs/product.md "Remote pictures"). Only public unicast addresses are fetched; the
 * check runs on the address the connection is actually made to (a lookup hook on the request), so a
 * name that resolves differently a second time (DNS rebinding) cannot slip past, and every redirect
 * hop is checked the same way.
 */

/** public: may be fetched; loopback: this machine (tests only); private: everything else refused */
export type AddressClass = "public" | "loopback" | "private";

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** Classifies one IP address (v4 or v6, IPv4-mapped v6 as its v4); anything unparsable is private. */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return "private";
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns ::ffff:a.b.c.d into a.b.c.d, so a mapped loopback is seen as loopback.
    addr = ipaddr.process(bare);
  } catch {
    return "private";
  }
  const range = addr.range();
  if (range === "loopback") return "loopback";
  if (addr.kind() === "ipv4") return range === "unicast" ? "public" : "private";
  // IPv6: only global unicast (2000::/3) outside the special ranges (NAT64, 6to4, Teredo, docs…).
  return range === "unicast" && (addr as ipaddr.IPv6).match(GLOBAL_UNICAST_V6) ? "public" : "private";
}

/**
 * Classifies a URL's host before any lookup: IP literals in any spelling (decimal 2130706433,
 * octal, hex, bracketed IPv6) as their address, `localhost` and `*.localhost` as loopback, other
 * names "name" (their addresses are checked when connecting).
 */
export function classifyHost(host: string): AddressClass | "name" {
  let hostname: string;
  try {
    // The URL parser writes every IPv4 spelling as dotted decimal and lower-cases names.
    hostname = new URL(`http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}/`)
      .hostname;
  } catch {
    return "private";
  }
  const bare = hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (bare === "localhost" || bare.endsWith(".localhost")) return "loopback";
  if (ipaddr.isValid(bare)) return classifyAddress(bare);
  return "name";
}

export class FetchRefused extends Error {
  constructor(
    readonly reason: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** Chinese reasons an editor reads next to the picture's address. */
export const REFUSED = {
  private: "地址指向内网，已拒绝",
  port: "仅支持 80、443 端口的图片地址",
  scheme: "仅支持 http(s) 图片地址",
  redirects: "跳转次数过多",
  timeout: "超时",
  network: "无法下载（网络错误）",
  dns: "无法下载（域名无法解析）",
  http: (status: number) => `无法下载（HTTP ${status}）`,
  tooLarge: (maxBytes: number) => `图片超过 ${Math.round(maxBytes / 1024 / 1024)} MB`,
} as const;

export interface RemoteFetchOptions {
  /** stop reading past this many bytes */
  maxBytes: number;
  /** the whole fetch (all hops and the body) */
  signal: AbortSignal;
  /** tests only: 127.0.0.0/8 and ::1 (and any port) are allowed; other private ranges never */
  allowLoopback?: boolean;
  /** redirects followed, each checked like the first address */
  maxRedirects?: number;
  /** what the request accepts (default: pictures); a page's HTML asks for text/html */
  accept?: string;
}

const allowed = (c: AddressClass, allowLoopback: boolean) =>
  c === "public" || (c === "loopback" && allowLoopback);

/** A lookup that refuses the connection when any address of the name is not allowed. */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return (callback as (e: Error) => void)(err);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !allowed(classifyAddress(a.address), allowLoopback));
      if (bad || list.length === 0) {
        return (callback as (e: Error) => void)(
          new FetchRefused(REFUSED.private, `${hostname} resolves to ${bad?.address ?? "nothing"}`),
        );
      }
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      (callback as (e: null, a: string, f: number) => void)(null, first.address, first.family);
    });
  };
}

/** Checks an address before connecting: scheme, literal IP or localhost, port. */
function checkUrl(url: URL, allowLoopback: boolean): void {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FetchRefused(REFUSED.scheme, url.protocol);
  const host = classifyHost(url.hostname);
  if (host !== "name" && !allowed(host, allowLoopback)) throw new FetchRefused(REFUSED.private, url.hostname);
  // Picture hosts serve on the default ports; other ports are how internal services are reached.
  // The test setting lets the fake hosts of the tests listen on any port.
  if (url.port !== "" && !allowLoopback) throw new FetchRefused(REFUSED.port, url.port);
}

/** What a browser sends for a picture, without a Referer (WeChat's hosts serve those). */
const HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
  accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8",
  "accept-language": "zh-CN,zh;q=0.9",
  "accept-encoding": "identity",
};

function get(
  url: URL,
  signal: AbortSignal,
  lookup: LookupFunction,
  accept: string | undefined,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === "https:" ? https : http;
    const headers = accept ? { ...HEADERS, accept } : HEADERS;
    const req = mod.request(url, { method: "GET", headers, lookup, signal, agent: false });
    req.once("response", resolve);
    req.once("error", reject);
    req.end();
  });
}

/** A web page's bytes (an article on mp.weixin.qq.com), fetched with the same guard and limits. */
export function fetchRemotePage(address: string, opts: RemoteFetchOptions): Promise<Uint8Array> {
  return fetchRemoteImage(address, {
    ...opts,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  });
}

/**
 * The bytes of a picture at `address`, following at most `maxRedirects` redirects by hand, each
 * hop checked; throws FetchRefused with the Chinese reason.
 */
export async function fetchRemoteImage(address: string, opts: RemoteFetchOptions): Promise<Uint8Array> {
  const allowLoopback = opts.allowLoopback === true;
  const lookup = guardedLookup(allowLoopback);
  const maxRedirects = opts.maxRedirects ?? 3;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused(REFUSED.scheme, "unparsable address");
  }
  try {
    for (let hop = 0; ; hop++) {
      checkUrl(url, allowLoopback);
      const res = await get(url, opts.signal, lookup, opts.accept);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.destroy();
        if (hop >= maxRedirects) throw new FetchRefused(REFUSED.redirects, `${hop + 1} redirects`);
        url = new URL(res.headers.location, url);
        continue;
      }
      if (status !== 200) {
        res.destroy();
        throw new FetchRefused(REFUSED.http(status), `HTTP ${status}`);
      }
      const declared = Number(res.headers["content-length"] ?? "NaN");
      if (declared > opts.maxBytes) {
        res.destroy();
        throw new FetchRefused(REFUSED.tooLarge(opts.maxBytes), `content-length ${declared}`);
      }
      return await readCapped(res, opts.maxBytes);
    }
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    if (opts.signal.aborted) throw new FetchRefused(REFUSED.timeout, "timed out");
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") throw new FetchRefused(REFUSED.dns, String(code));
    throw new FetchRefused(REFUSED.network, (err as Error).message);
  }
}

/** Reads the body, and stops (closing the connection) as soon as it passes `maxBytes`. */
async function readCapped(res: http.IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      res.destroy();
      throw new FetchRefused(REFUSED.tooLarge(maxBytes), `more than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}
