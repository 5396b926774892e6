import { createContext, useContext } from "react";

/**
 * The CSP nonce to render with: only pages rendered for one request (the console, form posts) have
 * one; public pages are rendered without, and the server allows their inline scripts by hash.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
