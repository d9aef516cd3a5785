/**
 * Shared setup of the fee payer API tests (tests/api/fee-payer-*.test.ts, split by topic for issue 12).
 * Spec 001 §2 'Fee payers' (list filters, register, delete, generate login by e-mail or PDF, history, deactivate),
 * §3 Fee payer, §4 (active from/to, memberships end with the payer), §5 (age groups, IČO rule);
 * docs/api-subjects-fee-payers.md 'Fee payers'.
 */
import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { discount, feePayer, subject } from "../../api/db/schema";
import { setupApiWithIds, type TestApi, createdId, UNEDITED, insertResident } from "./helpers";

export const NOT_FOUND = { Message: "Poplatník nebyl nalezen." };

export let t: TestApi;
export let A: number;
export let B: number;
export const url = (m: number, rest = "") => `/municipality/${m}/fee-payer${rest}`;

/** A valid create body: a resident of A. */
export const form = (over: Record<string, unknown> = {}) => ({
  ...UNEDITED,
  type: "Resident",
  titleBefore: "Ing.",
  firstName: "Jan",
  lastName: "Novák",
  gender: "male",
  phone: "+420 777 123 456",
  email: "",
  variableSymbol: "",
  dateOfBirth: "1980-05-04",
  streetAddress: "Hasskova 12",
  city: "Třebíč",
  zipCode: "674 01",
  addresses: [],
  discountIds: [],
  activeFrom: "2024-01-01",
  country: "CZ",
  ...over,
});

export async function newDiscount(m: number, name: string, over: Partial<typeof discount.$inferInsert> = {}) {
  const [d] = await t.db
    .insert(discount)
    .values({ municipalityId: m, name, type: "Other", ...over })
    .returning({ id: discount.id });
  return d!.id;
}
export async function newSubject(m: number, name: string, over: Partial<typeof subject.$inferInsert> = {}) {
  const [s] = await t.db
    .insert(subject)
    .values({ municipalityId: m, type: "Household", name, ...over })
    .returning({ id: subject.id });
  return s!.id;
}
export const newPayer = (m: number, over: Partial<typeof feePayer.$inferInsert> = {}) =>
  insertResident(t.db, m, { lastName: "Testovaný", ...over });
export const payerRow = async (id: number) => (await t.db.select().from(feePayer).where(eq(feePayer.id, id)))[0];
export const memberCount = async (id: number) =>
  (await t.db.select({ n: subject.memberCount }).from(subject).where(eq(subject.id, id)))[0]!.n;
export async function create(body: Record<string, unknown>, m = A) {
  return createdId(await t.call("POST", url(m), { as: "manager", json: body }));
}

/** Opens this file's API (a fresh database) before its tests and closes it after. */
export function setupFeePayerTests(): void {
  beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
  afterAll(() => t?.close());
}
