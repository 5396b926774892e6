import { z } from "zod";
import { DEFAULT_MAX_BODY_BYTES, sizeText } from "../http/body-limit";
import { type AnyEndpoint, maxBodyOf } from "./endpoint";
import { endpoints } from "./registry";

const json = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;

function envelope(data: Record<string, unknown>) {
  return {
    type: "object",
    required: ["statusCode", "message", "data"],
    properties: {
      statusCode: { type: "integer", description: "1000 success; otherwise the HTTP status" },
      message: { type: "string", description: "Chinese text a person can read" },
      data,
    },
  };
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: envelope({ type: "null" }) } },
});

/** Console endpoints are documented with the role they need, under their own 后台 tags. */
const ROLE_TEXT = {
  guest: "No session needed.",
  session: "Needs a console session (any role).",
  editor: "Needs a console session: editor or admin.",
  admin: "Needs a console session: admin.",
} as const;

/** `/api/admin/articles/:id` → `/api/admin/articles/{id}` */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function operation(e: AnyEndpoint) {
  const shape = e.query.shape as Record<string, z.ZodType>;
  const query = Object.entries(shape).map(([name, schema]) => ({
    name,
    in: "query",
    required: !schema.safeParse(undefined).success,
    schema: json(schema, "input"),
  }));
  const path = [...e.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1]!,
    in: "path",
    required: true,
    schema: { type: "integer", minimum: 1 },
  }));
  const isConsole = e.role !== undefined;
  const maxBody = maxBodyOf(e);
  const description = [
    isConsole ? ROLE_TEXT[e.role!] : undefined,
    e.description,
    maxBody === null ? undefined : `Body: at most ${sizeText(maxBody)} (413 past it, nothing more read).`,
  ]
    .filter(Boolean)
    .join(" ");
  return {
    tags: [e.tag],
    summary: e.summary,
    description,
    parameters: [...path, ...query],
    ...(e.body
      ? {
          requestBody: { required: true, content: { "application/json": { schema: json(e.body, "input") } } },
        }
      : {}),
    ...(isConsole ? { security: e.role === "guest" ? [] : [{ session: [] }], "x-role": e.role } : {}),
    ...(maxBody === null ? {} : { "x-max-body-bytes": maxBody }),
    responses: {
      "200": {
        description: "statusCode 1000",
        content: { "application/json": { schema: envelope(json(e.response, "output")) } },
      },
      "400": errorResponse("Missing or malformed parameter"),
      ...(isConsole
        ? {
            "401": errorResponse("Not signed in"),
            "403": errorResponse("Role too low, or a change without its CSRF token"),
          }
        : {}),
      "404": errorResponse("Unknown id"),
      ...(maxBody === null ? {} : { "413": errorResponse("Body over its cap (x-max-body-bytes)") }),
      "429": errorResponse("Too many requests"),
      "503": errorResponse("A dependency is unavailable"),
    },
  };
}

/** OpenAPI 3.1, generated from the same zod schemas that validate the requests. */
export function openApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const op = operation(e);
    for (const path of [e.path, ...(e.aliases ?? [])].map(openApiPath)) {
      paths[path] = { ...(paths[path] ?? {}), [e.method]: op };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "电商报 API",
      version: "1.0.0",
      description: `Every answer is {"statusCode": 1000, "message", "data"}; failures carry the HTTP status as statusCode and a Chinese message. pageSize is capped at 100. Console endpoints (/api/admin, tags 后台·…) need the session cookie of a console sign-in, and every change also its X-CSRF-Token header. Request bodies are capped (${sizeText(DEFAULT_MAX_BODY_BYTES)} unless an endpoint states its own, x-max-body-bytes): a larger one is answered 413 before it is read, and the connection is closed.`,
    },
    servers: serverUrl ? [{ url: serverUrl }] : undefined,
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "dsn_admin",
          description: "The console session (named __Host-dsn_admin when PUBLIC_URL is https).",
        },
      },
    },
    paths,
  };
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** A readable, self-contained page of the document (no external scripts). */
export function docsPage(): string {
  const doc = openApiDocument();
  const rows = Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const o = op as {
          summary: string;
          description?: string;
          tags: string[];
          parameters: { name: string; required: boolean; schema: unknown }[];
          responses: Record<string, { content?: { "application/json": { schema: unknown } } }>;
        };
        const params =
          o.parameters.length === 0
            ? "<p class=muted>No parameters</p>"
            : `<table><tr><th>name</th><th>required</th><th>schema</th></tr>${o.parameters
                .map(
                  (p) =>
                    `<tr><td><code>${esc(p.name)}</code></td><td>${p.required ? "yes" : "no"}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td></tr>`,
                )
                .join("")}</table>`;
        const data = o.responses["200"]?.content?.["application/json"].schema;
        return `<section id="${esc(method + path)}"><h2><span class=m>${method.toUpperCase()}</span> <code>${esc(path)}</code></h2>
<p>${esc(o.summary)}</p>${o.description ? `<p class=muted>${esc(o.description)}</p>` : ""}${params}
<details><summary>Response</summary><pre>${esc(JSON.stringify(data, null, 2))}</pre></details></section>`;
      }),
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API · 电商报</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:14px/1.6 system-ui,sans-serif;max-width:960px;margin:32px auto;padding:0 16px;color:#1F2329}
h1{font-size:24px}h2{font-size:16px;margin:24px 0 4px}.m{background:#E8380D;color:#fff;border-radius:4px;padding:1px 6px;font-size:12px}
code{font-family:ui-monospace,monospace;font-size:12px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #E5E6EB;padding:4px 8px;text-align:left;vertical-align:top}
td code{word-break:break-all}.muted{color:#646A73}pre{background:#F5F6F7;padding:12px;overflow:auto;font-size:12px}section{border-bottom:1px solid #E5E6EB;padding-bottom:12px}</style></head>
<body><h1>电商报 API</h1><p>${esc(doc.info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${rows}</body></html>`;
}
