import { useNonce } from "~/document/nonce";

/**
 * The web-analytics counter (spec §1): rendered only when the brand configures a counter id AND the
 * customer accepted cookies. The loader snippet carries the CSP nonce; the CSP allows the counter's
 * origin only for brands that configure it.
 */
export function Analytics({ counterId }: { counterId: string }) {
  const nonce = useNonce();
  const id = Number(counterId);
  if (!Number.isSafeInteger(id)) return null;
  // built on the server only (ADR 114): a script React inserts in the browser never runs, and on hydration React
  // keeps the server's inner HTML, so the browser's bundle need not carry the snippet
  const snippet = !import.meta.env.SSR
    ? ""
    : `(function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};m[i].l=1*new Date();` +
    `k=e.createElement(t),a=e.getElementsByTagName(t)[0],k.async=1,k.src=r,a.parentNode.insertBefore(k,a)})` +
    `(window,document,"script","https://mc.yandex.ru/metrika/tag.js","ym");ym(${id},"init",{clickmap:true,trackLinks:true,accurateTrackBounce:true});`;
  return <script nonce={nonce} data-testid="analytics-counter" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: snippet }} />;
}
