import { describe, expect, it } from "vitest";
import {
  LANDING_MESSAGES,
  LandingPageSchema,
  LinkHrefSchema,
  RichTextSchema,
  SECTION_SCHEMAS,
  SectionSchema,
} from "../../contract/landing";
import { z } from "../../contract/zod";
import { LANDING_SEED } from "../../server/seed/landing";

const CHINESE = /[\u4e00-\u9fff]/;

/** The issues of a refused value, as path → message. */
function refusal(schema: z.ZodType, value: unknown): { path: string; message: string }[] {
  const r = schema.safeParse(value);
  expect(r.success, "the value should be refused").toBe(false);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

const pic = { src: "/landing/x/hero.svg", alt: "主视觉", w: 1440, h: 520 };
const hero = { type: "hero", title: "标题", image: pic };
const page = {
  path: "/market/products/demo",
  title: "演示",
  name: "演示",
  description: "演示页面",
  sections: [hero],
};

describe("landing schemas (contract/landing.ts)", () => {
  it("describe every section type of the renderer", () => {
    expect(Object.keys(SECTION_SCHEMAS)).toHaveLength(34);
    expect(SectionSchema.options.map((o) => o.shape.type.value).sort()).toEqual(
      Object.keys(SECTION_SCHEMAS).sort(),
    );
  });

  it("accept every page of the seed as it is", () => {
    expect(LANDING_SEED).toHaveLength(44);
    expect(new Set(LANDING_SEED.map((p) => p.path.toLowerCase())).size).toBe(44);
    for (const p of LANDING_SEED) {
      const r = LandingPageSchema.safeParse(p);
      expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`), p.path).toEqual(
        [],
      );
      // Nothing is dropped or rewritten on the way.
      if (r.success) expect(r.data).toEqual(p);
    }
  });

  it("refuse an unknown section type, in Chinese", () => {
    const issues = refusal(LandingPageSchema, {
      ...page,
      sections: [hero, { type: "marquee", title: "走马灯" }],
    });
    expect(issues).toEqual([{ path: "sections.1.type", message: "未知的区块类型：marquee" }]);
    expect(refusal(SectionSchema, { title: "没有类型" })[0]!.message).toBe("请选择区块类型");
    expect(refusal(SectionSchema, "hero")[0]!.message).toBe(LANDING_MESSAGES.notObject);
  });

  it("refuse unknown fields, on the page, a section and anything nested", () => {
    expect(refusal(LandingPageSchema, { ...page, theme: "dark" })).toEqual([
      { path: "", message: "不支持的字段：theme" },
    ]);
    expect(
      refusal(LandingPageSchema, { ...page, sections: [{ ...hero, colour: "red", font: "x" }] }),
    ).toEqual([{ path: "sections.0", message: "不支持的字段：colour、font" }]);
    expect(
      refusal(LandingPageSchema, { ...page, sections: [{ ...hero, image: { ...pic, onload: "alert(1)" } }] }),
    ).toEqual([{ path: "sections.0.image", message: "不支持的字段：onload" }]);
  });

  it("take http(s) addresses, site paths, in-page anchors and tel: as links", () => {
    for (const href of [
      "https://item.example.com/item.htm?id=7101",
      "http://example.com/",
      "/",
      "/tzyx/zebra/product/3",
      "/wang/w/%E7%94%B5%E5%95%86%E6%8A%A5",
      "#tickets",
      "tel:400-000-6600",
      "tel:+8657100006611",
    ])
      expect(LinkHrefSchema.safeParse(href).success, href).toBe(true);
  });

  it("refuse javascript:, data:, other schemes, protocol-relative and backslash links, in Chinese", () => {
    const message = LANDING_MESSAGES.link("链接");
    expect(message).toMatch(CHINESE);
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "mailto:someone@example.com",
      "ftp://example.com/file",
      "//evil.example.com/",
      "/\\evil.example.com",
      "\\\\evil.example.com",
      "https:/evil.example.com",
      "https://",
      "evil.example.com",
      "#",
      "tel:",
    ]) {
      expect(refusal(LinkHrefSchema, href), href).toEqual([{ path: "", message }]);
    }
    // in place: a button of a section, with the field's path
    const issues = refusal(LandingPageSchema, {
      ...page,
      sections: [{ type: "ctaBand", title: "报名", ctas: [{ label: "报名", href: "javascript:alert(1)" }] }],
    });
    expect(issues).toEqual([{ path: "sections.0.ctas.0.href", message }]);
    // picture addresses refuse them too
    expect(
      refusal(LandingPageSchema, {
        ...page,
        sections: [{ ...hero, image: { ...pic, src: "data:image/svg+xml,<svg/>" } }],
      }),
    ).toEqual([{ path: "sections.0.image.src", message: LANDING_MESSAGES.src("图片地址") }]);
  });

  it("say in Chinese what is missing or wrong", () => {
    const issues = refusal(LandingPageSchema, {
      ...page,
      sections: [{ type: "hero", image: { ...pic, alt: "" } }],
    });
    expect(issues).toEqual([
      { path: "sections.0.title", message: "请填写主标题" },
      { path: "sections.0.image.alt", message: "请填写替代文字" },
    ]);
    for (const i of refusal(LandingPageSchema, { path: "//x", sections: [] }))
      expect(i.message).toMatch(CHINESE);
  });

  it("give every field a Chinese label, and mark HTML, links and pictures for the editor", () => {
    const unlabelled: string[] = [];
    let fields = 0;
    const walk = (s: Record<string, unknown>, at: string) => {
      const props = s.properties as Record<string, Record<string, unknown>> | undefined;
      for (const [k, v] of Object.entries(props ?? {})) {
        fields++;
        if (k !== "type" && !(typeof v.title === "string" && CHINESE.test(v.title)))
          unlabelled.push(`${at}.${k}`);
        walk(v, `${at}.${k}`);
      }
      for (const key of ["items", "anyOf", "oneOf"] as const) {
        const sub = s[key];
        if (Array.isArray(sub))
          for (const [i, x] of sub.entries()) walk(x as Record<string, unknown>, `${at}[${i}]`);
        else if (sub && typeof sub === "object") walk(sub as Record<string, unknown>, `${at}[]`);
      }
    };
    walk(z.toJSONSchema(LandingPageSchema, { unrepresentable: "any" }) as Record<string, unknown>, "page");
    expect(unlabelled).toEqual([]);
    // every section's fields were visited, the nested ones too
    expect(fields).toBeGreaterThan(400);
    expect(RichTextSchema.meta()).toMatchObject({ html: true });
    expect(LinkHrefSchema.meta()).toMatchObject({ link: true });
    expect(SECTION_SCHEMAS.hero.shape.image.meta()).toMatchObject({ picture: true });
    for (const s of Object.values(SECTION_SCHEMAS)) expect(s.meta()?.title).toMatch(CHINESE);
  });

  it("take a lead form of either MCN form, and refuse another", () => {
    for (const form of ["business", "expert"])
      expect(SectionSchema.safeParse({ type: "leadForm", form, title: "合作报名" }).success).toBe(true);
    expect(refusal(SectionSchema, { type: "leadForm", form: "partner", title: "合作报名" })).toEqual([
      { path: "form", message: "请选择表单" },
    ]);
  });

  it("take a buy button of a sign-up product or an outside link, saying in Chinese what is missing", () => {
    const button = { type: "buyButton", label: "立即报名" };
    expect(SectionSchema.safeParse({ ...button, source: "product", productId: 3 }).success).toBe(true);
    expect(
      SectionSchema.safeParse({
        ...button,
        source: "link",
        href: "https://shop.example.com/x",
        priceNote: "¥99",
      }).success,
    ).toBe(true);
    expect(refusal(SectionSchema, { ...button, source: "product" })).toEqual([
      { path: "productId", message: "请选择报名产品" },
    ]);
    expect(refusal(SectionSchema, { ...button, source: "link" })).toEqual([
      { path: "href", message: "请填写外部链接" },
    ]);
    expect(refusal(SectionSchema, { ...button, source: "link", href: "javascript:alert(1)" })).toEqual([
      { path: "href", message: LANDING_MESSAGES.link("外部链接") },
    ]);
    expect(refusal(SectionSchema, { ...button, source: "product", productId: 0 })[0]!.message).toBe(
      "报名产品不能小于 1",
    );
    expect(SECTION_SCHEMAS.buyButton.shape.productId.meta()).toMatchObject({ product: true });
  });
});
