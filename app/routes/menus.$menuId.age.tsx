import type { MetaFunction } from "react-router";
import { redirect } from "react-router";
import { useLoaderData, useParams } from "react-router";
import { LayerError } from "~/components/ui/LayerError";
import { AgeConfirm } from "~/features/age/AgeConfirm";
import { isAdultConfirmed } from "~/features/menu/menu-view.server";
import type { LayerHandle } from "~/shell/layouts";
import type { Route } from "./+types/menus.$menuId.age";
import { requestContextOf } from "~/shell/request.server";
import { readPathId } from "~/lib/path-id";

/**
 * The 18+ confirmation over a menu (spec §2 age confirmation dialog, ADR 012): server-rendered over the menu
 * page, a plain form posting intent=adult to /preferences, back to the section after confirming. A separate
 * route so the dialog's code is not part of the first menu view.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  const menuUrl = `/menus/${readPathId(params.menuId) ?? ""}`;
  const section = rc.url.searchParams.get("section") ?? "";
  const returnTo = menuUrl + (/^[\w-]{1,60}$/.test(section) ? `#${section}` : "");
  if (await isAdultConfirmed(rc)) throw redirect(returnTo);
  return { menuUrl, returnTo };
}

/** The menu page's title and tags, not indexed on its own. */
export const meta: MetaFunction = ({ matches }) => [
  ...(matches.find((m) => m.id === "routes/menus.$menuId")?.meta ?? []).filter((d) => !("tagName" in d)),
  { name: "robots", content: "noindex" },
];

export const handle: LayerHandle = { layer: true };

export default function AgeRoute() {
  const { menuUrl, returnTo } = useLoaderData<typeof loader>();
  return <AgeConfirm returnTo={returnTo} cancelTo={menuUrl} />;
}

/** a failing confirmation layer fails inside the layer; the menu stays behind it (issue 13 §6) */
export function ErrorBoundary() {
  const { menuId } = useParams();
  return <LayerError closeTo={`/menus/${menuId ?? ""}`} />;
}
