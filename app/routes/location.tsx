import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { checkCartValidity } from "~/features/cart/preflight.server";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import { LocationPopup } from "~/features/location/LocationPopup";
import { parseDraft, resolveDraft, saveLocation } from "~/features/location/location.server";
import { getLocale, messagesFor } from "~/root-data.server";
import { commitHeaders, CookieTooLargeError, getContext, getState } from "~/services.server";
import { upstreamFailure } from "~/upstream-failure.server";
import type { LayerHandle } from "~/layouts";

/**
 * The location popup (spec §2, §4, §5): /location?city=…&method=…&q=… — every step is a GET navigation whose
 * draft the loader resolves (docs/decisions/020); 'Сохранить' is the one POST (intent "save").
 */
export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as
    { messages?: { location?: { header?: string } }; brand?: { displayName: string } } | undefined;
  return [
    { title: `${root?.messages?.location?.header ?? ""} — ${root?.brand?.displayName ?? ""}` },
    { name: "robots", content: "noindex" },
  ];
};

function deps(request?: Request) {
  const { upstream, geo, config } = getContext();
  return {
    upstream,
    geo,
    brand: config.brand,
    // spec §4 save: the cart validity check (preflight; an empty cart is valid) — the cart feature's
    checkCart: request ? (input: Parameters<typeof checkCartValidity>[1]) => checkCartValidity(request, input) : undefined,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [state, locale] = await Promise.all([getState(request, "storefront"), getLocale(request)]);
  const draft = parseDraft(url.searchParams);
  try {
    const { area: _area, ...view } = await resolveDraft(draft, state, locale, deps());
    const touched = draft.q !== undefined || draft.placeId !== undefined || draft.lat !== undefined || draft.resto !== undefined;
    const mapsKey = getContext().config.brand.keys.googleMapsBrowser;
    return data({ view, touched, mapsKey, search: url.search });
  } catch (error) {
    // spec §8: city data failure is fatal with its message
    throw upstreamFailure(error);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const [state, locale] = await Promise.all([getState(request, "storefront"), getLocale(request)]);
  const formData = await readForm(request);
  let outcome;
  try {
    outcome = await saveLocation(formData, state, locale, deps(request));
  } catch (error) {
    throw upstreamFailure(error);
  }
  if (outcome.kind === "bad") return data({ error: outcome.message }, { status: 400 });
  if (outcome.kind === "invalid") return data({ error: outcome.message }, { status: 400 });
  if (outcome.kind === "confirmHouse") return redirect(outcome.href, { status: 303 });
  try {
    return redirect(redirectTarget(outcome.redirectTo, "/"), { status: 303, headers: await commitHeaders(request) });
  } catch (error) {
    if (error instanceof CookieTooLargeError) {
      return data({ error: messagesFor(locale).errors.cookieTooLarge }, { status: 400 });
    }
    throw error;
  }
}

/** the whole route is the popup over the page chrome */
export const handle: LayerHandle = { layer: true };

export default function LocationRoute() {
  const { view, touched, mapsKey, search } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <LocationPopup view={view} touched={touched} mapsKey={mapsKey} search={search} actionError={actionData?.error ?? null} />
  );
}
