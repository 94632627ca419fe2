/**
 * `?page=` / `?through=` of a menu URL (ADR 107), read by the catalog loader only: kept apart from
 * menu-pages.ts, which the browser bundles, so zod stays out of the menu's first-view JavaScript.
 */
import { z } from "zod";

/** a whole number from 1; anything else is the first page (a navigation hint, not a form: no 400) */
const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** The page `value` names, kept inside the menu's `pageCount` pages (past the end: the last). */
export function parsePage(value: string | null, pageCount: number): number {
  const page = value === null ? 1 : pageParam.parse(value);
  return Math.min(page, Math.max(1, pageCount));
}
