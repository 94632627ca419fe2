/**
 * Which messages a document carries (ADR 122): the shell's in the root loader's data, each page's own in its
 * route loader's, so that a page no longer carries the whole catalog (the home carried the checkout's, the
 * payment's and the validation's texts it never shows).
 *
 * A set is a list of paths: a namespace ("cart") or one message of it ("auth.signOut"; its plural forms
 * `signOut_one`… come with it). `tests/i18n/message-sets.test.ts` reads every module a route can reach (static and
 * dynamic imports) and fails if a message it names is in neither the shell's set, nor the route's, nor one of its
 * parent routes'.
 */
/** a locale's messages, or a part of them: nested areas down to the texts */
export type MessageTree = { readonly [key: string]: string | MessageTree };

/** the page frame's messages (header, footer, location chip, account menu, error pages): in the root loader */
export const SHELL_MESSAGES = [
  "app",
  "brand",
  "errors",
  "location",
  "search.label",
  "auth.profile",
  "auth.signOut",
  "reorder.accountMenu",
  "reorder.repeat",
] as const;

const CATALOG = ["age", "menu", "promotions", "restos"] as const;

/**
 * A page's own messages, by route id (what `routes/…` file the route is); a child route (a layer over its page)
 * has what its parent has, so it lists only what it adds.
 */
export const ROUTE_MESSAGES = {
  "routes/_index": CATALOG,
  "routes/menus.$menuId": CATALOG,
  "routes/promotions": CATALOG,
  "routes/restos._index": ["menu", "restos"],
  "routes/restos.$restoId": ["menu", "restos"],
  "routes/search": ["menu", "search"],
  "routes/cart": ["cart", "checkout", "validation", "reorder.share", "restos.opensToday", "restos.opensTomorrow", "restos.opensOn", "menu.daysOn"],
  "routes/cart_.share": ["reorder"],
  "routes/shared-cart.$code": ["reorder"],
  "routes/checkout.$key": ["checkout", "payment", "validation", "reorder"],
  "routes/orders.repeat": ["reorder", "checkout.eta"],
  "routes/orders.$orderId.repeat": ["reorder", "checkout.eta"],
  "routes/auth": ["auth", "checkout", "validation"],
  "routes/auth_.apple": ["auth"],
  "routes/location": ["checkout", "validation", "places"],
  "routes/[_demo].pay.$orderId": ["payment"],
  "routes/[_demo].idp.$provider": ["auth", "validation"],
  "routes/[_demo].vk.authorize": ["auth", "validation"],
} as const satisfies Record<string, readonly string[]>;

export type RouteWithMessages = keyof typeof ROUTE_MESSAGES;

/** `tree` cut to `paths`: whole subtrees; the last part of a path also takes its plural forms (`key_one`…) */
export function pickMessages(tree: MessageTree, paths: readonly string[]): MessageTree {
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const parts = path.split(".");
    const last = parts.pop() as string;
    let from: string | MessageTree | undefined = tree;
    for (const part of parts) from = from === undefined || typeof from === "string" ? undefined : from[part];
    if (from === undefined || typeof from === "string") continue;
    const keys = Object.keys(from).filter((key) => key === last || key.startsWith(`${last}_`));
    if (keys.length === 0) continue;
    let to = out;
    for (const part of parts) to = (to[part] ??= {}) as Record<string, unknown>;
    for (const key of keys) to[key] = from[key];
  }
  return out as MessageTree;
}

function mergeTwo(a: MessageTree, b: MessageTree): MessageTree {
  const out: Record<string, string | MessageTree> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    out[key] = mine && typeof mine === "object" && typeof value === "object" ? mergeTwo(mine, value) : value;
  }
  return out;
}

const EMPTY: MessageTree = Object.freeze({});
const merged = new WeakMap<MessageTree, WeakMap<MessageTree, MessageTree>>();

/**
 * The trees of a page's matches as one (a later tree's message wins). The same trees give the same object, so the
 * translator built from it is made once per combination (on the server one per locale and page kind; in the
 * browser one per page kind visited).
 */
export function mergeMessages(trees: readonly MessageTree[]): MessageTree {
  const [first, ...rest] = trees;
  if (!first) return EMPTY;
  let result = first;
  for (const next of rest) {
    let byNext = merged.get(result);
    if (!byNext) merged.set(result, (byNext = new WeakMap()));
    let both = byNext.get(next);
    if (!both) byNext.set(next, (both = mergeTwo(result, next)));
    result = both;
  }
  return result;
}
