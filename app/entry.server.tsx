import { PassThrough } from "node:stream";
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NONCE_PLACEHOLDER } from "./csp";

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
  _loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const cache = createCache();
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <StyleProvider cache={cache}>
        <ServerRouter context={routerContext} url={request.url} nonce={NONCE_PLACEHOLDER} />
      </StyleProvider>,
      {
        nonce: NONCE_PLACEHOLDER,
        onAllReady() {
          const sink = new PassThrough();
          sink.on("data", (c: Buffer) => chunks.push(c));
          sink.on("end", () => {
            clearTimeout(timeout);
            let html = Buffer.concat(chunks).toString("utf8");
            const styles = extractStyle(cache);
            if (styles) html = html.replace("</head>", `${styles}</head>`);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(html, { headers: responseHeaders, status }));
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
