import { createContext, useContext } from "react";
import { NONCE_PLACEHOLDER } from "./csp";

/**
 * The nonce to render with: a page that can never be cached (a visitor with cookies, a form post)
 * is rendered with the request's own nonce and needs no rewriting. The browser has no provider and
 * renders the placeholder, which it never compares (nonce attributes are hidden from scripts).
 */
export const NonceContext = createContext(NONCE_PLACEHOLDER);

export const useNonce = () => useContext(NonceContext);
