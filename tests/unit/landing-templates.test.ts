import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LandingPageSchema } from "../../contract/landing";
import { LANDING_TEMPLATES } from "../../contract/landing-templates";

/** Every string value of a value, with its key. */
function strings(value: unknown, key = ""): [string, string][] {
  if (typeof value === "string") return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v, key));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, k));
  return [];
}

describe("landing starter templates (contract/landing-templates.ts)", () => {
  it("are the three the new-page dialog offers", () => {
    expect(LANDING_TEMPLATES.map((t) => [t.key, t.label])).toEqual([
      ["conference", "会议页"],
      ["product", "单品页"],
      ["recruit", "招募页"],
    ]);
  });

  for (const t of LANDING_TEMPLATES) {
    describe(t.label, () => {
      const page = t.make("/market/products/new-page");

      it("makes a page the schema accepts, at the given path", () => {
        const r = LandingPageSchema.safeParse(page);
        expect(r.success ? [] : r.error.issues).toEqual([]);
        expect(page.path).toBe("/market/products/new-page");
      });

      it("uses pictures the site has", () => {
        const srcs = strings(page).filter(([k]) => k === "src" || k === "shareImage");
        expect(srcs.length).toBeGreaterThan(0);
        for (const [, src] of srcs) expect(existsSync(path.join("public", src)), src).toBe(true);
      });

      it("leads every in-page anchor to a section of the page", () => {
        const ids = new Set(page.sections.map((s) => s.id).filter(Boolean));
        const anchors = strings(page).filter(([k, v]) => k === "href" && v.startsWith("#"));
        for (const [, href] of anchors) expect(ids, href).toContain(href.slice(1));
      });

      it("makes a fresh page each time (editing one leaves the template alone)", () => {
        const a = t.make("/a");
        a.sections.pop();
        expect(t.make("/a").sections).toHaveLength(page.sections.length);
      });
    });
  }

  it("include what each kind of page needs", () => {
    const types = (key: string) =>
      LANDING_TEMPLATES.find((t) => t.key === key)!
        .make("/x")
        .sections.map((s) => s.type);
    expect(types("conference")).toEqual(
      expect.arrayContaining(["scrollNav", "hero", "people", "agenda", "buyStrip", "logos", "contact"]),
    );
    expect(types("product")).toEqual(expect.arrayContaining(["hero", "features", "steps", "buyStrip"]));
    expect(types("recruit")).toEqual(
      expect.arrayContaining(["hero", "features", "steps", "leadForm", "ctaBand"]),
    );
    const hero = LANDING_TEMPLATES.find((t) => t.key === "product")!.make("/x").sections[0];
    expect(hero?.type === "hero" && hero.hotspots?.length).toBeGreaterThan(0);
  });
});
