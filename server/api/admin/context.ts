import type { Context, Hono } from "hono";
import type { z } from "zod";
import { ADMIN_MESSAGES, type Role } from "../../../contract/admin";
import type { Actor, Session } from "../../admin/auth";
import { clientIp, hashIp } from "../../http/client-ip";
import type { Services } from "../../services";
import { AppError } from "../../services/errors";
import { parse } from "../envelope";
import { readBody } from "../registry";

export type AdminEnv = { Variables: { session: Session | null; ipHash: string } };
export type AdminApp = Hono<AdminEnv>;
export type AdminContext = Context<AdminEnv>;

/** The signed-in user of this request, or 401. */
export function requireSession(c: AdminContext): Session {
  const s = c.get("session");
  if (!s) throw new AppError(401, ADMIN_MESSAGES.signInRequired);
  return s;
}

/** 403 unless the signed-in user has the role (admins may do everything editors may). */
export function requireRole(c: AdminContext, role: Role): Session {
  const s = requireSession(c);
  if (role === "admin" && s.user.role !== "admin") throw new AppError(403, ADMIN_MESSAGES.forbidden);
  return s;
}

export function actorOf(c: AdminContext): Actor {
  const s = requireSession(c);
  return { userId: s.user.id, username: s.user.username, role: s.user.role, ipHash: c.get("ipHash") };
}

/** A JSON body validated by its contract schema (the first Chinese message as a 400). */
export async function jsonBody<S extends z.ZodType>(c: AdminContext, schema: S): Promise<z.infer<S>> {
  return parse(schema, await readBody(c as unknown as Context));
}

/** A numeric path parameter, or 404. */
export function idParamOf(c: AdminContext, name = "id"): number {
  const v = c.req.param(name) ?? "";
  const n = /^\d{1,10}$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw new AppError(404, "记录不存在");
  return n;
}

export function requestIpHash(c: Context, services: Services): string {
  return hashIp(clientIp(c, services.config.TRUST_PROXY), services.config.IP_HASH_SALT);
}

/** Query string object of a request, for the contract's filter schemas. */
export const queryOf = (c: AdminContext) => c.req.query();
