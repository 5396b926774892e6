import type { Context, Hono } from "hono";
import { z } from "zod";
import type { Services } from "../services";
import { ok, parse } from "./envelope";

/**
 * Every endpoint is declared once with its zod schemas; the same declaration validates requests and
 * produces the OpenAPI document (/api/openapi.json), so the contract is code.
 */
export interface EndpointDef<Q extends z.ZodObject = z.ZodObject> {
  method: "get" | "post";
  path: string;
  /** further paths answering the same (older clients) */
  aliases?: string[];
  tag: string;
  summary: string;
  description?: string;
  query: Q;
  response: z.ZodType;
  handler: (q: z.infer<Q>, services: Services, c: Context) => Promise<unknown>;
}

export const endpoints: EndpointDef[] = [];

export function endpoint<Q extends z.ZodObject>(def: EndpointDef<Q>): EndpointDef<Q> {
  endpoints.push(def as unknown as EndpointDef);
  return def;
}

export const resultOf = (schema: z.ZodType) => z.object({ result: schema });
export const countResult = resultOf(z.number().int().nonnegative());

export function mountEndpoints(app: Hono, services: Services) {
  for (const def of endpoints) {
    for (const path of [def.path, ...(def.aliases ?? [])]) {
      app.on(def.method.toUpperCase(), path, async (c) => {
        const q = parse(def.query, c.req.query());
        return ok(c, await def.handler(q, services, c));
      });
    }
  }
}
