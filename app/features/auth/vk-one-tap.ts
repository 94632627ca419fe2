/**
 * What the /auth page does with the One Tap frame's messages (spec §4 widget states; ADR 045), apart from the
 * DOM so it can be tested: messages of the frame's own window and origin drive the widget state machine; a
 * press counts only once the frame is shown. The component removes the frame when the state is `not_loaded`.
 */
import { acceptOneTapMessage } from "./vk-one-tap-protocol";
import { createWidgetState, type WidgetFailure, type WidgetState } from "./vk-popup";

export interface OneTapWatch {
  readonly state: WidgetState;
  readonly failure: WidgetFailure | null;
  /** a `message` event of the page's window */
  receive(event: { origin: string; source: unknown; data: unknown }): void;
  dispose(): void;
}

export function watchOneTapFrame(options: {
  /** the frame's origin and its current window (null once removed) */
  frame: { origin: string; window: () => unknown };
  timers: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (h: unknown) => void };
  onState: (state: WidgetState, failure: WidgetFailure | null) => void;
  onChoose: () => void;
}): OneTapWatch {
  const machine = createWidgetState(options.onState, options.timers);
  return {
    get state() {
      return machine.state;
    },
    get failure() {
      return machine.failure;
    },
    receive(event) {
      const message = acceptOneTapMessage(event, { origin: options.frame.origin, window: options.frame.window() });
      if (!message) return;
      if (message.kind === "load") machine.loaded();
      else if (message.kind === "error") machine.failed("internal");
      else if (message.kind === "fast-auth-disabled") machine.failed("fast-auth-disabled");
      // a press counts only on a frame the customer can see
      else if (message.kind === "choose" && machine.state === "loaded") options.onChoose();
    },
    dispose: () => machine.dispose(),
  };
}
