import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * VK ID (spec §4, §5). Without JavaScript: a form that makes the server keep verifier and state in the session
 * and send the browser to VK's authorize page (303). With JavaScript the popup flow takes over (vk-popup.ts).
 */
export function VkButton({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/auth" reloadDocument className="w-full">
      <input type="hidden" name="intent" value="vk-start" />
      <input type="hidden" name="mode" value="redirect" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-[#0062d6] px-5 py-3 font-semibold text-white"
      >
        <VkMark />
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
