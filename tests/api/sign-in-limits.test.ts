// Over a minute on a busy 2-core machine (README, "Tests"): each sign-in hashes its password with scrypt
// (tens of milliseconds, by design), and the account's turns (1 and 2 s) are waited out in real time, on
// two engine and store pairs.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "../../contract/envelope";
import {
  ACCOUNT_FREE_FAILURES,
  ACCOUNT_MAX_DELAY_SEC,
  accountDelaySec,
  LOGIN_ACCOUNT_FAILURES,
  LOGIN_ACCOUNT_TURN,
} from "../../server/entities/users";
import { engines, startTestServer, type TestServer } from "../helpers/server";
import { REDIS_URL, redisReachable } from "../helpers/services";

/**
 * SQLite with the in-process limits store; PostgreSQL (when reachable) with the counts in Redis
 * (when reachable), as several instances share them.
 */
const redis = await redisReachable();
const setups = engines().map((engine) => ({
  engine,
  store: engine === "postgres" && redis ? "redis" : "memory",
}));

/** Each run's own names: counts in a shared Redis outlive the server that made them. */
const run = crypto.randomBytes(3).toString("hex");
const ipNet = crypto.randomInt(256);
let ipSeq = 0;
/** A fresh visitor address (TRUST_PROXY is on, so X-Forwarded-For from loopback is the visitor). */
const freshIp = () => `10.${ipNet}.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

interface Answer {
  status: number;
  message: string;
  retryAfter: number | null;
  /** the device cookie it set (name=value) */
  device: string | null;
}

describe.each(setups)("sign-in throttling on $engine, counts in $store", ({ engine, store }) => {
  let s: TestServer;
  let userSeq = 0;

  beforeAll(async () => {
    s = await startTestServer(engine, {
      env: { TRUST_PROXY: "true", ...(store === "redis" ? { REDIS_URL } : {}) },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  async function login(
    username: string,
    password: string,
    ip: string,
    cookie?: string,
    headers: Record<string, string> = {},
  ): Promise<Answer & { setCookies: string[] }> {
    const res = await fetch(`${s.url}/api/admin/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": ip,
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: JSON.stringify({ username, password }),
    });
    const body = (await res.json()) as Envelope<unknown>;
    const retry = res.headers.get("retry-after");
    const device = res.headers.getSetCookie().find((c) => c.startsWith("dsn_device="));
    return {
      status: res.status,
      message: body.message,
      retryAfter: retry === null ? null : Number(retry),
      device: device ? device.split(";")[0]! : null,
      setCookies: res.headers.getSetCookie(),
    };
  }

  /** A new editor whose password the tests know. */
  async function newEditor() {
    const user = {
      username: `ed${++userSeq}-${run}`,
      displayName: "编辑",
      password: `right-pass-${run}-${userSeq}`,
    };
    await s.services.users.createUser({ ...user, role: "editor" });
    return user;
  }

  /** `n` wrong passwords for the account at once, each from its own address: all answered 401. */
  async function failFromMany(username: string, n: number) {
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => login(username, `wrong-password-${i}`, freshIp())),
    );
    for (const r of answers) {
      expect(r.status).toBe(401);
      expect(r.message).toBe("用户名或密码错误");
    }
  }

  it("5 wrong from one address and 2 from another leave the owner free to sign in from a third", async () => {
    const user = await newEditor();
    const a = freshIp();
    const b = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(user.username, `wrong-a-${i}`, a)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(user.username, `wrong-b-${i}`, b)).status).toBe(401);
    const right = await login(user.username, user.password, freshIp());
    expect(right.status).toBe(200);
    expect(right.message).toBe("操作成功");
    // The address that guessed is still stopped for this account, even with the right password.
    const fromA = await login(user.username, user.password, a);
    expect(fromA.status).toBe(429);
    expect(fromA.message).toBe("登录失败次数过多，请 15 分钟后再试");
    // B's count is cleared by its own success (and B is now an address the account knows).
    expect((await login(user.username, user.password, b)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(user.username, `wrong-b2-${i}`, b)).status).toBe(401);
    expect((await login(user.username, user.password, b)).status).toBe(200);
  });

  it("stops a brute force from one address after 5 wrong passwords, for that account only", async () => {
    const user = await newEditor();
    const other = await newEditor();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const r = await login(user.username, `wrong-password-${i}`, ip);
      expect(r.status).toBe(401);
      expect(r.retryAfter).toBeNull();
    }
    for (const password of ["wrong-password-5", user.password]) {
      const blocked = await login(user.username, password, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.message).toBe("登录失败次数过多，请 15 分钟后再试");
      expect(blocked.retryAfter).toBeGreaterThan(14 * 60);
      expect(blocked.retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    expect((await login(other.username, other.password, ip)).status).toBe(200);
    // An unknown name from that address is answered as a wrong password is.
    const unknown = await login(`nobody-${run}`, "whatever-password", ip);
    expect(unknown.status).toBe(401);
    expect(unknown.message).toBe("用户名或密码错误");
  });

  it("slows many addresses guessing one account, and the owner still gets in within the delay", async () => {
    expect([9, 10, 11, 12, 14, 15, 40].map(accountDelaySec)).toEqual([0, 1, 2, 4, 16, 30, 30]);
    const user = await newEditor();
    await failFromMany(user.username, ACCOUNT_FREE_FAILURES);

    // Now one attempt is admitted per delay (1 s after 10 failures); the others are told to wait.
    const burst = await Promise.all([0, 1, 2, 3].map((i) => login(user.username, `burst-${i}`, freshIp())));
    expect(burst.map((r) => r.status).sort()).toEqual([401, 429, 429, 429]);
    for (const r of burst.filter((r) => r.status === 429)) {
      expect(r.retryAfter).toBe(1);
      expect(r.message).toBe("该账号近期登录失败较多，请 1 秒后再试");
    }
    // Guesses in pairs: none is admitted before the turn ends, then one, whose turn is 2 s long, and
    // its twin is told to wait.
    let pair: Answer[] = [];
    await expect
      .poll(
        async () => {
          pair = await Promise.all([0, 1].map((i) => login(user.username, `pair-${i}`, freshIp())));
          return pair.some((r) => r.status === 401);
        },
        { interval: 200 },
      )
      .toBe(true);
    expect(pair.map((r) => r.status).sort()).toEqual([401, 429]);
    const early = pair.find((r) => r.status === 429)!;
    expect(early.retryAfter).toBeGreaterThanOrEqual(1);
    expect(early.retryAfter).toBeLessThanOrEqual(2);
    expect(early.message).toBe(`该账号近期登录失败较多，请 ${early.retryAfter} 秒后再试`);

    // The owner, from an address and browser the account has never seen, is admitted on its turn.
    const owner = freshIp();
    const waits: (number | null)[] = [];
    await expect
      .poll(
        async () => {
          const r = await login(user.username, user.password, owner);
          if (r.status === 429) waits.push(r.retryAfter);
          return r.status;
        },
        { interval: 250, timeout: (ACCOUNT_MAX_DELAY_SEC + 15) * 1000 },
      )
      .toBe(200);
    for (const w of waits) expect(w).toBeLessThanOrEqual(ACCOUNT_MAX_DELAY_SEC);
  });

  it("answers an unknown name under the same guessing exactly as a real one", async () => {
    const name = `ghost-${run}`;
    await failFromMany(name, ACCOUNT_FREE_FAILURES);
    const burst = await Promise.all([0, 1].map((i) => login(name, `burst-${i}`, freshIp())));
    expect(burst.map((r) => [r.status, r.message]).sort()).toEqual([
      [401, "用户名或密码错误"],
      [429, "该账号近期登录失败较多，请 1 秒后再试"],
    ]);
  });

  it("lets the owner's known address and browser skip the account's turn", async () => {
    const user = await newEditor();
    const home = freshIp();
    const first = await login(user.username, user.password, home);
    expect(first.status).toBe(200);
    expect(first.device).toMatch(/^dsn_device=[A-Za-z0-9_-]{43}$/);
    const device = first.device!;

    // As many wrong passwords as the account takes freely, counted as the sign-in counts them.
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      await s.services.limits.add(LOGIN_ACCOUNT_FAILURES, user.username);
    // An attacker has just taken the account's turn, for as long as the longest delay.
    await s.services.limits.consume(LOGIN_ACCOUNT_TURN, user.username, {
      durationSec: ACCOUNT_MAX_DELAY_SEC,
    });
    const stranger = await login(user.username, user.password, freshIp());
    expect(stranger.status).toBe(429);
    expect(stranger.retryAfter).toBeGreaterThan(ACCOUNT_MAX_DELAY_SEC - 10);

    // The address it signed in from, without the cookie, and the browser, from a new address.
    expect((await login(user.username, user.password, home)).status).toBe(200);
    const travelling = await login(user.username, user.password, freshIp(), device);
    expect(travelling.status).toBe(200);
    expect(travelling.device).toBe(device); // the same browser keeps its cookie

    // A device cookie that guessed wrong 5 times (stolen, say) waits its turn like anyone.
    for (let i = 0; i < 5; i++)
      expect((await login(user.username, `stolen-cookie-${i}`, freshIp(), device)).status).toBe(401);
    expect((await login(user.username, user.password, freshIp(), device)).status).toBe(429);
    // The cookie of another account, or a forged one, is a stranger's.
    const other = await newEditor();
    const otherDevice = (await login(other.username, other.password, freshIp())).device!;
    expect((await login(user.username, user.password, freshIp(), otherDevice)).status).toBe(429);
    expect((await login(user.username, user.password, freshIp(), "dsn_device=forged")).status).toBe(429);
  });

  it("keeps the device cookie to the sign-in call: HttpOnly, Strict, Secure over HTTPS", async () => {
    const user = await newEditor();
    const plain = await login(user.username, user.password, freshIp());
    expect(plain.setCookies).toHaveLength(2);
    expect(plain.setCookies[0]).toMatch(/^dsn_admin=/);
    expect(plain.setCookies[1]).toMatch(
      /^dsn_device=[A-Za-z0-9_-]{43}; Path=\/api\/admin\/login; HttpOnly; SameSite=Strict; Max-Age=2592000$/,
    );
    const https = { "x-forwarded-proto": "https" };
    const secure = await login(user.username, user.password, freshIp(), undefined, https);
    const device = secure.setCookies.find((c) => c.startsWith("__Secure-dsn_device="));
    expect(device).toMatch(/; Path=\/api\/admin\/login; HttpOnly; SameSite=Strict; Max-Age=2592000; Secure$/);
    // Over HTTPS the browser sends it back under that name, and it is known.
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      await s.services.limits.add(LOGIN_ACCOUNT_FAILURES, user.username);
    await s.services.limits.consume(LOGIN_ACCOUNT_TURN, user.username, {
      durationSec: ACCOUNT_MAX_DELAY_SEC,
    });
    expect((await login(user.username, user.password, freshIp(), undefined, https)).status).toBe(429);
    const back = device!.split(";")[0]!;
    expect((await login(user.username, user.password, freshIp(), back, https)).status).toBe(200);
  });
});
