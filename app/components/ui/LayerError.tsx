import { isRouteErrorResponse, useRouteError } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Layer } from "./Layer";

/**
 * The error boundary of a layer route (issue 13 §6): a failing position, promotion or confirmation layer
 * fails inside the layer — the page behind it (the menu, the list) stays, and closing goes back to it —
 * instead of the whole page turning into the root's error screen.
 */
export function LayerError({ closeTo }: { closeTo: string }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data && !notFound ? error.data : null;
  return (
    <Layer title={notFound ? t("errors.notFoundTitle") : t("errors.errorTitle")} closeTo={closeTo} maxWidth="30rem" testId="layer-error">
      <p className="text-muted">{message ?? (notFound ? t("errors.notFoundTitle") : t("errors.unknown"))}</p>
    </Layer>
  );
}
