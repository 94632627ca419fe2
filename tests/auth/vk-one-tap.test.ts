import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchOneTapFrame } from "~/features/auth/vk-one-tap";
import {
  acceptOneTapMessage,
  oneTapFrameUrl,
  oneTapMessage,
  parseOneTapMessage,
  VK_BRIDGE_TYPE,
  VK_ONE_TAP_HANDLERS,
} from "~/features/auth/vk-one-tap-protocol";

const VK = "https://id.vk.com";

describe("One Tap message protocol (VK ID bridge format)", () => {
  it("reads VK's bridge messages into the page's events", () => {
    expect(parseOneTapMessage({ type: VK_BRIDGE_TYPE, handler: "common: load" })).toEqual({ kind: "load" });
    expect(parseOneTapMessage({ type: VK_BRIDGE_TYPE, handler: "common: error", params: { code: 2 } })).toEqual({ kind: "error" });
    expect(parseOneTapMessage({ type: VK_BRIDGE_TYPE, handler: "onetap: not authorized" })).toEqual({ kind: "fast-auth-disabled" });
    expect(parseOneTapMessage({ type: VK_BRIDGE_TYPE, handler: "onetap: show full auth", params: {} })).toEqual({ kind: "choose" });
    expect(parseOneTapMessage({ type: VK_BRIDGE_TYPE, handler: "onetap: success login", params: { code: "x" } })).toEqual({ kind: "choose" });
  });

  it("ignores unknown and malformed messages", () => {
    for (const data of [
      null,
      "common: load",
      { handler: "common: load" },
      { type: "vk-id:auth", handler: "common: load" },
      { type: VK_BRIDGE_TYPE, handler: "common: show" },
      { type: VK_BRIDGE_TYPE, handler: 1 },
      { type: VK_BRIDGE_TYPE },
    ]) {
      expect(parseOneTapMessage(data)).toBeNull();
    }
  });

  it("accepts only the frame's own window at the frame's origin", () => {
    const frameWindow = {};
    const data = oneTapMessage(VK_ONE_TAP_HANDLERS.load);
    const frame = { origin: VK, window: frameWindow };
    expect(acceptOneTapMessage({ origin: VK, source: frameWindow, data }, frame)).toEqual({ kind: "load" });
    expect(acceptOneTapMessage({ origin: "https://evil.example", source: frameWindow, data }, frame)).toBeNull();
    expect(acceptOneTapMessage({ origin: VK, source: {}, data }, frame)).toBeNull(); // another id.vk.com window
    expect(acceptOneTapMessage({ origin: VK, source: null, data }, { origin: VK, window: null })).toBeNull(); // frame removed
  });

  it("builds the frame address with the numeric client id, the /auth callback and the page's origin", () => {
    const url = new URL(
      oneTapFrameUrl({
        base: `${VK}/button_one_tap_auth`,
        clientId: "51234567",
        redirectUri: "https://shop.example/auth",
        origin: "https://shop.example",
        locale: "en",
        scheme: "light",
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe("https://id.vk.com/button_one_tap_auth");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      app_id: "51234567",
      redirect_uri: "https://shop.example/auth",
      origin: "https://shop.example",
      lang_id: "3",
      scheme: "light",
      style_height: "48",
    });
    expect(url.searchParams.has("code_verifier")).toBe(false); // the verifier never leaves the server
  });
});

describe("the page watching the One Tap frame (spec §4: loaded 300 ms after load, timeout 5000 ms)", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function setup() {
    const frameWindow = { name: "one-tap" };
    let current: object | null = frameWindow;
    const states: string[] = [];
    const onChoose = vi.fn();
    const watch = watchOneTapFrame({
      frame: { origin: VK, window: () => current },
      timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
      onState: (state, failure) => states.push(failure ? `${state}:${failure}` : state),
      onChoose,
    });
    const post = (handler: (typeof VK_ONE_TAP_HANDLERS)[keyof typeof VK_ONE_TAP_HANDLERS], from: { origin?: string; source?: unknown } = {}) =>
      watch.receive({ origin: from.origin ?? VK, source: "source" in from ? from.source : current, data: oneTapMessage(handler) });
    return { watch, states, onChoose, post, removeFrame: () => void (current = null) };
  }

  it("is loaded exactly 300 ms after the load message, and then a press starts the sign-in", () => {
    const { watch, states, onChoose, post } = setup();
    vi.advanceTimersByTime(1200);
    post(VK_ONE_TAP_HANDLERS.load);
    vi.advanceTimersByTime(299);
    expect(watch.state).toBe("loading");
    vi.advanceTimersByTime(1);
    expect(watch.state).toBe("loaded");
    vi.advanceTimersByTime(10_000); // the timeout no longer applies
    expect(states).toEqual(["loaded"]);
    post(VK_ONE_TAP_HANDLERS.showFullAuth);
    expect(onChoose).toHaveBeenCalledTimes(1);
  });

  it("is not loaded at 5000 ms without a load message (timeout)", () => {
    const { watch, states, post } = setup();
    vi.advanceTimersByTime(4999);
    expect(watch.state).toBe("loading");
    vi.advanceTimersByTime(1);
    expect(watch.state).toBe("not_loaded");
    expect(states).toEqual(["not_loaded:timeout"]);
    post(VK_ONE_TAP_HANDLERS.load); // too late: nothing changes
    vi.advanceTimersByTime(300);
    expect(watch.state).toBe("not_loaded");
  });

  it("an internal error makes it not loaded at once, even with a load message pending", () => {
    const { watch, states, post } = setup();
    post(VK_ONE_TAP_HANDLERS.load);
    vi.advanceTimersByTime(100);
    post(VK_ONE_TAP_HANDLERS.error);
    expect(watch.state).toBe("not_loaded");
    vi.advanceTimersByTime(10_000);
    expect(states).toEqual(["not_loaded:internal"]);
  });

  it("fast auth disabled makes it not loaded, also after it was shown", () => {
    const first = setup();
    first.post(VK_ONE_TAP_HANDLERS.fastAuthDisabled);
    expect(first.states).toEqual(["not_loaded:fast-auth-disabled"]);
    // once loaded the state stays (spec: not_loaded only comes from loading)
    const second = setup();
    second.post(VK_ONE_TAP_HANDLERS.load);
    vi.advanceTimersByTime(300);
    second.post(VK_ONE_TAP_HANDLERS.fastAuthDisabled);
    expect(second.watch.state).toBe("loaded");
  });

  it("ignores messages from another origin or another window, and presses before the frame is shown", () => {
    const { watch, onChoose, post } = setup();
    post(VK_ONE_TAP_HANDLERS.load, { origin: "https://evil.example" });
    post(VK_ONE_TAP_HANDLERS.load, { source: { name: "other" } });
    post(VK_ONE_TAP_HANDLERS.error, { origin: "https://evil.example" });
    post(VK_ONE_TAP_HANDLERS.fastAuthDisabled, { source: null });
    post(VK_ONE_TAP_HANDLERS.showFullAuth); // still loading: invisible frame, no press
    expect(onChoose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4999);
    expect(watch.state).toBe("loading");
    vi.advanceTimersByTime(1);
    expect(watch.failure).toBe("timeout");
  });

  it("a removed frame's messages count no more", () => {
    const { onChoose, post, removeFrame } = setup();
    post(VK_ONE_TAP_HANDLERS.load);
    vi.advanceTimersByTime(300);
    removeFrame();
    post(VK_ONE_TAP_HANDLERS.showFullAuth);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it("dispose stops the timers", () => {
    const { watch, states } = setup();
    watch.dispose();
    vi.advanceTimersByTime(10_000);
    expect(states).toEqual([]);
  });
});
