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
  }
}
