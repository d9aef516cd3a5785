/**
 * Shared setup of the waste settings API tests (tests/api/waste-settings-*.test.ts, split by topic for issue 12).
 * Spec 001 §2 'Waste and bin types settings', §3 'Bin type / waste configuration', §9 bin kinds and types, through
 * /v1/municipality/{id}/waste-type and …/bin-type (docs/api-bins.md 'Bin and waste types'): the seeded catalogue,
 * the municipality's own types, validation, bin counts, deactivation and the delete refusal.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { binType, wasteEvidenceHeader, wasteType } from "../../api/db/schema";
import { setupApiWithIds, type TestApi, UNEDITED } from "./helpers";

export let t: TestApi;
export let A: number;
export let B: number;

export const TYPE_NOT_FOUND = { Message: "Typ nebyl nalezen." };
export const IN_USE = { Message: "Typ používají nádoby obce; nejdřív ho deaktivujte." };
export const wasteUrl = (m: number, rest = "") => `/municipality/${m}/waste-type${rest}`;
export const binUrl = (m: number, rest = "") => `/municipality/${m}/bin-type${rest}`;

export const wasteForm = (over: Record<string, unknown> = {}) => ({
  ...UNEDITED,
  name: "Textil",
  catalogCode: "200111",
  coefficient: "0.1500",
  sorted: true,
  ...over,
});
export const binForm = (over: Record<string, unknown> = {}) => ({
  ...UNEDITED,
  name: "Popelnice 80 l",
  category: "bin",
  capacity: 80,
  allowExact: false,
  ...over,
});

export async function catalogueId(table: typeof wasteType | typeof binType, name: string): Promise<number> {
  const [row] = await t.db
    .select({ id: table.id })
    .from(table)
    .where(and(isNull(table.municipalityId), eq(table.name, name)));
  return row!.id;
}

export let plainCode = 0;
/** A bin (waste evidence header) of the municipality, straight into the table. */
export async function insertBin(
  municipalityId: number,
  values: { binTypeId?: number | null; wasteTypeId?: number | null; state?: string },
): Promise<number> {
  plainCode++;
  const [row] = await t.db
    .insert(wasteEvidenceHeader)
    .values({
      municipalityId,
      barcode: `T${municipalityId}-${plainCode}`,
      plainCode: String(plainCode),
      state: values.state ?? "Assigned",
      binTypeId: values.binTypeId ?? null,
      wasteTypeId: values.wasteTypeId ?? null,
    })
    .returning({ id: wasteEvidenceHeader.id });
  return row!.id;
}

/** A change to a valid form, the field it is refused on and the message under that field. */
export type FieldCase = [over: Record<string, unknown>, field: string, message: string];

/** The manager of A posts the form with each case's change: each is a 422 with its message under its field. */
export async function expectFieldErrors(
  url: string,
  form: (over: Record<string, unknown>) => object,
  cases: FieldCase[],
) {
  for (const [over, field, message] of cases) {
    const res = await t.call("POST", url, { as: "manager", json: form(over) });
    expect(res.status, JSON.stringify(over)).toBe(422);
    expect(res.body.errors[field], JSON.stringify(over)).toEqual([message]);
  }
}

/** Opens this file's API (a fresh database) before its tests and closes it after. */
export function setupWasteSettingsTests(): void {
  beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
  afterAll(() => t?.close());
}
