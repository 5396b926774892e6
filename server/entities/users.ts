import crypto from "node:crypto";
import { type Selectable, sql } from "kysely";
import { ADMIN_MESSAGES, type AdminUser, type Role, type SessionInfo } from "../../contract/admin";
import type { Config } from "../config";
import type { Database } from "../db";
import type { AdminUserTable } from "../db/schema";
import type { Logger } from "../logger";
import { AppError } from "../services/errors";
import { createMemoryKv, type KeyValueStore } from "../services/kv";
import type { LimitRule, Limits } from "../services/limits";
import { dummyHash, hashPassword, verifyPassword } from "../services/password";
import { bool } from "../services/rows";

/** A session ends after 12 hours without use, and 7 days after sign-in whatever happens. */
export const SESSION_IDLE_MS = 12 * 3600_000;
export const SESSION_MAX_MS = 7 * 24 * 3600_000;
/** last_seen_at is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 5 * 60_000;

/**
 * Sign-in throttling (docs/product.md §6). Per address the limits are hard: they only stop that
 * address. Per account there is no wall, which anyone who knows a username could raise against its
 * owner; instead, once the account has had ACCOUNT_FREE_FAILURES wrong passwords in the hour, an
 * attempt from a source the account does not know must wait its turn: one is admitted per delay,
 * the delay doubling with each further failure up to ACCOUNT_MAX_DELAY_SEC, and the others are
 * answered 429 with the wait (Retry-After) without checking their password. Sources that signed in
 * to the account before (its address, or the browser's device cookie) skip the turn.
 */
const signInLimit = (name: string, points: number): LimitRule => ({
  name,
  points,
  durationSec: 900,
  message: ADMIN_MESSAGES.tooManyAttempts,
});
/** Attempts per account and address: the 6th within 15 minutes of the first is refused; a success clears it. */
export const LOGIN_LIMIT = signInLimit("admin-login", 5);
/** Every sign-in attempt per address, whatever the account (password spraying). */
export const LOGIN_IP_LIMIT = signInLimit("admin-login-ip", 50);
/** Wrong passwords per account from any address, counted for an hour from the first: they set the delay. */
export const LOGIN_ACCOUNT_FAILURES: LimitRule = {
  name: "admin-login-account-failures",
  points: Number.MAX_SAFE_INTEGER,
  durationSec: 3600,
};
/** The account's turn: the first hit is admitted and starts a count that lives for the delay. */
export const LOGIN_ACCOUNT_TURN: LimitRule = {
  name: "admin-login-account-turn",
  points: 1,
  durationSec: 1,
  message: ADMIN_MESSAGES.signInWait,
};
/** Wrong passwords through one device cookie: past 5 in 15 minutes it no longer skips the turn. */
export const LOGIN_DEVICE_FAILURES: LimitRule = { name: "admin-login-device", points: 5, durationSec: 900 };
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_MAX_DELAY_SEC = 30;
/** How long an address or a browser that signed in to an account skips the account's turn. */
export const KNOWN_SOURCE_MS = 30 * 24 * 3600_000;

/** The wait between admitted attempts on an account with `failures` recent wrong passwords (0: none). */
export function accountDelaySec(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_MAX_DELAY_SEC, 2 ** (failures - ACCOUNT_FREE_FAILURES));
}

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

export function createAuth(deps: {
  config: Config;
  database: Database;
  /** where the sources that signed in to an account are remembered; the CLI, which signs no one in, has none */
  kv?: KeyValueStore;
  limits: Limits;
  logger: Logger;
}) {
  const { database, limits, logger } = deps;
  const kv = deps.kv ?? createMemoryKv();
  const { db } = database;
  /**
   * `secure`: the request came over HTTPS, as the checked origin says (PUBLIC_URL, or
   * X-Forwarded-Proto behind a trusted proxy: server/http/origin.ts secureRequest). __Host- cookies
   * must be Secure, host-only and on path /: the browser enforces all three.
   */
  const cookieName = (secure: boolean) => (secure ? "__Host-dsn_admin" : "dsn_admin");
  /**
   * The device cookie: a random token a browser gets at sign-in, so the accounts it signed in to
   * know it. Sent to the sign-in call only (its path), never with public pages.
   */
  const deviceCookieName = (secure: boolean) => (secure ? "__Secure-dsn_device" : "dsn_device");
  /** `source` is "ip:<hash>" or "device:<hash>"; the account comes last: as typed, it may hold anything. */
  const knownKey = (account: string, source: string) => `admin-login-known:${source}:${account}`;

  /** Whether this address or this browser signed in to the account within KNOWN_SOURCE_MS. */
  async function knownSource(account: string, ipHash: string, deviceId: string | null): Promise<boolean> {
    if (
      deviceId &&
      (await kv.get(knownKey(account, `device:${deviceId}`))) !== null &&
      (await limits.used(LOGIN_DEVICE_FAILURES, deviceId)) < LOGIN_DEVICE_FAILURES.points
    )
      return true;
    return ipHash !== "" && (await kv.get(knownKey(account, `ip:${ipHash}`))) !== null;
  }

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

    /**
     * Checks a password, throttled as LOGIN_* say: 429 with the wait when this address has failed
     * too often, or when the account is being guessed and this source must wait its turn. A
     * success clears this address's count and remembers the address and the browser's device
     * cookie (a new one when it has none) for the account.
     */
    async login(
      username: string,
      password: string,
      client: { ipHash: string; device: string | null },
    ): Promise<{ token: string; session: SessionInfo; device: string }> {
      const account = username.toLowerCase();
      const pairKey = `${client.ipHash}:${account}`;
      const device = client.device && /^[A-Za-z0-9_-]{43}$/.test(client.device) ? client.device : null;
      const deviceId = device ? sha256(device) : null;
      await limits.consume(LOGIN_IP_LIMIT, client.ipHash);
      // Checked before the turn (an address already stopped does not take it), counted after it
      // (an attempt refused for its turn costs this address nothing).
      await limits.check(LOGIN_LIMIT, pairKey);
      if (!(await knownSource(account, client.ipHash, deviceId))) {
        const delay = accountDelaySec(await limits.used(LOGIN_ACCOUNT_FAILURES, account));
        if (delay > 0) await limits.consume(LOGIN_ACCOUNT_TURN, account, { durationSec: delay });
      }
      await limits.consume(LOGIN_LIMIT, pairKey);
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
        // Unknown usernames are counted alike, so the answers tell nothing of which ones exist.
        const failures = await limits.add(LOGIN_ACCOUNT_FAILURES, account);
        if (deviceId) await limits.add(LOGIN_DEVICE_FAILURES, deviceId);
        if (failures === ACCOUNT_FREE_FAILURES)
          logger.warn(
            { userId: row?.id ?? null },
            "admin sign-in: many wrong passwords for one account, unknown sources now wait their turn",
          );
        throw new AppError(401, ADMIN_MESSAGES.badCredentials);
      }
      await limits.reset(LOGIN_LIMIT, pairKey);
      const newDevice = device ?? newToken();
      const newDeviceId = deviceId ?? sha256(newDevice);
      if (deviceId) await limits.reset(LOGIN_DEVICE_FAILURES, deviceId);
      await kv.set(knownKey(account, `device:${newDeviceId}`), "1", KNOWN_SOURCE_MS);
      if (client.ipHash) await kv.set(knownKey(account, `ip:${client.ipHash}`), "1", KNOWN_SOURCE_MS);
      logger.info({ userId: row.id }, "admin signed in");
      return { ...(await startSession(toAdminUser(row), client.ipHash)), device: newDevice };
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
    deviceCookieName,
    /** Set-Cookie value for the device cookie: kept as long as the browser is remembered. */
    deviceCookie(device: string, secure: boolean): string {
      return [
        `${deviceCookieName(secure)}=${device}`,
        "Path=/api/admin/login",
        "HttpOnly",
        "SameSite=Strict",
        `Max-Age=${Math.floor(KNOWN_SOURCE_MS / 1000)}`,
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
