import { Form, useFetcher } from "react-router";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { firstMessage } from "~/features/forms/form-result";
import type { AuthActionData } from "./sign-in.server";
import { VkOneTap } from "./VkOneTap";
import { ONE_TAP_HEIGHT } from "./vk-one-tap-protocol";
import { browserEnv, openVkPopup, VK_MESSAGE_TYPE, type PopupSession, type VkSdkError } from "./vk-popup";

/**
 * The JavaScript sign-in with VK ID (spec §4, ADR 033): opens the centred 800x800 window at once (inside the
 * click, so pop-up blockers allow it), asks the server for the authorize address (the server makes and keeps
 * verifier and state), and exchanges the code the window hands back. One flow for the VK button and the One
 * Tap frame (VkOneTap), so both show the same pending state and errors.
 */
function useVkWindowFlow(redirectTo: string) {
  const start = useFetcher<AuthActionData>();
  const exchange = useFetcher<AuthActionData>();
  const session = useRef<PopupSession | null>(null);
  const [error, setError] = useState<VkSdkError | null>(null);

  const begin = useCallback(() => {
    setError(null);
    session.current?.cancel();
    const popup = openVkPopup(browserEnv());
    session.current = popup;
    popup.result.then(
      ({ code, state, deviceId }) => exchange.submit({ intent: "vk-exchange", code, state, deviceId, redirectTo }, { method: "post", action: "/auth" }),
      (code: VkSdkError) => {
        if (session.current === popup) setError(code);
      },
    );
    start.submit({ intent: "vk-start", mode: "popup", redirectTo }, { method: "post", action: "/auth" });
    // fetcher.submit is stable across renders; redirectTo is the only input
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redirectTo]);

  useEffect(() => {
    const answer = start.data;
    if (start.state === "idle" && answer?.authorizeUrl && answer.vkState) session.current?.navigate(new URL(answer.authorizeUrl, window.location.href).href, answer.vkState);
  }, [start.state, start.data]);

  useEffect(() => () => session.current?.cancel(), []);

  return {
    begin,
    busy: start.state !== "idle" || exchange.state !== "idle",
    error,
    serverError: firstMessage(exchange.data) ?? firstMessage(start.data),
  };
}

/**
 * VK ID (spec §4, §5). Without JavaScript: a form that makes the server keep verifier and state in the session
 * and send the browser to VK's authorize page (303). With JavaScript: the same click opens the centred 800x800
 * window (vk-popup.ts); the server still makes and keeps verifier and state; the code comes back by message.
 * With JavaScript and a One Tap address the VK One Tap frame loads over the button and, once loaded, is shown in
 * its place (VkOneTap, ADR 229): the button is in view until then and again when the frame goes or the window flow
 * runs, so nothing is lost when the frame does not load, and nothing on the page moves for it.
 */
export function VkButton({ redirectTo, oneTapUrl }: { redirectTo: string; oneTapUrl?: string | null }) {
  const { t } = useTranslation();
  const flow = useVkWindowFlow(redirectTo);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    flow.begin();
  }

  return (
    <div className="flex w-full flex-col gap-2">
      {/* the button's row: the One Tap frame lies over it, the same box (the button's, ONE_TAP_HEIGHT tall) */}
      <div className="group relative">
        <Form method="post" action="/auth" reloadDocument className="w-full" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="vk-start" />
          <input type="hidden" name="mode" value="redirect" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            aria-busy={flow.busy || undefined}
            // hidden under the loaded frame, shown again with the window flow's pending state
            className={`inline-flex w-full items-center justify-center gap-2 rounded-full bg-[#0062d6] px-5 py-3 font-semibold text-white ${flow.busy ? "" : "group-has-[[data-state=loaded]]:invisible"}`}
            style={{ minHeight: ONE_TAP_HEIGHT }}
          >
            <VkMark />
            {flow.busy ? t("auth.pending") : t("auth.vk")}
          </button>
        </Form>
        {oneTapUrl ? <VkOneTap src={oneTapUrl} onChoose={flow.begin} covered={flow.busy} /> : null}
      </div>
      {flow.error ? (
        <p role="alert" className="text-sm text-red-300 [[data-theme=light]_&]:text-red-800" data-testid="vk-error">
          {t(`auth.errors.vk${flow.error}`)}
        </p>
      ) : flow.serverError ? (
        <p role="alert" className="text-sm text-red-300 [[data-theme=light]_&]:text-red-800">
          {flow.serverError}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The popup's /auth page after VK sent it back: hands code and state to the window that opened it and closes.
 * Without an opener (the window became a tab) a plain form finishes the sign-in here.
 */
export function VkPopupHandOver({ code, state, deviceId, redirectTo }: { code: string; state: string; deviceId: string; redirectTo: string }) {
  const { t } = useTranslation();
  const [orphan, setOrphan] = useState(false);
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener) {
      setOrphan(true);
      return;
    }
    opener.postMessage({ type: VK_MESSAGE_TYPE, code, state, deviceId }, window.location.origin);
    window.close();
  }, [code, state, deviceId]);
  return (
    <Form method="post" action="/auth" className="flex flex-col gap-3" data-testid="vk-hand-over">
      <input type="hidden" name="intent" value="vk-exchange" />
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="state" value={state} />
      <input type="hidden" name="deviceId" value={deviceId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-muted">{orphan ? "" : t("auth.pending")}</p>
      <button type="submit" className="rounded-full bg-brand px-5 py-3 font-semibold text-on-brand">
        {t("auth.vk")}
      </button>
    </Form>
  );
}

function VkMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
      <path d="M12.8 17.5c-5.5 0-8.6-3.8-8.8-10h2.8c.1 4.6 2.1 6.5 3.7 6.9V7.5h2.6v3.9c1.6-.2 3.3-2 3.8-3.9h2.6a7.7 7.7 0 0 1-3.5 5 8 8 0 0 1 4.1 5h-2.9a5 5 0 0 0-4.1-3.6v3.6h-.3Z" />
    </svg>
  );
}
