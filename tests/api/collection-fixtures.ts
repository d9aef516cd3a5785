/**
 * Shared setup of the waste collection and evidence API tests (collection-import, waste-collection, waste-evidence): a
 * fresh API,
 * the catalogue's waste and bin types, a collection point of A, bins made on demand and an import through the
 * imports area, followed to its end.
 */
import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { binType, subject, wasteEvidenceHeader as weh, wasteType } from "../../api/db/schema";
import { makeBarcode } from "#contract/codes";
import { finishedJob, setupApiWithIds, type TestApi } from "./helpers";

export let t: TestApi;
export let A: number;
export let B: number;
export let mixed: number;
export let paper: number;
export let bin120: number;
export let bin240: number;
export let bag60: number;
export let novak: number;
let plain = 7000;

export function setupCollectionTests() {
  beforeAll(async () => {
    ({ t, A, B } = await setupApiWithIds());
    const waste = async (code: string) =>
      (await t.db.select({ id: wasteType.id }).from(wasteType).where(eq(wasteType.catalogCode, code)))[0]!.id;
    mixed = await waste("200301");
    paper = await waste("200101");
    const bins = await t.db.select({ id: binType.id, capacity: binType.capacity, kind: binType.kind }).from(binType);
    bin120 = bins.find((b) => b.capacity === 120 && b.kind === "fixed")!.id;
    bin240 = bins.find((b) => b.capacity === 240 && b.kind === "fixed")!.id;
    bag60 = bins.find((b) => b.kind === "disposable")!.id;
    const [s] = await t.db
      .insert(subject)
      .values({ municipalityId: A, name: "Novákovi", type: "Household", city: "Třebíč", street: "Hasskova" })
      .returning({ id: subject.id });
    novak = s!.id;
  });
  afterAll(() => t?.close());
}

/** A bin of A (or of another municipality, then of no collection point) with its code; every call a new plain code. */
export async function bin(values: Partial<typeof weh.$inferInsert> = {}, municipalityId = A) {
  const p = plain++;
  const [row] = await t.db
    .insert(weh)
    .values({
      municipalityId,
      barcode: makeBarcode(municipalityId, p),
      plainCode: String(p),
      binTypeId: bin120,
      wasteTypeId: mixed,
      subjectId: municipalityId === A ? novak : null,
      state: "Assigned",
      city: "Třebíč",
      ...values,
    })
    .returning();
  return row!;
}

export const HEADER =
  "time;code;rfid;waste;binVolume;fullness;weight;latitude;longitude;licencePlate;device;nonconformingStates";

/** Uploads a collection file in the imports area and answers the finished job. */
export async function importCollection(content: string | Uint8Array, fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ type: "wasteCollection", format: "Universal", ...fields })) body.set(k, v);
  body.set("file", new File([content as BlobPart], "svoz.csv", { type: "text/csv" }));
  const res = await t.call("POST", `/municipality/${A}/import`, { as: "manager", body });
  if (res.status !== 202) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return finishedJob<{ state: string } & Record<string, any>>(t, `/municipality/${A}/import/${res.body.id}`);
}
