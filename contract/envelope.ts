import { z } from "./zod";

/**
 * The envelope of every /api answer (docs/architecture.md "The envelope"): statusCode 1000 and
 * data on success; otherwise the HTTP status as statusCode and a Chinese message.
 */
export const OK = 1000;
export const OK_MESSAGE = "操作成功";

export interface Envelope<T> {
  statusCode: number;
  message: string;
  data: T;
}

const EnvelopeSchema = z.object({
  statusCode: z.number(),
  message: z.string().optional(),
  data: z.unknown(),
});

/** What an answer's body says: its data, checked against its schema, or why there is none. */
export type Answer<T> = { ok: true; data: T; message: string } | { ok: false; message?: string };

/**
 * Reads a parsed answer body: ok only when the envelope says 1000 and the data passes its schema
 * (an answer of another shape is a failure, never a cast).
 */
export function readAnswer<S extends z.ZodType>(body: unknown, schema: S): Answer<z.infer<S>> {
  const env = EnvelopeSchema.safeParse(body);
  if (!env.success) return { ok: false };
  const message = env.data.message;
  if (env.data.statusCode !== OK) return { ok: false, message };
  const data = schema.safeParse(env.data.data);
  return data.success ? { ok: true, data: data.data, message: message ?? "" } : { ok: false, message };
}
