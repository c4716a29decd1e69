import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext("");
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}
/** The CSP nonce of this response (empty in the browser, which hides it). */
export const useNonce = () => useContext(NonceContext);
