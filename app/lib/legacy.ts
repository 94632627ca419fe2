/**
 * Legacy local-storage state (spec §1, §3; issue 7): the previous storefront kept the customer's state in
 * local storage under the spec's persisted keys, some of them under older names. This reads a snapshot
 * of those raw strings into the session's shape. Pure and defensive: every value is validated, anything
 * unreadable is dropped and reported (never thrown), newer key names win over older ones.
 * Tokens and profiles are NOT migrated: the customer signs in again (a token from page storage is not
 * something the server should start trusting).
 */
import { z } from "zod";
import { cartLineSchema, type CartLine } from "./cart";
import { LEGACY_STORAGE_KEYS, type StorageKey } from "./legacy-keys";

export type RawStorage = Readonly<Record<string, string | null | undefined>>;

export interface MigratedState {
  whiteLabel?: string;
  version?: string;
  locale?: string;
  consent?: boolean;
  adult?: boolean;
  cityId?: number;
  restoId?: number | null;
  method?: "DELIVERY" | "TAKE_AWAY";
  place?: z.infer<typeof placeSchema>;
  cart: CartLine[];
  payment?: "CARD_ONLINE" | "CARD_UPON_RECEIPT" | "CASH_UPON_RECEIPT" | null;
  comment?: string;
  person?: { name?: string; phone?: string; email?: string };
  personCount?: number;
  promoCode?: string | null;
  preOrderAt?: string | null;
  /** keys whose values were present but unreadable (and cart lines that were malformed) */
  dropped: string[];
}

export { MIGRATION_KEYS, isForeignStorage } from "./legacy-keys";

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw; // the previous storefront stored some values as bare strings
  }
}

/** Raw value of a key by its current name, falling back to its older name(s). */
function rawOf(storage: RawStorage, key: StorageKey): string | undefined {
  const current = storage[key];
  if (current != null) return current;
  for (const [old, now] of Object.entries(LEGACY_STORAGE_KEYS)) {
    if (now === key && storage[old] != null) return storage[old] ?? undefined;
  }
  return undefined;
}

const intId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const bool = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
const method = z
  .string()
  .transform((v) => v.toUpperCase().replace("TAKEAWAY", "TAKE_AWAY").replace("PICKUP", "TAKE_AWAY"))
  .pipe(z.enum(["DELIVERY", "TAKE_AWAY"]));
const payment = z.enum(["CARD_ONLINE", "CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT"]);
const placeSchema = z.object({
  address: z.string().min(1).max(300),
  apartment: z.string().max(40).optional().default(""),
  entrance: z.string().max(40).optional().default(""),
  floor: z.string().max(40).optional().default(""),
  intercom: z.string().max(40).optional().default(""),
  comment: z.string().max(300).optional().default(""),
  location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
});
const legacyModifier = z
  .object({
    id: intId.optional(),
    itemId: intId.optional(),
    modifierGroupId: intId.optional(),
    groupId: intId.optional(),
    count: z.coerce.number().int().positive().max(99).default(1),
  })
  .transform((m) => ({ modifierGroupId: m.modifierGroupId ?? m.groupId, itemId: m.itemId ?? m.id, count: m.count }));
const legacyLine = z.object({
  id: intId,
  menu: z.object({ id: intId }),
  count: z.coerce.number().int().positive().max(99),
  modifiers: z.array(legacyModifier).max(30).optional().default([]),
});
const personSchema = z
  .object({ name: z.string().max(50), phone: z.string().max(40), email: z.string().max(200) })
  .partial()
  .strip();

export function readLegacyStorage(storage: RawStorage): MigratedState {
  const out: MigratedState = { cart: [], dropped: [] };

  function take<T>(key: StorageKey, schema: z.ZodType<T, z.ZodTypeDef, unknown>, assign: (value: T) => void) {
    const raw = rawOf(storage, key);
    if (raw === undefined) return;
    const parsed = schema.safeParse(parseValue(raw));
    if (parsed.success) assign(parsed.data);
    else out.dropped.push(key);
  }

  take("app_white_label", z.string().min(1).max(60), (v) => (out.whiteLabel = v));
  take("app_version", z.union([z.string(), z.number()]).transform(String), (v) => (out.version = v));
  take("app_locale", z.string().regex(/^[a-z]{2}$/), (v) => (out.locale = v));
  take("person_cookies_consent_accepted", bool, (v) => (out.consent = v));
  take("person_adulthood_confirmed", bool, (v) => (out.adult = v));
  take("city_id", intId, (v) => (out.cityId = v));
  take("resto_id", intId.nullable(), (v) => (out.restoId = v));
  take("order_delivery_method", method, (v) => (out.method = v));
  take("order_delivery_place", placeSchema.nullable(), (v) => (out.place = v ?? undefined));
  take("order_payment_method", payment.nullable(), (v) => (out.payment = v));
  take("order_comment", z.string().max(100), (v) => (out.comment = v));
  take("order_person", personSchema, (v) => (out.person = v));
  take("order_person_count", z.coerce.number().int().min(1).max(99), (v) => (out.personCount = v));
  take("order_promo_code", z.string().max(40).nullable(), (v) => (out.promoCode = v));
  take("order_pre_order_at", z.string().max(40).nullable(), (v) => (out.preOrderAt = v));

  const rawCart = rawOf(storage, "cart_positions");
  if (rawCart !== undefined) {
    const list = parseValue(rawCart);
    if (!Array.isArray(list)) out.dropped.push("cart_positions");
    else {
      list.forEach((item, index) => {
        const line = legacyLine.safeParse(item);
        const stored = line.success
          ? cartLineSchema.safeParse({ positionId: line.data.id, menuId: line.data.menu.id, count: line.data.count, modifiers: line.data.modifiers })
          : null;
        if (stored?.success) out.cart.push(stored.data);
        else out.dropped.push(`cart_positions[${index}]`);
      });
    }
  }
  return out;
}

