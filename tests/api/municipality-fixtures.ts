/**
 * Shared setup of the municipality API tests (tests/api/municipality-*.test.ts, split by topic for issue 12).
 * Spec 001 §2-§5 Municipalities, through /v1/municipality (ARCHITECTURE.md "API conventions").
 */
import { afterAll, beforeAll } from "vitest";
import { count } from "drizzle-orm";
import { externalAccount, municipality, municipalityContact } from "../../api/db/schema";
import { setupApiWithIds, type TestApi, UNEDITED } from "./helpers";

export let t: TestApi;
export let A: number;
export let B: number;

/** The municipality's own fields as the form sends them: each is stored as sent, the zip code without its space. */
export const FIELDS = {
  name: "Nové Město na Moravě",
  shortName: "NMnM",
  type: "Municipality",
  kind: "Medium",
  district: "Žďár nad Sázavou",
  country: "CZ",
  identificationNumber: "00294900",
  vatNumber: "CZ00294900",
  companyName: "Město Nové Město na Moravě",
  companyAddress: "Vratislavovo náměstí 103",
  city: "Nové Město na Moravě",
  zipCode: "592 31",
  labelType: "QrCode",
  monitoredPeriod: "Quarter",
  duplicateHandlingStrategy: "Merge",
  note: "Svoz každé úterý.",
};

/** A valid create/edit body (spec 001 §3 Municipality). */
export const form = (over: Record<string, unknown> = {}) => ({
  ...UNEDITED,
  ...FIELDS,
  contacts: [
    { name: "Jana Malá", type: "MunicipalityAdmin", phone: "+420 566 598 111", email: "mala@nmnm.example" },
    { name: "Petr Velký", type: "ReuseCenterAdmin", phone: "", email: "" },
  ],
  ...over,
});

export async function insertMunicipality(values: Partial<typeof municipality.$inferInsert> & { name: string }) {
  const [row] = await t.db.insert(municipality).values(values).returning({ id: municipality.id });
  return row!.id;
}

export async function countOf(table: typeof municipality | typeof municipalityContact | typeof externalAccount) {
  const [r] = await t.db.select({ n: count() }).from(table);
  return Number(r!.n);
}

/** Opens this file's API (a fresh database) before its tests and closes it after. */
export function setupMunicipalityTests(): void {
  beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
  afterAll(() => t?.close());
}
