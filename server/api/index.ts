import { Hono } from "hono";
import type { Services } from "../services";
import { MicroCache } from "../services/cache";
import { fail } from "./envelope";
import { docsPage, openApiDocument } from "./openapi";
import { mountEndpoints } from "./registry";
import { mountUpload } from "./upload";
import "./content";
import "./site";
import "./product";
import "./mcn";
import "./signup";

/** The JSON API of SPEC §7 under /api. */
export function createApi(services: Services, cache = new MicroCache<string>(5000)) {
  const api = new Hono();
  services.events.onChange(() => cache.clear());
  mountEndpoints(api, services, cache);
  mountUpload(api, services);
  api.get("/api/openapi.json", (c) => c.json(openApiDocument(services.config.PUBLIC_URL)));
  api.get("/api/docs", (c) => c.html(docsPage()));
  api.all("/api/*", (c) => fail(c, 404, "接口不存在"));
  return api;
}
