/**
 * The request's context as routes take it (ADR 137): the root route's middleware makes it, every loader and action
 * reads it. A `.server` module, so that route modules reach server code through one door.
 */
export { requestContextOf, requestMiddleware, type RequestContext } from "~server/context";
