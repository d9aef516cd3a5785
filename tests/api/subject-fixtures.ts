/**
 * Shared setup of the subject API tests (tests/api/subject-*.test.ts, split by topic for issue 12).
 * Spec 001 §2–§4 Collection points (subjects), through /v1/municipality/{id}/subject… (docs/api-subjects-fee-payers.md
 * "Subjects"): list filters, sort and paging, create/edit rules, delete, hierarchy, members, waste cards, fees,
 * and the 'delete municipality data' purger.
 */
import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { subject } from "../../api/db/schema";
import { newMunicipality, setupApiWithIds, type TestApi, UNEDITED, insertResident } from "./helpers";

export let t: TestApi;
export let A: number;
export let B: number;

export const NOT_FOUND = { Message: "Odběrné místo nebylo nalezeno." };
export const url = (m: number, rest = "") => `/municipality/${m}/subject${rest}`;

/** A valid create/edit body (spec 001 §3 Subject). */
export const form = (over: Record<string, unknown> = {}) => ({
  ...UNEDITED,
  type: "Household",
  name: "Rodinný dům Novák",
  shortName: "RD Novák",
  variableSymbol: "",
  establishmentIdentificationNumber: "",
  householdCode: "D-12",
  parentId: "",
  externalChief: false,
  operatorCountry: "CZ",
  operatorIdentificationNumber: "25596641",
  operatorVatNumber: "CZ25596641",
  operatorCompanyName: "Novák a syn s.r.o.",
  operatorInvoiceAddress: "Hasskova 845/12, Třebíč",
  operatorZipCode: "674 01",
  operatorCity: "Třebíč",
  description: "Popelnice za domem.",
  cityDistrict: "Vnitřní Město",
  street: "Hasskova",
  conscriptionNumber: "845",
  streetNumber: "12",
  provisionalNumber: "",
  zipCode: "674 01",
  city: "Třebíč",
  ...over,
});

export type SubjectInsert = Partial<typeof subject.$inferInsert> & { name: string };
export async function insertSubject(municipalityId: number, values: SubjectInsert): Promise<number> {
  const [row] = await t.db
    .insert(subject)
    .values({ type: "Household", ...values, municipalityId })
    .returning({ id: subject.id });
  return row!.id;
}
export const insertPayer = (municipalityId: number, lastName: string, firstName = "Jan"): Promise<number> =>
  insertResident(t.db, municipalityId, { lastName, firstName, dateOfBirth: "1980-05-01" });
export const insertMunicipality = (name: string): Promise<number> => newMunicipality(t.db, name);
export const rowOf = async (id: number) => (await t.db.select().from(subject).where(eq(subject.id, id)))[0];

/** Opens this file's API (a fresh database) before its tests and closes it after. */
export function setupSubjectTests(): void {
  beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
  afterAll(() => t?.close());
}
