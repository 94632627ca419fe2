/**
 * Security headers for every document and data response (issue 8): an enforced Content-Security-Policy
 * with a per-request nonce that allows exactly the third parties the brand configures, plus HSTS in
 * production, nosniff, Referrer-Policy, Permissions-Policy and frame-ancestors 'none'.
 */
import { randomBytes } from "node:crypto";
import type { Brand } from "./brand";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

interface Sources {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
  formAction: string[];
  style: string[];
  font: string[];
}

/** The third-party origins each configured integration needs (none when its key is null). */
export function thirdPartySources(brand: Brand): Sources {
  const s: Sources = { script: [], connect: [], img: [], frame: [], formAction: [], style: [], font: [] };
  const k = brand.keys;
  if (k.googleMapsBrowser) {
    s.script.push("https://maps.googleapis.com", "https://maps.gstatic.com");
    s.connect.push("https://maps.googleapis.com", "https://places.googleapis.com");
    s.img.push("https://maps.googleapis.com", "https://maps.gstatic.com", "https://*.googleapis.com", "https://*.ggpht.com");
    s.style.push("https://fonts.googleapis.com");
    s.font.push("https://fonts.gstatic.com");
  }
  if (k.vkClientId) {
    s.connect.push("https://id.vk.com", "https://login.vk.com", "https://api.vk.com");
    // the One Tap frame (ADR 045); no VK script is loaded (ADR 033) is VK ID's app on id.vk.com; nothing else of VK is framed
    s.frame.push("https://id.vk.com");
    s.formAction.push("https://id.vk.com");
  }
  if (k.googleClientId) {
    s.script.push("https://accounts.google.com/gsi/client");
    s.connect.push("https://accounts.google.com/gsi/");
    s.frame.push("https://accounts.google.com/gsi/");
    s.style.push("https://accounts.google.com/gsi/style");
  }
  if (k.appleClientId) {
    s.script.push("https://appleid.cdn-apple.com");
    s.frame.push("https://appleid.apple.com");
    s.formAction.push("https://appleid.apple.com");
  }
  // the order's payment page (ADR 100): the checkout form's 303 leads there
  for (const origin of brand.paymentOrigins) s.formAction.push(new URL(origin).origin);
  if (k.captchaSiteKey) {
    s.script.push("https://smartcaptcha.yandexcloud.net");
    s.frame.push("https://smartcaptcha.yandexcloud.net");
    s.connect.push("https://smartcaptcha.yandexcloud.net");
  }
  if (k.analyticsCounterId) {
    s.script.push("https://mc.yandex.ru");
    s.connect.push("https://mc.yandex.ru");
    s.img.push("https://mc.yandex.ru");
    s.frame.push("https://mc.yandex.ru");
  }
  return s;
}

export interface PolicyOptions {
  dev?: boolean;
  /** demo mode: the twin's stand-ins for third parties are this site's own pages */
  demo?: boolean;
}

export function contentSecurityPolicy(nonce: string, brand: Brand, options: PolicyOptions = {}): string {
  const s = thirdPartySources(brand);
  // demo mode without a VK client id: the One Tap frame is the twin's stand-in on this origin (ADR 045)
  if (options.demo && brand.authMethods.includes("VK") && !brand.keys.vkClientId) s.frame.push("'self'");
  const list = (...items: string[]) => [...new Set(items)].join(" ");
  const directives: Record<string, string> = {
    "default-src": "'self'",
    "script-src": list("'self'", `'nonce-${nonce}'`, ...s.script),
    "style-src": list("'self'", "'unsafe-inline'", ...s.style),
    "img-src": list("'self'", "data:", "blob:", ...s.img),
    "font-src": list("'self'", ...s.font),
    "connect-src": list("'self'", ...s.connect, ...(options.dev ? ["ws:"] : [])),
    "frame-src": s.frame.length ? list(...s.frame) : "'none'",
    "form-action": list("'self'", ...s.formAction),
    "frame-ancestors": "'none'",
    "base-uri": "'self'",
    "object-src": "'none'",
    "manifest-src": "'self'",
    "worker-src": "'self' blob:",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");
}

export function applySecurityHeaders(headers: Headers, options: { nonce?: string; brand: Brand; production: boolean; https: boolean; demo?: boolean }) {
  if (options.nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce, options.brand, { dev: !options.production, demo: options.demo }));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  // geolocation stays available to our own origin (the map's "my location"); the rest is off
  headers.set("Permissions-Policy", "camera=(), microphone=(), payment=(), usb=(), geolocation=(self), interest-cohort=()");
  if (options.production && options.https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/**
 * The demo One Tap stand-in (ADR 045) is the one page meant to be framed, and only by this site's own pages:
 * `frame-ancestors 'self'` instead of 'none', and nothing but its own nonce'd script and inline styles.
 */
export function framedStandInHeaders(nonce: string): Headers {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      "style-src 'unsafe-inline'",
      "frame-ancestors 'self'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join("; "),
    "X-Frame-Options": "SAMEORIGIN",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  });
  return headers;
}
