/**
 * The id in a page's path (`/menus/501`, `/restos/7`, `/promotions/12`, a position's): a whole number from 1 written
 * the one way the storefront writes it, decimal digits without a leading zero (ADR 226). `Number()` would also take
 * `0x1F5`, `501.0`, `5.01e2`, ` 501` and `+501`, so one menu answered at many addresses; those are unknown paths.
 */
const DECIMAL_ID = /^[1-9][0-9]{0,15}$/;

export function readPathId(value: string | undefined): number | null {
  if (!DECIMAL_ID.test(value ?? "")) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
