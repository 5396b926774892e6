import type { z } from "./zod";

/**
 * The one field check of every form (sign-up, MCN, console): the first Chinese message a field's
 * schema gives for a value, or null when the value passes. The browser checks field by field with
 * it; the server checks the whole form with the same schemas, so both say the same.
 *
 * `blank: "value"` checks the value as it is; `"missing"` reads "" and null as a missing value,
 * so a required field answers its 请输入… message (form fields that start empty).
 */
export function fieldError(
  schema: z.ZodType | undefined,
  value: unknown,
  blank: "missing" | "value" = "value",
): string | null {
  if (!schema) return null;
  const r = schema.safeParse(blank === "missing" && (value === "" || value === null) ? undefined : value);
  return r.success ? null : (r.error.issues[0]?.message ?? "输入不正确");
}

/** fieldError for one field of a form schema, blank values read as missing. */
export const formFieldError = (form: z.ZodObject, field: string, value: unknown): string | null =>
  fieldError(form.shape[field] as z.ZodType | undefined, value, "missing");
