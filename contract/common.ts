import { z } from "zod";

/** Optional text field: '' from a form becomes undefined, then trimmed with a max length. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
    z.string().max(max, { message: `Nejvýše ${max} znaků.` }).optional(),
  );

export const requiredText = (max: number, message = "Vyplňte toto pole.") =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ message }).min(1, { message }).max(max, { message: `Nejvýše ${max} znaků.` }),
  );

export const optionalEmail = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
  z.email({ message: "Zadejte platný e-mail." }).max(200).optional(),
);

/** Checkbox / query flag: 'on', 'true', '1' → true. */
export const boolFlag = z.preprocess(
  (v) => v === true || v === "on" || v === "true" || v === "1",
  z.boolean(),
);

export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export const listAnswer = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });
