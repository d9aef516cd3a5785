/**
 * Waste evidence records (issue 13 part 6; spec 001 §2 'Waste evidence records', §5 fullness and 'Tento kód
 * neexistuje!', §9 nonconforming states and severity; docs/waste-evidence.md): the list's filters, paging and
 * tenancy, a record typed by hand (code → bin → collection point), its bounds, an edit over a stale version, the
 * discard, the detail's chart, and who may do what.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  subject,
  subjectFeePayer,
  wasteCollection,
  wasteEvidenceHeader as weh,
  wasteEvidenceRecord as record,
} from "../../api/db/schema";
import { STALE_VERSION_MESSAGE } from "#contract/common";
import { EVIDENCE_NOT_FOUND } from "#contract/collection";
import { EVIDENCE_CODE_UNKNOWN, EVIDENCE_DISCARDED } from "#contract/waste-evidence";
import { A, B, bin, mixed, novak, paper, setupCollectionTests, t } from "./collection-fixtures";
import { insertResident } from "./helpers";

let svoboda: number;

const url = (m: number, rest = "") => `/municipality/${m}/waste-evidence${rest}`;

setupCollectionTests();
beforeAll(async () => {
  const [other] = await t.db
    .insert(subject)
    .values({ municipalityId: A, name: "Svobodovi", type: "Household", city: "Třebíč", street: "Nová" })
    .returning({ id: subject.id });
  svoboda = other!.id;
  const payer = await insertResident(t.db, A);
  await t.db
    .insert(subjectFeePayer)
    .values({ municipalityId: A, subjectId: novak, feePayerId: payer, validFrom: "2020-01-01", isChief: true });
});

const create = (json: Record<string, unknown>, as: "manager" | "readonly" | "citizen" | "managerB" = "manager") =>
  t.call("POST", url(A), { as, json: { collectedAt: "2026-11-20T07:30", ...json } });

async function created(json: Record<string, unknown>) {
  const res = await create(json);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}
const rowOf = async (id: number) => (await t.db.select().from(record).where(eq(record.id, id)))[0]!;

describe("create a record by hand (spec 001 §2: code → bin → collection point)", () => {
  it("resolves a barcode, a plain code or an RFID of the municipality; the bin's waste by default; origin WebManual", async () => {
    const b = await bin({ rfid: "E2003412AB" });
    const byBarcode = await created({
      code: b.barcode,
      fullness: "150",
      weightKg: "12,345",
      nonconformingStateIds: ["53", "1"],
    });
    const r = await rowOf(byBarcode);
    expect(r).toMatchObject({
      headerId: b.id,
      subjectId: novak,
      wasteTypeId: mixed,
      code: b.barcode,
      rfid: "E2003412AB",
      fullness: 150,
      binVolume: 120,
      weightKg: "12.345",
      acknowledgedWeightKg: "12.345",
      nonconformingStateIds: [1, 53],
      origin: "WebManual",
      state: "processed",
      discardedAt: null,
    });
    // 07:30 in Prague in November is 06:30 UTC.
    expect(r.collectedAt.toISOString()).toBe("2026-11-20T06:30:00.000Z");
    const byPlain = await rowOf(
      await created({ code: b.plainCode, collectedAt: "2026-11-21T08:00", wasteTypeId: paper }),
    );
    expect(byPlain).toMatchObject({ headerId: b.id, wasteTypeId: paper, fullness: null, weightKg: null });
    const byRfid = await rowOf(await created({ code: "E2003412AB", collectedAt: "2026-11-22T08:00" }));
    expect(byRfid.headerId).toBe(b.id);
    const header = (await t.db.select().from(weh).where(eq(weh.id, b.id)))[0]!;
    expect(header.lastEvidenceAt?.toISOString()).toBe("2026-11-22T07:00:00.000Z");
  });

  it(`422 '${EVIDENCE_CODE_UNKNOWN}' on code for an unknown code and for another municipality's bin`, async () => {
    const ofB = await bin({}, B);
    for (const code of ["NEEXISTUJE-1", ofB.barcode]) {
      const res = await create({ code });
      expect(res.status, code).toBe(422);
      expect(res.body.errors).toEqual({ code: [EVIDENCE_CODE_UNKNOWN] });
    }
  });

  it("422 for a discarded bin or one of no collection point (as the import refuses them)", async () => {
    const gone = await bin({ state: "Discarded" });
    const free = await bin({ subjectId: null, state: "Free" });
    expect((await create({ code: gone.barcode })).body.errors).toEqual({ code: ["Kód patří vyřazené nádobě."] });
    expect((await create({ code: free.barcode })).body.errors).toEqual({
      code: ["Nádoba nepatří žádnému zákazníkovi svozové společnosti."],
    });
  });

  it("fullness 0–200 % (spec 001 §5: 200 overfilled), weight to 3 places, nonconforming states 1, 33, 34, 52, 53", async () => {
    const b = await bin();
    expect(await created({ code: b.barcode, fullness: 0, collectedAt: "2026-10-01T10:00" })).toBeGreaterThan(0);
    expect(await created({ code: b.barcode, fullness: 200, collectedAt: "2026-10-02T10:00" })).toBeGreaterThan(0);
    for (const [field, value] of [
      ["fullness", "201"],
      ["fullness", "-1"],
      ["fullness", "50.5"],
      ["weightKg", "1.2345"],
      ["weightKg", "-3"],
      ["weightKg", "abc"],
      ["nonconformingStateIds", [2]],
      ["collectedAt", "2026-02-30T10:00"],
      ["collectedAt", "včera"],
    ] as const) {
      const res = await create({ code: b.barcode, collectedAt: "2026-10-03T10:00", [field]: value });
      expect(res.status, `${field}=${value}`).toBe(422);
      expect(Object.keys(res.body.errors), `${field}=${value}`).toEqual([field]);
    }
    expect((await create({ code: "" })).body.errors.code).toEqual(["Vyplňte toto pole."]);
  });

  it("422 on collectedAt when the bin already has a record at that instant", async () => {
    const b = await bin();
    await created({ code: b.barcode, collectedAt: "2026-09-01T06:00" });
    const res = await create({ code: b.barcode, collectedAt: "2026-09-01T06:00" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ collectedAt: ["Nádoba už má záznam v tento okamžik."] });
  });

  it("a record put into a collection counts in its record_count (one transaction); another municipality's collection is 422", async () => {
    const b = await bin();
    const [c] = await t.db
      .insert(wasteCollection)
      .values({ municipalityId: A, name: "Ruční svoz", collectedOn: "2026-08-03", origin: "WebManual" })
      .returning();
    const [cB] = await t.db
      .insert(wasteCollection)
      .values({ municipalityId: B, name: "Cudzí zvoz", collectedOn: "2026-08-03", origin: "WebManual" })
      .returning();
    const id = await created({ code: b.barcode, collectedAt: "2026-08-03T09:00", wasteCollectionId: c!.id });
    expect((await rowOf(id)).wasteCollectionId).toBe(c!.id);
    const count = async () =>
      (await t.db.select().from(wasteCollection).where(eq(wasteCollection.id, c!.id)))[0]!.recordCount;
    expect(await count()).toBe(1);
    const res = await create({ code: b.barcode, collectedAt: "2026-08-03T10:00", wasteCollectionId: cB!.id });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ wasteCollectionId: ["Svoz nebyl nalezen."] });
    // Discarding keeps the record in its collection and in its count (docs/waste-evidence.md 'Discard').
    expect((await t.call("POST", url(A, `/${id}/discard`), { as: "manager" })).status).toBe(200);
    expect(await count()).toBe(1);
  });
});

describe("detail, edit and discard", () => {
  it("the detail names the bin, the collection point, its chief fee payer, the waste and the severity-bearing states", async () => {
    const b = await bin();
    const id = await created({ code: b.plainCode, collectedAt: "2026-07-01T06:00", nonconformingStateIds: [33] });
    const res = await t.call("GET", url(A, `/${id}`), { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      headerId: b.id,
      headerBarcode: b.barcode,
      headerPlainCode: b.plainCode,
      binName: expect.any(String),
      subjectId: novak,
      subjectName: "Novákovi",
      subjectAddress: expect.stringContaining("Hasskova"),
      feePayerName: expect.stringContaining("Novák"),
      wasteTypeName: expect.any(String),
      nonconformingStateIds: [33],
      collectedAt: "2026-07-01T04:00:00.000Z",
      origin: "WebManual",
    });
  });

  it("edits over the version it saw; a stale version is 409 and the first change stays; a new code moves the record", async () => {
    const b = await bin();
    const other = await bin({ subjectId: svoboda });
    const id = await created({ code: b.barcode, collectedAt: "2026-06-01T06:00", fullness: 100 });
    const { version } = (await t.call("GET", url(A, `/${id}`), { as: "manager" })).body;
    const body = { code: b.barcode, collectedAt: "2026-06-01T06:00", fullness: "120", weightKg: "30", version };
    const first = await t.call("PUT", url(A, `/${id}`), { as: "manager", json: body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ id, version: version + 1 });
    const second = await t.call("PUT", url(A, `/${id}`), { as: "manager", json: { ...body, fullness: "10" } });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ Message: STALE_VERSION_MESSAGE });
    expect(await rowOf(id)).toMatchObject({ fullness: 120, weightKg: "30.000", acknowledgedWeightKg: "30.000" });
    const moved = await t.call("PUT", url(A, `/${id}`), {
      as: "manager",
      json: { ...body, code: other.plainCode, version: version + 1 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await rowOf(id)).toMatchObject({ headerId: other.id, subjectId: svoboda, code: other.plainCode });
    const unknown = await t.call("PUT", url(A, `/${id}`), {
      as: "manager",
      json: { ...body, code: "X", version: version + 2 },
    });
    expect(unknown.body.errors).toEqual({ code: [EVIDENCE_CODE_UNKNOWN] });
    const noVersion = await t.call("PUT", url(A, `/${id}`), { as: "manager", json: { ...body, version: undefined } });
    expect(noVersion.status).toBe(422);
    expect(noVersion.body.errors.version).toEqual(["Vyplňte toto pole."]);
  });

  it("discard sets discarded_at and keeps the state; a second discard and an edit of a discarded record are 409", async () => {
    const b = await bin();
    const id = await created({ code: b.barcode, collectedAt: "2026-05-01T06:00" });
    const res = await t.call("POST", url(A, `/${id}/discard`), { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, discardedAt: expect.any(String) });
    const row = await rowOf(id);
    expect(row.discardedAt).not.toBeNull();
    expect(row.state).toBe("processed");
    const again = await t.call("POST", url(A, `/${id}/discard`), { as: "manager" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ Message: EVIDENCE_DISCARDED });
    const edit = await t.call("PUT", url(A, `/${id}`), {
      as: "manager",
      json: { code: b.barcode, collectedAt: "2026-05-01T06:00", version: row.version },
    });
    expect(edit.status).toBe(409);
  });
});

describe("the detail's chart (docs/waste-evidence.md 'The chart')", () => {
  it("the bin's 12 months up to the record's month: acknowledged kg exactly, penalization, overflow; discarded left out", async () => {
    const b = await bin();
    const other = await bin();
    const add = (collectedAt: string, extra: Record<string, unknown> = {}) =>
      created({ code: b.barcode, collectedAt, ...extra });
    const last = await add("2026-04-30T23:30", { weightKg: "10.001", fullness: 150, nonconformingStateIds: [1] });
    await add("2026-04-02T07:00", { weightKg: "0.002", fullness: 100, nonconformingStateIds: [33] });
    await add("2026-04-01T00:30", { weightKg: "5", fullness: 200 }); // the first hour of April in Prague
    await add("2025-05-01T00:30", { weightKg: "7" }); // the first month of the window
    await add("2025-04-30T23:30", { weightKg: "100" }); // a month before the window
    await add("2026-05-01T00:30", { weightKg: "100" }); // after the record's month
    const gone = await add("2026-04-10T07:00", { weightKg: "50", fullness: 180, nonconformingStateIds: [34] });
    await t.call("POST", url(A, `/${gone}/discard`), { as: "manager" });
    await created({ code: other.barcode, collectedAt: "2026-04-03T07:00", weightKg: "99" });

    const res = await t.call("GET", url(A, `/${last}/chart`), { as: "manager" });
    expect(res.status).toBe(200);
    const { headerId, months } = res.body;
    expect(headerId).toBe(b.id);
    expect(months.map((m: { month: string }) => m.month)).toEqual([
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
    ]);
    expect(months[0]).toEqual({
      month: "2025-05",
      records: 1,
      acknowledgedKg: "7",
      penalized: 0,
      major: 0,
      overflow: 0,
    });
    expect(months[11]).toEqual({
      month: "2026-04",
      records: 3,
      acknowledgedKg: "15.003",
      penalized: 2,
      major: 1,
      overflow: 2,
    });
    expect(months.slice(1, 11).every((m: { records: number }) => m.records === 0)).toBe(true);
  });
});

describe("the list (spec 001 §2): filters, paging, tenancy", () => {
  it("filters by collection point, bin, collection, waste, days, discarded, nonconforming and search; pages newest first", async () => {
    const s = (
      await t.db.insert(subject).values({ municipalityId: A, name: "Listová Zahrada", type: "Household" }).returning()
    )[0]!.id;
    const b1 = await bin({ subjectId: s });
    const b2 = await bin({ subjectId: s, wasteTypeId: paper });
    const ids: number[] = [];
    for (let day = 1; day <= 5; day++) {
      ids.push(await created({ code: b1.barcode, collectedAt: `2026-03-0${day}T08:00`, fullness: day * 40 }));
    }
    const b2id = await created({ code: b2.barcode, collectedAt: "2026-03-03T09:00", nonconformingStateIds: [52] });
    await t.call("POST", url(A, `/${ids[0]}/discard`), { as: "manager" });
    const list = async (query: Record<string, string | number | boolean>) => {
      const res = await t.call("GET", url(A), { as: "manager", query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { items: { id: number }[]; total: number };
    };
    const idsOf = (l: { items: { id: number }[] }) => l.items.map((i) => i.id);

    const bySubject = await list({ subjectId: s });
    expect(bySubject.total).toBe(6);
    expect(idsOf(bySubject)).toEqual([ids[4], ids[3], b2id, ids[2], ids[1], ids[0]]);
    const page2 = await list({ subjectId: s, pageSize: 4, page: 2 });
    expect(page2.total).toBe(6);
    expect(idsOf(page2)).toEqual([ids[1], ids[0]]);
    expect(idsOf(await list({ subjectId: s, sort: "collectedAt", pageSize: 2 }))).toEqual([ids[0], ids[1]]);
    expect(idsOf(await list({ headerId: b2.id }))).toEqual([b2id]);
    expect(idsOf(await list({ subjectId: s, wasteTypeId: paper }))).toEqual([b2id]);
    expect(idsOf(await list({ subjectId: s, dateFrom: "2026-03-02", dateTo: "2026-03-03" }))).toEqual([
      b2id,
      ids[2],
      ids[1],
    ]);
    expect(idsOf(await list({ subjectId: s, discarded: true }))).toEqual([ids[0]]);
    expect((await list({ subjectId: s, discarded: false })).total).toBe(5);
    expect(idsOf(await list({ subjectId: s, nonconforming: true }))).toEqual([b2id]);
    expect(idsOf(await list({ search: b2.plainCode }))).toEqual([b2id]);
    expect((await list({ search: "listova zahr" })).total).toBe(6);

    const [c] = await t.db
      .insert(wasteCollection)
      .values({ municipalityId: A, name: "Svoz", collectedOn: "2026-03-04", origin: "WebManual" })
      .returning();
    const inCollection = await created({ code: b1.barcode, collectedAt: "2026-03-04T12:00", wasteCollectionId: c!.id });
    expect(idsOf(await list({ wasteCollectionId: c!.id }))).toEqual([inCollection]);

    const item = (await list({ headerId: b2.id })).items[0];
    expect(item).toMatchObject({ subjectName: "Listová Zahrada", wasteTypeId: paper, nonconformingStateIds: [52] });
  });

  it("the unfiltered total (collections' record counts plus records of no collection) equals the rows", async () => {
    const res = await t.call("GET", url(A), { as: "manager", query: { pageSize: 1 } });
    const rows = await t.db.select({ id: record.id }).from(record).where(eq(record.municipalityId, A));
    expect(res.body.total).toBe(rows.length);
  });

  it("another municipality's record is 404 on every path; its list shows none of A's", async () => {
    const b = await bin();
    const id = await created({ code: b.barcode, collectedAt: "2026-02-01T08:00" });
    const notFound = { Message: EVIDENCE_NOT_FOUND };
    for (const [method, path] of [
      ["GET", url(B, `/${id}`)],
      ["GET", url(B, `/${id}/chart`)],
      ["POST", url(B, `/${id}/discard`)],
    ] as const) {
      const res = await t.call(method, path, { as: "managerB" });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    const put = await t.call("PUT", url(B, `/${id}`), {
      as: "managerB",
      json: { code: b.barcode, collectedAt: "2026-02-01T08:00", version: 0 },
    });
    expect(put.status).toBe(404);
    expect((await t.call("GET", url(B), { as: "managerB" })).body.total).toBe(0);
    // …and A's manager may not reach B's paths at all (the tenancy rule answers 404).
    expect((await t.call("GET", url(B), { as: "manager" })).status).toBe(404);
  });

  it("403 without the permission: the citizen reads nothing, the read-only administrator writes nothing", async () => {
    const b = await bin();
    const id = await created({ code: b.barcode, collectedAt: "2026-01-10T08:00" });
    expect((await t.call("GET", url(A), { as: "citizen" })).status).toBe(403);
    expect((await t.call("GET", url(A, `/${id}`), { as: "readonly" })).status).toBe(200);
    expect((await create({ code: b.barcode, collectedAt: "2026-01-11T08:00" }, "readonly")).status).toBe(403);
    expect((await t.call("POST", url(A, `/${id}/discard`), { as: "readonly" })).status).toBe(403);
    expect((await rowOf(id)).discardedAt).toBeNull();
  });
});
