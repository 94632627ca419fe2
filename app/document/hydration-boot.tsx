import BOOT from "./boot.ts?inline-script";

export { BOOT };

/**
 * The boot script (boot.ts, minified by the build) on the server only: it runs from the server's HTML, a script
 * React inserts in the browser never runs, and on hydration React keeps the server's inner HTML (as ADR 110's
 * JSON-LD and ADR 114's analytics snippet), so the browser's bundle does not carry it (ADR 117: about 1.2 KB gzip
 * on every first view).
 */
const BOOT_HTML = { __html: import.meta.env.SSR ? BOOT : "" };

/**
 * `warmIntl`: the page's hydration formats a number (a price, a weight), so the boot creates the first Intl
 * object in a task of its own; a page whose hydration formats none (the home and the menu, whose cards are kept
 * as the server sent them, ADR 106) does not pay ICU's 25–35 ms at all (ADR 117, `hydratesNumbers`).
 */
export function HydrationBoot({ nonce, warmIntl }: { nonce?: string; warmIntl: boolean }) {
  return (
    <script
      nonce={nonce}
      data-boot=""
      data-warm-intl={warmIntl ? "" : undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={BOOT_HTML}
    />
  );
}
