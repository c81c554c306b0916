import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response. Only the server knows it; in the browser
 * it is empty (browsers hide nonce attributes after load and React does not compare them).
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
