/** A module bundled and minified into one inline script's text (scripts/inline-script.mjs). */
declare module "*?inline-script" {
  const text: string;
  export default text;
}
