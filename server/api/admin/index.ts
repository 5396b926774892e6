import { Hono } from "hono";
import { ADMIN_MESSAGES } from "../../../contract/admin";
import { sameSecret } from "../../admin/auth";
import { checkedOrigin } from "../../http/origin";
import { articleIdOf, countsAsReader } from "../../http/readers";
import type { Services } from "../../services";
import { AppError } from "../../services/errors";
import { mountAuthRoutes } from "./auth";
import { mountBackupRoutes } from "./backups";
import { mountContentRoutes } from "./content";
import { type AdminEnv, requestIpHash } from "./context";
import { mountIdCopyRoutes } from "./id-copies";
import { mountPrivacyRoutes } from "./privacy";
import { mountRecordRoutes } from "./records";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
/** Changes allowed without a session (and so without its CSRF token). */
const SESSIONLESS = new Set(["/api/admin/login", "/api/admin/setup"]);

/**
 * The console's JSON API under /api/admin (the envelope of DESIGN.md), plus the view counter of
 * article pages. Mounted in server/app.ts ahead of the public API and the pages.
 */
export function createAdminApp(services: Services): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const { auth } = services.admin;

  // Views are counted after the page or API answer, whether it came from a cache or not; bots and
  // prefetches are not readers.
  const countView = (
    id: number | undefined,
    c: { req: { method: string; header(n: string): string | undefined }; res: Response },
  ) => {
    if (id !== undefined && countsAsReader(c.req.method, c.res.status, (n) => c.req.header(n)))
      services.stats.viewed(id);
  };
  const articleId = articleIdOf;
  app.use("/articledetail/:cid", async (c, next) => {
    await next();
    countView(articleId(c.req.param("cid")), c);
  });
  app.use("/api/product/content/detail", async (c, next) => {
    await next();
    countView(articleId(c.req.query("contentId")), c);
  });

  app.use("/api/admin/*", async (c, next) => {
    c.set("ipHash", requestIpHash(c, services));
    const unsafe = !SAFE.has(c.req.method);
    const hosts = [c.req.header("host"), new URL(checkedOrigin(c.req.raw)).host];
    if (unsafe && !sameOrigin(c.req.header("origin"), hosts, services)) {
      throw new AppError(403, ADMIN_MESSAGES.csrf);
    }
    const session = await auth.session(c.req.header("cookie"));
    c.set("session", session);
    if (unsafe && !SESSIONLESS.has(c.req.path)) {
      if (!session) throw new AppError(401, ADMIN_MESSAGES.signInRequired);
      const token = c.req.header("x-csrf-token") ?? "";
      if (!token || !sameSecret(token, session.csrfToken)) throw new AppError(403, ADMIN_MESSAGES.csrf);
    }
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
  });

  mountAuthRoutes(app, services);
  mountContentRoutes(app, services);
  mountRecordRoutes(app, services);
  mountIdCopyRoutes(app, services);
  mountPrivacyRoutes(app, services);
  mountBackupRoutes(app, services);
  return app;
}

/**
 * A change must come from our own pages: when the browser names the page's origin, it must be this
 * host, the host the proxy forwarded (both checked against ALLOWED_HOSTS) or PUBLIC_URL's.
 * Browsers always send Origin on cross-site POSTs.
 */
function sameOrigin(origin: string | undefined, hosts: (string | undefined)[], services: Services): boolean {
  if (!origin) return true;
  if (origin === "null") return false;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (hosts.includes(o.host)) return true;
  const pub = services.config.PUBLIC_URL;
  return pub ? new URL(pub).host === o.host : false;
}
