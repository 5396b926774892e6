import fc from "fast-check";
import { z } from "zod";

/**
 * Hostile request bodies built from an endpoint's own zod schema: a valid body first (derived from
 * the schema's JSON Schema, with the values only the test can know filled in by the caller), then a
 * few of its values spoilt. Most spoilt bodies stay valid (a lone surrogate or an RTL mark inside a
 * title still fits its schema), so the fuzz reaches the writes, not only the validation.
 */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonSchema = Record<string, unknown>;

/** Characters that break naive code: inserted into otherwise valid strings. */
export const HOSTILE_TOKENS = [
  "\uD800", // lone high surrogate
  "\uDFFF", // lone low surrogate
  "\u0000", // NUL
  "\r\n",
  "\n",
  "\r",
  "\u202E", // right-to-left override
  "\u200F", // right-to-left mark
  "😀", // 4-byte UTF-8 (surrogate pair in JS)
  "𠀀", // 4-byte CJK Extension B
  "\uFEFF", // byte order mark
  "\u2028", // line separator (breaks JavaScript string literals)
  "\u0001",
  "\u001B",
  "\t",
  "%00",
  "<script>",
  "&amp;",
  "'\"",
] as const;

/** What a 100,000-character string is made of (each keeps a JSON body well under 1 MB). */
const LONG_FILLS = ["a", "电", "😀", "\u0000", "\uD800", "\r\n", "\u202E", "𠀀"] as const;
export const LONG_LENGTH = 100_000;
export function longString(fill: string): string {
  return fill.repeat(Math.ceil(LONG_LENGTH / fill.length)).slice(0, LONG_LENGTH);
}

/** Values of another type than the schema wants, and numbers past what the databases hold. */
const WRONG_TYPES: Json[] = [
  0,
  -1,
  1.5,
  -0,
  1e308,
  2_147_483_648, // one past PostgreSQL's integer
  9_007_199_254_740_991, // the largest safe integer
  1e21,
  true,
  false,
  null,
  "",
  "1",
  [],
  {},
  ["x"],
  { a: 1 },
  [[]],
];

/** Nesting depth of the deep values (arrays or objects inside each other). */
export const DEEP = 10_000;
const DEEP_MARK = "\u0000deep:";

export type Mutation =
  | { kind: "insert"; at: number; token: string; pos: number }
  | { kind: "long"; at: number; fill: string }
  | { kind: "wrong"; at: number; value: Json }
  | { kind: "deep"; at: number; shape: "array" | "object" }
  | { kind: "drop"; at: number };

export type RootMutation =
  | { kind: "none" }
  | { kind: "replace"; value: Json }
  | { kind: "deep"; shape: "array" | "object" }
  | { kind: "extra"; key: string; value: Json };

export interface Spoilt {
  mutations: Mutation[];
  root: RootMutation;
}

/** Where a value sits in a body: keys and indexes from the root. */
export type Path = (string | number)[];

/** Every value of a body but the root, containers included, in a stable order. */
export function pathsOf(v: Json, at: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(v))
    v.forEach((x, i) => {
      out.push([...at, i], ...pathsOf(x, [...at, i]));
    });
  else if (v && typeof v === "object")
    for (const [k, x] of Object.entries(v)) out.push([...at, k], ...pathsOf(x, [...at, k]));
  return out;
}

/**
 * Spoilt versions of a body: up to three of its values changed (fast-check often chooses none, so
 * valid bodies are sent too), sometimes the whole body.
 */
export function spoilt(): fc.Arbitrary<Spoilt> {
  // which value: an index into the body's values, modulo their number
  const at = fc.nat(10_000);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant("insert" as const),
        at,
        token: fc.constantFrom(...HOSTILE_TOKENS),
        pos: fc.nat(1000),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant("long" as const), at, fill: fc.constantFrom(...LONG_FILLS) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("wrong" as const),
        at,
        value: fc.constantFrom(...WRONG_TYPES),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("deep" as const),
        at,
        shape: fc.constantFrom("array" as const, "object" as const),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("drop" as const), at }) },
  );
  const root: fc.Arbitrary<RootMutation> = fc.oneof(
    { weight: 12, arbitrary: fc.constant({ kind: "none" as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("replace" as const),
        value: fc.constantFrom<Json>(null, [], [1, 2, 3], "text", 42, true),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("deep" as const),
        shape: fc.constantFrom("array" as const, "object" as const),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("extra" as const),
        key: fc.constantFrom("__proto__", "constructor", "prototype", "id", "\u0000", "\uD800", "😀"),
        value: fc.constantFrom<Json>(
          { isAdmin: true, role: "admin" },
          { prototype: { polluted: 1 } },
          1,
          "x",
        ),
      }),
    },
  );
  return fc.record({ mutations: fc.array(mutation, { maxLength: 3 }), root });
}

const clone = <T extends Json>(v: T): T => structuredClone(v);

function getAt(v: Json, path: Path): Json | undefined {
  let cur: Json | undefined = v;
  for (const k of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string | number, Json>)[k];
  }
  return cur;
}

function setAt(v: Json, path: Path, value: Json | undefined) {
  const parent = getAt(v, path.slice(0, -1));
  if (parent === null || typeof parent !== "object" || parent === undefined) return;
  const key = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key as string];
  } else (parent as Record<string | number, Json>)[key] = value;
}

/** A string containing a hostile token at a position inside the original. */
function inserted(s: string, token: string, pos: number): string {
  const p = s.length === 0 ? 0 : pos % (s.length + 1);
  return s.slice(0, p) + token + s.slice(p);
}

/**
 * The spoilt body, as the object it stands for (deep values as markers) and as the JSON text sent.
 * The JSON of a deep value is written by hand: JSON.stringify would recurse 10,000 times.
 */
export function applySpoilt(base: Json, s: Spoilt): { value: Json; json: string; what: string[] } {
  let v = clone(base);
  const paths = pathsOf(v);
  const what: string[] = [];
  for (const m of s.mutations) {
    if (paths.length === 0) break;
    const path = paths[m.at % paths.length]!;
    const cur = getAt(v, path);
    if (cur === undefined) continue;
    const name = path.join(".");
    switch (m.kind) {
      case "insert":
        if (typeof cur === "string") {
          setAt(v, path, inserted(cur, m.token, m.pos));
          what.push(`${name}: insert ${JSON.stringify(m.token)}`);
        } else {
          setAt(v, path, `${String(cur)}${m.token}`);
          what.push(`${name}: as text with ${JSON.stringify(m.token)}`);
        }
        break;
      case "long":
        setAt(v, path, longString(m.fill));
        what.push(`${name}: ${LONG_LENGTH} × ${JSON.stringify(m.fill)}`);
        break;
      case "wrong":
        setAt(v, path, clone(m.value));
        what.push(`${name}: ${JSON.stringify(m.value)}`);
        break;
      case "deep":
        setAt(v, path, `${DEEP_MARK}${m.shape}`);
        what.push(`${name}: ${DEEP}-deep ${m.shape}`);
        break;
      case "drop":
        setAt(v, path, undefined);
        what.push(`${name}: left out`);
        break;
    }
  }
  switch (s.root.kind) {
    case "replace":
      v = clone(s.root.value);
      what.push(`body: ${JSON.stringify(s.root.value)}`);
      break;
    case "deep":
      v = `${DEEP_MARK}${s.root.shape}`;
      what.push(`body: ${DEEP}-deep ${s.root.shape}`);
      break;
    case "extra":
      if (v && typeof v === "object" && !Array.isArray(v)) {
        Object.defineProperty(v, s.root.key, {
          value: clone(s.root.value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        what.push(`body: extra ${JSON.stringify(s.root.key)}`);
      }
      break;
  }
  return { value: v, json: jsonText(v), what };
}

/** The JSON text of a spoilt value, its deep markers written out (JSON.stringify would recurse 10,000 times). */
export function jsonText(v: Json): string {
  return JSON.stringify(v).replace(/"\\u0000deep:(array|object)"/g, (_m, shape: string) =>
    shape === "array"
      ? `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`
      : `${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)}`,
  );
}

/**
 * A form's or query's values as the server reads them: each lone surrogate went over the wire as its
 * three WTF-8 bytes, which UTF-8 decoding turns into three U+FFFD (WHATWG's decoder, one per byte).
 */
export function decodedForm(v: Json): Record<string, string> {
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  return Object.fromEntries(
    Object.entries(formOf(v)).map(([k, x]) => [
      k.replace(lone, "\uFFFD".repeat(3)),
      x.replace(lone, "\uFFFD".repeat(3)),
    ]),
  );
}

/** A body's top-level values as the strings of a form or query: text as it is, anything else as its JSON. */
export function formOf(v: Json): Record<string, string> {
  if (!v || typeof v !== "object" || Array.isArray(v)) return {};
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [
      k,
      typeof x === "string" && !x.startsWith(DEEP_MARK) ? x : jsonText(x),
    ]),
  );
}

/**
 * A valid value for a JSON Schema (zod's input side), from the schema alone: the first enum value,
 * the least number allowed (at least 1), Chinese text of an allowed length, every property of an
 * object. Strings with a pattern or a format cannot be made here: `undefined`, and the caller gives
 * them (`fill`).
 */
export function validFrom(schema: JsonSchema, defs: Record<string, JsonSchema> = {}): Json | undefined {
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").pop()!;
    return defs[name] ? validFrom(defs[name], defs) : undefined;
  }
  if ("const" in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (options)
      for (const o of options) {
        if (o.type === "null") continue;
        const v = validFrom(o, defs);
        if (v !== undefined) return v;
      }
  }
  if ("default" in schema) return schema.default as Json;
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string": {
      if (schema.pattern || schema.format) return undefined;
      const min = Number(schema.minLength ?? 1);
      const max = Number(schema.maxLength ?? 40);
      return "模糊测试文字".repeat(10).slice(0, Math.min(Math.max(min, 6), max));
    }
    case "integer":
    case "number": {
      const lo = Math.max(
        1,
        Number(schema.minimum ?? Number.NEGATIVE_INFINITY),
        Number(schema.exclusiveMinimum ?? 0) + 1,
      );
      return Math.min(lo, Number(schema.maximum ?? lo));
    }
    case "boolean":
      return false;
    case "array": {
      const item = validFrom((schema.items as JsonSchema) ?? {}, defs);
      return item === undefined
        ? []
        : Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => item);
    }
    case "object": {
      const out: Record<string, Json> = {};
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      for (const [k, p] of Object.entries(props)) {
        const v = validFrom(p, defs);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** The input JSON Schema of a zod schema (as /api/openapi.json documents it). */
export function inputSchema(schema: z.ZodType): { root: JsonSchema; defs: Record<string, JsonSchema> } {
  const root = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return { root, defs: (root.$defs ?? {}) as Record<string, JsonSchema> };
}

/**
 * A query string of a body's top-level values: each string percent-encoded as WTF-8 bytes, so a
 * lone surrogate goes over the wire as the bytes a careless client would send (ED A0 80).
 */
export function queryOf(v: Json): string {
  return Object.entries(formOf(v))
    .map(([k, x]) => `${wtf8(k)}=${wtf8(x)}`)
    .join("&");
}

/** Percent-encodes every UTF-16 code unit, lone surrogates included, as WTF-8. */
export function wtf8(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const bytes = [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}
