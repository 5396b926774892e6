import type { JobKind } from "../jobs/runner";
import type { Logger } from "../logger";
import type { Actor } from "./audit";

/** Who the audit log names for what the site does by itself. */
export const SYSTEM_ACTOR: Actor = { userId: null, username: "system" };

/**
 * Scheduled publishing (docs/product.md, "Scheduled publishing"), a job of server/jobs/runner.ts:
 * every instance looks every SCHEDULE_POLL_SECONDS for scheduled articles and landing pages whose
 * time has come. Claiming them is one atomic UPDATE (ContentService.publishDue,
 * LandingPages.publishDue), so with several instances each is published, indexed, announced and
 * audited exactly once, by whichever instance claimed it. One run resolves to the number of
 * articles and landing pages this instance published.
 */
export function scheduledPublishing(deps: {
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
}): JobKind<number> {
  return {
    name: "scheduled-publish",
    everyMs: deps.intervalSeconds * 1000,
    idle: 0,
    async run() {
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
    },
  };
}
