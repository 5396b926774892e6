import crypto from "node:crypto";
import { claim, holdLease, release } from "../../jobs/lease";
import type { JobKind } from "../../jobs/runner";
import { LeaseLost, type StepDeps, syncSteps } from "./steps";

/**
 * The 公众号 sync as a job of server/jobs/runner.ts: every instance looks for due syncs (every
 * WECHAT_SYNC_POLL_SECONDS, and at once when one is queued or retried here), claims one with a single
 * UPDATE … RETURNING that leases it (claimed_until, claim_token, renewed while it runs:
 * server/jobs/lease.ts), and runs its steps (steps.ts) until it is finished, failed or waits (a retry,
 * the publish status). So a job runs on one instance at a time, and a killed instance's job resumes
 * on any instance once its lease runs out. One run takes the due jobs one after another.
 */

/** How long a claimed job stays with its instance without a renewal; renewed every HEARTBEAT_MS. */
const LEASE_MS = 15_000;
const HEARTBEAT_MS = 5_000;
/** a run past this ends after the step in progress; the jobs left are taken at the next look */
const RUN_MS = 10 * 60_000;

export function wechatSyncJob(deps: StepDeps, everySeconds: number): JobKind<void> {
  const { db, logger } = deps;

  /** Runs a claimed job until it is finished, failed, or waits, or the run is asked to stop. */
  async function runJob(claimed: Awaited<ReturnType<typeof claimOne>>, token: string, signal: AbortSignal) {
    let job = claimed!;
    const lease = holdLease(db, {
      table: "wechat_sync_jobs",
      id: job.id,
      token,
      leaseMs: LEASE_MS,
      everyMs: HEARTBEAT_MS,
      logger,
    });
    const { step } = syncSteps(deps, token);
    try {
      while (job.state === "pending" && Date.parse(job.next_attempt_at) <= Date.now() && !signal.aborted) {
        job = await step(job);
      }
      if (job.state !== "pending") logger.info({ jobId: job.id, state: job.state }, "wechat sync finished");
    } catch (err) {
      if (err instanceof LeaseLost)
        logger.warn({ jobId: job.id }, "wechat sync job taken over or settled elsewhere");
      else logger.error({ jobId: job.id, err }, "wechat sync job stopped");
    } finally {
      lease.stop();
      await release(db, { table: "wechat_sync_jobs", id: job.id, token }).catch(() => {});
    }
  }

  const claimOne = async (token: string) =>
    (
      await claim(db, {
        table: "wechat_sync_jobs",
        ready: (eb) => eb("state", "=", "pending"),
        order: ["next_attempt_at", "id"],
        leaseMs: LEASE_MS,
        token,
      })
    )[0];

  return {
    name: "wechat-sync",
    everyMs: everySeconds * 1000,
    // Once started, a look at once: jobs a stopped instance left wait no longer than their lease.
    firstAfterMs: 0,
    enabled: deps.client.configured,
    timeoutMs: RUN_MS,
    idle: undefined,
    async run({ signal }) {
      while (!signal.aborted) {
        const token = crypto.randomUUID();
        const claimed = await claimOne(token);
        if (!claimed) return;
        await runJob(claimed, token, signal);
      }
    },
  };
}
