import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NONCE_APPLIED_HEADER, NONCE_PLACEHOLDER } from "./csp";
import { NonceContext } from "./nonce";

export const streamTimeout = 5_000;

/**
 * Renders the whole page before answering (loaders have resolved by now, so nothing streams late).
 * antd's styles are never inlined: they are static stylesheets made at build time
 * (scripts/antd-css.ts), linked by the pages that use antd.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A page that cannot be cached is rendered with the request's nonce; others with the placeholder.
  const nonce = loadContext.cspNonce ?? NONCE_PLACEHOLDER;
  if (loadContext.cspNonce) responseHeaders.set(NONCE_APPLIED_HEADER, loadContext.cspNonce);
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const sink = new PassThrough();
          sink.on("data", (c: Buffer) => chunks.push(c));
          sink.on("end", () => {
            clearTimeout(timeout);
            const body = Buffer.concat(chunks);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(body, { headers: responseHeaders, status }));
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}
