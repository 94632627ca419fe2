import { createContext, useContext } from "react";

/** The per-request CSP nonce: set by entry.server, empty in the browser (which hides nonces anyway). */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
