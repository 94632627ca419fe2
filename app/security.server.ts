export { applySecurityHeaders, createNonce, framedStandInHeaders } from "~server/security";
