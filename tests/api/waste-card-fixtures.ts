/**
 * Shared setup of the waste card API tests (tests/api/waste-card-*.test.ts, split by topic for issue 12).
 * Spec 001 §2 'Waste cards', §3 Waste card and Import job, §4 states (Free, Assigned, Discarded, Expired by date),
 * §5 import rules, §8 'Import' and 'municipality of subject and card do not match'; docs/api-bins.md "Waste cards and
 * their import": the list and its filters, the bulk actions, the CSV import (good, bad and duplicate rows, a
 * re-import, not-CSV files, size) and the import job with its error rows.
 */
import { afterAll, beforeAll } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { importJobError, subject, subjectFeePayer, wasteCard } from "../../api/db/schema";
import { finishedJob, setupApiWithIds, type TestApi, insertResident } from "./helpers";

export let t: TestApi;
export let A: number;
export let B: number;

export const cards = (m: number, rest = "") => `/municipality/${m}/waste-card${rest}`;
export const jobs = (m: number, rest = "") => `/municipality/${m}/waste-card/import${rest}`;

export async function insertSubject(municipalityId: number, name: string, type = "Household"): Promise<number> {
  const [row] = await t.db.insert(subject).values({ municipalityId, name, type }).returning({ id: subject.id });
  return row!.id;
}
export const insertPayer = (municipalityId: number, lastName: string, firstName = "Jan"): Promise<number> =>
  insertResident(t.db, municipalityId, { lastName, firstName });
export async function join(
  municipalityId: number,
  subjectId: number,
  feePayerId: number,
  validTo: string | null = null,
) {
  await t.db
    .insert(subjectFeePayer)
    .values({ municipalityId, subjectId, feePayerId, validFrom: "2020-01-01", validTo });
}
export type CardInsert = Partial<typeof wasteCard.$inferInsert> & { plainCode: string; code: string };
export async function insertCard(municipalityId: number, values: CardInsert): Promise<number> {
  const [row] = await t.db
    .insert(wasteCard)
    .values({ state: values.subjectId ? "Assigned" : "Free", ...values, municipalityId })
    .returning({ id: wasteCard.id });
  return row!.id;
}
export async function cardRow(id: number) {
  const [row] = await t.db.select().from(wasteCard).where(eq(wasteCard.id, id));
  return row;
}
export async function cardByCode(municipalityId: number, code: string) {
  const [row] = await t.db
    .select()
    .from(wasteCard)
    .where(and(eq(wasteCard.municipalityId, municipalityId), eq(wasteCard.code, code)));
  return row;
}

/** POST waste-card/import with a multipart body whose field 'file' holds `content` named `name`. */
export async function upload(
  municipalityId: number,
  content: string | Uint8Array,
  name = "karty.csv",
  as: "manager" | "worker" | "readonly" | "admin" | "citizen" = "manager",
) {
  const body = new FormData();
  body.set("file", new File([content as BlobPart], name, { type: "text/csv" }));
  const res = await t.call("POST", cards(municipalityId, "/import"), { as, body });
  // Queued (202): the finished job, read as the result page does; a refusal as it came.
  if (res.status !== 202) return res;
  return {
    ...res,
    body: await finishedJob(t, jobs(municipalityId, `/${res.body.id}`), as === "readonly" ? "admin" : as),
  };
}
export async function errorsOf(jobId: number) {
  return t.db
    .select({
      rowNumber: importJobError.rowNumber,
      category: importJobError.category,
      message: importJobError.message,
      rawRow: importJobError.rawRow,
    })
    .from(importJobError)
    .where(eq(importJobError.importJobId, jobId))
    .orderBy(asc(importJobError.rowNumber));
}

/** Opens this file's API (a fresh database) before its tests and closes it after. */
export function setupWasteCardTests(): void {
  beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
  afterAll(() => t?.close());
}
