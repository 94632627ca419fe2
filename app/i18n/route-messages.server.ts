/**
 * A route loader that also sends its page's own messages (ADR 122): `export const loader = withMessages("routes/cart",
 * cartLoader)`. The answer's data gains `i18n`, the route's set of `ROUTE_MESSAGES` as one JSON string (made once
 * per locale); the root's `Layout` merges it with the shell's. Redirects and other responses pass as they are, and a
 * thrown answer stays thrown (the error page needs only the shell's messages).
 */
import { data, type RouterContextProvider } from "react-router";
import { routeMessagesText } from "~/i18n/locale.server";
import { requestContextOf } from "~server/context";
import type { RouteWithMessages } from "~/i18n/message-sets";

type WithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is WithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit" && "data" in value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function withMessages<Args extends { context: Readonly<RouterContextProvider> }, Result>(
  routeId: RouteWithMessages,
  loader: (args: Args) => Result,
): (args: Args) => Promise<Awaited<Result>> {
  return async (args): Promise<Awaited<Result>> => {
    const result = (await loader(args)) as Awaited<Result>;
    const i18n = routeMessagesText(requestContextOf(args.context).locale, routeId);
    const answer: unknown = result;
    // a page with no data of its own (`null`, as a refusal's `data(null, { status: 400 })`) still needs its texts
    if (isDataWithInit(answer)) {
      if (answer.data == null) return data({ i18n }, answer.init ?? undefined) as Awaited<Result>;
      if (isPlainObject(answer.data)) return data({ ...answer.data, i18n }, answer.init ?? undefined) as Awaited<Result>;
    } else if (answer == null) {
      return { i18n } as Awaited<Result>;
    } else if (isPlainObject(answer)) {
      return { ...answer, i18n } as Awaited<Result>;
    }
    return result;
  };
}
