import { describe, expect, it, vi } from "vitest";
import { centredFeatures, createWidgetState, openVkPopup, VK_MESSAGE_TYPE, type PopupEnv } from "~/features/auth/vk-popup";

function fakeEnv(options: { open?: boolean; supported?: boolean } = {}) {
  let listener: ((event: { origin: string; data: unknown }) => void) | null = null;
  const win = { closed: false, close: vi.fn(() => void (win.closed = true)), location: { href: "about:blank" } };
  const open = vi.fn(() => (options.open === false ? null : win));
  const env: PopupEnv = {
    open,
    addMessageListener(l) {
      listener = l;
      return () => void (listener = null);
    },
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    origin: "https://shop.example",
    screen: { left: 100, top: 50, width: 1600, height: 1000 },
    supported: options.supported ?? true,
  };
  const send = (data: unknown, origin = "https://shop.example") => listener?.({ origin, data });
  return { env, win, open, send };
}

describe("VK ID window (spec §4, §8 errors 100–104)", () => {
  it("opens a centred 800x800 window and resolves on the matching state message", async () => {
    const { env, win, open, send } = fakeEnv();
    const popup = openVkPopup(env);
    expect(open).toHaveBeenCalledWith("about:blank", "vk_id_auth", "popup=yes,width=800,height=800,left=500,top=150");
    popup.navigate("https://id.vk.com/authorize?x", "S".repeat(64));
    expect(win.location.href).toBe("https://id.vk.com/authorize?x");
    send({ type: VK_MESSAGE_TYPE, code: "c1", state: "S".repeat(64) }, "https://evil.example"); // other origins are ignored
    send({ type: VK_MESSAGE_TYPE, code: "c1", state: "S".repeat(64), deviceId: "d" });
    await expect(popup.result).resolves.toEqual({ code: "c1", state: "S".repeat(64), deviceId: "d" });
    expect(win.close).toHaveBeenCalled();
  });

  it("104 when the state differs", async () => {
    const { env, send } = fakeEnv();
    const popup = openVkPopup(env);
    popup.navigate("https://id.vk.com/authorize", "A".repeat(64));
    send({ type: VK_MESSAGE_TYPE, code: "c", state: "B".repeat(64) });
    await expect(popup.result).rejects.toBe(104);
  });

  it("103 when the window reports a failed authorization", async () => {
    const { env, send } = fakeEnv();
    const popup = openVkPopup(env);
    popup.navigate("u", "A".repeat(64));
    send({ type: VK_MESSAGE_TYPE, error: "access_denied" });
    await expect(popup.result).rejects.toBe(103);
  });

  it("102 when the customer closes the window (polled every 1000 ms, one poll of grace for a late message)", async () => {
    vi.useFakeTimers();
    try {
      const { env, win } = fakeEnv();
      const popup = openVkPopup(env);
      const outcome = popup.result.catch((e: unknown) => e);
      win.closed = true;
      await vi.advanceTimersByTimeAsync(1999);
      const early = await Promise.race([outcome, Promise.resolve("pending")]);
      expect(early).toBe("pending");
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBe(102);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a message that arrives just after the window closed still signs in", async () => {
    vi.useFakeTimers();
    try {
      const { env, win, send } = fakeEnv();
      const popup = openVkPopup(env);
      popup.navigate("u", "A".repeat(64));
      win.closed = true;
      await vi.advanceTimersByTimeAsync(1000);
      send({ type: VK_MESSAGE_TYPE, code: "c", state: "A".repeat(64) });
      await expect(popup.result).resolves.toMatchObject({ code: "c" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("101 when the window cannot open, 100 when the browser cannot do it at all", async () => {
    await expect(openVkPopup(fakeEnv({ open: false }).env).result).rejects.toBe(101);
    await expect(openVkPopup(fakeEnv({ supported: false }).env).result).rejects.toBe(100);
  });

  it("centres on the current window and never goes off-screen", () => {
    expect(centredFeatures({ left: 0, top: 0, width: 400, height: 300 })).toBe("popup=yes,width=800,height=800,left=0,top=0");
  });
});

describe("VK widget states (spec §4)", () => {
  const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) };

  it("loaded 300 ms after the load message", () => {
    vi.useFakeTimers();
    try {
      const changes: string[] = [];
      const widget = createWidgetState((s) => changes.push(s), timers);
      expect(widget.state).toBe("loading");
      vi.advanceTimersByTime(1000);
      widget.loaded();
      vi.advanceTimersByTime(299);
      expect(widget.state).toBe("loading");
      vi.advanceTimersByTime(1);
      expect(widget.state).toBe("loaded");
      vi.advanceTimersByTime(10_000); // the 5000 ms timeout no longer applies
      expect(changes).toEqual(["loaded"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("not_loaded after 5000 ms without a load message, or on an error", () => {
    vi.useFakeTimers();
    try {
      const slow = createWidgetState(() => {}, timers);
      vi.advanceTimersByTime(4999);
      expect(slow.state).toBe("loading");
      vi.advanceTimersByTime(1);
      expect(slow.state).toBe("not_loaded");
      expect(slow.failure).toBe("timeout");
      const failing = createWidgetState(() => {}, timers);
      failing.loaded();
      failing.failed();
      vi.advanceTimersByTime(1000);
      expect(failing.state).toBe("not_loaded");
      expect(failing.failure).toBe("internal");
      const noFastAuth = createWidgetState(() => {}, timers);
      noFastAuth.failed("fast-auth-disabled");
      expect([noFastAuth.state, noFastAuth.failure]).toEqual(["not_loaded", "fast-auth-disabled"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
