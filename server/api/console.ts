import type { MiddlewareHandler } from "hono";
import { ADMIN_MESSAGES } from "../../contract/admin";
import { idOf } from "../../contract/params";
import { type Session, sameSecret } from "../entities/users";
import { requestIpHash } from "../http/client-ip";
import { originOf, secureRequest } from "../http/origin";
import type { Services } from "../services";
import type { Actor } from "../services/audit";
import { AppError } from "../services/errors";
import type { Access, ApiContext, ApiEnv } from "./endpoint";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** The signed-in user of this request, or 401. */
export function requireSession(c: ApiContext): Session {
  const s = c.get("session");
  if (!s) throw new AppError(401, ADMIN_MESSAGES.signInRequired);
  return s;
}

/** 401 or 403 unless the request may call an endpoint of this access (admins may do what editors may). */
export function requireAccess(c: ApiContext, access: Access): Session | null {
  if (access === "guest") return c.get("session") ?? null;
  const s = requireSession(c);
  if (access === "admin" && s.user.role !== "admin") throw new AppError(403, ADMIN_MESSAGES.forbidden);
  return s;
}

export function actorOf(c: ApiContext): Actor {
  const s = requireSession(c);
  return { userId: s.user.id, username: s.user.username, role: s.user.role, ipHash: c.get("ipHash") };
}

/**
 * The console's guard for everything under /api/admin: the IP hash for the audit log, the session,
 * and for changes the same-origin and CSRF checks (changes without a session: `sessionless`).
 * Console answers are never stored by anyone.
 */
export function consoleGuard(
  services: Services,
  sessionless: ReadonlySet<string>,
): MiddlewareHandler<ApiEnv> {
  const auth = services.users;
  return async (c, next) => {
    c.set("ipHash", requestIpHash(c, services.config));
    const unsafe = !SAFE.has(c.req.method);
    const hosts = [c.req.header("host"), new URL(originOf(c)).host];
    if (unsafe && !sameOrigin(c.req.header("origin"), hosts, services)) {
      throw new AppError(403, ADMIN_MESSAGES.csrf);
    }
    const session = await auth.session(c.req.header("cookie"), secureRequest(c));
    c.set("session", session);
    if (unsafe && !sessionless.has(c.req.path)) {
      if (!session) throw new AppError(401, ADMIN_MESSAGES.signInRequired);
      const token = c.req.header("x-csrf-token") ?? "";
      if (!token || !sameSecret(token, session.csrfToken)) throw new AppError(403, ADMIN_MESSAGES.csrf);
    }
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
  };
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

/** A numeric path parameter (contract/params idOf), or 404. */
export function pathId(c: ApiContext, name = "id"): number {
  const n = idOf(c.req.param(name));
  if (n === undefined) throw new AppError(404, "记录不存在");
  return n;
}

/** A revision id from the path (contract/params idOf); anything else is a revision that does not exist. */
export function revisionId(c: ApiContext): number {
  const n = idOf(c.req.param("revision"));
  if (n === undefined) throw new AppError(404, "版本不存在");
  return n;
}
