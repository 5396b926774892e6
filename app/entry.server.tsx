import { PassThrough } from "node:stream";
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./nonce";

export const streamTimeout = 5_000;

/**
 * Renders the whole page before answering (loaders have resolved by now, so nothing streams late),
 * which lets the styles of any antd component on the page be extracted and inlined in <head>: no
 * unstyled flash on form pages, and nothing at all added to pages without antd.
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
  // Pages rendered for one request (console, form posts) carry its nonce; public pages a random
  // marker, by which the server finds their own inline scripts and allows them by hash
  // (server/http/security.ts, inlineScriptHashes).
  const nonce = loadContext.cspNonce;
  const cache = createCache();
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StyleProvider cache={cache}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StyleProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const sink = new PassThrough();
          sink.on("data", (c: Buffer) => chunks.push(c));
          sink.on("end", () => {
            clearTimeout(timeout);
            const html = Buffer.concat(chunks);
            // antd styles (form and console pages) go into <head>; other pages are passed on as bytes.
            const styles = extractStyle(cache);
            const body = styles ? html.toString("utf8").replace("</head>", `${styles}</head>`) : html;
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
