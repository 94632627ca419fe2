/**
 * The VK ID One Tap frame's message protocol (spec §4 widget states, §8 widget errors; ADR 045), in one place for
 * the /auth page that embeds the frame, the demo stand-in that plays VK's part and the frame's address.
 *
 * The wire format is VK ID's own bridge format, so the same page code reads the real frame on id.vk.com and the
 * demo twin's stand-in: `{ type: "vk-sak-sdk", handler: "<event>", params?: … }` posted by the frame to its parent.
 * Pure module (zod only): safe in the browser and on the server.
 */
import { z } from "zod";

/** The `type` of every bridge message of VK ID's frames. */
export const VK_BRIDGE_TYPE = "vk-sak-sdk";

/** The bridge handlers the One Tap frame posts that the page acts on (VK ID web SDK names). */
export const VK_ONE_TAP_HANDLERS = {
  /** the frame finished loading: `loaded` 300 ms later */
  load: "common: load",
  /** an internal error of the frame: `not_loaded`, frame removed */
  error: "common: error",
  /** no fast authorization for this browser (no VK session, or fast auth disabled): `not_loaded`, frame removed */
  fastAuthDisabled: "onetap: not authorized",
  /** the customer pressed the button: the page runs the full sign-in (the 800x800 window) */
  showFullAuth: "onetap: show full auth",
  /** VK's own one-tap success; the page holds no verifier for the frame, so it runs the full sign-in as well */
  loginSuccess: "onetap: success login",
} as const;

/** What a frame message means to the page; `null` for anything else (ignored). */
export type OneTapEvent = { kind: "load" } | { kind: "error" } | { kind: "fast-auth-disabled" } | { kind: "choose" };

const bridgeMessageSchema = z.object({
  type: z.literal(VK_BRIDGE_TYPE),
  handler: z.string().max(100),
  params: z.unknown().optional(),
});

/** Reads a message's data: one of the events above, or null for an unknown or malformed message. */
export function parseOneTapMessage(data: unknown): OneTapEvent | null {
  const parsed = bridgeMessageSchema.safeParse(data);
  if (!parsed.success) return null;
  switch (parsed.data.handler) {
    case VK_ONE_TAP_HANDLERS.load:
      return { kind: "load" };
    case VK_ONE_TAP_HANDLERS.error:
      return { kind: "error" };
    case VK_ONE_TAP_HANDLERS.fastAuthDisabled:
      return { kind: "fast-auth-disabled" };
    case VK_ONE_TAP_HANDLERS.showFullAuth:
    case VK_ONE_TAP_HANDLERS.loginSuccess:
      return { kind: "choose" };
    default:
      return null;
  }
}

/**
 * A `message` event the page accepts: sent by the frame's own window (not another frame or window of the same
 * origin) from the frame's origin, with a known message. Everything else is null.
 */
export function acceptOneTapMessage(
  event: { origin: string; source: unknown; data: unknown },
  frame: { origin: string; window: unknown },
): OneTapEvent | null {
  if (!frame.window || event.source !== frame.window || event.origin !== frame.origin) return null;
  return parseOneTapMessage(event.data);
}

/** The message a frame posts for a handler (the demo stand-in posts these). */
export function oneTapMessage(handler: (typeof VK_ONE_TAP_HANDLERS)[keyof typeof VK_ONE_TAP_HANDLERS], params?: Record<string, unknown>) {
  return params ? { type: VK_BRIDGE_TYPE, handler, params } : { type: VK_BRIDGE_TYPE, handler };
}

/** The frame's height in CSS pixels (VK allows 32–56); the page reserves the same height while it loads. */
export const ONE_TAP_HEIGHT = 48;

/** VK ID's language ids for the locales the storefront offers (VK web SDK `Languages`). */
const VK_LANG_IDS: Record<string, number> = { ru: 0, en: 3 };

/**
 * The frame's address: VK's `button_one_tap_auth` app (or the demo stand-in at the same parameters) with the
 * brand's numeric client id, the /auth callback and the embedding page's origin (the frame posts only to it).
 */
export function oneTapFrameUrl(options: {
  base: string;
  clientId: string;
  redirectUri: string;
  origin: string;
  locale: string;
  scheme: "light" | "dark";
}): string {
  const params = new URLSearchParams({
    app_id: options.clientId,
    redirect_uri: options.redirectUri,
    origin: options.origin,
    lang_id: String(VK_LANG_IDS[options.locale] ?? 0),
    scheme: options.scheme,
    style_height: String(ONE_TAP_HEIGHT),
    style_border_radius: String(ONE_TAP_HEIGHT / 2),
    button_skin: "primary",
    show_alternative_login: "0",
    sdk_type: "vkid",
  });
  return `${options.base}?${params.toString()}`;
}

/** The demo stand-in's failure scenarios (`?scenario=`), so tests can drive every widget state. */
export const ONE_TAP_SCENARIOS = ["ok", "internal", "fast-auth-disabled", "silent"] as const;
export type OneTapScenario = (typeof ONE_TAP_SCENARIOS)[number];
