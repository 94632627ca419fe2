/**
 * The One Tap frame's address on /auth and the demo stand-in that plays VK's frame (ADR 045), plus the CSP that
 * lets /auth frame exactly that: the stand-in on this origin in demo mode, id.vk.com for a real brand.
 */
import { describe, expect, it } from "vitest";
import { loader as oneTapLoader } from "~/routes/[_demo].vk.one-tap";
import { contentSecurityPolicy } from "~server/security";
import { get, Jar, servicesWithBrand } from "./helpers";
import { routeArgs, services, servicesWith } from "../context";
import type { Services } from "~server/services";

const SITE = "http://localhost";

async function standIn(query: Record<string, string>, language = "ru", on?: Services): Promise<Response> {
  const params = new URLSearchParams({ app_id: "51000000", redirect_uri: `${SITE}/auth`, origin: SITE, lang_id: "0", scheme: "dark", ...query });
  const request = new Request(`${SITE}/_demo/vk/one-tap?${params}`, { headers: { "accept-language": language } });
  return (await oneTapLoader(await routeArgs(request, {}, { services: on }))) as Response;
}

/** the config the stand-in's script reads */
function configOf(html: string) {
  const json = /<script type="application\/json" id="one-tap-config">([^<]*)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? "null") as { origin: string; scenario: string; messages: Record<string, { type: string; handler: string }> };
}

function directives(csp: string) {
  return Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
}

describe("the One Tap frame's address on /auth", () => {
  it("is the demo stand-in with the demo client id, the site's /auth and origin, in demo mode", async () => {
    const page = await get(new Jar(), "/auth");
    const url = new URL(page.body.vkOneTapUrl as string, SITE);
    expect(url.pathname).toBe("/_demo/vk/one-tap");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ app_id: "51000000", redirect_uri: `${SITE}/auth`, origin: SITE, lang_id: "0" });
  });

  it("is VK's One Tap app on id.vk.com with the brand's numeric client id when one is configured", async () => {
    const withVk = servicesWithBrand((brand) => {
      brand.keys.vkClientId = "51234567";
    });
    try {
      const url = new URL((await get(new Jar(), "/auth", { services: withVk })).body.vkOneTapUrl as string);
      expect(`${url.origin}${url.pathname}`).toBe("https://id.vk.com/button_one_tap_auth");
      expect(url.searchParams.get("app_id")).toBe("51234567");
      expect(url.searchParams.get("redirect_uri")).toBe(`${SITE}/auth`);
    } finally {
      await withVk.close();
    }
  });

  it("is absent when the brand does not offer VK", async () => {
    const brand = services().config.brand;
    const methods = brand.authMethods;
    brand.authMethods = methods.filter((m) => m !== "VK");
    try {
      expect((await get(new Jar(), "/auth")).body.vkOneTapUrl).toBeNull();
    } finally {
      brand.authMethods = methods;
    }
  });
});

describe("the demo One Tap stand-in", () => {
  it("is a page only this site may frame, posting VK's load message to the parent at the given origin", async () => {
    const response = await standIn({});
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get("content-security-policy")!);
    expect(csp["frame-ancestors"]).toBe("'self'");
    expect(csp["default-src"]).toBe("'none'");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const html = await response.text();
    expect(html).toContain("Продолжить как Иван");
    const nonce = /'nonce-([^']+)'/.exec(csp["script-src"]!)?.[1];
    expect(html).toContain(`<script nonce="${nonce}">`);
    const config = configOf(html);
    expect(config).toMatchObject({ origin: SITE, scenario: "ok" });
    expect(config.messages.load).toEqual({ type: "vk-sak-sdk", handler: "common: load" });
    expect(config.messages.showFullAuth).toMatchObject({ type: "vk-sak-sdk", handler: "onetap: show full auth" });
  });

  it("speaks the language VK's lang_id asks for", async () => {
    expect(await (await standIn({ lang_id: "3" })).text()).toContain("Continue as Ivan");
  });

  it("simulates each failure through ?scenario=, and treats an unknown one as ok", async () => {
    for (const scenario of ["internal", "fast-auth-disabled", "silent"]) {
      expect(configOf(await (await standIn({ scenario })).text()).scenario).toBe(scenario);
    }
    expect(configOf(await (await standIn({ scenario: "<script>" })).text()).scenario).toBe("ok");
  });

  it("refuses what VK would refuse: a non-numeric app id, another callback, another embedding origin", async () => {
    expect((await standIn({ app_id: "abc" })).status).toBe(400);
    expect((await standIn({ redirect_uri: "https://evil.example/auth" })).status).toBe(400);
    expect((await standIn({ origin: "https://evil.example" })).status).toBe(400);
  });

  it("does not exist outside demo mode", async () => {
    const upstreamMode = servicesWith({ UPSTREAM_API_URL: "http://upstream.invalid", UPSTREAM_API_KEY: "test-key" });
    try {
      expect(upstreamMode.config.demo).toBe(false);
      expect((await standIn({}, "ru", upstreamMode)).status).toBe(404);
    } finally {
      await upstreamMode.close();
    }
  });
});

describe("frames the CSP allows", () => {
  const demo = services().config.brand;
  const base = { ...demo, keys: { ...demo.keys, vkClientId: null } };

  it("demo mode without a VK client id: only this site's own stand-in", () => {
    expect(directives(contentSecurityPolicy("n", base, { demo: true }))["frame-src"]).toBe("'self'");
    // the page itself still refuses to be framed
    expect(directives(contentSecurityPolicy("n", base, { demo: true }))["frame-ancestors"]).toBe("'none'");
  });

  it("a real brand with VK: exactly id.vk.com", () => {
    const brand = { ...base, keys: { ...base.keys, vkClientId: "51234567" } };
    expect(directives(contentSecurityPolicy("n", brand, { demo: false }))["frame-src"]).toBe("https://id.vk.com");
    expect(directives(contentSecurityPolicy("n", brand, { demo: true }))["frame-src"]).toBe("https://id.vk.com");
  });

  it("no VK and no demo stand-in: no frames at all", () => {
    expect(directives(contentSecurityPolicy("n", base, { demo: false }))["frame-src"]).toBe("'none'");
    const noVk = { ...base, authMethods: base.authMethods.filter((m) => m !== "VK") };
    expect(directives(contentSecurityPolicy("n", noVk, { demo: true }))["frame-src"]).toBe("'none'");
  });
});
