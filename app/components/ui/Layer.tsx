import { Link, useNavigate } from "react-router";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { useFocusLock } from "./focus-lock";
import { ESCAPE_CLOSE_ATTR, LAYER_LIVE_ATTR } from "~/document/escape-close";

/**
 * A layer over the page (spec §2): a centred dialog at 840 px and wider, a bottom sheet below.
 * Unlike a portal-based dialog it is server-rendered, so a route layer (position, promotion detail,
 * confirmations) shows without JavaScript too, with a close link back to `closeTo`. With JavaScript,
 * focus moves in and is trapped, Escape closes, the page behind does not scroll, and focus returns to the control
 * that opened it.
 * z-index 2400 (spec §9).
 */
export function Layer({
  title,
  children,
  closeTo,
  onClose,
  maxWidth = "56.25rem",
  dismissOnOutsideClick = true,
  hideTitle = false,
  footer,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  /** where closing goes: a URL (works without JavaScript) … */
  closeTo?: string;
  /** … or a callback (JavaScript-only layers) */
  onClose?: () => void;
  maxWidth?: string;
  dismissOnOutsideClick?: boolean;
  hideTitle?: boolean;
  footer?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusLock(dialogRef);

  // the control that opened the layer (a card's link, 'Очистить корзину') gets the focus back when it closes
  // (read while rendering: once the page behind turns inert the browser may drop the focus to <body>)
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  useEffect(
    // runs after the commit that removed the layer, so the page behind is no longer inert
    () => () => {
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus({ preventScroll: true });
    },
    [opener],
  );

  const navigate = useNavigate();
  useEffect(() => {
    // this layer's Escape is its own from now on; before, the boot script's followed the close link (ADR 228)
    dialogRef.current?.setAttribute(LAYER_LIVE_ATTR, "");
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    // Escape closes: the layer's own way, else its close link's address (a layer the server rendered, issue 36 §4)
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (onClose) {
        event.preventDefault();
        onClose();
      } else if (closeTo) {
        event.preventDefault();
        navigate(closeTo, { preventScrollReset: true });
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener("keydown", onKey);
    };
  }, [onClose, closeTo, navigate]);

  const closeClass = "inline-flex size-10 items-center justify-center rounded-full hover:bg-bg";
  const closeIcon = (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );

  return (
    <div className="fixed inset-0 z-[2400] flex items-end justify-center md:items-center md:p-6" data-testid={testId}>
      {/* the scrim: clicking it closes when the layer allows it */}
      {dismissOnOutsideClick && closeTo ? (
        <Link
          to={closeTo}
          preventScrollReset
          aria-hidden="true"
          tabIndex={-1}
          className="absolute inset-0 bg-black/60"
          onClick={onClose ? (e) => (e.preventDefault(), onClose()) : undefined}
        />
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-black/60"
          onClick={dismissOnOutsideClick && onClose ? onClose : undefined}
        />
      )}
      <div
        // the focus moves in and Tab stays inside (ADR 111); the page behind is inert (ADR 050)
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        style={{ maxWidth }}
        className="relative flex max-h-[92dvh] w-full flex-col overflow-hidden rounded-t-3xl bg-surface text-fg shadow-2xl md:rounded-3xl"
      >
        <div className="flex items-center gap-2 border-b border-line px-5 py-3">
          <h2 id={titleId} className={hideTitle ? "sr-only" : "flex-1 text-lg font-semibold"}>
            {title}
          </h2>
          {hideTitle ? <span className="flex-1" /> : null}
          {closeTo ? (
            <Link
              to={closeTo}
              preventScrollReset
              className={closeClass}
              aria-label={t("app.close")}
              {...{ [ESCAPE_CLOSE_ATTR]: "" }}
              onClick={onClose ? (e) => (e.preventDefault(), onClose()) : undefined}
            >
              {closeIcon}
            </Link>
          ) : onClose ? (
            <button type="button" className={closeClass} aria-label={t("app.close")} onClick={onClose}>
              {closeIcon}
            </button>
          ) : null}
        </div>
        <div className="overflow-y-auto overscroll-contain px-5 py-4">{children}</div>
        {footer ? <div className="border-t border-line px-5 py-3">{footer}</div> : null}
      </div>
    </div>
  );
}

/**
 * The confirmation popup (spec §2): headline 'Подтвердить?' by default, 'Отмена' and 'Ок', max width
 * 30rem, not dismissed by an outside click. The confirm button submits whatever form wraps `confirm`. Its close
 * button and Escape cancel, as 'Отмена' does (issue 36 §4).
 */
export function Confirm({
  title,
  text,
  confirm,
  cancelTo,
  onCancel,
  showCancel = true,
}: {
  title?: ReactNode;
  text?: ReactNode;
  /** the confirm control: usually a submit button inside a <Form> */
  confirm: ReactNode;
  cancelTo?: string;
  onCancel?: () => void;
  showCancel?: boolean;
}) {
  const { t } = useTranslation();
  const cancelClass = "rounded-full px-5 py-2 font-medium hover:bg-bg";
  // a close button and Escape do what 'Отмена' does (issue 36 §4); a confirmation without a way out has neither
  return (
    <Layer
      title={title ?? t("app.confirmTitle")}
      maxWidth="30rem"
      dismissOnOutsideClick={false}
      testId="confirm"
      closeTo={cancelTo}
      onClose={onCancel}
    >
      {text ? <p className="mb-4 text-muted">{text}</p> : null}
      <div className="flex justify-end gap-2">
        {showCancel ? (
          cancelTo ? (
            <Link
              to={cancelTo}
              preventScrollReset
              className={cancelClass}
              onClick={onCancel ? (e) => (e.preventDefault(), onCancel()) : undefined}
            >
              {t("app.cancel")}
            </Link>
          ) : (
            <button type="button" className={cancelClass} onClick={onCancel}>
              {t("app.cancel")}
            </button>
          )
        ) : null}
        {confirm}
      </div>
    </Layer>
  );
}
