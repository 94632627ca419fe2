import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useMoney } from "~/components/ui/useMoney";
import { createTranslator } from "~/i18n/translator";
import { I18nProvider } from "~/i18n/react";
import type { MoneyPattern } from "~/lib/money-pattern";

/** a pattern no locale has, so that the text shows which way the amount was written */
const odd: MoneyPattern = { locale: "ru-RU", currency: "RUB", positive: ["", " руб."], negative: ["минус ", " руб."], group: "_", decimal: "." };

function Price({ minor, currency, pattern }: { minor: number; currency: string; pattern?: MoneyPattern | null }) {
  return <>{useMoney(currency, pattern)(minor)}</>;
}

function render(language: string, node: JSX.Element) {
  return renderToStaticMarkup(<I18nProvider i18n={createTranslator(language, {})}>{node}</I18nProvider>);
}

describe("useMoney with a loader's pattern (ADR 117)", () => {
  it("writes with the pattern when it is for the page's language and the amount's currency", () => {
    expect(render("ru", <Price minor={123456} currency="RUB" pattern={odd} />)).toBe("1_234.56 руб.");
    expect(render("ru", <Price minor={-100} currency="RUB" pattern={odd} />)).toBe("минус 1 руб.");
  });
  it("asks Intl for any other language or currency, or without a pattern", () => {
    expect(render("en", <Price minor={123456} currency="RUB" pattern={odd} />)).toBe("1,234.56\u00a0₽");
    expect(render("ru", <Price minor={123456} currency="USD" pattern={odd} />)).toBe("1\u00a0234,56\u00a0$");
    expect(render("ru", <Price minor={123456} currency="RUB" pattern={null} />)).toBe("1\u00a0234,56\u00a0₽");
  });
});
