import type { Kysely } from "kysely";

/**
 * The travel promo-code lists' tables take the name of what they hold: `fliggy_tabs` and
 * `fliggy_items` become `travel_tabs` and `travel_items` (their rows, keys and the foreign key from
 * items to tabs are kept; both engines rename in place). The index on an item's tab and serial
 * number is made again under the new name, since SQLite cannot rename an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("fliggy_tabs").renameTo("travel_tabs").execute();
  await db.schema.alterTable("fliggy_items").renameTo("travel_items").execute();
  await db.schema.dropIndex("fliggy_items_tab").execute();
  await db.schema
    .createIndex("travel_items_tab")
    .on("travel_items")
    .columns(["tab_id", "serial_num"])
    .execute();
}
