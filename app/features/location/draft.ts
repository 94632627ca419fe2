/**
 * The popup's draft (docs/decisions/020): every field its forms carry, the same names in the URL of /location
 * (GET steps) and in the save POST. Isomorphic: the browser validates the save form with the same schema.
 */
import { parseTranslated } from "~/features/forms/parse-translated";
import type { TFunction } from "~/i18n/translator";
import { z } from "zod";

const optionalInt = z.coerce.number().int().positive().optional().catch(undefined);
const optionalNumber = z.coerce.number().finite().optional().catch(undefined);
const text = (max: number) => z.string().trim().max(max).optional().catch(undefined);
const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on")
  .catch(false);

export const draftSchema = z.object({
  city: optionalInt,
  /** "city": show the city list (tapping the city header) */
  step: z.enum(["city"]).optional().catch(undefined),
  method: z.enum(["DELIVERY", "TAKE_AWAY"]).optional().catch(undefined),
  resto: optionalInt,
  /** the address field as typed */
  q: text(300),
  /** a chosen suggestion */
  placeId: text(300),
  /** the autocomplete session token (the place details call ends the session) */
  token: text(100),
  /** a resolved address carried between steps */
  addr: text(300),
  street: text(200),
  house: text(40),
  lat: optionalNumber,
  lng: optionalNumber,
  apartment: text(40),
  entrance: text(40),
  floor: text(40),
  intercom: text(40),
  comment: text(300),
  houseConfirmed: flag,
  confirm: flag,
  map: flag,
  terms: flag,
  redirectTo: text(2000),
});
export type Draft = z.infer<typeof draftSchema>;

/**
 * The browser's validator of the popup's form (ADR 104): the draft's schema ('Найти' sends the draft without the
 * save button's intent, so not `saveSchema`). Its fields fall back rather than fail; the address and point
 * messages need the server's zones.
 */
export function parseDraftForm(formData: FormData, t: TFunction) {
  return parseTranslated(formData, draftSchema, t);
}

/** The save POST: the draft plus its intent. */
export const saveSchema = draftSchema.extend({ intent: z.literal("save") });

export function parseDraft(params: URLSearchParams): Draft {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value !== "") raw[key] = value;
  const parsed = draftSchema.safeParse(raw);
  return parsed.success ? parsed.data : draftSchema.parse({});
}

const CARRIED: readonly (keyof Draft)[] = [
  "city",
  "method",
  "resto",
  "addr",
  "street",
  "house",
  "lat",
  "lng",
  "apartment",
  "entrance",
  "floor",
  "intercom",
  "comment",
  "redirectTo",
];

/** Keep only the fields worth carrying (no empties, no one-shot flags). */
export function draftQuery(
  draft: Draft,
  extra: Partial<Record<keyof Draft, string | number | null | undefined>> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of CARRIED) {
    const value = key in extra ? extra[key] : draft[key];
    if (value !== undefined && value !== null && value !== "" && typeof value !== "boolean") out[key] = String(value);
  }
  return out;
}
