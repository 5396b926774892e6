import path from "node:path";
import { createAdminService } from "../admin";
import { createStats } from "../admin/stats";
import type { Config } from "../config";
import type { Database } from "../db";
import type { Logger } from "../logger";
import { createSearchIndex } from "../search";
import { createWechatService } from "../wechat/sign";
import { createContentEvents } from "./cache";
import { createContentService } from "./content";
import { createLeadWebhook } from "./lead-webhook";
import { createLimits } from "./limits";
import { createMcnService } from "./mcn";
import { createProductService } from "./products";
import { createResponseStores } from "./response-store";
import { createRetention } from "./retention";
import { createSignupService } from "./signup";
import { createSiteService } from "./site";
import { createMemoryStore, createRedisStore, type SharedStore } from "./store";

/** Everything the API and the route loaders call; built once per process. */
export function createServices(opts: {
  config: Config;
  database: Database;
  logger: Logger;
  store?: SharedStore;
  fetch?: typeof fetch;
}) {
  const { config, database, logger } = opts;
  const store =
    opts.store ?? (config.REDIS_URL ? createRedisStore(config.REDIS_URL, logger) : createMemoryStore());
  const redis = "redis" in store ? (store as { redis: import("ioredis").Redis }).redis : undefined;
  const search = createSearchIndex(database);
  const events = createContentEvents({ redis, logger });
  const limits = createLimits(redis);
  const stats = createStats({ database, logger });
  const responses = createResponseStores(config, events);
  const core = {
    config,
    database,
    store,
    search,
    /** call events.changed(change) after any write visitors can see: each instance's response store applies it */
    events,
    /** finished pages and API answers, compressed, invalidated by content changes (README "Response store") */
    responses,
    /** per-IP rate limits, shared across instances through Redis */
    limits,
    logger,
    content: createContentService(database, search, events, stats),
    /** article views and searches, counted in memory and written every few seconds (dashboard) */
    stats,
    site: createSiteService(database),
    /** PII_RETENTION_DAYS and erasure on request (services/retention.ts) */
    retention: createRetention({
      database,
      dataDir: config.DATA_DIR,
      logger,
      days: config.PII_RETENTION_DAYS,
    }),
    products: createProductService(database),
    /** sign-up orders, their payment (PAYMENT_PROVIDER) and the encrypted ID numbers */
    signup: createSignupService({ config, database, logger }),
    /** MCN leads and their pictures; new leads go to LEAD_WEBHOOK_URL when set */
    mcn: createMcnService({
      database,
      limits,
      logger,
      webhook: createLeadWebhook({ url: config.LEAD_WEBHOOK_URL, logger }),
      // ID-card copies go to DATA_DIR/private/mcn, outside the public uploads (services/id-copies.ts)
      uploadsDir: path.join(config.DATA_DIR, "private"),
    }),
    wechat: createWechatService({
      apiBase: config.WECHAT_API_BASE,
      appId: config.WECHAT_APP_ID,
      appSecret: config.WECHAT_APP_SECRET,
      store,
      logger,
      fetch: opts.fetch,
    }),
  };
  /** the editors' console: accounts, sessions, audit log and what /api/admin manages */
  return { ...core, admin: createAdminService(core) };
}

export type Services = ReturnType<typeof createServices>;
