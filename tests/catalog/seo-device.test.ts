/** Device detection for the first HTML (ADR 010), money in JSON-LD offers, and the meta tags of a page. */
import { describe, expect, it } from "vitest";
import { deviceOf } from "~/features/menu/device.server";
import { ldJson, menuLd, offer, restaurantLd } from "~/features/menu/jsonld";
import { seoMeta } from "~/shell/seo";
import { formatMoney } from "~/lib/money";

const req = (headers: Record<string, string>) => new Request("http://localhost/", { headers });
const PIXEL = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

describe("device of a request", () => {
  it("is mobile for a phone user-agent or the Sec-CH-UA-Mobile ?1 hint, desktop otherwise", () => {
    expect(deviceOf(req({ "user-agent": PIXEL }))).toBe("mobile");
    expect(deviceOf(req({ "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)" }))).toBe("mobile");
    expect(deviceOf(req({ "user-agent": DESKTOP, "sec-ch-ua-mobile": "?1" }))).toBe("mobile");
    expect(deviceOf(req({ "user-agent": DESKTOP, "sec-ch-ua-mobile": "?0" }))).toBe("desktop");
    expect(deviceOf(req({}))).toBe("desktop");
  });
});

describe("prices", () => {
  it("formats minor units with up to 2 fraction digits in the brand currency", () => {
    expect(formatMoney(49000, "RUB", "ru")).toBe("490\u00a0₽");
    expect(formatMoney(49050, "RUB", "ru")).toBe("490,50\u00a0₽");
    expect(offer(49050, "RUB")).toEqual({ "@type": "Offer", price: "490.50", priceCurrency: "RUB", availability: "https://schema.org/InStock" });
    expect(offer(15000, "RUB", false).availability).toBe("https://schema.org/OutOfStock");
  });
});

describe("structured data", () => {
  it("describes a restaurant with address, hours (end of day as 23:59) and menus with add-ons", () => {
    const menu = menuLd(
      {
        id: 501,
        name: "Основное",
        groups: [
          {
            name: "Пицца",
            positions: [
              { id: 1, menuId: 501, name: "Маргарита", price: 49000, photo: "/p.svg", available: true, modifiers: [{ name: "Размер", items: [{ name: "30 см", price: 15000 }] }] },
            ],
          },
          { name: "Пусто", positions: [] },
        ],
      },
      "RUB",
      "https://shop.example",
    );
    const ld = restaurantLd(
      {
        id: 173,
        name: "Демо",
        address: "Москва, Тверская улица, 12",
        street: "Тверская улица, 12",
        currency: "RUB",
        openingHours: [
          { dayOfWeek: "FRIDAY", active: true, open: "09:00", close: "00:00" },
          { dayOfWeek: "SUNDAY", active: false, open: "10:00", close: "22:00" },
        ],
      },
      "https://shop.example",
      { hasMenu: [menu] },
    );
    expect(ld).toMatchObject({
      "@type": "Restaurant",
      address: { "@type": "PostalAddress", streetAddress: "Тверская улица, 12" },
      openingHoursSpecification: [{ dayOfWeek: "https://schema.org/Friday", opens: "09:00", closes: "23:59" }],
    });
    const item = (ld.hasMenu as { hasMenuSection: { hasMenuItem: Record<string, unknown>[] }[] }[])[0]!.hasMenuSection;
    expect(item).toHaveLength(1);
    expect(item[0]!.hasMenuItem[0]).toMatchObject({
      "@type": "MenuItem",
      url: "https://shop.example/menus/501/positions/1",
      image: "https://shop.example/p.svg",
      offers: { price: "490.00" },
      menuAddOn: [{ "@type": "MenuSection", name: "Размер", hasMenuItem: [{ name: "30 см", offers: { price: "150.00" } }] }],
    });
    expect(ldJson({ text: "</script><b>" })).not.toContain("</script>");
  });

  it("builds title, description, canonical and Open Graph tags", () => {
    const tags = seoMeta({ title: "Т", description: "Д", canonical: "https://s.example/menus/1", image: "/a.svg", origin: "https://s.example", siteName: "Бренд", locale: "ru" });
    expect(tags).toContainEqual({ title: "Т" });
    expect(tags).toContainEqual({ name: "description", content: "Д" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://s.example/menus/1" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://s.example/a.svg" });
    expect(tags).toContainEqual({ property: "og:locale", content: "ru_RU" });
  });
});
