import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect";

/**
 * PostgreSQL search walks its ranking tiers one at a time, newest first (server/search/index.ts);
 * the first tier, "the title has the words", is small even for a frequent keyword, and a GIN index
 * on the title words finds it without reading every article that has the keyword in its body.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`CREATE INDEX IF NOT EXISTS article_search_t_words ON article_search USING gin (t_words)`.execute(
    db,
  );
}
