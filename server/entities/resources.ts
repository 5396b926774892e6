import type { Kysely } from "kysely";
import { type Paged, yuanToFen } from "../../contract/admin";
import { resourceChange } from "../../contract/cache-tags";
import { CONSOLE_RESOURCES, type ConsoleResource } from "../../contract/resources";
import type { DB } from "../db/schema";
import type { ContentEvents } from "../services/cache";
import { AppError } from "../services/errors";
import { fenToYuan } from "../services/rows";

// biome-ignore lint/suspicious/noExplicitAny: the generic CRUD below works on any of the simple tables
export type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/**
 * The simple entities of the console, on the server: their shared description (contract/resources.ts:
 * role, form schema, what may be done) plus which table, how a form maps to a row and back, how lists are ordered and filtered. One set of handlers
 * (server/api/admin/resources.ts) serves them all; articles, products, leads and orders have
 * their own modules.
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
const resource = <T extends keyof DB>(def: TypedResource<T>): ResourceDef => def as unknown as ResourceDef;

const now = () => new Date().toISOString();

async function countBy(
  db: AnyDb,
  table: string,
  column: string,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = (await db
    .selectFrom(table)
    .select([column, (eb) => eb.fn.countAll<number>().as("n")])
    .where(column, "in", ids)
    .groupBy(column)
    .execute()) as Row[];
  return new Map(rows.map((r) => [Number(r[column]), Number(r.n)]));
}

/** Adds `articles`: how many rows of `table` point at each row through `column` (columns, tags). */
function withArticleCounts(table: string, column: string) {
  return async (db: AnyDb, rows: Row[]): Promise<Row[]> => {
    const counts = await countBy(
      db,
      table,
      column,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => ({ ...r, articles: counts.get(Number(r.id)) ?? 0 }));
  };
}

export const RESOURCES: ResourceDef[] = [
  resource({
    ...CONSOLE_RESOURCES["columns"],
    table: "columns",
    idMode: "next",
    toRow: (i) => ({ name: i.name, sort_order: i.sortOrder }),
    insertDefaults: () => ({ created_at: now() }),
    fromRow: (r) => ({ id: r.id, name: r.name, sortOrder: r.sort_order }),
    orderBy: [
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    search: ["name"],
    sortColumn: "sort_order",
    summary: (i) => String(i.name ?? ""),
    async beforeDelete(db, id) {
      const a = await db
        .selectFrom("articles")
        .select("id")
        .where("column_id", "=", id)
        .limit(1)
        .executeTakeFirst();
      if (a) throw new AppError(409, "该栏目下还有文章，请先移走或删除这些文章");
    },
    decorate: withArticleCounts("articles", "column_id"),
  }),
  resource({
    ...CONSOLE_RESOURCES["tags"],
    table: "tags",
    idMode: "auto",
    toRow: (i) => ({ name: i.name }),
    fromRow: (r) => ({ id: r.id, name: r.name }),
    orderBy: [["id", "desc"]],
    search: ["name"],
    unique: { column: "name", message: "标签已存在" },
    summary: (i) => String(i.name ?? ""),
    decorate: withArticleCounts("article_tags", "tag_id"),
  }),
  resource({
    ...CONSOLE_RESOURCES["banners"],
    table: "banners",
    idMode: "auto",
    toRow: (i) => ({
      column_id: i.columnId,
      name: i.name,
      link: i.link,
      image: i.image,
      sort_order: i.sortOrder,
    }),
    insertDefaults: () => ({ created_at: now() }),
    fromRow: (r) => ({
      id: r.id,
      columnId: r.column_id,
      name: r.name,
      link: r.link,
      image: r.image,
      sortOrder: r.sort_order,
      clickCount: Number(r.click_count),
    }),
    orderBy: [
      ["column_id", "asc"],
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    search: ["name", "link"],
    group: { column: "column_id", type: "int" },
    sortColumn: "sort_order",
    summary: (i) => String(i.name || i.link || ""),
  }),
  resource({
    ...CONSOLE_RESOURCES["partners"],
    table: "partners",
    idMode: "auto",
    toRow: (i) => ({ name: i.name, thumb: i.thumb, link: i.link, sort_order: i.sortOrder }),
    fromRow: (r) => ({ id: r.id, name: r.name, thumb: r.thumb, link: r.link, sortOrder: r.sort_order }),
    orderBy: [
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    search: ["name"],
    sortColumn: "sort_order",
    summary: (i) => String(i.name || i.thumb || ""),
  }),
  resource({
    ...CONSOLE_RESOURCES["activities"],
    table: "activities",
    idMode: "auto",
    toRow: (i) => ({
      column_id: i.columnId,
      name: i.name,
      link: i.link,
      thumb: i.thumb,
      start_time: new Date(String(i.startTime)).toISOString(),
      address: i.address,
      intro: i.intro,
      status: i.status,
      guests: i.guests,
    }),
    insertDefaults: () => ({ created_at: now() }),
    fromRow: (r) => ({
      id: r.id,
      columnId: r.column_id,
      name: r.name,
      link: r.link,
      thumb: r.thumb,
      startTime: r.start_time,
      address: r.address,
      intro: r.intro,
      status: r.status,
      guests: r.guests,
    }),
    orderBy: [
      ["start_time", "desc"],
      ["id", "desc"],
    ],
    search: ["name", "address"],
    group: { column: "column_id", type: "int" },
    summary: (i) => String(i.name ?? ""),
  }),
  resource({
    ...CONSOLE_RESOURCES["travel-tabs"],
    table: "fliggy_tabs",
    idMode: "next",
    toRow: (i) => ({ list_key: i.listKey, name: i.name, sort_order: i.sortOrder }),
    fromRow: (r) => ({ id: r.id, listKey: r.list_key, name: r.name, sortOrder: r.sort_order }),
    orderBy: [
      ["list_key", "asc"],
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    search: ["name"],
    group: { column: "list_key", type: "text" },
    sortColumn: "sort_order",
    summary: (i) => String(i.name ?? ""),
    async beforeDelete(db, id) {
      const a = await db
        .selectFrom("fliggy_items")
        .select("id")
        .where("tab_id", "=", id)
        .limit(1)
        .executeTakeFirst();
      if (a) throw new AppError(409, "该分类下还有商品，请先删除这些商品");
    },
  }),
  resource({
    ...CONSOLE_RESOURCES["travel-items"],
    table: "fliggy_items",
    idMode: "auto",
    toRow: (i) => ({
      tab_id: i.tabId,
      serial_num: i.serialNum,
      pic_url: i.picUrl,
      name: i.name,
      location: i.location,
      price_fen: yuanToFen(Number(i.price)),
      password: i.password,
    }),
    fromRow: (r) => ({
      id: r.id,
      tabId: r.tab_id,
      serialNum: r.serial_num,
      picUrl: r.pic_url,
      name: r.name,
      location: r.location,
      price: fenToYuan(Number(r.price_fen)),
      password: r.password,
    }),
    orderBy: [
      ["tab_id", "asc"],
      ["serial_num", "asc"],
      ["id", "asc"],
    ],
    search: ["name", "location", "password"],
    group: { column: "tab_id", type: "int" },
    summary: (i) => String(i.name ?? ""),
  }),
  resource({
    ...CONSOLE_RESOURCES["contacts"],
    table: "cooperation_contacts",
    idMode: "auto",
    toRow: (i) => ({
      title: i.title,
      contact_name: i.contactName,
      phone: i.phone,
      email: i.email,
      sort_order: i.sortOrder,
    }),
    fromRow: (r) => ({
      id: r.id,
      title: r.title,
      contactName: r.contact_name,
      phone: r.phone,
      email: r.email,
      sortOrder: r.sort_order,
    }),
    orderBy: [
      ["sort_order", "asc"],
      ["id", "asc"],
    ],
    sortColumn: "sort_order",
    summary: (i) => String(i.title ?? ""),
  }),
];

export const resourceByName = new Map(RESOURCES.map((r) => [r.name, r]));

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
