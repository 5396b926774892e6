/**
 * Stored backoff (docs/architecture.md, "Background jobs"): after a failed try a job waits its turn's
 * delay, stretched by up to `jitter` of it at random so that jobs failing together (an engine or
 * WeChat down for everyone) do not all come back in the same second. The moment is stored on the
 * job's row (next_attempt_at), so every instance sees it and a restart keeps it.
 */

/** the part of a delay added at random (0.1: up to 10% later) */
export const JITTER = 0.1;

/**
 * When the job that failed its `attempts`-th try (1 for the first failure) is due again, or null
 * when it has used every wait of `waitsMs` (the cap on attempts is waitsMs.length + 1 tries).
 */
export function retryAt(
  attempts: number,
  waitsMs: readonly number[],
  now: number = Date.now(),
  random: () => number = Math.random,
): Date | null {
  if (attempts < 1 || attempts > waitsMs.length) return null;
  const wait = waitsMs[attempts - 1]!;
  return new Date(now + Math.round(wait * (1 + JITTER * random())));
}

/** The delay of `waits` for the `n`-th time (0-based), the last one for every time after it. */
export const nth = (waits: readonly number[], n: number): number => waits[Math.min(n, waits.length - 1)]!;
