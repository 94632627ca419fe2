import { createContext, useContext, type ReactNode } from "react";
import { createTranslator, type TFunction, type Translator } from "~/i18n/translator";

/**
 * `useTranslation()` for components: the same call shape as react-i18next's (`const { t, i18n } =
 * useTranslation()`; `i18n.language`), served by the small translator (docs/decisions/009).
 */
const TranslatorContext = createContext<Translator>(createTranslator("ru", {}));

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: Translator } {
  const i18n = useContext(TranslatorContext);
  return { t: i18n.t, i18n };
}

export type { TFunction };
