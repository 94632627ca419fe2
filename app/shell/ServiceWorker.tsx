import { useLocation } from "react-router";
import { useEffect } from "react";
import { isMenuPath } from "~/lib/pwa";

/**
 * Registers the brand's service worker (issue 18 §3, ADR 055) and tells it when a menu was viewed through a
 * client navigation (those never reach its fetch handler), so the offline snapshot follows the customer.
 * Needs JavaScript by nature; without it the storefront simply has no offline mode.
 */
export function ServiceWorker() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // no worker (private mode, blocked storage): the storefront works as before, only not offline
    });
  }, []);
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator) || !isMenuPath(pathname)) return;
    navigator.serviceWorker.controller?.postMessage({ type: "menu-viewed" });
  }, [pathname]);
  return null;
}
