/**
 * VK ID calls the BFF makes itself (spec §4 "VK sign-out for VK source", §7 third-party VK identity provider).
 * In demo mode they go to the twin's VK stand-in through its fetch (DESIGN.md "Wiring").
 */
import type { Config } from "../config";
import type { Logger } from "../log";

export const VK_ID_BASE = "https://id.vk.com";
/** The client id the demo uses when the brand configures none (ADR 032): numeric, as spec §5 requires. */
export const DEMO_VK_CLIENT_ID = "51000000";

export interface Vk {
  /** The VK client id to use, or null when VK sign-in cannot start (spec §5: numeric client id only). */
  clientId: string | null;
  /** Whether the demo twin's VK ID stand-ins (authorize page, One Tap frame) play VK's part: demo mode, no client id. */
  standIn: boolean;
  /** The authorize page: VK's own, or the demo stand-in when no client id is configured in demo mode. */
  authorizeBase: string;
  /** The One Tap frame's app: VK's own on id.vk.com, or the demo stand-in (ADR 045). */
  oneTapBase: string;
  /** Best-effort VK sign-out (POST /oauth2/logout); a failure is logged, never shown. */
  logout(vkAccessToken: string): Promise<void>;
}

export function createVk(config: Pick<Config, "brand" | "demo">, fetch: typeof globalThis.fetch, log: Logger): Vk {
  const configured = config.brand.keys.vkClientId;
  const clientId = configured && /^\d+$/.test(configured) ? configured : config.demo ? DEMO_VK_CLIENT_ID : null;
  const standIn = config.demo && !configured;
  return {
    clientId,
    standIn,
    authorizeBase: standIn ? "/_demo/vk/authorize" : `${VK_ID_BASE}/authorize`,
    oneTapBase: standIn ? "/_demo/vk/one-tap" : `${VK_ID_BASE}/button_one_tap_auth`,
    async logout(vkAccessToken) {
      if (!clientId) return;
      try {
        await fetch(`${VK_ID_BASE}/oauth2/logout?client_id=${encodeURIComponent(clientId)}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ client_id: clientId, access_token: vkAccessToken }).toString(),
          signal: AbortSignal.timeout(5000),
        });
      } catch (error) {
        log("warn", "VK logout failed", { error: error instanceof Error ? error.message : String(error) });
      }
    },
  };
}
