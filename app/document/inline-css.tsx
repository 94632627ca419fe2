import { createContext, useContext, useState } from "react";

/**
 * The app's stylesheet inlined into the document head (ADR 053): the first paint needs no second request.
 * The server provides the CSS text (entry.server.tsx); the browser keeps the text the server sent, read
 * from the DOM once, so hydration matches and even a client re-render of the whole document keeps it.
 */
export const InlineCssContext = createContext<string | null>(null);

const SELECTOR = "style[data-app-css]";

export function InlineStyles({ nonce }: { nonce?: string }) {
  const fromServer = useContext(InlineCssContext);
  const [css] = useState(() => fromServer ?? (typeof document === "undefined" ? "" : (document.querySelector(SELECTOR)?.textContent ?? "")));
  return <style data-app-css="" nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}
