import path from "node:path";
import type { Config } from "../config";
import type { Database } from "../db";
import { createContentService } from "../entities/articles";
import { createLandingPages } from "../entities/landing-pages";
import { createMcnService } from "../entities/leads";
import { createOrderRecords } from "../entities/orders";
import { createPreviewLinks } from "../entities/previews";
import { createProductService } from "../entities/products";
import { type AnyDb, createResourceStore } from "../entities/resources";
import { createRevisionService } from "../entities/revisions";
import { createSiteService } from "../entities/site";
import { createAuth } from "../entities/users";
import { createImports } from "../import/jobs";
import { createJobRunner } from "../jobs/runner";
import type { Logger } from "../logger";
import { createSearchIndex } from "../search";
import { createWechatClient } from "../wechat/client";
import { createWechatService } from "../wechat/sign";
import { createAudit } from "./audit";
import { createContentEvents } from "./content-events";
import { createDashboard } from "./dashboard";
import { type ImageKind, storeImage } from "./images";
import { createMemoryKv, createRedisKv, type KeyValueStore } from "./kv";
import { createLeadWebhook } from "./lead-webhook";
import { createLimits } from "./limits";
import { createRedirects } from "./redirects";
import { fetchRemotePage } from "./remote-fetch";
import { createRemoteImages } from "./remote-images";
import { createRetention, retentionJob } from "./retention";
import { scheduledPublishing } from "./scheduler";
import { createSearchPush, searchPushJob } from "./search-push";
import { createSignupService } from "./signup";
import { createStats, type Stats } from "./stats";
import { createWechatSync } from "./wechat-sync/console";
import { wechatSyncJob } from "./wechat-sync/job";

/** Everything the API and the route loaders call; built once per process. */
export function createServices(opts: {
  config: Config;
  database: Database;
  logger: Logger;
  /** the shared key-value store (services/kv.ts); default: Redis when REDIS_URL is set, else in-process */
  kv?: KeyValueStore;
  fetch?: typeof fetch;
  /**
   * where reads and searches are counted; default: counted here and written to the database. A
   * render thread passes them on to the request thread, so only one connection ever writes.
   */
  stats?: Stats;
}) {
  const { config, database, logger } = opts;
  /**
   * The background jobs (server/jobs/runner.ts): built here, started only by a server's request
   * thread (jobs.start()), stopped on shutdown (jobs.stop()).
   */
  const jobs = createJobRunner(logger);
  const kv = opts.kv ?? (config.REDIS_URL ? createRedisKv(config.REDIS_URL, logger) : createMemoryKv());
  const redis = "redis" in kv ? (kv as { redis: import("ioredis").Redis }).redis : undefined;
  const search = createSearchIndex(database);
  const events = createContentEvents({ redis, logger });
  const limits = createLimits(redis);
  const stats = opts.stats ?? createStats({ database, logger });
  const products = createProductService({ database, events });
  const uploadsDir = path.join(config.DATA_DIR, "uploads");
  /** pictures of an article's body outside the site, stored as uploads on console saves */
  const remoteImages = createRemoteImages({
    uploadsDir,
    publicUrl: config.PUBLIC_URL,
    allowLoopback: config.REMOTE_IMAGES_ALLOW_LOOPBACK,
    logger,
  });
  const pushQueue = createSearchPush({ config, db: database.db, logger, fetch: opts.fetch });
  const pushes = { ...pushQueue, tick: jobs.add(searchPushJob(pushQueue, config.PUSH_POLL_SECONDS)).tick };
  const wechatApi = createWechatClient({
    apiBase: config.WECHAT_API_BASE,
    appId: config.WECHAT_APP_ID,
    appSecret: config.WECHAT_APP_SECRET,
    kv,
    logger,
    fetch: opts.fetch,
  });
  /** old addresses answering 301 (services/redirects.ts); start() loads them (the request thread) */
  const redirects = createRedirects({ database, events, logger, publicUrl: config.PUBLIC_URL });
  const content = createContentService(database, search, events, {
    stats,
    remoteImages,
    pushes,
    allowLoopbackImages: config.REMOTE_IMAGES_ALLOW_LOOPBACK,
  });
  /** landing pages: the console's writes, the page a path shows, the index of published paths */
  const landingPages = createLandingPages({
    database,
    events,
    logger,
    redirects,
    products,
    remoteImages,
    liveHosts: [
      new URL(config.LIVE_ROOM_URL).hostname,
      ...config.LIVE_FRAME_HOSTS.map((h) => h.split(":")[0]!),
    ],
  });
  const mpBase = new URL(config.WECHAT_MP_BASE);
  const signup = createSignupService({ config, database, logger, products });
  const retention = createRetention({
    database,
    dataDir: config.DATA_DIR,
    logger,
    days: config.PII_RETENTION_DAYS,
  });
  jobs.add(retentionJob(retention, logger));
  const core = {
    config,
    database,
    kv,
    search,
    /** call events.changed(change) after any write visitors can see: each instance's response store applies it */
    events,
    /** per-IP rate limits, shared across instances through Redis */
    limits,
    logger,
    content,
    landingPages,
    redirects,
    /** WordPress and WeChat imports, run as jobs the console follows (server/import/jobs.ts) */
    imports: createImports({
      database,
      content,
      redirects,
      remoteImages,
      events,
      logger,
      dataDir: config.DATA_DIR,
      jobs,
      // 从公众号选择: the account's published articles, with the site's one token
      wechatApi,
      // An article page, fetched through the same guard as pictures (WECHAT_MP_BASE in tests).
      wechat: async (url) => {
        const u = new URL(url);
        const bytes = await fetchRemotePage(new URL(u.pathname + u.search, mpBase).href, {
          maxBytes: 5 * 1024 * 1024,
          signal: AbortSignal.timeout(15_000),
          allowLoopback: config.REMOTE_IMAGES_ALLOW_LOOPBACK,
          maxRedirects: 3,
        });
        return Buffer.from(bytes).toString("utf8");
      },
    }),
    /** tells Baidu and IndexNow about newly public articles (a job, PUSH_POLL_SECONDS) */
    pushes,
    /** article views and searches, counted in memory and written every few seconds (dashboard) */
    stats,
    site: createSiteService(database),
    /** PII_RETENTION_DAYS (a daily job) and erasure on request (services/retention.ts) */
    retention,
    products,
    /** sign-up orders, their payment (PAYMENT_PROVIDER) and the encrypted ID numbers */
    signup,
    /** MCN leads and their pictures; new leads go to LEAD_WEBHOOK_URL when set */
    mcn: createMcnService({
      database,
      logger,
      webhook: createLeadWebhook({ url: config.LEAD_WEBHOOK_URL, logger }),
      // ID-card copies go to DATA_DIR/private/mcn, outside the public uploads (services/id-copies.ts)
      uploadsDir: path.join(config.DATA_DIR, "private"),
      pii: () => signup.pii,
    }),
    /** the 公众号 API with the site's one access token (server/wechat/client.ts) */
    wechatApi,
    /** the JS-SDK share signature, with the same token */
    wechat: createWechatService({ client: wechatApi, kv, logger }),
  };
  // IP_HASH_SALT unset: a salt derived from the PII key, secret and the same on every instance.
  if (!config.IP_HASH_SALT) config.IP_HASH_SALT = signup.pii.derive("ip-hash").toString("hex");
  /** 同步到公众号: the console's calls, and the job that runs the syncs' steps */
  const syncLoop = jobs.add(
    wechatSyncJob(
      {
        db: database.db,
        client: wechatApi,
        logger,
        uploadsDir,
        publicUrl: config.PUBLIC_URL,
        allowLoopback: config.REMOTE_IMAGES_ALLOW_LOOPBACK,
      },
      config.WECHAT_SYNC_POLL_SECONDS,
    ),
  );
  const wechatSync = {
    ...createWechatSync({
      db: database.db,
      client: wechatApi,
      logger,
      publicUrl: config.PUBLIC_URL,
      callbackToken: config.WECHAT_CALLBACK_TOKEN,
      article: (id) => core.content.detail(id, { anyStatus: true }),
      kick: syncLoop.kick,
    }),
    /** one look for due syncs now (a look in progress is shared) */
    tick: syncLoop.tick,
  };
  const audit = createAudit({ database, logger });
  return {
    ...core,
    /** the background jobs: start() on a server's request thread only, stop() on shutdown */
    jobs,
    /** console accounts and their sessions */
    users: createAuth({ config, database, kv, limits, logger }),
    /** who changed what in the console */
    audit,
    wechatSync,
    /** links that show a draft or scheduled article, or a landing page as stored, to someone without an account */
    previews: createPreviewLinks({
      database,
      detail: (id, o) => core.content.detail(id, o),
      landing: (id) => core.landingPages.stored(id),
    }),
    /** what each save of an article stored (the editor's 版本历史) */
    revisions: createRevisionService(database.db),
    /** publishes scheduled articles and landing pages when their time comes (a job, SCHEDULE_POLL_SECONDS) */
    scheduler: jobs.add(
      scheduledPublishing({
        content: core.content,
        landing: core.landingPages,
        audit,
        logger,
        intervalSeconds: config.SCHEDULE_POLL_SECONDS,
      }),
    ),
    /** sign-up orders as operators see them (filters, status, export, revealing an ID number) */
    orders: createOrderRecords({ database, pii: () => core.signup.pii }),
    dashboard: createDashboard({ database }),
    /** the simple console entities (entities/resources.ts) */
    resources: createResourceStore(database.db as unknown as AnyDb, events),
    /** pictures editors upload, resized */
    images: { store: (kind: ImageKind, bytes: Uint8Array) => storeImage(uploadsDir, kind, bytes) },
  };
}

export type Services = ReturnType<typeof createServices>;
