/**
 * VK ID calls the BFF makes itself (spec §4 "VK sign-out for VK source", §7 third-party VK identity provider).
 * In demo mode they go to the twin's VK stand-in through its fetch (DESIGN.md "Wiring").
 */
import { getContext } from "../context";
import { log } from "../log";

export const VK_ID_BASE = "https://id.vk.com";
/** The client id the demo uses when the brand configures none (ADR 032): numeric, as spec §5 requires. */
export const DEMO_VK_CLIENT_ID = "51000000";

/** The VK client id to use, or null when VK sign-in cannot start (spec §5: numeric client id only). */
export function vkClientId(): string | null {
  const { config } = getContext();
  const configured = config.brand.keys.vkClientId;
  if (configured && /^\d+$/.test(configured)) return configured;
  return config.demo ? DEMO_VK_CLIENT_ID : null;
}

/** The authorize page: VK's own, or the demo stand-in when no client id is configured in demo mode. */
export function vkAuthorizeBase(): string {
  return vkStandIn() ? "/_demo/vk/authorize" : `${VK_ID_BASE}/authorize`;
}

/** Whether the demo twin's VK ID stand-ins (authorize page, One Tap frame) play VK's part: demo mode, no client id. */
export function vkStandIn(): boolean {
  const { config } = getContext();
  return config.demo && !config.brand.keys.vkClientId;
}

/** The One Tap frame's app: VK's own on id.vk.com, or the demo stand-in (ADR 045). */
export function vkOneTapBase(): string {
  return vkStandIn() ? "/_demo/vk/one-tap" : `${VK_ID_BASE}/button_one_tap_auth`;
}

/** Best-effort VK sign-out (POST /oauth2/logout); a failure is logged, never shown. */
export async function vkLogout(vkAccessToken: string): Promise<void> {
  const { demo } = getContext();
  const clientId = vkClientId();
  if (!clientId) return;
  const doFetch = demo ? demo.fetch : globalThis.fetch;
  try {
    await doFetch(`${VK_ID_BASE}/oauth2/logout?client_id=${encodeURIComponent(clientId)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: clientId, access_token: vkAccessToken }).toString(),
      signal: AbortSignal.timeout(5000),
    });
  } catch (error) {
    log("warn", "VK logout failed", { error: error instanceof Error ? error.message : String(error) });
  }
}
