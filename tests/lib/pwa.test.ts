import { describe, expect, it } from "vitest";
import { PNG_ICONS, backgroundOf, cacheName, iconSvg, isMenuPath, pngIconHref, serviceWorkerSource, shortName, webManifest, type PwaBrand } from "~/lib/pwa";

const brand: PwaBrand = {
  whiteLabel: "demo-pizza",
  version: "7",
  displayName: "Демо Пицца на углу",
  description: "Пицца",
  theme: { mode: "dark", primary: "#ff6a2b" },
};

describe("web app manifest", () => {
  it("names, colours and icons come from the brand", () => {
    const m = webManifest(brand, "ru");
    expect(m).toMatchObject({ name: "Демо Пицца на углу", short_name: "Демо", start_url: "/", scope: "/", display: "standalone", theme_color: "#ff6a2b", background_color: "#121212", lang: "ru" });
    expect(m.icons.map((i) => i.purpose)).toEqual(["any", "maskable"]);
    expect(webManifest({ ...brand, theme: { mode: "light", primary: "#000000" } }, "en").background_color).toBe("#ffffff");
    expect(backgroundOf({ mode: "dark", primary: "#000000", background: "#202020" })).toBe("#202020");
  });

  it("lists the brand's PNG icons beside the SVG ones when the build made them (issue 36 §7)", () => {
    const m = webManifest(brand, "ru", true);
    expect(m.icons.filter((i) => i.type === "image/png")).toEqual([
      { src: "/icons/demo-pizza/icon-192.png?v=7", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/demo-pizza/icon-512.png?v=7", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/demo-pizza/maskable-512.png?v=7", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ]);
    expect(webManifest(brand, "ru").icons.every((i) => i.type === "image/svg+xml")).toBe(true);
    expect(pngIconHref(brand, "apple-touch-icon.png")).toBe("/icons/demo-pizza/apple-touch-icon.png?v=7");
    expect(PNG_ICONS.find((i) => i.purpose === "apple")).toMatchObject({ size: 180 });
  });

  it("short names fit a home screen", () => {
    expect(shortName("Суши Найт")).toBe("Суши Найт");
    expect(shortName("Очень-длинное-название ресторана")).toBe("Очень-длинно");
  });
});

describe("icons", () => {
  const mark = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><script>alert(1)</script><circle cx="32" cy="32" r="30" fill="#ff6a2b"/></svg>';
  it("draw the mark on the brand background, without its scripts", () => {
    const svg = iconSvg(brand, mark, "any");
    expect(svg).toContain('fill="#121212"');
    expect(svg).toContain('<circle cx="32" cy="32" r="30"');
    expect(svg).toContain('viewBox="0 0 64 64"');
    expect(svg).not.toContain("script");
  });
  it("keep a maskable mark inside the safe zone (80 %), full square", () => {
    const svg = iconSvg(brand, mark, "maskable");
    expect(svg).toContain('rx="0"');
    expect(svg).toMatch(/x="106" y="106" width="300" height="300"/);
  });
  it("the apple-touch-icon is a full square (iOS rounds it), its mark larger than the maskable one's", () => {
    const svg = iconSvg(brand, mark, "apple");
    expect(svg).toContain('rx="0"');
    expect(svg).toMatch(/x="66" y="66" width="380" height="380"/);
  });
  it("for the PNG icons, without a mark: a mark of the brand's colours, no text (the renderer has no fonts)", () => {
    const svg = iconSvg({ ...brand, theme: { ...brand.theme, onPrimary: "#1a0d05" } }, null, "apple", { glyph: "colours" });
    expect(svg).not.toContain("<text");
    expect(svg).toContain('fill="#ff6a2b"');
    expect(svg).toContain('stroke="#1a0d05"');
  });
  it("fall back to the brand's initial without an SVG mark", () => {
    expect(iconSvg(brand, null, "any")).toContain(">Д</text>");
    expect(iconSvg({ ...brand, displayName: "<b>" }, null, "any")).toContain(">&#60;</text>");
  });
});

describe("service worker", () => {
  it("is versioned with the brand: a new version is a new cache (the old one is dropped on activate)", () => {
    expect(cacheName(brand)).toBe("storefront-demo-pizza-v7");
    const a = serviceWorkerSource(brand);
    const b = serviceWorkerSource({ ...brand, version: "8" });
    expect(a).not.toBe(b);
    expect(b).toContain('"cache":"storefront-demo-pizza-v8"');
    expect(() => new Function(a)).not.toThrow();
  });
  it("handles navigations only: no other request is ever cached or answered by it", () => {
    const src = serviceWorkerSource(brand);
    expect(src).toContain('request.mode !== "navigate"');
    // the only cache writes: the offline page at install and the menu snapshot
    expect(src.match(/\.put\(|\.add\(/g)).toHaveLength(2);
  });
  it("knows which pages fall back to the menu snapshot", () => {
    expect(["/", "/menus/501", "/menus/501/positions/7"].every(isMenuPath)).toBe(true);
    expect(["/cart", "/auth", "/menus/x", "/restos"].some(isMenuPath)).toBe(false);
  });
});
