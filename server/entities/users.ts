import crypto from "node:crypto";
import { type Selectable, sql } from "kysely";
import { ADMIN_MESSAGES, type AdminUser, type Role, type SessionInfo } from "../../contract/admin";
import type { Config } from "../config";
import type { Database } from "../db";
import type { AdminUserTable } from "../db/schema";
import type { Logger } from "../logger";
import { AppError } from "../services/errors";
import type { LimitRule, Limits } from "../services/limits";
import { dummyHash, hashPassword, verifyPassword } from "../services/password";
import { bool } from "../services/rows";

/** A session ends after 12 hours without use, and 7 days after sign-in whatever happens. */
export const SESSION_IDLE_MS = 12 * 3600_000;
export const SESSION_MAX_MS = 7 * 24 * 3600_000;
/** last_seen_at is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 5 * 60_000;

/** A limit on sign-in attempts: counted over 15 minutes, answered with the same message. */
const signInLimit = (name: string, points: number): LimitRule => ({
  name,
  points,
  durationSec: 900,
  message: ADMIN_MESSAGES.tooManyAttempts,
});
/** Wrong passwords per account and address; a success clears it. */
export const LOGIN_LIMIT = signInLimit("admin-login", 5);
/**
 * Wrong passwords per account, whatever the address: a guesser who changes addresses (or forges
 * them) is stopped too. A little above LOGIN_LIMIT, so one address is stopped by that first.
 */
export const LOGIN_ACCOUNT_LIMIT = signInLimit("admin-login-account", 6);
/** Every sign-in attempt per address, whatever the account (password spraying). */
export const LOGIN_IP_LIMIT = signInLimit("admin-login-ip", 50);
export const SETUP_LIMIT: LimitRule = { name: "admin-setup", points: 10, durationSec: 900 };

export interface Session extends SessionInfo {
  /** the stored id (hash of the token) */
  id: string;
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const newToken = () => crypto.randomBytes(32).toString("base64url");

export const toAdminUser = (r: Selectable<AdminUserTable>): AdminUser => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  role: r.role,
  disabled: bool(r.disabled),
  createdAt: r.created_at,
  lastLoginAt: r.last_login_at,
});

/** Compares two strings in constant time (CSRF tokens). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function createAuth(deps: { config: Config; database: Database; limits: Limits; logger: Logger }) {
  const { database, limits, logger } = deps;
  const { db } = database;
  /**
   * `secure`: the request came over HTTPS, as the checked origin says (PUBLIC_URL, or
   * X-Forwarded-Proto behind a trusted proxy: server/http/origin.ts secureRequest). __Host- cookies
   * must be Secure, host-only and on path /: the browser enforces all three.
   */
  const cookieName = (secure: boolean) => (secure ? "__Host-dsn_admin" : "dsn_admin");

  async function activeAdmins(tx = db): Promise<number> {
    const r = await tx
      .selectFrom("admin_users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("role", "=", "admin")
      .where("disabled", "=", false)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async function insertUser(
    tx: typeof db,
    input: { username: string; displayName: string; password: string; role: Role },
  ): Promise<AdminUser> {
    const taken = await tx
      .selectFrom("admin_users")
      .select("id")
      .where("username", "=", input.username)
      .executeTakeFirst();
    if (taken) throw new AppError(409, "用户名已存在");
    const now = new Date().toISOString();
    const row = await tx
      .insertInto("admin_users")
      .values({
        username: input.username,
        display_name: input.displayName,
        password_hash: await hashPassword(input.password),
        role: input.role,
        disabled: false,
        created_at: now,
        updated_at: now,
        last_login_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAdminUser(row);
  }

  async function startSession(user: AdminUser, ipHash: string | null) {
    const token = newToken();
    const now = Date.now();
    const expiresAt = new Date(now + SESSION_IDLE_MS).toISOString();
    const csrfToken = newToken();
    await db
      .insertInto("admin_sessions")
      .values({
        id: sha256(token),
        user_id: user.id,
        csrf_token: csrfToken,
        created_at: new Date(now).toISOString(),
        last_seen_at: new Date(now).toISOString(),
        expires_at: expiresAt,
        ip_hash: ipHash,
      })
      .execute();
    await db
      .updateTable("admin_users")
      .set({ last_login_at: new Date(now).toISOString() })
      .where("id", "=", user.id)
      .execute();
    // Expired sessions are swept here rather than by a timer: sign-ins are rare and cheap.
    await db.deleteFrom("admin_sessions").where("expires_at", "<", new Date(now).toISOString()).execute();
    return { token, session: { user, csrfToken, expiresAt } satisfies SessionInfo };
  }

  return {
    cookieName,

    async adminExists(): Promise<boolean> {
      return (await activeAdmins()) > 0;
    },

    /** The first-run setup: creates the first admin, only while none exists. */
    async setup(
      input: { username: string; displayName: string; password: string },
      ipHash: string,
    ): Promise<{ token: string; session: SessionInfo }> {
      await limits.consume(SETUP_LIMIT, ipHash);
      const user = await db.transaction().execute(async (tx) => {
        if (database.dialect === "postgres") {
          await sql`select pg_advisory_xact_lock(hashtext('admin-setup'))`.execute(tx);
        }
        if ((await activeAdmins(tx)) > 0) throw new AppError(409, ADMIN_MESSAGES.setupDone);
        return insertUser(tx, { ...input, role: "admin" });
      });
      logger.info({ userId: user.id }, "first admin created");
      return startSession(user, ipHash);
    },

    createUser: (input: { username: string; displayName: string; password: string; role: Role }) =>
      insertUser(db, input),

    /** Checks a password; 429 after too many wrong ones for this account (from this address, or at all). */
    async login(
      username: string,
      password: string,
      ipHash: string,
    ): Promise<{ token: string; session: SessionInfo }> {
      const key = `${ipHash}:${username.toLowerCase()}`;
      await limits.consume(LOGIN_IP_LIMIT, ipHash);
      await limits.consume(LOGIN_LIMIT, key);
      await limits.consume(LOGIN_ACCOUNT_LIMIT, username.toLowerCase());
      const row = await db
        .selectFrom("admin_users")
        .selectAll()
        .where("username", "=", username)
        .executeTakeFirst();
      const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash()));
      if (!row || !ok || bool(row.disabled)) {
        logger.info(
          { reason: !row ? "unknown user" : !ok ? "password" : "disabled" },
          "admin sign-in refused",
        );
        throw new AppError(401, ADMIN_MESSAGES.badCredentials);
      }
      await limits.reset(LOGIN_LIMIT, key);
      await limits.reset(LOGIN_ACCOUNT_LIMIT, username.toLowerCase());
      logger.info({ userId: row.id }, "admin signed in");
      return startSession(toAdminUser(row), ipHash);
    },

    /** The session of a Cookie header, or null; refreshes its idle expiry now and then. */
    async session(cookieHeader: string | null | undefined, secure: boolean): Promise<Session | null> {
      const token = readCookie(cookieHeader, cookieName(secure));
      if (!token || token.length > 100) return null;
      const id = sha256(token);
      const now = Date.now();
      const r = await db
        .selectFrom("admin_sessions as s")
        .innerJoin("admin_users as u", "u.id", "s.user_id")
        .selectAll("u")
        .select([
          "s.csrf_token",
          "s.created_at as s_created",
          "s.last_seen_at",
          "s.expires_at",
          "s.id as session_id",
        ])
        .where("s.id", "=", id)
        .executeTakeFirst();
      if (!r || Date.parse(r.expires_at) <= now || bool(r.disabled)) return null;
      let expiresAt = r.expires_at;
      if (now - Date.parse(r.last_seen_at) > TOUCH_EVERY_MS) {
        expiresAt = new Date(
          Math.min(now + SESSION_IDLE_MS, Date.parse(r.s_created) + SESSION_MAX_MS),
        ).toISOString();
        await db
          .updateTable("admin_sessions")
          .set({ last_seen_at: new Date(now).toISOString(), expires_at: expiresAt })
          .where("id", "=", id)
          .execute();
      }
      const { csrf_token, s_created: _c, last_seen_at: _l, expires_at: _e, session_id, ...user } = r;
      return { id: session_id, user: toAdminUser(user), csrfToken: csrf_token, expiresAt };
    },

    async logout(sessionId: string): Promise<void> {
      await db.deleteFrom("admin_sessions").where("id", "=", sessionId).execute();
    },

    /** Set-Cookie value for a new session. */
    cookie(token: string, secure: boolean): string {
      return [
        `${cookieName(secure)}=${token}`,
        "Path=/",
        "HttpOnly",
        "SameSite=Lax",
        `Max-Age=${Math.floor(SESSION_MAX_MS / 1000)}`,
        ...(secure ? ["Secure"] : []),
      ].join("; ");
    },
    clearCookie(secure: boolean): string {
      return [
        `${cookieName(secure)}=`,
        "Path=/",
        "HttpOnly",
        "SameSite=Lax",
        "Max-Age=0",
        ...(secure ? ["Secure"] : []),
      ].join("; ");
    },

    async listUsers(): Promise<AdminUser[]> {
      const rows = await db.selectFrom("admin_users").selectAll().orderBy("id").execute();
      return rows.map(toAdminUser);
    },

    /**
     * Changes a user. The last active admin cannot be demoted or disabled; disabling a user or
     * setting a new password signs them out everywhere.
     */
    async updateUser(
      id: number,
      input: { displayName: string; role: Role; disabled: boolean; password?: string },
    ): Promise<AdminUser> {
      const user = await db.transaction().execute(async (tx) => {
        if (database.dialect === "postgres") {
          await sql`select pg_advisory_xact_lock(hashtext('admin-users'))`.execute(tx);
        }
        const old = await tx.selectFrom("admin_users").selectAll().where("id", "=", id).executeTakeFirst();
        if (!old) throw new AppError(404, "用户不存在");
        const wasActiveAdmin = old.role === "admin" && !bool(old.disabled);
        const staysActiveAdmin = input.role === "admin" && !input.disabled;
        if (wasActiveAdmin && !staysActiveAdmin && (await activeAdmins(tx)) <= 1) {
          throw new AppError(409, ADMIN_MESSAGES.lastAdmin);
        }
        const row = await tx
          .updateTable("admin_users")
          .set({
            display_name: input.displayName,
            role: input.role,
            disabled: input.disabled,
            updated_at: new Date().toISOString(),
            ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
          })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (input.disabled || input.password) {
          await tx.deleteFrom("admin_sessions").where("user_id", "=", id).execute();
        }
        return toAdminUser(row);
      });
      return user;
    },

    /** CLI: set a password (and enable the account), signing the user out everywhere. */
    async resetPassword(username: string, password: string): Promise<AdminUser | null> {
      const row = await db
        .updateTable("admin_users")
        .set({
          password_hash: await hashPassword(password),
          disabled: false,
          updated_at: new Date().toISOString(),
        })
        .where("username", "=", username)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await db.deleteFrom("admin_sessions").where("user_id", "=", row.id).execute();
      return toAdminUser(row);
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
