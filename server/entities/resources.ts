import { COLUMN_RESOURCES } from "./columns";
import type { ResourceDef } from "./crud";
import { SITE_RESOURCES } from "./site";

export { type AnyDb, createResourceStore, type ResourceDef } from "./crud";

/**
 * Every simple console resource, each declared in its entity's module (columns and tags:
 * columns.ts; banners, partners, activities, travel lists, contacts: site.ts). The console's
 * endpoints (server/api/admin/resources.ts) and tests/unit/console-resources.test.ts read this list.
 */
export const RESOURCES: ResourceDef[] = [...COLUMN_RESOURCES, ...SITE_RESOURCES];

export const resourceByName = new Map(RESOURCES.map((r) => [r.name, r]));
