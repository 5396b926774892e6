/**
 * Text the site keeps is clean Unicode (docs/product.md "Text"): every input of the API is cleaned
 * this way before its schema checks it, so both databases store the same and what is read back is
 * what was checked.
 *
 * - Invisible control characters are removed: NUL and the other C0 controls except tab, line feed
 *   and carriage return (a paste from a PDF or a broken client carries them; PostgreSQL refuses NUL
 *   in text, XML refuses all of them, and no editor means to type one).
 * - Half of an emoji (a lone UTF-16 surrogate, left when a client cuts a string in the middle of a
 *   4-byte character) becomes U+FFFD �, as a browser's form submission and UTF-8 itself would make it.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters cleanText changes
const UNCLEAN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF]/;

/** The text without control characters (but tab and line breaks) and with lone surrogates as U+FFFD. */
export function cleanText(s: string): string {
  if (!UNCLEAN.test(s)) return s;
  return s.replace(CONTROLS, "").replace(LONE_SURROGATE, "\uFFFD");
}

/**
 * Cleans every string of a parsed JSON, query or form value in place, object keys included, and
 * answers it. Iterative, so a body nested thousands deep costs no stack.
 */
export function cleanInput<T>(value: T): T {
  if (typeof value === "string") return cleanText(value) as T;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === "string") v[i] = cleanText(x);
        else if (x !== null && typeof x === "object") stack.push(x);
      }
    } else if (v !== null && typeof v === "object") {
      const o = v as Record<string, unknown>;
      for (const key of Object.keys(o)) {
        const x = o[key];
        const clean = typeof x === "string" ? cleanText(x) : x;
        const k = cleanText(key);
        if (k !== key) delete o[key];
        if (k !== key || clean !== x)
          // defineProperty: a key named __proto__ stays a plain property
          Object.defineProperty(o, k, { value: clean, enumerable: true, writable: true, configurable: true });
        if (clean !== null && typeof clean === "object") stack.push(clean);
      }
    }
  }
  return value;
}
