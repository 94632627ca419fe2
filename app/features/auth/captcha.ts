/**
 * The captcha provider behind one small module (issue 15 §4, ADR 095): Yandex SmartCaptcha's "advanced"
 * connection — its script with `render=onload&onload=<callback>`, then `window.smartCaptcha.render(container,
 * { sitekey, hl, callback })`. In demo mode the script is the stand-in /_demo/captcha.js, which offers the same
 * interface and issues tokens the upstream twin accepts. Another provider means another script URL and this
 * file's `render`; the form only ever sees a token for its `captchaToken` field (spec §7).
 */

/** the form field the token travels in (spec §7: captchaToken of the phone sign-in calls) */
export const CAPTCHA_TOKEN_FIELD = "captchaToken";
export const SMARTCAPTCHA_SCRIPT = "https://smartcaptcha.yandexcloud.net/captcha.js";
export const DEMO_CAPTCHA_SCRIPT = "/_demo/captcha.js";

/** What the page needs to show the widget (null: the brand has no captcha). */
export interface CaptchaConfig {
  siteKey: string;
  scriptUrl: string;
}

export function captchaConfig(siteKey: string | null, demo: boolean): CaptchaConfig | null {
  if (!siteKey) return null;
  // the twin cannot verify a real provider's token: demo mode always uses the stand-in
  return { siteKey, scriptUrl: demo ? DEMO_CAPTCHA_SCRIPT : SMARTCAPTCHA_SCRIPT };
}

interface SmartCaptchaParams {
  sitekey: string;
  hl?: string;
  callback?: (token: string) => void;
}
export interface SmartCaptchaApi {
  render(container: HTMLElement, params: SmartCaptchaParams): number;
  reset(widgetId?: number): void;
  destroy(widgetId?: number): void;
}
declare global {
  interface Window {
    smartCaptcha?: SmartCaptchaApi;
  }
}

const ONLOAD = "__captchaLoaded";
let loading: Promise<SmartCaptchaApi> | null = null;

/** Loads the provider's script once per page; resolves with its interface. */
export function loadCaptcha(scriptUrl: string): Promise<SmartCaptchaApi> {
  if (window.smartCaptcha) return Promise.resolve(window.smartCaptcha);
  loading ??= new Promise<SmartCaptchaApi>((resolve, reject) => {
    (window as unknown as Record<string, () => void>)[ONLOAD] = () => (window.smartCaptcha ? resolve(window.smartCaptcha) : reject(new Error("captcha script without smartCaptcha")));
    const script = document.createElement("script");
    script.src = `${scriptUrl}?render=onload&onload=${ONLOAD}`;
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new Error(`captcha script ${scriptUrl} failed to load`));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Renders the widget into `container`; `onToken` gets each token the customer earns. Returns a clean-up. */
export function renderCaptcha(api: SmartCaptchaApi, container: HTMLElement, siteKey: string, language: string, onToken: (token: string) => void): () => void {
  const id = api.render(container, { sitekey: siteKey, hl: language, callback: onToken });
  return () => api.destroy(id);
}
