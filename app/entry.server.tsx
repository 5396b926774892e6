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
    const chunks: Uint8Array[] = [];
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
          // Everything is ready, so React writes the whole page at once: into an array, without a stream.
          pipe(
            collect(
              chunks,
              () => {
                clearTimeout(timeout);
                const html = Buffer.concat(chunks);
                // antd styles (form and console pages) go into <head>; pages where no antd component
                // registered a style skip the extraction and are passed on as bytes.
                const styles = cache.cache.size > 0 ? extractStyle(cache) : "";
                const body = styles ? html.toString("utf8").replace("</head>", `${styles}</head>`) : html;
                responseHeaders.set("Content-Type", "text/html; charset=utf-8");
                resolve(new Response(body, { headers: responseHeaders, status }));
              },
              reject,
            ),
          );
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

/**
 * The least of a Writable that React's pipe() needs: chunks go into `chunks`, `done` runs at the end,
 * `failed` if React gives up on the page.
 */
function collect(
  chunks: Uint8Array[],
  done: () => void,
  failed: (e: unknown) => void,
): NodeJS.WritableStream {
  const sink = {
    write(chunk: Uint8Array | string) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      return true;
    },
    end() {
      done();
      return sink;
    },
    on: () => sink,
    destroy(error?: unknown) {
      failed(error ?? new Error("render aborted"));
      return sink;
    },
  };
  return sink as unknown as NodeJS.WritableStream;
}
