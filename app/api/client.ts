import type { z } from "zod";
import { readAnswer } from "../../contract/envelope";

/**
 * The browser's one way to call the API: every answer is read through its envelope and its data
 * schema (contract/), so no page casts an answer. Pages decide what each outcome shows.
 */
export type Reply<T> =
  /** statusCode 1000 and data of the expected shape */
  | { kind: "ok"; status: number; data: T; message: string }
  /** the server answered a failure (or an answer of another shape): its Chinese message if any */
  | { kind: "failed"; status: number; message?: string }
  /** the body was not JSON (a proxy's error page, a cut connection) */
  | { kind: "unreadable"; status: number }
  /** no answer at all */
  | { kind: "network" };

export async function send<S extends z.ZodType>(
  schema: S,
  path: string,
  init?: RequestInit,
): Promise<Reply<z.infer<S>>> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    return { kind: "network" };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { kind: "unreadable", status: res.status };
  }
  return replyOf(res.status, body, schema);
}

/** A reply from a status and a parsed body (uploads whose request a component makes itself). */
export function replyOf<S extends z.ZodType>(status: number, body: unknown, schema: S): Reply<z.infer<S>> {
  const answer = readAnswer(body, schema);
  if (answer.ok && status >= 200 && status < 300)
    return { kind: "ok", status, data: answer.data, message: answer.message };
  return { kind: "failed", status, message: answer.ok ? undefined : answer.message };
}
