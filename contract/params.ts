import { z } from "./zod";

/** The largest pageSize any list serves; larger requests (the event-report strip asks for 10000) are capped. */
export const MAX_PAGE_SIZE = 100;
/** The deepest page a list serves. */
export const MAX_PAGE = 100_000;

/**
 * A positive integer query parameter with Chinese messages: missing → 缺少参数 x; anything that is
 * not a whole number in range → 参数 x 必须是 a 到 b 之间的整数.
 */
export function intParam(name: string, min: number, max: number) {
  const bad = `参数 ${name} 必须是 ${min} 到 ${max} 之间的整数`;
  return z
    .string({ error: (iss) => (iss.input === undefined ? `缺少参数 ${name}` : bad) })
    .trim()
    .regex(/^-?\d{1,16}$/, bad)
    .transform(Number)
    .pipe(z.number().int().min(min, bad).max(max, bad));
}

/** pageSize: any positive integer is accepted, then capped at MAX_PAGE_SIZE. */
export function pageSizeParam() {
  const bad = "参数 pageSize 必须是正整数";
  return z
    .string({ error: (iss) => (iss.input === undefined ? "缺少参数 pageSize" : bad) })
    .trim()
    .regex(/^\d{1,9}$/, bad)
    .transform(Number)
    .pipe(z.number().int().min(1, bad))
    .transform((n) => Math.min(n, MAX_PAGE_SIZE));
}

/** The largest id of any record (the databases' 32-bit integer keys). */
export const MAX_ID = 2_147_483_647;

/**
 * The one rule for an id in a URL (path segment or parameter): 1 to 10 digits, 1 to MAX_ID.
 * undefined for anything else, which callers answer as "not found".
 */
export function idOf(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= MAX_ID ? n : undefined;
}

export const idParam = (name: string) => intParam(name, 1, MAX_ID);

/**
 * A whole number a body gives for a record (an id, a version): 1 to MAX_ID, so that every number a
 * schema accepts fits the databases' integer columns; `message` for anything else.
 */
export const idNumber = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

/** An optional id filter of a console list (?columnId=…): 1 to MAX_ID, blank as absent. */
export const optionalIdFilter = z.coerce.number().int().min(1).max(MAX_ID).optional();

export const Pagination = z.object({
  page: intParam("page", 1, MAX_PAGE),
  pageSize: pageSizeParam(),
});

export const optionalColumnId = z.object({ columnId: idParam("columnId").optional() });

export const KeywordParam = z.object({
  keyword: z
    .string({ error: "缺少参数 keyword" })
    .max(100, "关键词不能超过 100 个字符")
    .transform((s) => s.trim()),
});
