import type { Context } from "hono";
import { z } from "zod";
import type { Role } from "../../contract/admin";
import type { CacheTag } from "../../contract/cache-tags";
import type { Session } from "../entities/users";
import { DEFAULT_MAX_BODY_BYTES } from "../http/body-limit";
import type { Services } from "../services";
import type { Actor } from "../services/audit";
import type { LimitRule } from "../services/limits";

/** What a request carries past the console guard (server/api/console.ts). */
export type ApiEnv = { Variables: { session?: Session | null; ipHash?: string } };
export type ApiContext = Context<ApiEnv>;

/**
 * Who may call a console endpoint: `guest` anyone (sign-in, first-run setup), `session` any
 * signed-in user, `editor` editors and admins, `admin` admins only. Public endpoints have none.
 */
export type Access = "guest" | "session" | Role;

/** One line of the audit log, as an endpoint describes it. */
export interface AuditNote {
  action: string;
  entity: string;
  entityId?: number | string;
  summary: string;
  /** who did it, when not the session's user (sign-in and setup, which start the session) */
  actor?: Actor;
}

type Obj = z.ZodObject;
type Input<Q extends Obj, B extends z.ZodType | undefined> = B extends z.ZodType ? z.infer<B> : z.infer<Q>;

/**
 * Every endpoint is declared once with its zod schemas; the same declaration validates requests,
 * checks the console role, writes the audit log and produces the OpenAPI document
 * (/api/openapi.json), so the contract is code. See docs/how-to.md.
 */
export interface EndpointDef<Q extends Obj = Obj, B extends z.ZodType | undefined = undefined, R = unknown> {
  method: "get" | "post" | "put" | "delete";
  /** Hono syntax: `:id` is a path parameter (read in the handler with pathId) */
  path: string;
  /** further paths answering the same (older clients) */
  aliases?: string[];
  tag: string;
  summary: string;
  description?: string;
  /**
   * The input schema. GET: the query string. POST without `body`: the query string merged with the
   * body (JSON, urlencoded or multipart fields; body values win), as the original clients send either.
   */
  query?: Q;
  /** The JSON body alone, validated by this schema (console changes); the handler gets it as its input. */
  body?: B;
  /** the envelope's data (what OpenAPI shows; the browser's client checks answers against the same schemas) */
  response: z.ZodType;
  /** POST: the handler reads the body itself (uploads, pushes); `query` is the query string alone */
  rawBody?: boolean;
  /**
   * The largest body accepted (bytes; default DEFAULT_MAX_BODY_BYTES, 1 MB), checked before anything
   * reads it: a larger one is answered 413 at once (server/http/body-limit.ts). Uploads state their
   * own, with room for the multipart framing. Shown in the OpenAPI document (`x-max-body-bytes`).
   */
  maxBodyBytes?: number;
  /** the Chinese message of that 413 (default: 请求内容过大，不能超过 …) */
  tooLarge?: string;
  /** The handler streams the body (to disk) instead of reading it whole; it is counted on its way. */
  streamed?: true;
  /**
   * A per-IP rate limit (hashed IP), counted before the body is read or parsed: over it, a 429 with
   * the rule's message, whatever the body holds.
   */
  limit?: LimitRule;
  /**
   * A public GET either declares what its answer shows (`tags`, contract/cache-tags.ts), and the
   * serving layer keeps it per URL and the parameters the schema reads until a content change
   * touches one of them, or says `cache: false`: answers that change per call or count something
   * (signatures, clicks). One of the two is required: the server refuses to start without it.
   * Console endpoints are never stored.
   */
  cache?: false;
  tags?: (q: z.infer<Q>) => CacheTag[];
  /** Console endpoints: who may call it. Checked before the input is read. */
  role?: Access;
  /** Return the envelope's data (or what `answer` maps), or a Response to answer something else. */
  handler: (input: Input<Q, B>, services: Services, c: ApiContext) => Promise<R>;
  /** What the envelope carries, from the handler's result (default: the result itself). */
  answer?: (result: R) => unknown;
  /** The audit log line this call writes once it has succeeded. */
  audit?: (result: R, input: Input<Q, B>) => AuditNote;
}

/** A declaration with its input type erased, as the registry and the OpenAPI document see it. */
export type AnyEndpoint = Omit<EndpointDef<Obj, z.ZodType | undefined, unknown>, "query"> & { query: Obj };

/**
 * The cap of a body carrying a rich text of up to 500,000 characters (an article's body, a
 * product's agreement): three bytes a character in UTF-8, six for one JSON escapes.
 */
export const RICH_TEXT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The largest body an endpoint accepts; null for a GET, whose body is never read. */
export const maxBodyOf = (def: AnyEndpoint): number | null =>
  def.method === "get" ? null : (def.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);

const NO_INPUT = z.object({});

export function endpoint<
  Q extends Obj = typeof NO_INPUT,
  B extends z.ZodType | undefined = undefined,
  R = unknown,
>(def: EndpointDef<Q, B, R>): AnyEndpoint {
  return { ...def, query: def.query ?? NO_INPUT } as unknown as AnyEndpoint;
}

export const resultOf = (schema: z.ZodType) => z.object({ result: schema });
export const countResult = resultOf(z.number().int().nonnegative());
/** The answer of a console change whose envelope carries nothing. */
export const nothing = z.null();
