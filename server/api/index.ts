import { Hono } from "hono";
import type { Services } from "../services";
import type { ApiEnv } from "./endpoint";
import { fail } from "./envelope";
import { docsPage, openApiDocument } from "./openapi";
import { mountEndpoints } from "./registry";

/** The JSON API under /api, public and console (docs/architecture.md). */
export function createApi(services: Services) {
  const api = new Hono<ApiEnv>();
  mountEndpoints(api, services);
  api.get("/api/openapi.json", (c) => c.json(openApiDocument(services.config.PUBLIC_URL)));
  api.get("/api/docs", (c) => c.html(docsPage()));
  api.all("/api/*", (c) => fail(c, 404, "接口不存在"));
  return api;
}
