import path from "node:path";
import { z } from "zod";
import { LOCAL_PROXIES, parseHost, parseInterval, parseKeep, parsePiiKey, parseProxyList } from "./values";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)),
      `must start with ${protocols.map((p) => `${p}://`).join(" or ")}`,
    );

const ConfigSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "must be a port number (0-65535)" })
    .int("must be a port number (0-65535)")
    .min(0, "must be a port number (0-65535)")
    .max(65535, "must be a port number (0-65535)")
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  REDIS_URL: optionalUrl(["redis", "rediss"]),
  PUBLIC_URL: optionalUrl(["http", "https"]).transform((v) => v?.replace(/\/+$/, "")),
  /**
   * the hosts (host[:port], comma-separated; no port: any port) the site answers to; others get 400.
   * Unset: the listen address and localhost with the listen port. PUBLIC_URL's host is always allowed.
   */
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ?.split(",")
        .map((h) => h.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list === undefined || list.every((h) => parseHost(h) !== null),
      "must be a comma-separated list of host[:port]",
    )
    .transform((list) => (list?.length ? list.map((h) => parseHost(h)!) : undefined)),
  WECHAT_API_BASE: z
    .string()
    .trim()
    .default("https://api.weixin.qq.com")
    .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL")
    .transform((v) => v.replace(/\/+$/, "")),
  /**
   * where WeChat article pages (mp.weixin.qq.com/s/…) are fetched from for 导入公众号文章 (tests:
   * a fake on loopback, with REMOTE_IMAGES_ALLOW_LOOPBACK); the article keeps its real link
   */
  WECHAT_MP_BASE: z
    .string()
    .trim()
    .default("https://mp.weixin.qq.com")
    .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL")
    .transform((v) => v.replace(/\/+$/, "")),
  WECHAT_APP_ID: z.string().trim().optional(),
  WECHAT_APP_SECRET: z.string().trim().optional(),
  /**
   * the Token of the 公众号's server configuration (服务器配置): WeChat signs its event pushes to
   * /api/wechat/callback with it (PUBLISHJOBFINISH, docs/product.md "WeChat sync"); unset: the
   * callback answers 404 and publish results come from polling alone
   */
  WECHAT_CALLBACK_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^[A-Za-z0-9]{3,32}$/.test(v), "must be 3-32 letters or digits"),
  /** how often each instance looks for due 公众号 sync jobs (0: only when one is started or retried) */
  WECHAT_SYNC_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /**
   * behind a reverse proxy (nginx): "true" trusts proxies on this machine or a private network,
   * or a comma-separated list of the proxies' addresses / CIDR ranges. The visitor's IP is then the
   * right-most X-Forwarded-For hop that is not a trusted proxy (server/http/client-ip.ts), and
   * X-Forwarded-Proto / X-Forwarded-Host are read. false: the socket's address only.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((v): string[] | false => {
      if (v === "" || v === "false" || v === "0") return false;
      if (v === "true" || v === "1") return LOCAL_PROXIES;
      return v
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
    })
    .refine(
      (v) => v === false || (v.length > 0 && parseProxyList(v) !== null),
      'must be "true", "false" or a comma-separated list of proxy addresses or CIDR ranges',
    ),
  /**
   * salt for hashing visitor IPs (rate-limit keys, lead and audit records); unset: derived from the
   * PII key (services/index.ts), so it is secret and shared by every instance with that key
   */
  IP_HASH_SALT: z.string().default(""),
  /**
   * how long the response store keeps a page or API answer before re-rendering it (content changes
   * purge or refresh the answers they touch at once); 0 disables the store
   */
  CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86400).default(300),
  /**
   * how long past its TTL an answer may still be served while one background render refreshes it:
   * what an answer shows of itself is purged at once on a change, so a stale answer differs only in
   * its sidebars (latest and hot lists), and the long tail of pages read less than once per TTL
   * stays in the store instead of making each of its readers wait for a render
   */
  CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86400).default(3600),
  /**
   * the response store's warmer (server/serving/warmer.ts): renders every public page the store lacks
   * while no reader's page is being rendered, so that none waits for one; 0: readers' requests alone
   * fill the store (tests that count renders)
   */
  CACHE_WARM: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /**
   * threads that render public pages missing from the store (server/serving/threads.ts), so the
   * request thread keeps answering stored pages meanwhile; unset: one per core but one, at least
   * one, at most four; 0: render on the request thread
   */
  RENDER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /** how often each instance looks for scheduled articles whose time has come (0: never) */
  SCHEDULE_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /**
   * Baidu link submission (docs/product.md, "Search engine push"): the endpoint exactly as Baidu's
   * webmaster console gives it, site and token included
   * (http://data.zz.baidu.com/urls?site=https://www.example.com&token=…); unset: no Baidu push
   */
  BAIDU_PUSH_URL: optionalUrl(["http", "https"]).refine(
    (v) => v === undefined || Boolean(URL.parse(v)?.searchParams.get("token")),
    "must carry the token=… Baidu's console gives",
  ),
  /** IndexNow key (8–128 letters, digits, dashes); served at /{key}.txt; unset: no IndexNow push */
  INDEXNOW_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || /^[a-zA-Z0-9-]{8,128}$/.test(v),
      "must be 8-128 letters, digits or dashes",
    ),
  /** where IndexNow submissions go (any participating engine shares them with the others) */
  INDEXNOW_ENDPOINT: z
    .string()
    .trim()
    .default("https://api.indexnow.org/indexnow")
    .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL"),
  /** how often each instance sends the search-engine push queue (0: never) */
  PUSH_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /**
   * The response store's budget for compressed pages and API answers, in MB of files under
   * DATA_DIR/cache (the process keeps only their index, see CACHE_MAX_ENTRIES). 3,072 holds every
   * public page of a 100,000-article archive (11–12 KB each, brotli; about 150,000 pages with the
   * lists), as the warmer fills it (bench/README.md, "Warmer").
   */
  CACHE_MAX_MB: z.coerce.number().min(1).max(65536).default(3072),
  /**
   * The most answers the response store keeps, whatever their size: its index is in the process's
   * memory, so this bounds that memory; 250,000 holds every public page of a 100,000-article archive
   * (about 150,000 with the lists) and the API answers readers ask for (bench/README.md, "Warmer").
   */
  CACHE_MAX_ENTRIES: z.coerce.number().int().min(100).max(10_000_000).default(250_000),
  /** WeCom / DingTalk group-robot URL told about every new MCN lead (phone masked); unset: no message */
  LEAD_WEBHOOK_URL: optionalUrl(["http", "https"]),
  /** when set, /metrics requires `Authorization: Bearer <token>` */
  METRICS_TOKEN: z.string().trim().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /** sign-up payments: dev = the local cashier (no real money), alipay = Alipay page pay */
  PAYMENT_PROVIDER: z.enum(["dev", "alipay"]).default("dev"),
  ALIPAY_APP_ID: z.string().trim().optional(),
  /** the app's RSA2 private key: PEM (PKCS#1 or PKCS#8) or its bare base64 body; "\n" escapes allowed */
  ALIPAY_PRIVATE_KEY: z.string().trim().optional(),
  /** Alipay's public key (from the Alipay console), PEM or bare base64 */
  ALIPAY_PUBLIC_KEY: z.string().trim().optional(),
  ALIPAY_GATEWAY: z
    .string()
    .trim()
    .default("https://openapi.alipay.com/gateway.do")
    .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL"),
  /** AES-256-GCM key for ID numbers at rest (64 hex or base64 of 32 bytes); unset: DATA_DIR/pii.key */
  PII_KEY: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || parsePiiKey(v) !== null, "must be 32 bytes: 64 hex characters or base64"),
  /** ID numbers, ID-card copies and mobiles of orders and leads older than this are erased daily; 0: off */
  PII_RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(365),
  /** where `npm run backup` and the scheduled backups write their archives (README "Backups") */
  BACKUP_DIR: z.string().trim().min(1).default("./backups"),
  /** scheduled backups by the server itself: "30m", "6h", "1d"…; off by default */
  BACKUP_INTERVAL: z
    .string()
    .trim()
    .default("off")
    .refine(
      (v) => parseInterval(v) !== null,
      'must be "off" or a duration such as 6h, 1d, 30m (at least 1m)',
    ),
  /** how many scheduled archives to keep: the newest of each of the last N days and M weeks */
  BACKUP_KEEP: z
    .string()
    .trim()
    .default("7d,4w")
    .refine((v) => parseKeep(v) !== null, "must be daily and weekly counts such as 7d,4w"),
  /**
   * tests only (needs NODE_ENV=test): pictures in article bodies may be fetched from this machine
   * (127.0.0.0/8, ::1) on any port, so tests can serve them from a fake host; other private ranges
   * stay refused
   */
  REMOTE_IMAGES_ALLOW_LOOPBACK: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** the live room /flybird/live shows in its frame */
  LIVE_ROOM_URL: z
    .string()
    .trim()
    .default("https://example.com/?live-room=dianshangbao")
    .refine((v) => /^https?:\/\/\S+$/.test(v), "must be an http(s) URL"),
  /**
   * hosts a landing page's live-frame section may show besides LIVE_ROOM_URL's, comma-separated
   * (`live.example.com,room.example.net`); the pages' frame policy (CSP frame-src) allows the same
   */
  LIVE_FRAME_HOSTS: z
    .string()
    .trim()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((h) => /^[a-z0-9.-]+(?::\d+)?$/.test(h)), "must be host names"),
  /** the messenger link /wang/w/{customerName} opens; {customerName} is replaced by the URL-encoded name */
  CHAT_LINK_TEMPLATE: z
    .string()
    .trim()
    .default("aliim:sendmsg?uid=cntaobao&siteid=cntaobao&touid=cntaobao{customerName}")
    .refine((v) => v.includes("{customerName}"), "must contain {customerName}")
    .refine((v) => !/^(javascript|data|vbscript):/i.test(v), "must not be a script URL"),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, "DATA_DIR" | "BACKUP_DIR"> & {
  DATA_DIR: string;
  BACKUP_DIR: string;
  /** true when WeChat sharing can be signed */
  wechatConfigured: boolean;
};

export class ConfigError extends Error {}

/** Parse the environment once; a bad value throws a one-line ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    // Secrets are named, never echoed.
    const secret = /(KEY|SECRET|PASSWORD|TOKEN|SALT)$/.test(name) || name === "BAIDU_PUSH_URL";
    const value = secret ? "[hidden]" : JSON.stringify(env[name] ?? "");
    throw new ConfigError(`Invalid configuration: ${name}=${value} ${issue?.message ?? "is invalid"}`);
  }
  const c = parsed.data;
  if (c.REMOTE_IMAGES_ALLOW_LOOPBACK && c.NODE_ENV !== "test") {
    throw new ConfigError(
      `Invalid configuration: REMOTE_IMAGES_ALLOW_LOOPBACK=${JSON.stringify(env.REMOTE_IMAGES_ALLOW_LOOPBACK)} is for tests only (needs NODE_ENV=test)`,
    );
  }
  return {
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    BACKUP_DIR: path.resolve(c.BACKUP_DIR),
    wechatConfigured: Boolean(c.WECHAT_APP_ID && c.WECHAT_APP_SECRET),
  };
}
