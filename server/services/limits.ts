import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
} from "rate-limiter-flexible";
import { AppError } from "./errors";

export interface LimitRule {
  /** name of the counter, e.g. "signup" */
  name: string;
  points: number;
  durationSec: number;
  /** Chinese message of the 429, or one made from the wait in whole seconds */
  message?: string | ((waitSec: number) => string);
}

/** The 429 of a rule: its message and a Retry-After header with the wait in whole seconds (at least 1). */
export function tooManyRequests(rule: LimitRule, msBeforeNext: number): AppError {
  const waitSec = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const message =
    typeof rule.message === "function" ? rule.message(waitSec) : (rule.message ?? "操作过于频繁，请稍后再试");
  return new AppError(429, message, null, { "Retry-After": String(waitSec) });
}

/**
 * Per-key rate limits (keys are hashed IPs, or an account). Counted in Redis when configured, so N
 * instances share one count; while Redis is unreachable each instance falls back to its own
 * in-memory count. A key's count starts with its first point and lasts the rule's duration.
 */
export function createLimits(redis?: Redis) {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (rule: LimitRule) => {
    const id = `${rule.name}:${rule.points}:${rule.durationSec}`;
    let l = limiters.get(id);
    if (!l) {
      const memory = new RateLimiterMemory({
        keyPrefix: `rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSec,
      });
      l = redis
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `rl:${rule.name}`,
            points: rule.points,
            duration: rule.durationSec,
            rejectIfRedisNotReady: true,
            insuranceLimiter: memory,
          })
        : memory;
      limiters.set(id, l);
    }
    return l;
  };
  return {
    /**
     * Counts one hit; throws a 429 AppError (with Retry-After) when the key is over its limit.
     * `durationSec`: the lifetime of a count this hit starts, instead of the rule's (a count
     * already running keeps its own).
     */
    async consume(rule: LimitRule, key: string, opts: { points?: number; durationSec?: number } = {}) {
      try {
        await limiter(rule).consume(
          key,
          opts.points ?? 1,
          opts.durationSec === undefined ? {} : { customDuration: opts.durationSec },
        );
      } catch (err) {
        // A store error is an Error; a refusal is the key's state (RateLimiterRes).
        if (err instanceof Error) throw err;
        throw tooManyRequests(rule, (err as RateLimiterRes).msBeforeNext);
      }
    },
    /** Throws the rule's 429 when the key has used all its points, without counting anything. */
    async check(rule: LimitRule, key: string): Promise<void> {
      const r = await limiter(rule).get(key);
      if (r && r.consumedPoints >= rule.points) throw tooManyRequests(rule, r.msBeforeNext);
    },
    /** How many points the key has used in its current count (0 when none). */
    async used(rule: LimitRule, key: string): Promise<number> {
      return (await limiter(rule).get(key))?.consumedPoints ?? 0;
    },
    /** Counts one hit that is never refused (a failure to remember); resolves with the key's count. */
    async add(rule: LimitRule, key: string): Promise<number> {
      return (await limiter(rule).penalty(key, 1)).consumedPoints;
    },
    /** Forget a key's count (e.g. after a successful sign-in). */
    async reset(rule: LimitRule, key: string): Promise<void> {
      await limiter(rule).delete(key);
    },
  };
}

export type Limits = ReturnType<typeof createLimits>;
