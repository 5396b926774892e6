/**
 * Stands for the Content-Security-Policy nonce in rendered HTML. The server replaces it with a
 * fresh nonce in every response (also when the page comes from the micro-cache), so no nonce is
 * ever served twice. See server/http/security.ts.
 */
export const NONCE_PLACEHOLDER = "__CSP_NONCE__";
