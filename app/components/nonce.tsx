import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response: the server makes it, the browser reads it
 * back from the page's scripts (entry.client.tsx).
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
