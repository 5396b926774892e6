import type { z } from "zod";
import {
  LANDING_STATUS_LABEL,
  type LandingPage,
  type LandingStatus,
  SECTION_SCHEMAS,
} from "../../../../contract/landing";
import type { Comparable, DiffSpec } from "../RevisionHistory";

/** How a landing page's versions are compared: its own fields, then its sections line by line. */
export const LANDING_DIFF: DiffSpec = {
  labels: {
    name: "页面名称",
    path: "页面路径",
    title: "页面标题",
    description: "页面描述",
    shareTitle: "分享标题",
    shareDescription: "分享描述",
    shareImage: "分享图片",
    layout: "页面框架",
    status: "状态",
  },
  linesLabel: "区块",
};

const LAYOUT_LABEL = { landing: "营销页框架", news: "资讯站框架" } as const;

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (s: z.ZodType) => (s as unknown as { def: Def }).def;
const titleOf = (s: z.ZodType | undefined, fallback: string) =>
  (s?.meta() as { title?: string } | undefined)?.title ?? fallback;

/**
 * A value as readable lines, each `label › label：value`, labelled by the schema's Chinese titles
 * (a list's items numbered); a value the schema does not describe is shown as JSON.
 */
function valueLines(schema: z.ZodType | undefined, value: unknown, label: string): string[] {
  if (value === undefined || value === null) return [];
  let s = schema;
  while (s && ["optional", "nullable", "default", "pipe"].includes(defOf(s).type) && defOf(s).innerType)
    s = defOf(s).innerType;
  const def = s ? defOf(s) : undefined;
  if (Array.isArray(value)) return value.flatMap((v, i) => valueLines(def?.element, v, `${label} ${i + 1}`));
  if (typeof value === "object")
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
      const child = def?.shape?.[k];
      return valueLines(child, v, `${label} › ${titleOf(child, k)}`);
    });
  const shown =
    typeof value === "boolean"
      ? value
        ? "是"
        : "否"
      : typeof value === "string"
        ? value
        : JSON.stringify(value);
  return [`${label}：${shown}`];
}

/** A page's sections as lines: `区块 N 类型名 › 字段：值`, the type line first. */
export function sectionLines(sections: readonly unknown[]): string[] {
  return sections.flatMap((section, i) => {
    const { type, ...fields } = section as { type?: string };
    const schema =
      type && type in SECTION_SCHEMAS
        ? (SECTION_SCHEMAS[type as keyof typeof SECTION_SCHEMAS] as z.ZodType)
        : undefined;
    const head = `区块 ${i + 1} ${titleOf(schema, type ?? "")}`;
    return [head, ...valueLines(schema, fields, head)];
  });
}

/** A landing page (a revision, the stored page or the editor's copy) as a Comparable. */
export function landingComparable(
  p: Omit<LandingPage, "sections"> & { sections: readonly unknown[]; status?: LandingStatus },
): Comparable {
  return {
    fields: {
      name: p.name,
      path: p.path,
      title: p.title,
      description: p.description,
      shareTitle: p.shareTitle ?? "",
      shareDescription: p.shareDescription ?? "",
      shareImage: p.shareImage ?? "",
      layout: LAYOUT_LABEL[p.layout ?? "landing"],
      status: p.status ? LANDING_STATUS_LABEL[p.status] : "",
    },
    lines: sectionLines(p.sections),
  };
}
