import { describe, expect, it } from "vitest";
import { RESOURCE_UI } from "../../app/routes/admin/resource-config";
import { CONSOLE_RESOURCES } from "../../contract/resources";
import { RESOURCES } from "../../server/entities/resources";

/** One description per console resource (contract/resources.ts): the server and the screen agree with it. */
describe("console resources", () => {
  const names = Object.keys(CONSOLE_RESOURCES).sort();

  it("has one server definition and one screen per resource, built on the shared description", () => {
    expect(RESOURCES.map((r) => r.name).sort()).toEqual(names);
    expect(Object.keys(RESOURCE_UI).sort()).toEqual(names);
    for (const r of RESOURCES) {
      const shared = CONSOLE_RESOURCES[r.name as keyof typeof CONSOLE_RESOURCES];
      const ui = RESOURCE_UI[r.name as keyof typeof RESOURCE_UI];
      for (const side of [r, ui]) {
        expect(side.schema, r.name).toBe(shared.schema);
        expect([side.role, side.canCreate, side.canDelete, side.sortable], r.name).toEqual([
          shared.role,
          shared.canCreate,
          shared.canDelete,
          shared.sortable,
        ]);
      }
      // the order can be rewritten exactly where the server knows the sort column
      expect(r.sortColumn !== undefined, r.name).toBe(shared.sortable);
    }
  });

  it("edits only fields the form schema knows", () => {
    for (const ui of Object.values(RESOURCE_UI)) {
      const known = Object.keys(ui.schema.shape);
      for (const f of ui.fields) expect(known, `${ui.name}.${f.name}`).toContain(f.name);
    }
  });
});
