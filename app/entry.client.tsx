import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { routerStateDecoded } from "~/document/router-state";

/**
 * The router's state is decoded before the hydration starts (ADR 220): React Router's `HydratedRouter` otherwise
 * suspends at the root on its first render while it decodes the state the server streamed, and a key or a tap arriving
 * then makes React 18 hydrate the root synchronously, meet that suspension with nothing to catch it, and give the whole
 * hydration up (error #345): the page stayed the server's until the next load.
 */
void routerStateDecoded(HydratedRouter).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
