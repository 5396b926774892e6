import { createContext, useContext } from "react";

/**
 * The nonce the page's own scripts carry: the request's CSP nonce for pages rendered for one request
 * (the console, form posts); for public pages a random marker by which the server finds the scripts
 * whose hashes their policy lists. The browser renders none (nonce attributes are hidden from scripts).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
