/**
 * Demo only (ADR 095): the stand-in for Yandex SmartCaptcha's script, served at /_demo/captcha.js when the
 * brand has a captchaSiteKey and the server runs against the upstream twin. It offers the same
 * `window.smartCaptcha.render(container, { sitekey, hl, callback })` interface and calls the `onload` callback
 * named in its URL, like the real script; its "I'm not a robot" checkbox issues a token the twin accepts
 * (DEMO_CAPTCHA_TOKEN_PREFIX). 404 outside demo mode.
 */
import { getContext } from "~server/context";
import { DEMO_CAPTCHA_TOKEN_PREFIX } from "~server/demo";

const LABELS: Record<string, string> = { ru: "Я не робот", en: "I'm not a robot", me: "Nisam robot" };

export function demoCaptchaScript(): Response {
  if (!getContext().config.demo) return new Response("Not found", { status: 404 });
  const script = `(function () {
  "use strict";
  var current = document.currentScript;
  var params = new URL(current ? current.src : location.href, location.href).searchParams;
  var labels = ${JSON.stringify(LABELS)};
  var widgets = [];
  function render(container, options) {
    var id = widgets.length;
    var label = labels[(options.hl || "ru").slice(0, 2)] || labels.ru;
    var button = document.createElement("button");
    button.type = "button";
    button.setAttribute("role", "checkbox");
    button.setAttribute("aria-checked", "false");
    button.setAttribute("data-demo-captcha", "");
    button.style.cssText = "display:flex;align-items:center;gap:.75rem;width:100%;max-width:18rem;min-height:3.25rem;padding:.5rem .75rem;border:1px solid currentColor;border-radius:.75rem;background:transparent;color:inherit;font:inherit;text-align:left;cursor:pointer";
    var box = document.createElement("span");
    box.setAttribute("aria-hidden", "true");
    box.style.cssText = "display:inline-flex;align-items:center;justify-content:center;width:1.5rem;height:1.5rem;border:2px solid currentColor;border-radius:.25rem;flex:none";
    var text = document.createElement("span");
    text.textContent = label;
    button.appendChild(box);
    button.appendChild(text);
    button.addEventListener("click", function () {
      if (button.getAttribute("aria-checked") === "true") return;
      var token = ${JSON.stringify(DEMO_CAPTCHA_TOKEN_PREFIX)} + Math.random().toString(36).slice(2) + Date.now().toString(36);
      button.setAttribute("aria-checked", "true");
      box.textContent = "\\u2713";
      widgets[id].token = token;
      if (typeof options.callback === "function") options.callback(token);
    });
    container.appendChild(button);
    widgets.push({ container: container, button: button, token: "" });
    return id;
  }
  function widget(id) { return widgets[id === undefined ? 0 : id]; }
  window.smartCaptcha = {
    render: render,
    getResponse: function (id) { var w = widget(id); return w ? w.token : ""; },
    reset: function (id) { var w = widget(id); if (w) { w.token = ""; w.button.setAttribute("aria-checked", "false"); w.button.firstChild.textContent = ""; } },
    destroy: function (id) { var w = widget(id); if (w && w.button.parentNode) w.button.parentNode.removeChild(w.button); },
  };
  var onload = params.get("onload");
  if (onload && typeof window[onload] === "function") window[onload]();
})();
`;
  return new Response(script, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
