import { useTranslation } from "~/i18n/react";
import type { EtaView } from "./eta.server";

const WHEN_SLOT = "\u2063@\u2063";

/**
 * A sentence about when the order arrives (issue 39 §3, ADR 190): `key`'s text with its `{{when}}` — 'сегодня к 19:40',
 * 'завтра к 09:30', '12 декабря к 10:00', words made on the server — kept on one line (never 'к' / '12:20'), the
 * instant in `<time>`. Plain server-rendered text, no script of its own.
 */
export function EtaSentence({ eta, messageKey }: { eta: EtaView; messageKey: string }) {
  const { t } = useTranslation();
  const when = t(`checkout.eta.${eta.day}`, { time: eta.time, date: eta.date });
  const text = t(messageKey, { when: WHEN_SLOT });
  const at = text.indexOf(WHEN_SLOT);
  return (
    <time dateTime={eta.at}>
      {at < 0 ? (
        text
      ) : (
        <>
          {text.slice(0, at)}
          <span className="whitespace-nowrap">{when}</span>
          {text.slice(at + WHEN_SLOT.length)}
        </>
      )}
    </time>
  );
}

/** When the order arrives, on the success screen: 'Доставим сегодня к 19:40', 'Заказ будет готов завтра к 09:30'. */
export function OrderEta({ eta }: { eta: EtaView }) {
  return (
    <p className="text-lg font-semibold" data-testid="order-eta" data-source={eta.source}>
      <EtaSentence eta={eta} messageKey={`checkout.eta.${eta.method}`} />
    </p>
  );
}
