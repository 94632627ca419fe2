/**
 * VK ID with JavaScript (spec §4 "VK sign-in", §8 VK SDK errors 100–104, §9 VK_WIDGET): a centred 800x800
 * window, a state message from it, polling every 1000 ms for a window the customer closed, and the widget
 * states loading / loaded (300 ms after the load message) / not_loaded (5000 ms timeout, internal error or
 * fast-auth disabled; the frame is removed). Browser-only module, imported by /auth's VK button and One Tap frame.
 */
import { VK_WIDGET } from "~/lib/constants";

export type VkSdkError = 100 | 101 | 102 | 103 | 104;
export const VK_SDK_ERRORS = {
  EVENT_NOT_SUPPORTED: 100,
  CANNOT_CREATE_NEW_TAB: 101,
  NEW_TAB_HAS_BEEN_CLOSED: 102,
  AUTHORIZATION_FAILED: 103,
  STATE_MISMATCH: 104,
} as const;

/** The message the popup's /auth page posts to the window that opened it. */
export const VK_MESSAGE_TYPE = "vk-id:auth";
export interface VkAuthMessage {
  type: typeof VK_MESSAGE_TYPE;
  code?: string;
  state?: string;
  deviceId?: string;
  error?: string;
}

/** The centred window's features (spec §4: 800x800, centred on the current window). */
export function centredFeatures(screen: { left: number; top: number; width: number; height: number }) {
  const { windowWidth: w, windowHeight: h } = VK_WIDGET;
  const left = Math.max(0, Math.round(screen.left + (screen.width - w) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - h) / 2));
  return `popup=yes,width=${w},height=${h},left=${left},top=${top}`;
}

export interface PopupEnv {
  open(url: string, name: string, features: string): Pick<Window, "closed" | "close"> & { location: { href: string } } | null;
  addMessageListener(listener: (event: { origin: string; data: unknown }) => void): () => void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  origin: string;
  screen: { left: number; top: number; width: number; height: number };
  supported: boolean;
}

export function browserEnv(): PopupEnv {
  return {
    open: (url, name, features) => window.open(url, name, features) as never,
    addMessageListener(listener) {
      const wrapped = (event: MessageEvent) => listener({ origin: event.origin, data: event.data });
      window.addEventListener("message", wrapped);
      return () => window.removeEventListener("message", wrapped);
    },
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
    origin: window.location.origin,
    screen: { left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight },
    supported: typeof window.open === "function" && typeof window.postMessage === "function",
  };
}

export interface PopupSession {
  /** send the opened window to the authorize page once the server answered */
  navigate(url: string, expectedState: string): void;
  /** resolves with the code, or rejects with a VK SDK error code */
  result: Promise<{ code: string; state: string; deviceId: string }>;
  cancel(): void;
}

/** Opens the window at once (inside the click, so pop-up blockers allow it) and waits for its message. */
export function openVkPopup(env: PopupEnv): PopupSession {
  let settle: { resolve: (v: { code: string; state: string; deviceId: string }) => void; reject: (e: VkSdkError) => void } | undefined;
  const result = new Promise<{ code: string; state: string; deviceId: string }>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let expectedState: string | null = null;
  let done = false;
  let stopListening = () => {};
  let timer: unknown = null;
  const finish = (outcome: { ok: { code: string; state: string; deviceId: string } } | { error: VkSdkError }) => {
    if (done) return;
    done = true;
    stopListening();
    if (timer !== null) env.clearInterval(timer);
    if ("ok" in outcome) settle!.resolve(outcome.ok);
    else settle!.reject(outcome.error);
  };

  if (!env.supported) {
    finish({ error: VK_SDK_ERRORS.EVENT_NOT_SUPPORTED });
    return { navigate() {}, result, cancel() {} };
  }
  const win = env.open("about:blank", "vk_id_auth", centredFeatures(env.screen));
  if (!win) {
    finish({ error: VK_SDK_ERRORS.CANNOT_CREATE_NEW_TAB });
    return { navigate() {}, result, cancel() {} };
  }
  stopListening = env.addMessageListener(({ origin, data }) => {
    if (origin !== env.origin || !data || typeof data !== "object" || (data as VkAuthMessage).type !== VK_MESSAGE_TYPE) return;
    const message = data as VkAuthMessage;
    win.close();
    if (message.error || !message.code) return finish({ error: VK_SDK_ERRORS.AUTHORIZATION_FAILED });
    if (!expectedState || message.state !== expectedState) return finish({ error: VK_SDK_ERRORS.STATE_MISMATCH });
    finish({ ok: { code: message.code, state: message.state, deviceId: message.deviceId ?? "web" } });
  });
  // spec §4: a window the customer closed is noticed by polling every second. The hand-over page posts its
  // message and closes itself at once, and the message may be delivered after the close is visible: a window
  // found closed gets one more poll for its message before it counts as closed by the customer.
  let closedPolls = 0;
  timer = env.setInterval(() => {
    closedPolls = win.closed ? closedPolls + 1 : 0;
    if (closedPolls >= 2) finish({ error: VK_SDK_ERRORS.NEW_TAB_HAS_BEEN_CLOSED });
  }, VK_WIDGET.pollingMs);
  return {
    navigate(url, state) {
      expectedState = state;
      if (!done) win.location.href = url;
    },
    result,
    cancel() {
      win.close();
      finish({ error: VK_SDK_ERRORS.NEW_TAB_HAS_BEEN_CLOSED });
    },
  };
}

export type WidgetState = "loading" | "loaded" | "not_loaded";
/** why the widget did not load (spec §8 widget errors; "auth" errors of the full sign-in are the SDK codes above) */
export type WidgetFailure = "timeout" | "internal" | "fast-auth-disabled";

/**
 * The One Tap widget's state (spec §4): `loading` until its load message, `loaded` 300 ms after it,
 * `not_loaded` after 5000 ms without it, on an internal error or when fast auth is disabled (the caller then
 * removes the frame). A failure wins over a pending `loaded`; nothing changes once the state left `loading`.
 */
export function createWidgetState(
  onChange: (state: WidgetState, failure: WidgetFailure | null) => void,
  timers: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (h: unknown) => void },
) {
  let state: WidgetState = "loading";
  let failure: WidgetFailure | null = null;
  let loadedTimer: unknown = null;
  const set = (next: WidgetState, why: WidgetFailure | null) => {
    if (state !== "loading") return;
    state = next;
    failure = why;
    timers.clearTimeout(timeout);
    if (loadedTimer !== null) timers.clearTimeout(loadedTimer);
    onChange(next, why);
  };
  const timeout = timers.setTimeout(() => set("not_loaded", "timeout"), VK_WIDGET.timeoutMs);
  return {
    get state() {
      return state;
    },
    get failure() {
      return failure;
    },
    /** the widget's load message */
    loaded() {
      if (state !== "loading" || loadedTimer !== null) return;
      timers.clearTimeout(timeout);
      loadedTimer = timers.setTimeout(() => set("loaded", null), VK_WIDGET.loadedDelayMs);
    },
    /** an internal error of the widget, or fast auth disabled */
    failed(why: Exclude<WidgetFailure, "timeout"> = "internal") {
      set("not_loaded", why);
    },
    dispose() {
      timers.clearTimeout(timeout);
      if (loadedTimer !== null) timers.clearTimeout(loadedTimer);
    },
  };
}
