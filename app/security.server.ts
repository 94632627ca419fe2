export { applySecurityHeaders, createNonce } from "~server/security";
