// @vitest-environment jsdom
/**
 * Escape before a layer's code runs (ADR 228): the boot script's listener follows the close link of the topmost layer
 * the server drew, until the layer marks itself live. The browser side (the boot script in the page, the scripts held
 * back) is e2e/escape-before-code.spec.ts's.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeOnEscapeUntilLive, ESCAPE_CLOSE_ATTR, LAYER_LIVE_ATTR } from "~/document/escape-close";

const followed: string[] = [];
beforeAll(() => {
  closeOnEscapeUntilLive(document);
  // a link's click would navigate: record which one was followed instead
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest("a");
    if (link) {
      event.preventDefault();
      followed.push(link.getAttribute("href") ?? "");
    }
  });
});
afterEach(() => {
  document.body.innerHTML = "";
  followed.length = 0;
});

function layer(closeTo: string, live = false) {
  const dialog = document.createElement("div");
  dialog.setAttribute("role", "dialog");
  if (live) dialog.setAttribute(LAYER_LIVE_ATTR, "");
  dialog.innerHTML = `<a href="${closeTo}" ${ESCAPE_CLOSE_ATTR}>×</a><input name="count"><input role="combobox" name="q">`;
  document.body.append(dialog);
  return dialog;
}

function press(key: string, on: Element = document.body, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  on.dispatchEvent(event);
  return event;
}

describe("Escape before a layer's code runs (ADR 228)", () => {
  it("follows the close link of a layer the server drew", () => {
    layer("/menus/501");
    const event = press("Escape");
    expect(followed).toEqual(["/menus/501"]);
    expect(event.defaultPrevented).toBe(true);
  });

  it("follows it from a field inside the layer too, but not from an address field (its suggestions close first)", () => {
    const dialog = layer("/cart");
    press("Escape", dialog.querySelector('[name="count"]')!);
    expect(followed).toEqual(["/cart"]);
    press("Escape", dialog.querySelector('[role="combobox"]')!);
    expect(followed).toEqual(["/cart"]);
  });

  it("leaves a live layer to its own code", () => {
    layer("/menus/501", true);
    const event = press("Escape");
    expect(followed).toEqual([]);
    expect(event.defaultPrevented).toBe(false);
  });

  it("closes the topmost of two layers (the last drawn)", () => {
    layer("/");
    layer("/location");
    press("Escape");
    expect(followed).toEqual(["/location"]);
  });

  it("does nothing for another key, an Escape already handled, one that composes text, or a page without a layer", () => {
    layer("/cart");
    press("Enter");
    press("Esc");
    const handled = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    press("Escape", document.body, { isComposing: true });
    expect(followed).toEqual([]);
    document.body.innerHTML = '<a href="/cart">Корзина</a>';
    press("Escape");
    expect(followed).toEqual([]);
  });
});
