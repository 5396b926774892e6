/**
 * Stands for the Content-Security-Policy nonce in rendered HTML. Pages the micro-cache may keep are
 * rendered with it, and the server replaces it with a fresh nonce in every response (also when the
 * page comes from the cache), so no nonce is ever served twice. See server/http/security.ts.
 */
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";

/**
 * Response header set by whatever already put the request's nonce into the body (the renderer, the
 * page cache); the security middleware then leaves the body alone and drops the header.
 */
export const NONCE_APPLIED_HEADER = "x-csp-nonce-applied";
