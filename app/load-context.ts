import type { Services } from "../server/services";

// Route loaders reach the services through the load context; app/ never imports server/ at runtime.
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** this request's CSP nonce, when the page cannot be cached and is rendered with it */
    cspNonce?: string;
    /**
     * the public origin for absolute URLs (canonical, og:url, JSON-LD, feeds): PUBLIC_URL, or the
     * host the server checked against ALLOWED_HOSTS (server/http/origin.ts). Never derive it from
     * request.url or the Host header.
     */
    origin: string;
    /** a page's HTML, as opposed to the data of a client navigation (`<path>.data`) */
    documentRequest: boolean;
    /**
     * Set by a server that reads the whole page into memory (the pages it stores): the document's
     * HTML is handed over here and the Response has no body, which spares building a web stream
     * around it and reading it back (`renderPage` in server/http/render-pool.ts).
     */
    collect?: {
      body?: Buffer;
      /**
       * the CSP hashes of the page's own inline scripts, when the page was made from one kept
       * earlier (server/http/article-frames.ts): its scripts carry the kept page's marker
       */
      hashes?: string[];
    };
  }
}
