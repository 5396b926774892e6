import {
  type Encoding,
  preferredEncoding,
  type ResponseStore,
  type StoredAnswer,
} from "../services/response-store";

/** What the client asked for, as far as sending a stored answer goes. */
export interface ClientAsk {
  method: string;
  acceptEncoding: string | null | undefined;
  ifNoneMatch: string | null | undefined;
}

export type StoreState = "HIT" | "STALE" | "MISS";

/**
 * Status, headers and body for a stored answer, in the encoding this client accepts (the stored
 * bytes as they are for brotli or gzip clients; decompressed for the rare client that accepts
 * neither), or 304 when the client already has it. Shared by the Hono handlers and the fast path.
 */
export function answerParts(
  store: ResponseStore,
  key: string,
  a: StoredAnswer,
  ask: ClientAsk,
  state: StoreState,
): { status: number; headers: [string, string][]; body: Buffer | null } {
  const headers: [string, string][] = [
    ...(a.headers as [string, string][]),
    ["etag", a.etag],
    ["vary", "Accept-Encoding"],
    ["x-cache", state],
  ];
  if (ask.ifNoneMatch && a.status === 200 && matches(ask.ifNoneMatch, a.etag)) {
    return { status: 304, headers, body: null };
  }
  const encoding: Encoding | null = preferredEncoding(ask.acceptEncoding);
  const body = store.body(key, a, encoding);
  if (encoding) headers.push(["content-encoding", encoding]);
  headers.push(["content-length", String(body.length)]);
  return { status: a.status, headers, body: ask.method === "HEAD" ? null : body };
}

/**
 * The same as answerParts, with the headers as the flat list Node's writeHead takes. Each stored
 * answer keeps the list it was last sent with per encoding, state and header prefix, so a hit
 * builds no header arrays (about a tenth of the request thread's work per hit; bench/README.md
 * "Real traffic").
 */
export function answerHead(
  store: ResponseStore,
  key: string,
  a: StoredAnswer,
  ask: ClientAsk,
  state: StoreState,
  prefix: { name: string; headers: readonly string[] } | null,
): { status: number; head: string[]; body: Buffer | null } {
  if (ask.ifNoneMatch && a.status === 200 && matches(ask.ifNoneMatch, a.etag)) {
    const p = answerParts(store, key, a, ask, state);
    return { status: p.status, head: [...(prefix?.headers ?? []), ...p.headers.flat()], body: null };
  }
  const encoding = preferredEncoding(ask.acceptEncoding);
  const body = store.body(key, a, encoding);
  const slot = `${encoding ?? "identity"} ${state} ${prefix?.name ?? ""}`;
  let head = a.heads?.get(slot);
  if (head === undefined) {
    head = [...(prefix?.headers ?? [])];
    for (const [k, v] of a.headers) head.push(k, v);
    head.push("etag", a.etag, "vary", "Accept-Encoding", "x-cache", state);
    if (encoding) head.push("content-encoding", encoding);
    head.push("content-length", String(body.length));
    // An answer is sent as a miss once (to the readers who waited for its render): that list is
    // not kept.
    if (state !== "MISS") {
      a.heads ??= new Map();
      a.heads.set(slot, head);
    }
  }
  return { status: a.status, head, body: ask.method === "HEAD" ? null : body };
}

function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}

export function answerResponse(
  store: ResponseStore,
  key: string,
  a: StoredAnswer,
  ask: ClientAsk,
  state: StoreState,
): Response {
  const p = answerParts(store, key, a, ask, state);
  return new Response(
    p.body
      ? (new Uint8Array(p.body.buffer, p.body.byteOffset, p.body.length) as Uint8Array<ArrayBuffer>)
      : null,
    {
      status: p.status,
      headers: p.headers,
    },
  );
}

export const askOf = (req: Request): ClientAsk => ({
  method: req.method,
  acceptEncoding: req.headers.get("accept-encoding"),
  ifNoneMatch: req.headers.get("if-none-match"),
});
