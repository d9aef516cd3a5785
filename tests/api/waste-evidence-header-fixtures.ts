/**
 * Shared setup of the waste evidence header API tests (tests/api/waste-evidence-header-*.test.ts, split by topic for issue 12).
 * Spec 001 §2 'Waste bins / waste evidence headers', §4 bin states and history, §8 code assignment errors; spec 000
 * §7 search-by-barcode and find-code-by-barcode, through /v1/municipality/{id}/waste-evidence-header… (docs/api-bins.md
 * "Bins", docs/decisions/0012): every state change and assignment error, history rows and bin_count, edit, list
 * filters/sorts/paging, dispose counts, barcode searches, the label copy, tenancy and the read-only administrator.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { asc, eq } from "drizzle-orm";
import {
  binType,
  subject,
  wasteEvidenceHeader as weh,
  wasteEvidenceHeaderHistory as history,
  wasteType,
} from "../../api/db/schema";
import { makeBarcode } from "#contract/codes";
import { setupApiWithIds, type TestApi } from "./helpers";

export let t: TestApi;
export let A: number;
export let B: number;
/** Subjects of A: Novák (Hasskova 845/12, Třebíč), Dvořák (a cottage in Okříšky); one of B. */
export let novak: number;
export let dvorak: number;
export let subjectOfB: number;
export let catalogueBin: number;
export let ownBag: number;
export let binTypeOfB: number;
export let catalogueWaste: number;
export let wasteOfB: number;

export const BIN_NOT_FOUND = { Message: "Nádoba nebyla nalezena." };
export const CODE_NOT_FOUND = { Message: "Kód nebyl nalezen." };
export const url = (m: number, rest = "") => `/municipality/${m}/waste-evidence-header${rest}`;

/** Plain codes are handed out by this counter, so tests never share a bin. */
export let nextPlain = 100;
export type HeaderInsert = Partial<typeof weh.$inferInsert>;
export async function insertHeader(municipalityId: number, values: HeaderInsert = {}) {
  const plain = values.plainCode ? Number(values.plainCode) : nextPlain++;
  const [row] = await t.db
    .insert(weh)
    .values({ barcode: makeBarcode(municipalityId, plain), plainCode: String(plain), ...values, municipalityId })
    .returning();
  return row!;
}
export async function insertSubject(
  municipalityId: number,
  values: Partial<typeof subject.$inferInsert> & { name: string },
) {
  const [row] = await t.db
    .insert(subject)
    .values({ type: "Household", ...values, municipalityId })
    .returning({ id: subject.id });
  return row!.id;
}
export const headerRow = async (id: number) => (await t.db.select().from(weh).where(eq(weh.id, id)))[0]!;
export const historyOf = (id: number) =>
  t.db.select().from(history).where(eq(history.headerId, id)).orderBy(asc(history.id));
/** The bin's one history row (the test fails when the bin has none or several). */
export async function onlyHistoryRow(id: number) {
  const rows = await historyOf(id);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}
export const binCount = async (id: number) =>
  (await t.db.select({ n: subject.binCount }).from(subject).where(eq(subject.id, id)))[0]!.n;
/** A subject of A with nothing else on it: its bin_count is exactly what a test does. */
export const freshSubject = (name: string) => insertSubject(A, { name, city: "Třebíč", street: "Nová" });

// ---------------------------------------------------------------------------------------------------------------

/** Opens this file's API (a fresh database) before its tests and closes it after. */
export function setupWasteEvidenceHeaderTests(): void {
  beforeAll(async () => {
    ({ t, A, B } = await setupApiWithIds());
    novak = await insertSubject(A, {
      name: "Rodinný dům Novák",
      shortName: "RD Novák",
      street: "Hasskova",
      conscriptionNumber: "845",
      streetNumber: "12",
      city: "Třebíč",
    });
    dvorak = await insertSubject(A, { name: "Chata Dvořák", type: "Cottage", city: "Okříšky" });
    subjectOfB = await insertSubject(B, { name: "Cudzie miesto", city: "Bratislava" });
    const [w1] = await t.db
      .insert(wasteType)
      .values({ name: "Směsný komunální odpad", catalogCode: "200301" })
      .returning({ id: wasteType.id });
    const [w2] = await t.db
      .insert(wasteType)
      .values({ name: "Papier", municipalityId: B })
      .returning({ id: wasteType.id });
    catalogueWaste = w1!.id;
    wasteOfB = w2!.id;
    const [b1] = await t.db
      .insert(binType)
      .values({ name: "Popelnice 120 l", category: "bin", capacity: 120 })
      .returning({ id: binType.id });
    const [b2] = await t.db
      .insert(binType)
      .values({ name: "Pytel 60 l", category: "bag", kind: "disposable", capacity: 60, municipalityId: A })
      .returning({ id: binType.id });
    const [b3] = await t.db
      .insert(binType)
      .values({ name: "Kontajner 1100 l", category: "container", capacity: 1100, municipalityId: B })
      .returning({ id: binType.id });
    catalogueBin = b1!.id;
    ownBag = b2!.id;
    binTypeOfB = b3!.id;
  });
  afterAll(() => t?.close());
}
