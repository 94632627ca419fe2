import { Form } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Confirm } from "~/components/ui/Layer";

/**
 * The age confirmation dialog (spec §2): a plain form posting intent=adult to /preferences, which remembers
 * it in the prefs cookie and sends the customer back (to the section's anchor when one is given).
 */
export function AgeConfirm({ returnTo, cancelTo }: { returnTo: string; cancelTo: string }) {
  const { t } = useTranslation();
  return (
    <Confirm
      title={t("age.title")}
      text={t("age.text")}
      cancelTo={cancelTo}
      confirm={
        <Form method="post" action="/preferences" preventScrollReset>
          <input type="hidden" name="intent" value="adult" />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <button type="submit" className="rounded-full bg-brand px-5 py-2 font-semibold text-on-brand">
            {t("age.confirm")}
          </button>
        </Form>
      }
    />
  );
}
