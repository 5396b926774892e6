import { Hono } from "hono";
import type { Services } from "../services";
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
export function createApi(services: Services) {
  const api = new Hono();
  const apiKeyOf = mountEndpoints(api, services);
  mountUpload(api, services);
  api.get("/api/openapi.json", (c) => c.json(openApiDocument(services.config.PUBLIC_URL)));
  api.get("/api/docs", (c) => c.html(docsPage()));
  api.all("/api/*", (c) => fail(c, 404, "接口不存在"));
  return { api, apiKeyOf };
}
