import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/**
 * One labelled form field wired the conform way (issue 13 §5): the label points at the control, the hint and
 * the error have the ids conform derives (`descriptionId`, `errorId`), and the control's `aria-invalid` /
 * `aria-describedby` come from conform's `getInputProps`/`getTextareaProps`/`getSelectProps` — so the same
 * markup serves the server-rendered answer of a failed POST (JavaScript off) and client validation (on).
 *
 * ```tsx
 * const [form, fields] = useLazyForm({ lastResult }, () => import("./x-form").then((m) => m.parseXForm)); // ADR 104
 * <Field meta={fields.name} label={t("checkout.name")} hint={t("checkout.nameHint")}>
 *   {(wiring) => <input {...getInputProps(fields.name, { type: "text", ...wiring })} className={fieldInputClass} />}
 * </Field>
 * ```
 * or, for the common cases, `<TextField meta={…} label={…} type="tel" />` / `<TextAreaField … />`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is generic over the whole form's shape
type Meta = FieldMetadata<any, any, any>;

export const fieldInputClass = "w-full min-w-0 rounded-xl border border-line bg-bg px-3 py-2 aria-[invalid=true]:border-danger";

/** what the control passes on to conform's getters: the hint's id joins `aria-describedby` */
export interface FieldWiring {
  ariaDescribedBy?: string;
}

export function Field({
  meta,
  label,
  hint,
  children,
  className = "flex flex-col gap-1",
  alert = false,
}: {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  children: (wiring: FieldWiring) => ReactNode;
  className?: string;
  /** announce the error as it appears (role="alert"): for a form whose one field is all it asks, like sign-in */
  alert?: boolean;
}) {
  const error = meta.errors?.[0];
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="text-sm font-medium">
        {label}
      </label>
      {children({ ariaDescribedBy: hint ? meta.descriptionId : undefined })}
      {hint ? (
        <p id={meta.descriptionId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={meta.errorId}
          role={alert ? "alert" : undefined}
          className="text-sm text-danger"
          data-testid={`error-${meta.name}`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputType = "text" | "tel" | "email" | "number" | "search" | "password" | "url";

/** A one-line text input in a `Field`. Extra props (autoComplete, inputMode, maxLength…) go to the input. */
export function TextField({
  meta,
  label,
  hint,
  type = "text",
  ...rest
}: { meta: Meta; label: ReactNode; hint?: ReactNode; type?: InputType } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "name" | "id" | "defaultValue" | "form"
>) {
  return (
    <Field meta={meta} label={label} hint={hint}>
      {(wiring) => {
        const { key, ...props } = getInputProps(meta, { type, ...wiring });
        return <input key={key} {...props} className={fieldInputClass} {...rest} />;
      }}
    </Field>
  );
}

/** A multi-line text input in a `Field`. */
export function TextAreaField({
  meta,
  label,
  hint,
  ...rest
}: { meta: Meta; label: ReactNode; hint?: ReactNode } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "name" | "id" | "defaultValue" | "form"
>) {
  return (
    <Field meta={meta} label={label} hint={hint}>
      {(wiring) => {
        const { key, ...props } = getTextareaProps(meta, wiring);
        return <textarea key={key} {...props} className={fieldInputClass} {...rest} />;
      }}
    </Field>
  );
}

/** A select in a `Field`; the options are its children. */
export function SelectField({
  meta,
  label,
  hint,
  children,
  ...rest
}: { meta: Meta; label: ReactNode; hint?: ReactNode; children: ReactNode } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "name" | "id" | "defaultValue" | "form" | "children"
>) {
  return (
    <Field meta={meta} label={label} hint={hint}>
      {(wiring) => {
        const { key, ...props } = getSelectProps(meta, wiring);
        return (
          <select key={key} {...props} className={fieldInputClass} {...rest}>
            {children}
          </select>
        );
      }}
    </Field>
  );
}
