import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Sign-up orders: a keyed digest of the normalised submit beside its Idempotency-Key, so a key
 * reused for a different form is refused instead of answering someone else's order.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable("signup_orders").addColumn("request_hash", "varchar(64)").execute();
}
