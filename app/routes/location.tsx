import type { MetaFunction, ShouldRevalidateFunctionArgs } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { metaText } from "~/i18n/messages";
import { LocationPopup } from "~/features/location/LocationPopup";
import { locationAction, locationLoader } from "~/features/location/location-page.server";
import type { LayerHandle } from "~/shell/layouts";
import { withMessages } from "~/i18n/route-messages.server";
import { useRootData } from "~/shell/root-data";
import { checkCartValidity } from "~/features/cart/preflight.server";
import type { Route } from "./+types/location";
import { requestContextOf } from "~/shell/request.server";
import { submittedValue } from "~/features/forms/form-result";
import { PLACE_INTENTS } from "~/features/location/view";

/**
 * The location popup (spec §2, §4, §5): /location?city=…&method=…&q=… — every step is a GET navigation whose
 * draft the loader resolves (docs/decisions/020); 'Сохранить' is a POST (intent "save"), and so are a signed-in
 * customer's saved places: pick one, forget one or all (ADR 180).
 */
export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.loaderData as
    { brand?: { displayName: string } } | undefined;
  return [
    { title: `${metaText(matches, "location.header", "")} — ${root?.brand?.displayName ?? ""}` },
    { name: "robots", content: "noindex" },
  ];
};

export const loader = withMessages("routes/location", ({ context }: Route.LoaderArgs) => locationLoader(requestContextOf(context)));
export function action({ context }: Route.ActionArgs) {
  const rc = requestContextOf(context);
  return locationAction(rc, (input) => checkCartValidity(rc, input));
}

/** a saved place forgotten meanwhile (404, ADR 180): the list is read again, as a page without JavaScript shows it */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 404 ? true : defaultShouldRevalidate;
}

/** the whole route is the popup over the page chrome */
export const handle: LayerHandle = { layer: true };

export default function LocationRoute() {
  const { view, touched, mapsKey, search, places, choiceNotKept } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // a saved place's form answers beside the places, 'Сохранить' beside the draft (ADR 180)
  const aboutPlaces = (PLACE_INTENTS as readonly (string | null)[]).includes(submittedValue(actionData, "intent"));
  const root = useRootData();
  const languages = root ? { locale: root.locale, offered: root.offeredLocales } : null;
  const brand = root ? { mark: root.brand.mark, name: root.brand.displayName } : null;
  return <LocationPopup view={view} touched={touched} mapsKey={mapsKey} search={search} lastResult={aboutPlaces ? undefined : actionData} languages={languages} brand={brand} places={places} choiceNotKept={choiceNotKept} placesResult={aboutPlaces ? actionData : undefined} />;
}
