import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { readForm } from "~/features/forms/read-form.server";
import type { FormResult } from "~/features/forms/form-result";
import { redirectTarget } from "~/lib/redirect-target";
import { checkCartValidity } from "~/features/cart/preflight.server";
import { parseDraft, saveSchema } from "./draft";
import { resolveDraft } from "./resolve-draft.server";
import { saveLocation } from "./save.server";
import { getLocale, messagesFor } from "~/i18n/locale.server";
import { commitHeaders, CookieTooLargeError, getState } from "~server/session";
import { getContext } from "~server/context";
import { upstreamFailure } from "~server/upstream/errors";

/** The location popup's loader (resolves the URL draft) and its one POST, 'Сохранить' (docs/decisions/020). */
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

export async function locationLoader({ request }: LoaderFunctionArgs) {
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

export async function locationAction({ request }: ActionFunctionArgs) {
  const [state, locale] = await Promise.all([getState(request, "storefront"), getLocale(request)]);
  const formData = await readForm(request);
  let outcome;
  try {
    outcome = await saveLocation(formData, state, locale, deps(request));
  } catch (error) {
    throw upstreamFailure(error);
  }
  // the one result shape (ADR 103): the draft as sent, the message beside its field or the form's
  const refuse = (message: string, field?: "q" | "resto") => {
    const submission = parseWithZod(formData, { schema: saveSchema });
    const result: FormResult = submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] });
    return data(result, { status: 400 });
  };
  if (outcome.kind === "bad") return refuse(outcome.message);
  if (outcome.kind === "invalid") return refuse(outcome.message, outcome.field);
  if (outcome.kind === "confirmHouse") return redirect(outcome.href, { status: 303 });
  try {
    return redirect(redirectTarget(outcome.redirectTo, "/"), { status: 303, headers: await commitHeaders(request) });
  } catch (error) {
    if (error instanceof CookieTooLargeError) {
      return refuse(messagesFor(locale).errors.cookieTooLarge);
    }
    throw error;
  }
}

