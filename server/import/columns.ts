import type { Kysely } from "kysely";
import type { WordpressAnalysis } from "../../contract/imports";
import type { DB } from "../db/schema";
import { COLUMN_RESOURCES } from "../entities/columns";
import { type AnyDb, createResourceStore } from "../entities/crud";
import type { ContentEvents } from "../services/content-events";
import { AppError } from "../services/errors";
import { IMPORT_LIMITS } from "./mapping";

/** `name: column id` (an existing column) or `name: "名称"` (that column, made when missing). */
export type ColumnChoice = number | string;

/**
 * Columns for a WordPress export's categories (docs/product.md, "Import"): the choice made, else the
 * column with the category's name, made when missing (a dry run makes none and reports them).
 * Returns the lookup from a post's categories to its column, and the names of the columns made.
 */
export async function planColumns(
  o: { db: Kysely<DB>; events: ContentEvents },
  analysis: WordpressAnalysis,
  choices: Record<string, ColumnChoice>,
  dryRun: boolean,
) {
  const { db } = o;
  const columns = await db.selectFrom("columns").select(["id", "name"]).orderBy("sort_order").execute();
  const byId = new Set(columns.map((c) => c.id));
  const byName = new Map(columns.map((c) => [c.name, c.id]));
  const made: string[] = [];
  let nextFake = -1;
  const columnNamed = async (raw: string): Promise<number> => {
    const name = raw.trim().slice(0, IMPORT_LIMITS.columnName) || "未分类";
    const known = byName.get(name);
    if (known !== undefined) return known;
    made.push(name);
    if (dryRun) {
      byName.set(name, nextFake);
      return nextFake--;
    }
    const id = await createColumn(o, name);
    byName.set(name, id);
    return id;
  };
  const bySlug = new Map<string, number>();
  for (const c of analysis.categories) {
    const choice = choices[c.slug] ?? choices[c.name];
    if (typeof choice === "number") {
      if (!byId.has(choice)) throw new AppError(400, `分类“${c.name}”对应的栏目（ID ${choice}）不存在`);
      bySlug.set(c.slug, choice);
    } else bySlug.set(c.slug, await columnNamed(typeof choice === "string" && choice ? choice : c.name));
  }
  let fallback: number | undefined;
  const columnOf = (cats: { slug: string; name: string }[]) => {
    for (const c of cats) {
      const id = bySlug.get(c.slug) ?? bySlug.get(c.name);
      if (id !== undefined) return id;
    }
    if (fallback === undefined) throw new Error("no fallback column");
    return fallback;
  };
  fallback = analysis.categories.length ? bySlug.get(analysis.categories[0]!.slug) : undefined;
  fallback ??= await columnNamed("未分类");
  return { columnOf, made };
}

/** A new column, last in the order, made as the console makes one (entities/columns.ts). */
async function createColumn(o: { db: Kysely<DB>; events: ContentEvents }, name: string): Promise<number> {
  const top = await o.db
    .selectFrom("columns")
    .select((eb) => eb.fn.max("sort_order").as("sort"))
    .executeTakeFirst();
  const store = createResourceStore(o.db as unknown as AnyDb, o.events);
  const columnResource = COLUMN_RESOURCES.find((r) => r.name === "columns")!;
  const made = await store.create(columnResource, { name, sortOrder: Number(top?.sort ?? 0) + 1 });
  return Number(made.id);
}
