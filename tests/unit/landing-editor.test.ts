import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RenderSections } from "../../app/landing/RenderSections";
import type { Section, SectionType } from "../../app/landing/types";
import {
  errorsUnder,
  fieldOf,
  issuesOf,
  SAMPLE_PICTURE,
  sampleOf,
  sampleSection,
  sectionLabel,
} from "../../app/routes/admin/landing/schema-fields";
import { SECTION_SCHEMAS, SectionSchema } from "../../contract/landing";
import type { z } from "../../contract/zod";

const TYPES = Object.keys(SECTION_SCHEMAS) as SectionType[];
const CHINESE = /[\u4e00-\u9fff]/;

/** Every field of a schema, by dotted path (list items as `[]`), read as the form reads it. */
function fields(schema: z.ZodType, path = ""): { path: string; kind: string; title?: string }[] {
  const f = fieldOf(schema);
  const here = { path, kind: f.type.kind, title: f.meta.title };
  if (f.type.kind === "object")
    return [here, ...Object.entries(f.type.shape).flatMap(([k, s]) => fields(s, path ? `${path}.${k}` : k))];
  if (f.type.kind === "array") return [here, ...fields(f.type.item, `${path}[]`)];
  return [here];
}

/** Every list in a value of a schema, with the schema of its items (to add one the way the form does). */
function lists(schema: z.ZodType, value: unknown, at: (string | number)[] = []) {
  const out: { at: (string | number)[]; item: z.ZodType; max: number | null; length: number }[] = [];
  const f = fieldOf(schema);
  if (f.type.kind === "object" && value && typeof value === "object")
    for (const [k, s] of Object.entries(f.type.shape))
      out.push(...lists(s, (value as Record<string, unknown>)[k], [...at, k]));
  if (f.type.kind === "array" && Array.isArray(value)) {
    out.push({ at, item: f.type.item, max: f.type.max, length: value.length });
    value.forEach((v, i) => {
      out.push(...lists((f.type as { item: z.ZodType }).item, v, [...at, i]));
    });
  }
  return out;
}

describe("the landing editor's forms (app/routes/admin/landing/schema-fields.ts)", () => {
  it("start every section type from a valid sample, with the sample picture", () => {
    for (const t of TYPES) {
      const s = sampleSection(t);
      expect(s.type).toBe(t);
      expect(issuesOf(SECTION_SCHEMAS[t] as unknown as z.ZodType, s), t).toEqual({});
      expect(SectionSchema.safeParse(s).success, t).toBe(true);
    }
    expect(JSON.stringify(sampleSection("hero"))).toContain(SAMPLE_PICTURE);
  });

  it("know the kind of every field and give each a Chinese label", () => {
    for (const t of TYPES) {
      const { title, description } = sectionLabel(t);
      expect(title, t).toMatch(CHINESE);
      expect(description, t).toMatch(CHINESE);
      for (const f of fields(SECTION_SCHEMAS[t] as unknown as z.ZodType)) {
        expect(f.kind, `${t}.${f.path}`).not.toBe("unknown");
        if (f.path && f.path !== "type" && !f.path.endsWith("[]"))
          expect(f.title, `${t}.${f.path}`).toMatch(CHINESE);
      }
    }
  });

  it("add an item to any list that has room and keep the section valid", () => {
    for (const t of TYPES) {
      const schema = SECTION_SCHEMAS[t] as unknown as z.ZodType;
      const s = sampleSection(t) as unknown as Record<string, unknown>;
      for (const l of lists(schema, s)) {
        if (l.max !== null && l.length >= l.max) continue;
        const copy = structuredClone(s);
        let target: unknown = copy;
        for (const k of l.at) target = (target as Record<string | number, unknown>)[k];
        (target as unknown[]).push(sampleOf(l.item));
        expect(issuesOf(schema, copy), `${t}.${l.at.join(".")}`).toEqual({});
      }
    }
  });

  it("show the schema's Chinese messages at their fields, and the API's under a section", () => {
    const hero = {
      ...sampleSection("hero"),
      title: "",
      image: { src: "javascript:alert(1)", alt: "", w: 1, h: 1 },
    };
    const issues = issuesOf(SECTION_SCHEMAS.hero as unknown as z.ZodType, hero);
    expect(issues.title).toBe("请填写主标题");
    expect(issues["image.alt"]).toBe("请填写替代文字");
    expect(issues["image.src"]).toMatch(/^图片地址须是/);
    expect(
      errorsUnder(
        { "sections.3.title": "标题重复", "sections.3": "区块有误", "sections.13.title": "别的" },
        "sections.3",
      ),
    ).toEqual({ title: "标题重复", "": "区块有误" });
  });
});

describe("hidden sections (contract/landing.ts, app/landing/RenderSections.tsx)", () => {
  const stats = (label: string): Section => ({ type: "stats", items: [{ value: "1", label }] });
  const draw = (sections: Section[]) => renderToStaticMarkup(createElement(RenderSections, { sections }));

  it("are kept in the page but not drawn; the bands alternate as if they were not there", () => {
    expect(SectionSchema.safeParse({ ...stats("甲"), hidden: true }).success).toBe(true);
    const shown = draw([stats("甲"), stats("丙")]);
    const withHidden = draw([stats("甲"), { ...stats("乙"), hidden: true }, stats("丙")]);
    expect(withHidden).not.toContain("乙");
    expect(withHidden).toBe(shown);
  });

  it("draw the same markup as before for pages without hidden sections, marking indexes only for the preview", () => {
    const sections = [stats("甲"), stats("乙")];
    expect(draw(sections)).not.toContain("data-lp-index");
    const marked = renderToStaticMarkup(createElement(RenderSections, { sections, marked: true }));
    expect(marked).toContain('data-lp-index="1"');
  });
});
