import type { MetaFunction } from "react-router";
import type { LayoutHandle } from "~/shell/layouts";
import { useActionData, useLoaderData } from "react-router";
import { metaText } from "~/i18n/messages";
import { AuthScreen } from "~/features/auth/AuthScreen";
import { authAction, authLoader, type AuthActionData } from "~/features/auth/sign-in.server";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/auth";
import { requestContextOf } from "~/shell/request.server";

/** /auth (spec §2 auth.index): sign-in methods, the phone + SMS code steps and the VK ID callback. */
/** a focused task: the app bar without navigation or footer (spec §2 layouts) */
export const handle: LayoutHandle = { layout: "simple" };

function pageLoader({ context }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  return authLoader(rc);
}
export const loader = withMessages("routes/auth", pageLoader);

export function action({ context }: Route.ActionArgs) {
  const rc = requestContextOf(context);
  return authAction(rc);
}

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.loaderData as { brand?: { displayName?: string } } | undefined;
  const title = metaText(matches, "auth.title", "Вход");
  return [{ title: root?.brand?.displayName ? `${title} — ${root.brand.displayName}` : title }, { name: "robots", content: "noindex" }];
};

export default function AuthRoute() {
  const page = useLoaderData<typeof loader>();
  const action = useActionData<AuthActionData>();
  return <AuthScreen page={page} action={action} />;
}
