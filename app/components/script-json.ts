/**
 * JSON that is safe as the text of a `<script type="application/json">` element: no "<" (so no
 * "</script>" and no "<!--"), and no line or paragraph separators. It parses back to the same value.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
