import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { watchOneTapFrame } from "./vk-one-tap";
import { ONE_TAP_HEIGHT } from "./vk-one-tap-protocol";
import type { WidgetState } from "./vk-popup";

/**
 * The VK ID One Tap frame (spec §4 widget states; ADR 045). JavaScript only: nothing is rendered on the server
 * or before hydration, so customers without JavaScript see just the VK button. The frame loads hidden behind a
 * placeholder (`loading`); its load message makes it `loaded` 300 ms later (shown); no load message within
 * 5000 ms, an internal error or fast auth disabled make it `not_loaded` and remove it (the VK button beside it
 * still works). Only messages of the frame's own window from the frame's origin count (vk-one-tap-protocol.ts).
 * A press in the frame starts the same window flow as the VK button (`onChoose`).
 */
export function VkOneTap({ src, onChoose }: { src: string; onChoose: () => void }) {
  const hydrated = useHydrated();
  return hydrated ? <OneTapFrame src={src} onChoose={onChoose} /> : null;
}

function OneTapFrame({ src, onChoose }: { src: string; onChoose: () => void }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<WidgetState>("loading");
  const choose = useRef(onChoose);
  choose.current = onChoose;

  useEffect(() => {
    setState("loading");
    const watch = watchOneTapFrame({
      frame: { origin: new URL(src, window.location.href).origin, window: () => frame.current?.contentWindow ?? null },
      timers: { setTimeout: (fn, ms) => window.setTimeout(fn, ms), clearTimeout: (handle) => window.clearTimeout(handle as number) },
      onState: setState,
      onChoose: () => choose.current(),
    });
    const onMessage = (event: MessageEvent) => watch.receive(event);
    window.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("message", onMessage);
      watch.dispose();
    };
  }, [src]);

  if (state === "not_loaded") return null;
  const loaded = state === "loaded";
  return (
    <div className="relative w-full" style={{ height: ONE_TAP_HEIGHT }} data-testid="vk-one-tap" data-state={state}>
      {loaded ? null : (
        <p
          role="status"
          className="absolute inset-0 flex items-center justify-center gap-2 rounded-full border border-line bg-surface text-sm text-muted"
        >
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none" />
          {t("auth.vkWidget.loading")}
        </p>
      )}
      <iframe
        ref={frame}
        src={src}
        title={t("auth.vkWidget.title")}
        // invisible (so out of the tab order and the accessibility tree) until loaded; it loads all the same
        className={`block h-full w-full rounded-full border-0 ${loaded ? "" : "invisible"}`}
      />
    </div>
  );
}
