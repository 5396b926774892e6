import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { MarkupSplice } from "./components/Prerendered";
import { NonceContext } from "./nonce";
import { PageBytes } from "./page-bytes";

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
  // Pages rendered for one request (console, form posts) carry its nonce; public pages a random
  // marker, by which the server finds their own inline scripts and allows them by hash
  // (server/http/security.ts, inlineScriptHashes).
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const page = new PageBytes();
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <MarkupSplice.Provider value={page}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MarkupSplice.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          // Everything is ready, so React writes the whole page at once: into an array, without a stream.
          pipe(
            collect(
              page,
              () => {
                clearTimeout(timeout);
                const body = page.finish();
                responseHeaders.set("Content-Type", "text/html; charset=utf-8");
                const sink = loadContext.collect;
                if (sink) sink.body = body;
                resolve(new Response(sink ? null : body, { headers: responseHeaders, status }));
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
 * The least of a Writable that React's pipe() needs: chunks go into `page`, `done` runs at the end,
 * `failed` if React gives up on the page.
 */
function collect(page: PageBytes, done: () => void, failed: (e: unknown) => void): NodeJS.WritableStream {
  const sink = {
    write(chunk: Uint8Array | string) {
      page.write(chunk);
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

/** Article pages in parts, for the pages the server keeps per column (server/http/article-frames.ts). */
export { articleDocument } from "./routes/news/article-document.server";
