import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApi } from "../../server/api";
import { openApiDocument, openApiPath } from "../../server/api/openapi";
import { endpoints } from "../../server/api/registry";
import type { Services } from "../../server/services";

const API_DIR = path.resolve(import.meta.dirname, "../../server/api");

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? tsFiles(path.join(dir, d.name))
      : d.name.endsWith(".ts")
        ? [path.join(dir, d.name)]
        : [],
  );
}

const isEndpoint = (v: unknown) =>
  typeof v === "object" && v !== null && "path" in v && "handler" in v && "method" in v;

/** Just enough of the services for the API to register its routes (nothing is called). */
const stub = { config: {}, admin: { auth: {} } } as unknown as Services;

type Op = { "x-role"?: string; security?: unknown[]; tags: string[] };

describe("endpoint registry", () => {
  it("lists every group of endpoints that a module under server/api declares", async () => {
    const listed = new Set(endpoints);
    const missing: string[] = [];
    for (const file of tsFiles(API_DIR)) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (!Array.isArray(value) || !value.some(isEndpoint)) continue;
        for (const e of value as { method: string; path: string }[])
          if (!listed.has(e as never))
            missing.push(`${path.relative(API_DIR, file)} ${name}: ${e.method} ${e.path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("gives every console endpoint a role, and no public endpoint one", () => {
    for (const e of endpoints) {
      expect(e.role !== undefined, `${e.method} ${e.path}`).toBe(e.path.startsWith("/api/admin/"));
    }
  });

  it("gives every public GET cache tags or cache: false, so the response store knows what it shows", () => {
    const undeclared = endpoints.filter(
      (e) => e.role === undefined && e.method === "get" && e.cache !== false && !e.tags,
    );
    expect(undeclared.map((e) => e.path)).toEqual([]);
  });

  it("documents every console route in OpenAPI, with its role and the session it needs", () => {
    const doc = openApiDocument();
    const paths = doc.paths as Record<string, Record<string, Op>>;
    const api = createApi(stub);
    const routes = api.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/admin/"));
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) {
      const where = `${r.method} ${r.path}`;
      const op = paths[openApiPath(r.path)]?.[r.method.toLowerCase()];
      expect(op, where).toBeDefined();
      expect(["guest", "session", "editor", "admin"], where).toContain(op!["x-role"]);
      expect(op!.tags[0], where).toMatch(/^后台·/);
      if (op!["x-role"] === "guest") expect(op!.security, where).toEqual([]);
      else expect(op!.security, where).toEqual([{ session: [] }]);
    }
    expect(doc.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie" });
  });
});
