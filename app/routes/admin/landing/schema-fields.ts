import { SECTION_SCHEMAS } from "../../../../contract/landing";
import type { z } from "../../../../contract/zod";
import type { Section, SectionType } from "../../../landing/types";

/**
 * Reading the landing schemas (contract/landing.ts) for the console's forms: what kind of field each
 * is, its Chinese label and help from `.meta()`, a minimal valid value of any schema (a new section
 * starts from one), and a value's issues by field path.
 */

export interface FieldMeta {
  title?: string;
  description?: string;
  html?: boolean;
  link?: boolean;
  picture?: boolean;
  /** a 报名产品 id: picked from the console's products */
  product?: boolean;
  options?: Record<string, string>;
}

export type FieldKind =
  | { kind: "text"; max: number | null; html: boolean; link: boolean }
  | { kind: "number"; min: number | null; max: number | null; int: boolean }
  | { kind: "boolean" }
  | { kind: "choice"; options: { value: string | number; label: string }[] }
  | { kind: "literal"; value: unknown }
  | { kind: "object"; shape: Record<string, z.ZodType>; picture: boolean }
  | { kind: "array"; item: z.ZodType; min: number; max: number | null }
  | { kind: "unknown" };

export interface Field {
  /** the schema without its optional wrapper */
  schema: z.ZodType;
  optional: boolean;
  meta: FieldMeta;
  type: FieldKind;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[];
}

const defOf = (s: z.ZodType) => s.def as unknown as Def;
const metaOf = (s: z.ZodType) => (s.meta() ?? {}) as FieldMeta;

const fields = new WeakMap<z.ZodType, Field>();

/** A schema read as a form field (once per schema: the same object every time, for memoised fields). */
export function fieldOf(schema: z.ZodType): Field {
  let f = fields.get(schema);
  if (!f) {
    f = readField(schema);
    fields.set(schema, f);
  }
  return f;
}

function readField(schema: z.ZodType): Field {
  let inner = schema;
  let optional = false;
  let meta = metaOf(schema);
  while (defOf(inner).type === "optional" || defOf(inner).type === "nullable") {
    optional = true;
    inner = defOf(inner).innerType!;
    meta = { ...metaOf(inner), ...meta };
  }
  return { schema: inner, optional, meta, type: kindOf(inner, meta) };
}

function kindOf(s: z.ZodType, meta: FieldMeta): FieldKind {
  const def = defOf(s);
  switch (def.type) {
    case "string":
      return {
        kind: "text",
        max: (s as unknown as { maxLength: number | null }).maxLength,
        html: !!meta.html,
        link: !!meta.link,
      };
    case "number": {
      const n = s as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
      return { kind: "number", min: n.minValue, max: n.maxValue, int: n.isInt };
    }
    case "boolean":
      return { kind: "boolean" };
    case "enum":
      return {
        kind: "choice",
        options: Object.values(def.entries ?? {}).map((v) => ({ value: v, label: meta.options?.[v] ?? v })),
      };
    case "literal":
      return (def.values ?? []).length === 1
        ? { kind: "literal", value: def.values![0] }
        : {
            kind: "choice",
            options: (def.values ?? []).map((v) => ({ value: v as string | number, label: String(v) })),
          };
    case "object":
      return { kind: "object", shape: def.shape ?? {}, picture: !!meta.picture };
    case "array": {
      let min = 0;
      let max: number | null = null;
      for (const c of def.checks ?? []) {
        if (c._zod.def.check === "min_length") min = c._zod.def.minimum ?? 0;
        if (c._zod.def.check === "max_length") max = c._zod.def.maximum ?? null;
      }
      return { kind: "array", item: def.element!, min, max };
    }
    default:
      return { kind: "unknown" };
  }
}

/** The picture size a field's help suggests ("建议 1440×520"), if any. */
export function suggestedSize(description?: string): { w: number; h: number } | null {
  const m = description?.match(/(\d{2,5})\s*[×x]\s*(\d{2,5})/);
  return m ? { w: Number(m[1]), h: Number(m[2]) } : null;
}

/** The picture a new section shows until the editor uploads one (public/landing/sample.svg). */
export const SAMPLE_PICTURE = "/landing/sample.svg";
const SAMPLE_CLIP = "/landing/video/wide-1.mp4";
const SAMPLE_CAPTIONS = "/landing/video/placeholder.vtt";

/**
 * A minimal valid value of a schema: required fields only, lists at their least (one item where
 * they may be empty), texts saying what they are (the field's label), links to the home page,
 * pictures the sample picture. `key` is the field's name (a clip's `src`, say).
 */
export function sampleOf(schema: z.ZodType, key = "", counter = { n: 0 }): unknown {
  const f = fieldOf(schema);
  const t = f.type;
  switch (t.kind) {
    case "literal":
      return t.value;
    case "choice":
      return t.options[0]?.value;
    case "boolean":
      return false;
    case "number":
      return t.min ?? 0;
    case "array": {
      const n = Math.max(t.min, 1);
      return Array.from({ length: n }, () => sampleOf(t.item, "", counter));
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(t.shape)) {
        const child = fieldOf(s);
        if (child.optional) continue;
        out[k] = sampleOf(s, k, counter);
      }
      if (t.picture) {
        const size = suggestedSize(f.meta.description) ?? { w: 800, h: 450 };
        Object.assign(out, { src: SAMPLE_PICTURE, alt: "示例图片", ...size });
      }
      return out;
    }
    case "text":
      return sampleText(f, key, counter);
    default:
      return undefined;
  }
}

function sampleText(f: Field, key: string, counter: { n: number }): string {
  const label = f.meta.title ?? "文字";
  counter.n += 1;
  const candidates = [
    key === "src" ? SAMPLE_CLIP : key === "captions" ? SAMPLE_CAPTIONS : "",
    f.type.kind === "text" && f.type.max !== null ? label.slice(0, f.type.max) : label,
    "/",
    `item${counter.n}`,
    "400-000-0000",
    "https://example.com/",
  ];
  return candidates.find((c) => c && f.schema.safeParse(c).success) ?? label;
}

/** Values the sample of a type needs beyond the generic one (a refinement ties fields together). */
const SAMPLE_EXTRAS: Partial<Record<SectionType, Record<string, unknown>>> = {
  articleList: { source: "keyword", keyword: "电商", count: 6 },
  buyButton: { source: "link", href: "https://example.com/" },
  caseCarousel: { intervalMs: 4000 },
  liveFrame: { height: 1000 },
};

/** A new section of a type: valid as it is, for the editor to fill in. */
export function sampleSection(type: SectionType): Section {
  const schema = SECTION_SCHEMAS[type] as unknown as z.ZodType;
  return { ...(sampleOf(schema) as object), ...SAMPLE_EXTRAS[type] } as Section;
}

/** The Chinese name and help of a section type, from its schema's metadata. */
export function sectionLabel(type: SectionType): { title: string; description: string } {
  const meta = (SECTION_SCHEMAS[type]?.meta() ?? {}) as { title?: string; description?: string };
  return { title: meta.title ?? type, description: meta.description ?? "" };
}

/** A section's title text, if it has one (the section list labels sections with it). */
export function sectionTitle(s: Section): string {
  const t = (s as { title?: unknown }).title;
  return typeof t === "string" ? t : "";
}

/** The issues of a value against its schema, by dotted path (the first message of each path). */
export function issuesOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) {
    const path = i.path.join(".");
    out[path] ??= i.message;
  }
  return out;
}

const checked = new WeakMap<Section, Record<string, string>>();

/**
 * The issues of one section of a page, by path inside the section; checked once per section object
 * (a change makes a new one), so typing in one section does not check the others again.
 */
export function sectionIssues(s: Section): Record<string, string> {
  let issues = checked.get(s);
  if (!issues) {
    const schema = SECTION_SCHEMAS[s.type] as unknown as z.ZodType | undefined;
    issues = schema ? issuesOf(schema, s) : {};
    checked.set(s, issues);
  }
  return issues;
}

/** The entries of `errors` under `prefix.` (API field errors like sections.3.title), without the prefix. */
export function errorsUnder(
  errors: Record<string, string> | undefined,
  prefix: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!errors) return out;
  const head = `${prefix}.`;
  for (const [k, v] of Object.entries(errors)) {
    if (k === prefix) out[""] = v;
    else if (k.startsWith(head)) out[k.slice(head.length)] = v;
  }
  return out;
}
