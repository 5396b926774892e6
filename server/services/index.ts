import type { Config } from "../config";
import type { Database } from "../db";
import type { Logger } from "../logger";
import { createSearchIndex } from "../search";
import { createWechatService } from "../wechat/sign";
import { createContentService } from "./content";
import { createProductService } from "./products";
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
  const search = createSearchIndex(database);
  return {
    config,
    database,
    store,
    search,
    content: createContentService(database, search),
    site: createSiteService(database),
    products: createProductService(database),
    wechat: createWechatService({
      apiBase: config.WECHAT_API_BASE,
      appId: config.WECHAT_APP_ID,
      appSecret: config.WECHAT_APP_SECRET,
      store,
      logger,
      fetch: opts.fetch,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
