import type { Context, Hono, MiddlewareHandler } from "hono";
import { capBody } from "../http/body-limit";
import { requestIpHash } from "../http/client-ip";
import type { Services } from "../services";
import { AppError } from "../services/errors";
import { consoleArticleEndpoints } from "./admin/articles";
import { consoleAuthEndpoints } from "./admin/auth";
import { consoleBackupEndpoints } from "./admin/backups";
import { consoleIdCopyEndpoints } from "./admin/id-copies";
import { consoleImportEndpoints } from "./admin/imports";
import { consoleLandingEndpoints } from "./admin/landing-pages";
import { consolePrivacyEndpoints } from "./admin/privacy";
import { consoleProductEndpoints } from "./admin/products";
import { consoleRecordEndpoints } from "./admin/records";
import { consoleResourceEndpoints } from "./admin/resources";
import { consoleSearchPushEndpoints } from "./admin/search-push";
import { consoleWechatSyncEndpoints } from "./admin/wechat-sync";
import { actorOf, consoleGuard, pathId, requireAccess } from "./console";
import { contentEndpoints } from "./content";
import { type AnyEndpoint, type ApiContext, type ApiEnv, maxBodyOf } from "./endpoint";
import { ok, parse, queryOf } from "./envelope";
import { mcnEndpoints } from "./mcn";
import { productEndpoints } from "./product";
import { signupEndpoints } from "./signup";
import { siteEndpoints } from "./site";
import { uploadEndpoints } from "./upload";
import { wechatEndpoints } from "./wechat";

/**
 * Every endpoint group, public and console, in the order they are matched. A group left out of
 * this list answers 404; tests/unit/endpoints.test.ts fails when a module under server/api/
 * declares endpoints that are not here.
 */
export const ENDPOINT_GROUPS = {
  content: contentEndpoints,
  site: siteEndpoints,
  product: productEndpoints,
  mcn: mcnEndpoints,
  signup: signupEndpoints,
  upload: uploadEndpoints,
  wechat: wechatEndpoints,
  consoleAuth: consoleAuthEndpoints,
  consoleArticles: consoleArticleEndpoints,
  consoleProducts: consoleProductEndpoints,
  consoleResources: consoleResourceEndpoints,
  consoleRecords: consoleRecordEndpoints,
  consoleIdCopies: consoleIdCopyEndpoints,
  consolePrivacy: consolePrivacyEndpoints,
  consoleBackups: consoleBackupEndpoints,
  consoleSearchPushes: consoleSearchPushEndpoints,
  consoleWechatSync: consoleWechatSyncEndpoints,
  consoleImports: consoleImportEndpoints,
  consoleLandingPages: consoleLandingEndpoints,
} satisfies Record<string, AnyEndpoint[]>;

export const endpoints: AnyEndpoint[] = Object.values(ENDPOINT_GROUPS).flat();

/** Changes allowed without a session (and so without its CSRF token): sign-in and first-run setup. */
const sessionless = new Set(
  endpoints.filter((e) => e.role === "guest" && e.method !== "get").map((e) => e.path),
);

/**
 * Mounts every endpoint on the app. Public GETs are answered afresh here; the serving layer keeps
 * the ones that declare tags (server/serving/keys.ts) and renders them through this same handler.
 *
 * Each request meets the cheap checks first, before its body is read: the console's access and the
 * ids in its path, then the endpoint's rate limit, then the body's cap (413 past it, nothing more
 * read); only then is the body read and validated.
 */
export function mountEndpoints(app: Hono<ApiEnv>, services: Services): void {
  app.use("/api/admin/*", consoleGuard(services, sessionless));
  for (const def of endpoints) {
    const access = def.role;
    const ids = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const checks: MiddlewareHandler<ApiEnv> = async (c, next) => {
      if (access !== undefined) {
        requireAccess(c, access);
        for (const name of ids) pathId(c, name);
      }
      if (def.limit) await services.limits.consume(def.limit, requestIpHash(c, services.config));
      await next();
    };
    const maxBytes = maxBodyOf(def);
    const cap =
      maxBytes === null ? null : capBody({ maxBytes, message: def.tooLarge, streamed: def.streamed });
    const handle = (c: ApiContext) => (access === undefined ? publicCall(def, c) : consoleCall(def, c));
    for (const path of [def.path, ...(def.aliases ?? [])]) {
      const method = def.method.toUpperCase();
      if (cap) app.on(method, path, checks, cap, handle);
      else app.on(method, path, checks, handle);
    }
  }

  async function publicCall(def: AnyEndpoint, c: ApiContext) {
    const input =
      def.method === "get" || def.rawBody ? queryOf(c) : { ...queryOf(c), ...(await readBody(c)) };
    const data = await def.handler(parse(def.query, input), services, c);
    return data instanceof Response ? data : ok(c, data);
  }

  /** A console endpoint past its checks: the input (400), the work, the audit line. */
  async function consoleCall(def: AnyEndpoint, c: ApiContext) {
    // Console changes read their JSON body alone; the query string is for filters (and upload kinds).
    const input = def.body ? parse(def.body, await readBody(c)) : parse(def.query, queryOf(c));
    const result = await def.handler(input, services, c);
    if (def.audit) {
      const { actor, ...note } = def.audit(result, input);
      await services.audit.record(actor ?? actorOf(c), note);
    }
    const data = def.answer ? def.answer(result) : result;
    return data instanceof Response ? data : ok(c, data);
  }
}

/** Body fields of a POST as strings (or nested JSON values); a malformed body is a 400. */
export async function readBody(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const v = (await c.req.json()) as unknown;
      if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {}
    throw new AppError(400, "请求内容不是有效的 JSON");
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    try {
      const form = await c.req.parseBody({ all: true });
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(form)) if (typeof v === "string" || Array.isArray(v)) out[k] = v;
      return out;
    } catch {
      throw new AppError(400, "请求内容格式不正确");
    }
  }
  return {};
}
