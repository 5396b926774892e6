import type { Kysely } from "kysely";
import type { Paged } from "../../contract/admin";
import { resourceChange } from "../../contract/cache-tags";
import type { ConsoleResource } from "../../contract/resources";
import type { DB } from "../db/schema";
import type { ContentEvents } from "../services/content-events";
import { AppError } from "../services/errors";

// biome-ignore lint/suspicious/noExplicitAny: the generic CRUD below works on any of the simple tables
export type AnyDb = Kysely<any>;
export type Row = Record<string, unknown>;

/**
 * The simple entities of the console, on the server: their shared description (contract/resources.ts:
 * role, form schema, what may be done) plus which table, how a form maps to a row and back, how
 * lists are ordered and filtered. Each entity's module declares its own (columns.ts, site.ts);
 * resources.ts lists them, and one set of handlers (server/api/admin/resources.ts) serves them all.
 */
export interface ResourceDef extends ConsoleResource {
  /** a table of the schema (server/db/schema.ts): a misspelt name does not compile */
  table: keyof DB;
  /** auto: the database assigns ids; next: max(id) + 1 (tables whose ids are not generated) */
  idMode: "auto" | "next";
  toRow(input: Row): Row;
  /** columns only set on insert (created_at) */
  insertDefaults?: () => Row;
  fromRow(row: Row): Row;
  orderBy: [string, "asc" | "desc"][];
  /** text columns searched by ?q= */
  search?: string[];
  /** the column filtered by ?group= */
  group?: { column: string; type: "int" | "text" };
  /** the column rewritten by POST /order */
  sortColumn?: string;
  /** a column whose value must be unique (409 with the message) */
  unique?: { column: string; message: string };
  summary(input: Row): string;
  /** throws an AppError when the row may not be deleted */
  beforeDelete?(db: AnyDb, id: number): Promise<void>;
  /** more fields computed for a page of rows (article counts) */
  decorate?(db: AnyDb, rows: Row[]): Promise<Row[]>;
}

/** A column of a table of the schema. */
type Col<T extends keyof DB> = keyof DB[T] & string;

/**
 * A resource declared against the schema: its table and every column it names (order, search,
 * group, sort, unique) must exist, or it does not compile. Stored with the names widened.
 */
type TypedResource<T extends keyof DB> = Omit<
  ResourceDef,
  "table" | "orderBy" | "search" | "group" | "sortColumn" | "unique"
> & {
  table: T;
  orderBy: [Col<T>, "asc" | "desc"][];
  search?: Col<T>[];
  group?: { column: Col<T>; type: "int" | "text" };
  sortColumn?: Col<T>;
  unique?: { column: Col<T>; message: string };
};
export const resource = <T extends keyof DB>(def: TypedResource<T>): ResourceDef =>
  def as unknown as ResourceDef;

export const now = () => new Date().toISOString();

/** beforeDelete for a row other rows still point at: 409 with `message` while any row of `table` has its id in `column`. */
export function refuseWhileUsed<T extends keyof DB>(table: T, column: Col<T>, message: string) {
  return async (db: AnyDb, id: number): Promise<void> => {
    const used = await db
      .selectFrom(table as string)
      .select("id")
      .where(column as string, "=", id)
      .limit(1)
      .executeTakeFirst();
    if (used) throw new AppError(409, message);
  };
}

export function createResourceStore(db: AnyDb, events: ContentEvents) {
  async function exists(def: ResourceDef, id: number): Promise<Row | undefined> {
    return (await db.selectFrom(def.table).selectAll().where("id", "=", id).executeTakeFirst()) as
      | Row
      | undefined;
  }

  async function checkUnique(def: ResourceDef, row: Row, id?: number) {
    if (!def.unique) return;
    let q = db.selectFrom(def.table).select("id").where(def.unique.column, "=", row[def.unique.column]);
    if (id !== undefined) q = q.where("id", "!=", id);
    if (await q.executeTakeFirst()) throw new AppError(409, def.unique.message);
  }

  return {
    async list(
      def: ResourceDef,
      f: { q?: string; group?: string; page: number; pageSize: number },
    ): Promise<Paged<Row>> {
      let q = db.selectFrom(def.table);
      if (f.q && def.search) {
        const like = `%${f.q}%`;
        q = q.where((eb) => eb.or(def.search!.map((c) => eb(c, "like", like))));
      }
      if (f.group !== undefined && def.group) {
        const v = def.group.type === "int" ? Number(f.group) : f.group;
        if (def.group.type === "int" && !Number.isSafeInteger(v)) throw new AppError(400, "分组参数不正确");
        q = q.where(def.group.column, "=", v);
      }
      let rowsQ = q.selectAll();
      for (const [c, dir] of def.orderBy) rowsQ = rowsQ.orderBy(c, dir);
      const [rows, total] = await Promise.all([
        rowsQ
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize)
          .execute() as Promise<Row[]>,
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow() as Promise<Row>,
      ]);
      let items = rows.map(def.fromRow);
      if (def.decorate) items = await def.decorate(db, items);
      return { items, total: Number(total.n), page: f.page, pageSize: f.pageSize };
    },

    async get(def: ResourceDef, id: number): Promise<Row> {
      const r = await exists(def, id);
      if (!r) throw new AppError(404, `${def.label}不存在`);
      return def.fromRow(r);
    },

    async create(def: ResourceDef, input: Row): Promise<Row> {
      if (!def.canCreate) throw new AppError(405, `${def.label}不能新增`);
      const row = { ...def.toRow(input), ...(def.insertDefaults?.() ?? {}) };
      await checkUnique(def, row);
      for (let attempt = 0; ; attempt++) {
        try {
          const created = await db.transaction().execute(async (tx) => {
            let values = row;
            if (def.idMode === "next") {
              const m = (await tx
                .selectFrom(def.table)
                .select((eb) => eb.fn.max("id").as("m"))
                .executeTakeFirst()) as Row | undefined;
              values = { id: Number(m?.m ?? 0) + 1, ...row };
            }
            return (await tx
              .insertInto(def.table)
              .values(values)
              .returningAll()
              .executeTakeFirstOrThrow()) as Row;
          });
          await events.changed(resourceChange(def.name));
          return def.fromRow(created);
        } catch (err) {
          // Two editors creating at once on PostgreSQL may draw the same next id: draw again.
          if (def.idMode === "next" && attempt < 3 && /unique|duplicate/i.test((err as Error).message))
            continue;
          throw err;
        }
      }
    },

    async update(def: ResourceDef, id: number, input: Row): Promise<Row> {
      const row = def.toRow(input);
      await checkUnique(def, row, id);
      const r = (await db
        .updateTable(def.table)
        .set(row)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst()) as Row | undefined;
      if (!r) throw new AppError(404, `${def.label}不存在`);
      await events.changed(resourceChange(def.name));
      return def.fromRow(r);
    },

    async remove(def: ResourceDef, id: number): Promise<Row> {
      if (!def.canDelete) throw new AppError(405, `${def.label}不能删除`);
      const r = await exists(def, id);
      if (!r) throw new AppError(404, `${def.label}不存在`);
      await def.beforeDelete?.(db, id);
      await db.deleteFrom(def.table).where("id", "=", id).execute();
      await events.changed(resourceChange(def.name));
      return def.fromRow(r);
    },

    /** Rewrites the sort column in the order of the ids given (1, 2, 3 …). */
    async reorder(def: ResourceDef, ids: number[]): Promise<void> {
      const col = def.sortColumn;
      if (!col) throw new AppError(405, `${def.label}不支持排序`);
      await db.transaction().execute(async (tx) => {
        for (const [i, id] of ids.entries()) {
          await tx
            .updateTable(def.table)
            .set({ [col]: i + 1 })
            .where("id", "=", id)
            .execute();
        }
      });
      await events.changed(resourceChange(def.name));
    },
  };
}
