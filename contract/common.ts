import { z } from "zod";
import { isValidIco } from "./ico";

/**
 * Characters no text field may hold: NUL (U+0000) cannot be stored in PostgreSQL text and has no meaning in any
 * field, so it is refused as invalid input (422) instead of failing in the database (issue 11). One rule for the
 * API's query and body check (api/app.ts), the text helpers below and the web lists (app/lib/list.ts).
 */
export const FORBIDDEN_TEXT_MESSAGE = "Text obsahuje nepovolené znaky.";
export const hasForbiddenChars = (s: string): boolean => s.includes("\u0000");

/** Paths ('name', 'accounts.0.login', '_' for the value itself) of every string in `value` with a forbidden character. */
export function forbiddenTextPaths(value: unknown, path: string[] = [], out: string[] = [], depth = 0): string[] {
  if (typeof value === "string") {
    if (hasForbiddenChars(value)) out.push(path.length ? path.join(".") : "_");
  } else if (value && typeof value === "object" && depth < 20) {
    for (const [k, v] of Object.entries(value)) {
      if (hasForbiddenChars(k)) out.push([...path, "_"].join("."));
      else forbiddenTextPaths(v, [...path, k], out, depth + 1);
    }
  }
  return out;
}

/** "Nejvýše 1 znak." / "Nejvýše 4 znaky." / "Nejvýše 200 znaků.": Czech counts a noun by 1, 2–4 and 5 or more. */
export const tooLongMessage = (max: number) =>
  max === 1 ? "Nejvýše 1 znak." : max >= 2 && max <= 4 ? `Nejvýše ${max} znaky.` : `Nejvýše ${max} znaků.`;

/** Optional text field: '' from a form becomes undefined, then trimmed with a max length. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
    z
      .string()
      .max(max, { message: tooLongMessage(max) })
      .refine((s) => !hasForbiddenChars(s), { message: FORBIDDEN_TEXT_MESSAGE })
      .optional(),
  );

export const requiredText = (max: number, message = "Vyplňte toto pole.") =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message })
      .min(1, { message })
      .max(max, { message: tooLongMessage(max) })
      .refine((s) => !hasForbiddenChars(s), { message: FORBIDDEN_TEXT_MESSAGE }),
  );

/** Czech/Slovak zip code as typed: 5 digits, optionally '123 45' (each address form's zip field checks this). */
export const zipText = optionalText(10).refine((v) => !v || /^\d{3} ?\d{2}$/.test(v), {
  message: "PSČ má tvar 123 45.",
});

export const optionalEmail = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
  z.email({ message: "Zadejte platný e-mail." }).max(200).optional(),
);

/** Checkbox / query flag: 'on', 'true', '1' → true. */
export const boolFlag = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean());

export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A record chosen in a form (a select's or a picker's value): anything but a positive id is `message`. */
export const chosenId = (message: string) => z.coerce.number({ message }).int().positive({ message });

/** Spec 001 §5 'Bulk actions with nothing selected'. */
export const NOTHING_SELECTED = "Vyberte položky.";
/** The ids a bulk action was given (the checked rows), at most 1000; none is 'Vyberte položky.'. */
export const selectedIds = z.array(z.coerce.number().int().positive()).max(1000).min(1, { message: NOTHING_SELECTED });

/** A calendar year of a card or a filter (2000 to 2100). */
export const yearField = z.coerce.number().int().min(2000).max(2100);

/**
 * Spec 001 §5: a company identification number (IČO) by its country's rule. One check and one message for every form
 * with an IČO; adds the issue under `field` when a value is given and fails the rule.
 */
export function checkIco(ctx: z.RefinementCtx, field: string, value: string | undefined, country: string) {
  if (value && !isValidIco(value, country)) {
    ctx.addIssue({
      code: "custom",
      path: [field],
      message: country === "CZ" ? "Neplatné IČO (8 číslic s kontrolní číslicí)." : "IČO musí mít 8 znaků.",
    });
  }
}

/**
 * A detail's answer for optional text fields of a form: each as stored, a text or null. The detail names exactly the
 * fields the form writes, so a field added to the form is answered too.
 */
export function storedTexts<K extends string>(shape: Record<K, unknown>) {
  const texts = Object.keys(shape).map((k) => [k, z.string().nullable()]);
  return Object.fromEntries(texts) as Record<K, z.ZodNullable<z.ZodString>>;
}

/** A membership's or a pairing's period as answered: from a day (YYYY-MM-DD) to a day, or open-ended (null). */
export const periodAnswer = { validFrom: z.string(), validTo: z.string().nullable() };

export const listAnswer = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });
/** The answer of a list that is not paged (a record's members, cards, history; options): its items. */
export const itemsAnswer = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** The answer of a create or an edit: the record's id. */
export const idAnswer = z.object({ id: z.number() });
/** The answer of switching a record on or off. */
export const activeAnswer = z.object({ id: z.number(), active: z.boolean() });
/** The answer of a bulk change: how many records it changed. */
export const updatedAnswer = z.object({ updated: z.number() });

/**
 * Optimistic concurrency (issue 11 item 7, decision 20): every PUT that overwrites a record carries the `version`
 * its detail answered; the edit succeeds only while the row still has it and bumps it, otherwise 409 with this text.
 */
export const STALE_VERSION_MESSAGE = "Záznam mezitím změnil někdo jiný. Načtěte stránku znovu a změny zopakujte.";
export const versionField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
  z.number({ message: "Vyplňte toto pole." }).int().min(0).max(2_147_483_647),
);
/** The answer side of it: a record's detail carries its `version`, bumped by every edit; the edit form sends it back. */
export const versionAnswer = { version: z.number() };
/** When a record was made and last changed (ISO 8601), as a detail answers them (the timestamps() columns). */
export const timestampsAnswer = { createdAt: z.string(), updatedAt: z.string() };
/** A position as stored (numeric columns answered as exact decimal strings), null when unknown. */
export const positionAnswer = { latitude: z.string().nullable(), longitude: z.string().nullable() };
/** How a person or a contact is reached, as stored (the phoneAndEmail() columns), null when not given. */
export const contactAnswer = { phone: z.string().nullable(), email: z.string().nullable() };
/** A user account's user name, first and last name and contacts (users list, profile, a municipality's users). */
export const accountAnswer = {
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  ...contactAnswer,
};
/** A validity whose either end may be open (a card, a device's pairing as a list shows it). */
export const openValidityAnswer = { validFrom: z.string().nullable(), validTo: z.string().nullable() };
/** The collection point a row belongs to, by id and name (both null: none), as lists and details answer it. */
export const subjectRefAnswer = { subjectId: z.number().nullable(), subjectName: z.string().nullable() };
/** The fee payer a row belongs to, by id and name (both null: none). */
export const feePayerRefAnswer = { feePayerId: z.number().nullable(), feePayerName: z.string().nullable() };
/** A record's id and name, as list rows and options lead with them. */
export const idNameAnswer = { id: z.number(), name: z.string() };
/** A record's id and version as its answer leads with them (the versionedId() columns). */
export const versionedIdAnswer = { id: z.number(), ...versionAnswer };
/** `version` as a body shape to spread into a PUT schema. */
export const versionShape = { version: versionField };
/** The PUT body of an edit: the form's schema plus `version` (works for refined schemas too, which cannot extend). */
export const withVersion = <S extends z.ZodType>(schema: S) => z.intersection(schema, z.object(versionShape));
