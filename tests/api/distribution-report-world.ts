/**
 * The distribution report tests' world (distribution-report.test.ts, distribution-report-list.test.ts): two
 * municipalities with a centre each (inserted straight into their table: their module is another's), a household,
 * a waste and bin types, and the helpers that write subjects, bins and reports.
 */
import { eq } from "drizzle-orm";
import {
  binType,
  distributionCentre,
  subject,
  subjectFeePayer,
  wasteEvidenceHeader as weh,
  wasteType,
} from "../../api/db/schema";
import { makeBarcode } from "#contract/codes";
import { createdId, setupApiWithIds, type TestApi } from "./helpers";

export const url = (m: number, rest = "") => `/municipality/${m}/distribution-report${rest}`;

export interface DistributionWorld {
  t: TestApi;
  A: number;
  B: number;
  centre: number;
  centreOfB: number;
  household: number;
  bin: number;
  waste: number;
  binOfB: number;
}

/** A household (a collection point) of the municipality: its id. */
async function insertSubjectIn(
  t: TestApi,
  municipalityId: number,
  name: string,
  over: Partial<typeof subject.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(subject)
    .values({
      type: "Household",
      name,
      city: "Třebíč",
      street: "Karlovo nám.",
      streetNumber: "5",
      municipalityId,
      ...over,
    })
    .returning({ id: subject.id });
  return row!.id;
}

/** The API, municipalities A and B and their centres, A's household, waste and bin type, B's bin type. */
export async function distributionWorld(): Promise<DistributionWorld> {
  const { t, A, B } = await setupApiWithIds();
  const [c1] = await t.db
    .insert(distributionCentre)
    .values({ municipalityId: A, name: "Výdejna Komenského" })
    .returning({ id: distributionCentre.id });
  const [c2] = await t.db
    .insert(distributionCentre)
    .values({ municipalityId: B, name: "Výdajňa Petržalka" })
    .returning({ id: distributionCentre.id });
  const household = await insertSubjectIn(t, A, "Rodinný dům Nováková");
  const [w] = await t.db.insert(wasteType).values({ name: "Papír", municipalityId: A }).returning({ id: wasteType.id });
  const [b] = await t.db
    .insert(binType)
    .values({ name: "Popelnice 240 l", category: "bin", capacity: 240, municipalityId: A })
    .returning({ id: binType.id });
  const [b2] = await t.db
    .insert(binType)
    .values({ name: "Kontajner", category: "container", capacity: 1100, municipalityId: B })
    .returning({ id: binType.id });
  return { t, A, B, centre: c1!.id, centreOfB: c2!.id, household, waste: w!.id, bin: b!.id, binOfB: b2!.id };
}

/** The helpers over a test file's world (`w()`: set once its beforeAll has run). */
export function distributionHelpers(w: () => DistributionWorld) {
  let plain = 500;
  const insertSubject = (municipalityId: number, name: string, over: Partial<typeof subject.$inferInsert> = {}) =>
    insertSubjectIn(w().t, municipalityId, name, over);
  async function insertHeader(municipalityId: number, over: Partial<typeof weh.$inferInsert> = {}) {
    const code = plain++;
    const [row] = await w()
      .t.db.insert(weh)
      .values({ barcode: makeBarcode(municipalityId, code), plainCode: String(code), municipalityId, ...over })
      .returning();
    return row!;
  }
  const membersOf = (subjectId: number) =>
    w()
      .t.db.select({
        feePayerId: subjectFeePayer.feePayerId,
        validFrom: subjectFeePayer.validFrom,
        validTo: subjectFeePayer.validTo,
      })
      .from(subjectFeePayer)
      .where(eq(subjectFeePayer.subjectId, subjectId));

  const form = (over: Record<string, unknown> = {}) => ({
    centreId: w().centre,
    subjectId: w().household,
    reportDate: "2026-03-02",
    description: "Návštěva paní Novákové",
    records: [{ type: "Description", description: "Bez změn" }],
    ...over,
  });
  /** A worker's report in A from the form with `over`: its id. */
  const report = async (over: Record<string, unknown> = {}) =>
    createdId(await w().t.call("POST", url(w().A), { as: "worker", json: form(over) }));
  return { insertSubject, insertHeader, membersOf, form, report };
}
