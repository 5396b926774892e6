import { ListQuerySchema, OrderIdsSchema } from "../../../contract/admin";
import { pagedOf, ResourceRowSchema } from "../../../contract/answers";
import { RESOURCES, type ResourceDef } from "../../entities/resources";
import { pathId } from "../console";
import { endpoint, nothing } from "../endpoint";

/** The five endpoints of one simple console entity (server/entities/resources.ts describes each). */
function resourceEndpoints(def: ResourceDef) {
  const base = `/api/admin/${def.name}`;
  const tag = `后台·${def.label}`;
  const { role } = def;
  return [
    endpoint({
      method: "get",
      path: base,
      tag,
      role,
      summary: `${def.label}: list (?q= search, ?group=, paged)`,
      response: pagedOf(ResourceRowSchema),
      query: ListQuerySchema,
      handler: (q, s) => s.resources.list(def, q),
    }),
    endpoint({
      method: "get",
      path: `${base}/:id`,
      tag,
      role,
      summary: `${def.label}: one`,
      response: ResourceRowSchema,
      handler: (_q, s, c) => s.resources.get(def, pathId(c)),
    }),
    endpoint({
      method: "post",
      path: base,
      tag,
      role,
      summary: `${def.label}: create`,
      response: ResourceRowSchema,
      body: def.schema,
      handler: (input, s) => s.resources.create(def, input),
      audit: (row) => ({
        action: "create",
        entity: def.name,
        entityId: Number(row.id),
        summary: def.summary(row),
      }),
    }),
    endpoint({
      method: "put",
      path: `${base}/:id`,
      tag,
      role,
      summary: `${def.label}: change`,
      response: ResourceRowSchema,
      body: def.schema,
      handler: async (input, s, c) => s.resources.update(def, pathId(c), input),
      audit: (row) => ({
        action: "update",
        entity: def.name,
        entityId: Number(row.id),
        summary: def.summary(row),
      }),
    }),
    endpoint({
      method: "delete",
      path: `${base}/:id`,
      tag,
      role,
      summary: `${def.label}: delete`,
      response: nothing,
      handler: (_q, s, c) => s.resources.remove(def, pathId(c)),
      answer: () => null,
      audit: (row) => ({
        action: "delete",
        entity: def.name,
        entityId: Number(row.id),
        summary: def.summary(row),
      }),
    }),
    endpoint({
      method: "post",
      path: `${base}/order`,
      tag,
      role,
      summary: `${def.label}: set the display order (ids first to last)`,
      body: OrderIdsSchema,
      response: nothing,
      handler: async ({ ids }, s) => {
        await s.resources.reorder(def, ids);
        return ids;
      },
      answer: () => null,
      audit: (ids) => ({
        action: "reorder",
        entity: def.name,
        entityId: ids.join(",").slice(0, 100),
        summary: `调整${def.label}顺序`,
      }),
    }),
  ];
}

/** Columns, tags, banners, partners, activities, travel lists and contact blocks. */
export const consoleResourceEndpoints = RESOURCES.flatMap(resourceEndpoints);
