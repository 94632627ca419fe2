import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { useTranslation } from "~/i18n/react";

export interface HoneypotFieldsProps {
  nameFieldName: string;
  validFromFieldName: string;
  encryptedValidFrom: string;
}

/**
 * The honeypot of a public form (issue 8 §2, ADR 044): remix-utils' hidden inputs — a trap field people
 * never see (display: none, aria-hidden, out of the tab order) and the sealed render time — filled with
 * the props the page's loader made (server/honeypot.ts).
 */
export function HoneypotFields(props: HoneypotFieldsProps) {
  const { t } = useTranslation();
  return (
    <HoneypotProvider {...props}>
      <HoneypotInputs label={t("errors.honeypotLabel")} />
    </HoneypotProvider>
  );
}
