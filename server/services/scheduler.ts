import type { Logger } from "../logger";
import type { Actor } from "./audit";

/** Who the audit log names for what the site does by itself. */
export const SYSTEM_ACTOR: Actor = { userId: null, username: "system" };

/**
 * Scheduled publishing (docs/product.md, "Scheduled publishing"): every instance looks every
 * SCHEDULE_POLL_SECONDS for scheduled articles and landing pages whose time has come. Claiming them
 * is one atomic UPDATE (ContentService.publishDue, LandingPages.publishDue), so with several
 * instances each is published, indexed, announced and audited exactly once, by whichever instance
 * claimed it.
 */
export function startScheduledPublishing(deps: {
  content: { publishDue(now?: Date): Promise<{ id: number; title: string }[]> };
  landing?: { publishDue(now?: Date): Promise<{ id: number; name: string }[]> };
  audit: {
    record(
      actor: Actor,
      entry: { action: string; entity: string; entityId?: number; summary?: string },
    ): Promise<void>;
  };
  logger: Logger;
  intervalSeconds: number;
}) {
  let running: Promise<number> | null = null;

  /** One look; resolves to the number of articles and landing pages this instance published. */
  function tick(): Promise<number> {
    running ??= (async () => {
      try {
        const published = await deps.content.publishDue();
        for (const a of published) {
          await deps.audit.record(SYSTEM_ACTOR, {
            action: "publish",
            entity: "article",
            entityId: a.id,
            summary: `${a.title}（定时发布）`,
          });
        }
        if (published.length > 0)
          deps.logger.info({ ids: published.map((a) => a.id) }, "scheduled articles published");
        const pages = (await deps.landing?.publishDue()) ?? [];
        for (const p of pages) {
          await deps.audit.record(SYSTEM_ACTOR, {
            action: "publish",
            entity: "landing_page",
            entityId: p.id,
            summary: `${p.name}（定时发布）`,
          });
        }
        if (pages.length > 0)
          deps.logger.info({ ids: pages.map((p) => p.id) }, "scheduled landing pages published");
        return published.length + pages.length;
      } catch (err) {
        deps.logger.warn(
          { err: (err as Error).message },
          "scheduled publishing failed; retrying at the next look",
        );
        return 0;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = deps.intervalSeconds > 0 ? setInterval(() => void tick(), deps.intervalSeconds * 1000) : null;
  timer?.unref();
  return {
    tick,
    /** Stops looking and waits for a look in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
