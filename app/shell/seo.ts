/**
 * Findability (issue 4 §9): per-page title and description, canonical URL and Open Graph, built for React Router's
 * `meta` export. Structured data is rendered in the page body from data it already shows (jsonld.ts), so the
 * JSON-LD does not travel twice (HTML + hydration data).
 */
import type { MetaDescriptor } from "react-router";
import { metaText } from "~/i18n/messages";
import { absoluteUrl } from "~/lib/page-urls";

export interface SeoInput {
  title: string;
  description: string;
  canonical?: string;
  /** absolute or site-relative image URL */
  image?: string | null;
  origin?: string;
  siteName?: string;
  locale?: string;
  type?: "website" | "article" | "restaurant.menu" | "restaurant.restaurant";
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const image = absoluteUrl(input.image, input.origin);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.type ?? "website" },
  ];
  if (input.canonical) {
    tags.push({ tagName: "link", rel: "canonical", href: input.canonical });
    tags.push({ property: "og:url", content: input.canonical });
  }
  if (input.siteName) tags.push({ property: "og:site_name", content: input.siteName });
  if (input.locale) tags.push({ property: "og:locale", content: input.locale === "en" ? "en_US" : "ru_RU" });
  if (image) {
    tags.push({ property: "og:image", content: image });
    tags.push({ name: "twitter:card", content: "summary_large_image" });
  }
  return tags;
}

/** The brand name and locale from the root loader's data, for titles. */
export function rootInfo(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { brand?: { displayName?: string }; locale?: string } | undefined;
  /** a message of the page's language by "area.key", for titles (meta runs outside the i18n provider) */
  const text = (key: string, fallback: string) => metaText(matches, key, fallback);
  return { brand: root?.brand?.displayName ?? "", locale: root?.locale ?? "ru", text };
}
