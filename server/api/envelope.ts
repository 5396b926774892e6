import type { Context } from "hono";
import type { z } from "zod";
import { type Envelope, OK, OK_MESSAGE } from "../../contract/envelope";
import { cleanInput } from "../../contract/text";
import { AppError } from "../services/errors";

export function ok<T>(c: Context, data: T) {
  return c.json({ statusCode: OK, message: OK_MESSAGE, data } satisfies Envelope<T>);
}

export function fail(c: Context, status: number, message: string, data: unknown = null) {
  return c.json({ statusCode: status, message, data } satisfies Envelope<unknown>, status as 400);
}

/**
 * Validate a query (or body) with its zod schema; the first problem becomes a 400 in Chinese. Its
 * text is cleaned first (contract/text.ts: control characters removed, lone surrogates as U+FFFD).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(cleanInput(input));
  if (!r.success) {
    const issue = r.error.issues[0];
    const message =
      issue?.message && /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : "请求参数不正确";
    throw new AppError(400, message);
  }
  return r.data;
}

/**
 * The query string's parameters, decoded as browsers and URLSearchParams decode them: a byte
 * sequence that is not UTF-8 (a GBK-encoded old client, half an emoji) becomes U+FFFD where it
 * stands, instead of the whole value staying percent-encoded. The first value of a repeated name.
 */
export function queryOf(c: Context): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(c.req.url).searchParams)
    if (!Object.hasOwn(out, k))
      // defineProperty: a parameter named __proto__ stays a plain property
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}
