/**
 * WCAG 2 contrast (issue 36 §4, ADR 153): the relative luminance of sRGB colours and the ratio between two. Pure;
 * the error colour of each theme mode (`DANGER`, the same values as `--brand-danger` in styles.css) is checked
 * against every brand's page and surface colours by a unit test.
 */

/** the error colour by theme mode: a red that is not the brand's orange, AA (≥ 4.5:1) on the page and its surfaces */
export const DANGER = { dark: "#ff7b8a", light: "#b42318" } as const;

/** "#rrggbb" → relative luminance (0 black … 1 white) */
export function luminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  const channel = (i: number) => {
    const c = parseInt(match[1]!.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** the contrast ratio of two colours, 1 … 21 */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
