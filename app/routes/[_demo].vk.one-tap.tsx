import { renderToStaticMarkup } from "react-dom/server";
import { createNonce, demoVkOneTap, framedStandInHeaders } from "~/features/auth/demo-idp.server";
import type { Route } from "./+types/[_demo].vk.one-tap";
import { requestContextOf } from "~/shell/request.server";

/**
 * Demo only (ADR 045): a stand-in for VK ID's One Tap frame (`button_one_tap_auth`), framed by /auth. A small
 * page of its own, like VK's: a "Continue as <demo person>" button that posts VK's bridge messages to the
 * parent at the `origin` parameter — load at once, a press as "show full auth". `?scenario=internal`,
 * `fast-auth-disabled` or `silent` (never loads) let tests drive each widget state. 404 outside demo mode.
 * It is the only page allowed in a frame, and only on this site (`frame-ancestors 'self'`).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  const page = await demoVkOneTap(rc);
  if (!page) return new Response("Not found", { status: 404 });
  if ("error" in page) return new Response(page.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const nonce = createNonce();
  const html = renderToStaticMarkup(<OneTapStandIn page={page} nonce={nonce} />);
  return new Response(`<!doctype html>${html}`, { headers: framedStandInHeaders(nonce) });
}

type Page = Exclude<Awaited<ReturnType<typeof demoVkOneTap>>, null | { error: string }>;

/** JSON inside a script element: nothing in it can close the element. */
function scriptJson(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

const STYLE = `
html, body, main { margin: 0; height: 100%; overflow: hidden; background: transparent; }
body { font: 600 16px/1.2 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
button { box-sizing: border-box; display: flex; align-items: center; justify-content: center; gap: 10px; width: 100%;
  height: 100%; margin: 0; padding: 0 16px; border: 0; border-radius: 9999px; background: #0062d6; color: #fff;
  font: inherit; cursor: pointer; }
button:hover { background: #0057bd; }
button:focus-visible { outline: 3px solid #fff; outline-offset: -6px; }
.avatar { display: grid; place-items: center; width: 28px; height: 28px; border-radius: 50%; background: #fff;
  color: #0062d6; font-size: 14px; }
`;

/** Posts what the scenario says to the parent; a press is VK's "show full auth". */
const SCRIPT = `(function () {
  var c = JSON.parse(document.getElementById("one-tap-config").textContent);
  if (window.parent === window) return;
  function post(message) { window.parent.postMessage(message, c.origin); }
  if (c.scenario === "silent") return;
  if (c.scenario === "internal") return post(c.messages.error);
  if (c.scenario === "fast-auth-disabled") return post(c.messages.fastAuthDisabled);
  document.getElementById("continue").addEventListener("click", function () { post(c.messages.showFullAuth); });
  post(c.messages.load);
})();`;

function OneTapStandIn({ page, nonce }: { page: Page; nonce: string }) {
  const config = { origin: page.origin, scenario: page.scenario, messages: page.messages };
  return (
    <html lang={page.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="robots" content="noindex" />
        <meta name="color-scheme" content={page.scheme} />
        <title>{`${page.title} (demo)`}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>
          <button type="button" id="continue">
            <span className="avatar" aria-hidden="true">
              {page.person.slice(0, 1)}
            </span>
            <span>{page.continueAs}</span>
          </button>
        </main>
        <script type="application/json" id="one-tap-config" dangerouslySetInnerHTML={{ __html: scriptJson(config) }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />
      </body>
    </html>
  );
}
