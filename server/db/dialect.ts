import { type ColumnDefinitionBuilder, type CreateTableBuilder, sql } from "kysely";

export type Dialect = "sqlite" | "postgres";

/**
 * The column types migrations write for both engines: ids are `integer primary key autoincrement`
 * on SQLite and identity columns on PostgreSQL; times are ISO text on SQLite and timestamptz on
 * PostgreSQL; booleans are integers on SQLite. Applied migrations are built from these, so what
 * they give must never change.
 */
export function columnTypes(dialect: Dialect) {
  const pg = dialect === "postgres";
  /** the constraints of an `id` column */
  const identity = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    pg,
    time: pg ? "timestamptz" : "text",
    bool: pg ? "boolean" : "integer",
    /** false, as a boolean column's default */
    no: pg ? sql`false` : sql`0`,
    identity,
    /** a new table's `id` column */
    withId: <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
      t.addColumn("id", "integer", identity),
  } as const;
}
