/**
 * A schema.org block that only the server fills (ADR 110). Crawlers read the server's HTML, so the browser's bundle
 * need not carry the builders: callers compute `json` under `import.meta.env.SSR` and pass "" in the browser, which
 * lets the bundler drop `jsonld.ts` from the first view. On hydration React does not diff the inner HTML of an
 * element with `dangerouslySetInnerHTML`, so the server's text stays; a block first rendered in the browser (a
 * client navigation) is empty, which nobody reads.
 */
export function ServerJsonLd({ json }: { json: string }) {
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
