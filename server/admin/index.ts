import path from "node:path";
import type { Config } from "../config";
import type { Database } from "../db";
import type { Logger } from "../logger";
import type { SearchIndex } from "../search";
import type { ContentEvents } from "../services/cache";
import type { ContentService } from "../services/content";
import type { Limits } from "../services/limits";
import type { Pii } from "../services/pii";
import { createArticleAdmin } from "./articles";
import { createAudit } from "./audit";
import { createAuth } from "./auth";
import { createDashboard } from "./dashboard";
import { type ImageKind, storeImage } from "./images";
import { createProductAdmin } from "./products";
import { createRecords } from "./records";
import { type AnyDb, createResourceStore } from "./resources";

export interface AdminDeps {
  config: Config;
  database: Database;
  events: ContentEvents;
  limits: Limits;
  logger: Logger;
  search: SearchIndex;
  content: ContentService;
  /** the sign-up service's key holder (ID numbers are decrypted with it) */
  signup: { pii: Pii };
}

/** The editors' console: accounts and sessions, the audit log, and what editors and operators manage. */
export function createAdminService(deps: AdminDeps) {
  const { database, events } = deps;
  const uploadsDir = path.join(deps.config.DATA_DIR, "uploads");
  return {
    auth: createAuth(deps),
    audit: createAudit(deps),
    articles: createArticleAdmin(deps),
    products: createProductAdmin(deps),
    records: createRecords({ database, pii: () => deps.signup.pii }),
    dashboard: createDashboard(deps),
    resources: createResourceStore(database.db as unknown as AnyDb, events),
    storeImage: (kind: ImageKind, bytes: Uint8Array) => storeImage(uploadsDir, kind, bytes),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
