import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";
import type { DB } from "./schema";

/**
 * A query compiled once and run many times with other values (docs/architecture.md, "Render cost").
 *
 * Kysely builds a query's tree and compiles it to SQL on every call; for the primary-key reads
 * behind every article page that cost about as much as SQLite's own work. Here the query is compiled
 * once with placeholder values, and each run puts its own values where the placeholders were.
 *
 *   const byId = compiledOnce(db, (id) => db.selectFrom("articles").selectAll().where("id", "=", id));
 *   const { rows } = await byId(12);
 */
export function compiledOnce<R, A extends unknown[]>(
  db: Kysely<DB>,
  build: (...placeholders: A) => Compilable<R>,
): (...values: A) => Promise<QueryResult<R>> {
  // One placeholder per parameter `build` declares.
  const placeholders = Array.from({ length: build.length }, (_, i) => Symbol(`value ${i}`));
  const compiled = build(...(placeholders as unknown as A)).compile();
  const slots = placeholders.map((p) => {
    const at = compiled.parameters.indexOf(p);
    // Each value must land in exactly one parameter, or the query would run with a placeholder in it.
    if (at < 0 || compiled.parameters.lastIndexOf(p) !== at)
      throw new Error(`compiledOnce: placeholder ${String(p.description)} must appear exactly once`);
    return at;
  });
  return (...values: A) => {
    const parameters = compiled.parameters.slice();
    for (let i = 0; i < slots.length; i++) parameters[slots[i]!] = values[i];
    return db.executeQuery<R>({ ...compiled, parameters } as CompiledQuery<R>);
  };
}
