import type { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import { AppError } from "./errors";

export interface LimitRule {
  /** name of the counter, e.g. "signup" */
  name: string;
  points: number;
  durationSec: number;
  /** Chinese message of the 429 */
  message?: string;
}

/**
 * Per-key rate limits (keys are hashed IPs). Counted in Redis when configured, so N instances share
 * one count; while Redis is unreachable each instance falls back to its own in-memory count.
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
    /** Counts one hit; throws a 429 AppError when the key is over its limit. */
    async consume(rule: LimitRule, key: string, points = 1): Promise<void> {
      try {
        await limiter(rule).consume(key, points);
      } catch (err) {
        if (err instanceof Error) throw err;
        throw new AppError(429, rule.message ?? "操作过于频繁，请稍后再试");
      }
    },
    /** Forget a key's count (e.g. after a successful sign-in). */
    async reset(rule: LimitRule, key: string): Promise<void> {
      await limiter(rule).delete(key);
    },
  };
}

export type Limits = ReturnType<typeof createLimits>;
