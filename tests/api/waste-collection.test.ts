/**
 * Waste collections through /v1/municipality/{id}/waste-collection (spec 001 §2 'Waste collections': list, detail
 * with summary by street and bin size, map, evidence and errors; set invoice price, set weight, merge, delete, import;
 * spec 000 §7 POST waste-collection/merge; issue 13 parts 4–5): what a clerk does after an import.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { wasteCollection, wasteEvidenceHeader as weh, wasteEvidenceRecord as record } from "../../api/db/schema";
import { makeBarcode } from "#contract/codes";
import { finishedJob } from "./helpers";
import { A, B, bin, bin240, HEADER, importCollection, novak, setupCollectionTests, t } from "./collection-fixtures";

setupCollectionTests();

const url = (m: number, rest = "") => `/municipality/${m}/waste-collection${rest}`;

describe("a collection after its import", () => {
  let id: number;
  let unknownCode: string;
  beforeAll(async () => {
    const a = await bin({ street: "Hasskova", latitude: "49.215000", longitude: "15.881000" });
    const b = await bin({ street: "Hasskova", binTypeId: bin240 });
    const c = await bin({ street: "Karlovo nám." });
    unknownCode = makeBarcode(A, 99_001);
    const file = [
      HEADER,
      `2026-11-20T07:00:00+01:00;${a.barcode};;200301;120;100;10;;;5T1 0001;;`,
      `2026-11-20T07:01:00+01:00;${b.barcode};;200301;240;100;20;49.216;15.882;5T1 0001;;`,
      `2026-11-20T07:02:00+01:00;${c.barcode};;200301;120;50;5;;;5T1 0001;;`,
      `2026-11-20T07:03:00+01:00;${unknownCode};;200301;120;100;;49.217;15.883;5T1 0001;;`,
    ].join("\n");
    const job = await importCollection(file);
    expect(job).toMatchObject({ state: "error", acceptedRows: 3, errorRows: 1 });
    const [row] = await t.db.select().from(wasteCollection).where(eq(wasteCollection.importJobId, job.id));
    id = row!.id;
  });

  it("is listed with the columns of spec 001 §2 and found by its filters; another municipality's list is its own", async () => {
    const list = await t.call("GET", url(A), {
      as: "worker",
      query: { state: "Error", dateFrom: "2026-11-20", dateTo: "2026-11-20" },
    });
    expect(list.status).toBe(200);
    expect(list.body.items.find((c: { id: number }) => c.id === id)).toMatchObject({
      collectedOn: "2026-11-20",
      licencePlate: "5T1 0001",
      wasteName: "Směsný komunální odpad",
      recordCount: 3,
      errorCount: 1,
      state: "Error",
      weightKg: "35.000",
      invoiceValue: null,
    });
    expect((await t.call("GET", url(A), { as: "worker", query: { search: "5t1" } })).body.total).toBeGreaterThanOrEqual(
      1,
    );
    // Typed % and _ are letters, not LIKE wildcards (the global search sends what the clerk typed).
    for (const search of ["%%", "__"]) {
      expect((await t.call("GET", url(A), { as: "worker", query: { search } })).body.total).toBe(0);
    }
    expect(
      (await t.call("GET", url(A), { as: "worker", query: { dateTo: "2026-11-19" } })).body.items.some(
        (c: { id: number }) => c.id === id,
      ),
    ).toBe(false);
    expect((await t.call("GET", url(B), { as: "managerB" })).body.items).toEqual([]);
    expect((await t.call("GET", url(A, `/${id}`), { as: "managerB" })).status).toBe(404);
  });

  it("detail: summary by street and bin size, open errors by type; map points; records; errors table", async () => {
    const detail = await t.call("GET", url(A, `/${id}`), { as: "worker" });
    expect(detail.body).toMatchObject({
      errorsByType: { UnknownCode: 1 },
      duplicateCount: 0,
      wasteTypeName: "Směsný komunální odpad",
    });
    expect(detail.body.summary).toEqual([
      { street: "Hasskova", v110: 0, v120: 1, v240: 1, v1100: 0, other: 0, total: 2, weightKg: "30.000" },
      { street: "Karlovo nám.", v110: 0, v120: 1, v240: 0, v1100: 0, other: 0, total: 1, weightKg: "5.000" },
    ]);
    const map = await t.call("GET", url(A, `/${id}/map`), { as: "worker" });
    // a: its bin's position; b: where it was read; c: none; the unknown code where it was read.
    expect(map.body.withoutPosition).toBe(1);
    expect(map.body.points.map((p: number[]) => [p[0], p[1], p[2]]).sort()).toEqual(
      [
        [49.215, 15.881, 0],
        [49.216, 15.882, 0],
        [49.217, 15.883, 1],
      ].sort(),
    );
    const records = await t.call("GET", url(A, `/${id}/records`), {
      as: "worker",
      query: { pageSize: 2, sort: "collectedAt" },
    });
    expect(records.body.total).toBe(3);
    expect(records.body.items[0]).toMatchObject({
      street: "Hasskova",
      binVolume: 120,
      acknowledgedWeightKg: "10.000",
      subjectName: "Novákovi",
    });
    const log = await t.call("GET", url(A, `/${id}/log`), { as: "worker", query: { errorType: "UnknownCode" } });
    expect(log.body).toMatchObject({
      total: 1,
      items: [{ code: unknownCode, message: "Nádoba s tímto kódem neexistuje.", resolvedAt: null }],
    });
  });

  it("an unknown code assigned to a bin, then the collection processed again: the row becomes a record, the error closes", async () => {
    await bin({ barcode: unknownCode, plainCode: "99001", street: "Hasskova" });
    const res = await t.call("POST", url(A, `/${id}/reprocess`), { as: "manager" });
    expect(res).toMatchObject({ status: 200, body: { resolved: 1, open: 0 } });
    const detail = await t.call("GET", url(A, `/${id}`), { as: "worker" });
    expect(detail.body).toMatchObject({ recordCount: 4, errorCount: 0, state: "Processed", errorsByType: {} });
    expect(detail.body.summary[0]).toMatchObject({ street: "Hasskova", v120: 2, total: 3 });
    // Again: nothing left to do.
    expect((await t.call("POST", url(A, `/${id}/reprocess`), { as: "manager" })).body).toEqual({
      resolved: 0,
      open: 0,
    });
  });

  it("set weight: spread over the records by volume × fullness, exact to the gram; a stale version is 409", async () => {
    const before = (await t.call("GET", url(A, `/${id}`), { as: "worker" })).body;
    const res = await t.call("PATCH", url(A, `/${id}/weight`), {
      as: "manager",
      json: { weight: "0,1", weightUnit: "t", version: before.version },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ weightKg: "100.000", weightUnit: "t" });
    const shares = await t.db
      .select({ kg: record.acknowledgedWeightKg })
      .from(record)
      .where(eq(record.wasteCollectionId, id));
    expect(shares.reduce((g, r) => g + Math.round(Number(r.kg) * 1000), 0)).toBe(100_000);
    // 120×100 : 240×100 : 120×50 : 120×100 = 12 : 24 : 6 : 12 (of 54) of 100 kg.
    expect(shares.map((r) => r.kg).sort()).toEqual(["11.111", "22.222", "22.222", "44.445"].sort());
    const stale = await t.call("PATCH", url(A, `/${id}/weight`), {
      as: "manager",
      json: { weight: "1", weightUnit: "t", version: before.version },
    });
    expect(stale.status).toBe(409);
    const bad = await t.call("PATCH", url(A, `/${id}/weight`), {
      as: "manager",
      json: { weight: "-1", weightUnit: "t", version: 0 },
    });
    expect(bad.status).toBe(422);
  });

  it("set invoice price of several, merge two into one with a new name, delete; the worker may not delete", async () => {
    const second = await importCollection(
      [HEADER, `2026-11-21T07:00:00+01:00;${(await bin()).barcode};;200301;120;100;7;;;5T1 0001;;`].join("\n"),
    );
    const [other] = await t.db.select().from(wasteCollection).where(eq(wasteCollection.importJobId, second.id));
    const price = await t.call("PATCH", url(A, "/price"), {
      as: "manager",
      json: { ids: [id, other!.id], invoiceValue: "1 250,50", priceUnit: "CZK" },
    });
    expect(price.body).toEqual({ updated: 2 });
    expect(
      (await t.call("PATCH", url(A, "/price"), { as: "managerB", json: { ids: [id], invoiceValue: "1" } })).status,
    ).toBe(404);

    const merged = await t.call("POST", url(A, "/merge"), {
      as: "manager",
      json: { ids: [id, other!.id], name: "Pondělí a úterý" },
    });
    expect(merged.status).toBe(201);
    expect(merged.body).toMatchObject({
      name: "Pondělí a úterý",
      collectedOn: "2026-11-20",
      recordCount: 5,
      invoiceValue: "2501.00",
      weightKg: "107.000",
      collectionType: "MultiCollection",
    });
    expect((await t.call("GET", url(A, `/${id}`), { as: "worker" })).status).toBe(404);
    expect(
      (await t.call("POST", url(A, "/merge"), { as: "manager", json: { ids: [merged.body.id], name: "X" } })).status,
    ).toBe(422);

    expect((await t.call("POST", url(A, "/remove"), { as: "worker", json: { ids: [merged.body.id] } })).status).toBe(
      200,
    );
    expect((await t.call("POST", url(A, "/remove"), { as: "citizen", json: { ids: [merged.body.id] } })).status).toBe(
      403,
    );
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(record)
      .where(eq(record.wasteCollectionId, merged.body.id));
    expect(n!.n).toBe(0);
  });
});

describe("the collection list's import (spec 001 §2 'import collection: a .csv file with vehicle licence plate and total weight')", () => {
  it("queues the file with the plate and weight; its job is read on the collections' own path", async () => {
    const file = [HEADER, `2026-11-22T07:00:00+01:00;${(await bin()).barcode};;200301;120;100;;;;;;`].join("\n");
    const body = new FormData();
    body.set("format", "Universal");
    body.set("licencePlate", "7T7 7777");
    body.set("weight", "850");
    body.set("weightUnit", "kg");
    body.set("file", new File([file], "vaha.csv"));
    const res = await t.call("POST", url(A, "/import"), { as: "worker", body });
    expect(res.status).toBe(202);
    const job = await finishedJob(t, url(A, `/import/${res.body.id}`), "worker");
    expect(job).toMatchObject({ state: "processed", acceptedRows: 1, type: "wasteCollection", format: "Universal" });
    const [c] = await t.db.select().from(wasteCollection).where(eq(wasteCollection.importJobId, res.body.id));
    expect(c).toMatchObject({ licencePlate: "7T7 7777", weightKg: "850.000" });
    // The waste-card job path does not show a collection job.
    expect((await t.call("GET", `/municipality/${A}/waste-card/import/${res.body.id}`, { as: "worker" })).status).toBe(
      404,
    );
    const [bumped] = await t.db
      .select({ at: weh.lastEvidenceAt })
      .from(weh)
      .where(
        eq(
          weh.id,
          (await t.db.select({ id: record.headerId }).from(record).where(eq(record.wasteCollectionId, c!.id)))[0]!.id!,
        ),
      );
    expect(bumped!.at).toEqual(new Date("2026-11-22T06:00:00Z"));
  });
});

describe("the fix of an unknown RFID tag (issue 13 'assign the unknown code to a bin, then reprocess')", () => {
  it("gives the tag to the bin named by its barcode, processes the collection again; a barcode row or a taken tag is refused", async () => {
    const target = await bin();
    const other = await bin({ rfid: "TAKEN-1" });
    const file = [
      HEADER,
      `2026-11-23T07:00:00+01:00;;NEW-TAG-1;200301;;100;4;;;8T8 0001;;`,
      `2026-11-23T07:01:00+01:00;;TAKEN-1;200301;;100;4;;;8T8 0001;;`,
      `2026-11-23T07:02:00+01:00;${makeBarcode(A, 98_765)};;200301;;100;4;;;8T8 0001;;`,
    ].join("\n");
    const job = await importCollection(file);
    expect(job).toMatchObject({ acceptedRows: 1, errorRows: 2 });
    const [c] = await t.db.select().from(wasteCollection).where(eq(wasteCollection.importJobId, job.id));
    const log = (await t.call("GET", url(A, `/${c!.id}/log`), { as: "manager", query: { errorType: "UnknownCode" } }))
      .body.items;
    const byTag = log.find((l: { rfid: string | null }) => l.rfid === "NEW-TAG-1");
    const byCode = log.find((l: { rfid: string | null }) => l.rfid === null);
    const assign = (logId: number, binCode: string, as: "manager" | "worker" | "managerB" = "manager") =>
      t.call("POST", url(A, `/${c!.id}/log/${logId}/assign`), { as, json: { bin: binCode } });
    expect((await assign(byCode.id, target.barcode)).body.errors.bin).toEqual([
      "Přiřadit nádobě lze jen neznámý RFID čip; čárový kód nádoby se nemění.",
    ]);
    expect((await assign(byTag.id, "nope")).status).toBe(422);
    expect((await assign(byTag.id, target.barcode, "managerB")).status).toBe(404);
    const done = await assign(byTag.id, target.plainCode);
    expect(done).toMatchObject({ status: 200, body: { resolved: 1, open: 1 } });
    const [tagged] = await t.db.select({ rfid: weh.rfid }).from(weh).where(eq(weh.id, target.id));
    expect(tagged!.rfid).toBe("NEW-TAG-1");
    expect((await t.db.select().from(record).where(eq(record.headerId, target.id))).length).toBe(1);
    expect(other.rfid).toBe("TAKEN-1");
  });
});

describe("a collection point's evidence (spec 001 §2 Collection points: consumption, actual counts, production, history)", () => {
  it("sums the point's records by period, counts its collection days, lists its latest emptyings; another municipality's point is 404", async () => {
    const res = await t.call("GET", `/municipality/${A}/subject/${novak}/evidence`, { as: "worker" });
    expect(res.status).toBe(200);
    const total = res.body.summary.find((p: { period: string }) => p.period === "total");
    const [counted] = await t.db
      .select({ n: sql<number>`count(*)::int`, kg: sql<string>`sum(acknowledged_weight_kg)::text` })
      .from(record)
      .where(sql`${record.subjectId} = ${novak} and ${record.discardedAt} is null`);
    expect(total).toMatchObject({ count: counted!.n, weightKg: counted!.kg });
    expect(counted!.n).toBeGreaterThan(1);
    expect(res.body.summary.map((p: { period: string }) => p.period)).toEqual(["3", "6", "12", "total", "active"]);
    expect(res.body.history).toHaveLength(Math.min(10, counted!.n));
    expect(res.body.history[0].collectedAt >= res.body.history[1].collectedAt).toBe(true);
    expect(res.body.production[0]).toMatchObject({ wasteTypeName: "Směsný komunální odpad" });
    expect((await t.call("GET", `/municipality/${A}/subject/${novak}/evidence`, { as: "managerB" })).status).toBe(404);
  });
});
