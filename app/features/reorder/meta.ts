import type { MetaFunction } from "react-router";
import { metaText } from "~/i18n/messages";

type ReorderTitle = "repeatTitle" | "sharedTitle" | "shareTitle";
const FALLBACK: Record<ReorderTitle, string> = { repeatTitle: "Повторить заказ", sharedTitle: "Корзина, которой с вами поделились", shareTitle: "Поделиться корзиной" };

/**
 * The reorder pages' meta (issue 18): a route's meta replaces the root's, so each needs its own <title> (axe:
 * document-title) — in the page's language, with the brand — and none of them is for search engines.
 */
export function reorderMeta(key: ReorderTitle): MetaFunction {
  return ({ matches }) => {
    const root = matches.find((m) => m.id === "root")?.loaderData as { brand?: { displayName?: string } } | undefined;
    const title = metaText(matches, `reorder.${key}`, FALLBACK[key]);
    return [{ title: root?.brand?.displayName ? `${title} — ${root.brand.displayName}` : title }, { name: "robots", content: "noindex" }];
  };
}
