/**
 * A screen rendered the way the app renders it (ADR 197), for route tests in jsdom: a root route with the id
 * "root" whose loader data is what `useRootData()` reads (the demo brand, the shell's messages as one JSON string),
 * the root Layout's translator (`messagesOfMatches` → `mergeMessages` → `createI18n`, so a page's messages reach it
 * through its loader's `i18n` as in the app, ADR 122), and the route under test: its component (the route module's
 * default export), its handle, and a loader and action standing in for the server's, answering data of the real shape.
 *
 * The messages are the real ones (app/i18n/locales), cut to the shell's set and the route's own set exactly as
 * `shellMessagesText` and `withMessages` cut them: a text the route's set forgets shows as its key here too.
 */
import { configure, render, type RenderResult } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { useMemo, type ComponentType } from "react";
import { createRoutesStub, Outlet, useMatches, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { publicBrand } from "~server/brand";
import { readBrandFile } from "~server/config";
import { createI18n, type AppLocale } from "~/i18n/i18n";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";
import { messagesOfMatches } from "~/i18n/messages";
import { mergeMessages, pickMessages, ROUTE_MESSAGES, SHELL_MESSAGES, type MessageTree, type RouteWithMessages } from "~/i18n/message-sets";
import { I18nProvider } from "~/i18n/react";
import type { RootData } from "~/shell/root-data";

const LOCALES = { ru, en } as const;

// a screen's lazy parts (the forms' code, the dialogs', ADR 114, 126) arrive in a few milliseconds, but on a machine
// busy with a browser suite they may take longer than Testing Library's default second
configure({ asyncUtilTimeout: 5_000 });

/** The whole message tree of a locale (the translator's source), for expectations written as `texts().cart.x`. */
export function texts(locale: AppLocale = "ru") {
  return LOCALES[locale];
}

/** A message set of a locale as the JSON string a loader sends (what `messagesText(pickMessages(…))` makes). */
export function messagesJson(locale: AppLocale, paths: readonly string[]): string {
  return JSON.stringify(pickMessages(LOCALES[locale] as MessageTree, paths));
}

const demoBrand = (() => {
  const { brand, errors } = readBrandFile("brands/demo.json");
  if (!brand) throw new Error(`brands/demo.json: ${errors.join("; ")}`);
  return brand;
})();

/** What the root loader sends (app/shell/root-data.server.ts) for a returning customer of the demo brand. */
export function rootData(overrides: Partial<RootData> = {}): RootData {
  const locale = overrides.locale ?? "ru";
  return {
    locale,
    offeredLocales: ["ru", "en"],
    i18n: messagesJson(locale, SHELL_MESSAGES),
    brand: publicBrand(demoBrand),
    favicon: demoBrand.favicon,
    appleTouchIcon: null,
    description: demoBrand.description,
    demo: true,
    cartCount: 0,
    location: { method: "TAKE_AWAY", label: "Тверская улица, 12", cityName: "Москва" },
    consentAccepted: true,
    adultConfirmed: false,
    storageReset: false,
    person: null,
    ...overrides,
  } as RootData;
}

/** The root route's part of app/root.tsx's Layout that a screen needs: the translator of the matches' messages. */
function StubRoot() {
  const matches = useMatches();
  const locale = (matches[0]?.loaderData as RootData | undefined)?.locale ?? "ru";
  const messages = mergeMessages(messagesOfMatches(matches));
  const i18n = useMemo(() => createI18n(locale, messages), [locale, messages]);
  return (
    <I18nProvider i18n={i18n}>
      <main id="main">
        <Outlet />
      </main>
    </I18nProvider>
  );
}

/** A loader's or action's answer: an object, or a Response (a redirect, `data(…)` is not needed in a stub). */
type Answer = Record<string, unknown> | Response | null;

export interface ScreenOptions {
  /** the route module's file id ("routes/cart"): which message set its loader sends */
  routeId: RouteWithMessages;
  /** the route's path without the leading slash ("cart") */
  path: string;
  /** the route module's default export */
  Component: ComponentType;
  /** the data the real loader answers (without `i18n`: added here from the route's message set) */
  loader: (args: LoaderFunctionArgs) => Answer | Promise<Answer>;
  action?: (args: ActionFunctionArgs) => Answer | Promise<Answer>;
  handle?: unknown;
  /** where the browser is (default: the route's path) */
  url?: string;
  locale?: AppLocale;
  root?: Partial<RootData>;
  /**
   * the page the server renders after a POST (JavaScript off): the route's action answered this, and the page is
   * drawn from it and the loader's data at once (React Router's hydration data), as the server's HTML is
   */
  actionData?: Record<string, unknown>;
  /** other routes the screen links or posts to (their components render a marker) */
  others?: { path: string; text?: string; action?: (args: ActionFunctionArgs) => Answer | Promise<Answer> }[];
}

/** Renders the screen at `url` and returns Testing Library's queries and a user-event session. */
export async function renderScreen(options: ScreenOptions): Promise<RenderResult & { user: UserEvent }> {
  const locale = options.locale ?? "ru";
  const url = options.url ?? `/${options.path}`;
  const i18n = messagesJson(locale, ROUTE_MESSAGES[options.routeId]);
  const withMessages = async (args: LoaderFunctionArgs) => {
    const answer = await options.loader(args);
    if (answer instanceof Response) return answer;
    return { ...answer, i18n };
  };
  const root = rootData({ locale, ...options.root });
  const hydrationData = options.actionData
    ? {
        loaderData: {
          root,
          [options.routeId]: await withMessages({ request: new Request(new URL(url, "http://localhost")), params: {}, context: {} } as LoaderFunctionArgs),
        },
        actionData: { [options.routeId]: options.actionData },
      }
    : undefined;
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: StubRoot,
      HydrateFallback: () => null,
      loader: () => root,
      children: [
        {
          id: options.routeId,
          path: options.path,
          Component: options.Component,
          loader: withMessages,
          action: options.action,
          handle: options.handle,
        },
        ...(options.others ?? []).map((other) => ({
          path: other.path,
          Component: () => <p data-testid="elsewhere">{other.text ?? other.path}</p>,
          loader: () => null,
          action: other.action,
        })),
      ],
    },
  ]);
  // no pause between keystrokes: the screen's own timers still run (a debounce, a countdown)
  const user = userEvent.setup({ delay: null });
  return { user, ...render(<Stub initialEntries={[url]} hydrationData={hydrationData} />) };
}

/** FormData's fields as a plain record (the last value of each), for a stub action's assertions and answers. */
export function fieldsOf(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) out[key] = String(value);
  return out;
}
