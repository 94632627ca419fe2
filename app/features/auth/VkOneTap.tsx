import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { watchOneTapFrame } from "./vk-one-tap";
import type { WidgetState } from "./vk-popup";

/**
 * The VK ID One Tap frame (spec §4 widget states; ADR 045, 229). JavaScript only: nothing is rendered on the server
 * or before hydration, so customers without JavaScript see just the VK button. The frame takes the VK button's place
 * (VkButton's row; ADR 229): it loads invisible over the button, which stays in view and works (`loading`); its load
 * message makes it `loaded` 300 ms later, and it is shown in the button's place; no load message within 5000 ms, an
 * internal error or fast auth disabled make it `not_loaded` and remove it (the button was never away). So nothing
 * on the screen moves when the frame comes or goes — a customer's press lands on what they aimed at. While the VK
 * window flow runs (`covered`) the frame is hidden again and the button shows the flow's pending state. Only
 * messages of the frame's own window from the frame's origin count (vk-one-tap-protocol.ts). A press in the frame
 * starts the same window flow as the VK button (`onChoose`).
 */
export function VkOneTap({ src, onChoose, covered = false }: { src: string; onChoose: () => void; covered?: boolean }) {
  const hydrated = useHydrated();
  return hydrated ? <OneTapFrame src={src} onChoose={onChoose} covered={covered} /> : null;
}

function OneTapFrame({ src, onChoose, covered }: { src: string; onChoose: () => void; covered: boolean }) {
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
  const shown = state === "loaded" && !covered;
  return (
    // over the VK button's row, the same box (VkButton); invisible (so out of the tab order, the accessibility tree
    // and the pointer's way: the button beneath answers) until loaded; it loads all the same
    <div className={`absolute inset-0 ${shown ? "" : "invisible"}`} data-testid="vk-one-tap" data-state={state}>
      <iframe ref={frame} src={src} title={t("auth.vkWidget.title")} className="block h-full w-full rounded-full border-0" />
    </div>
  );
}
