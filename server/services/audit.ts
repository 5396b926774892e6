import type { AuditEntry, Paged, Role } from "../../contract/admin";
import type { Database } from "../db";
import type { Logger } from "../logger";

/** Who a change is made by: a console user (with the hash of their address), or a job such as 导入. */
export interface Actor {
  userId: number | null;
  username: string;
  role?: Role;
  ipHash?: string | null;
}

/**
 * Who did what, when: every change made in the console, every export and every reveal of an ID
 * number. The summary names the thing changed (a title, a column name), never personal data.
 */
export function createAudit(deps: { database: Database; logger: Logger }) {
  const { db } = deps.database;
  return {
    async record(
      actor: Actor,
      entry: { action: string; entity: string; entityId?: string | number | null; summary?: string },
    ): Promise<void> {
      await db
        .insertInto("audit_log")
        .values({
          user_id: actor.userId,
          username: actor.username.slice(0, 50),
          action: entry.action.slice(0, 40),
          entity: entry.entity.slice(0, 40),
          entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
          summary: (entry.summary ?? "").slice(0, 500),
          ip_hash: actor.ipHash ?? null,
          created_at: new Date().toISOString(),
        })
        .execute();
      deps.logger.info(
        { userId: actor.userId, action: entry.action, entity: entry.entity, entityId: entry.entityId },
        "audit",
      );
    },

    async list(filter: {
      entity?: string;
      action?: string;
      page: number;
      pageSize: number;
    }): Promise<Paged<AuditEntry>> {
      let q = db.selectFrom("audit_log");
      if (filter.entity) q = q.where("entity", "=", filter.entity);
      if (filter.action) q = q.where("action", "=", filter.action);
      const [rows, total] = await Promise.all([
        q
          .selectAll()
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          username: r.username,
          action: r.action,
          entity: r.entity,
          entityId: r.entity_id,
          summary: r.summary,
          createdAt: r.created_at,
        })),
        total: Number(total.n),
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
