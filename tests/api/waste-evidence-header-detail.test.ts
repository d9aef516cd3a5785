/**
 * Waste evidence header API tests: GET and PUT waste-evidence-header/{id}; GET waste-evidence-header/{id}/label.pdf.
 * Shared setup in ./waste-evidence-header-fixtures.ts.
 */
import { describe, expect, it } from "vitest";
import { wasteEvidenceHeader as weh } from "../../api/db/schema";
import { versionOf, pdfText, expectRefused } from "./helpers";
import {
  t,
  A,
  B,
  novak,
  dvorak,
  catalogueBin,
  binTypeOfB,
  catalogueWaste,
  BIN_NOT_FOUND,
  url,
  insertHeader,
  headerRow,
  historyOf,
  onlyHistoryRow,
  setupWasteEvidenceHeaderTests,
} from "./waste-evidence-header-fixtures";

setupWasteEvidenceHeaderTests();

describe("GET and PUT waste-evidence-header/{id}", () => {
  const edit = (over: Record<string, unknown> = {}) => ({
    // The version the edit form loaded (decision 0020): these bins are not edited before.
    version: 0,
    binTypeId: String(catalogueBin),
    wasteTypeId: "",
    rfid: "",
    disposable: "",
    description: "",
    street: "",
    city: "",
    zipCode: "",
    latitude: "",
    longitude: "",
    ...over,
  });

  it("the detail: subject's address and short name, types, who assigned it", async () => {
    const h = await insertHeader(A, { binTypeId: catalogueBin, wasteTypeId: catalogueWaste });
    await t.call("POST", url(A, "/assign"), { as: "manager", json: { subjectId: novak, codes: [h.plainCode] } });
    const res = await t.call("GET", url(A, `/${h.id}`), { as: "readonly" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: h.id,
      municipalityId: A,
      barcode: h.barcode,
      plainCode: h.plainCode,
      state: "Assigned",
      binName: "Popelnice 120 l",
      capacity: 120,
      wasteTypeName: "Směsný komunální odpad",
      subjectId: novak,
      subjectName: "Rodinný dům Novák",
      subjectShortName: "RD Novák",
      subjectAddress: "Hasskova 845/12",
      address: "Hasskova 845/12",
      city: "Třebíč",
      assignedByName: "Manager Testovací",
      street: null,
      disposable: false,
      disposePeriod: null,
    });
    expect(res.body.assignedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("PUT saves the fields and writes 'ConfigurationChanged' with [old, new] of what changed; the same form again writes nothing", async () => {
    const h = await insertHeader(A, { subjectId: novak, state: "Assigned" });
    const body = edit({
      rfid: "E200-0001",
      disposable: "on",
      description: "U brány",
      street: "Žerotínovo nám. 1",
      city: "Třebíč",
      zipCode: "674 01",
      latitude: "49.2149",
      longitude: "15.8817",
    });
    const res = await t.call("PUT", url(A, `/${h.id}`), { as: "worker", json: body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: h.id });
    expect(await headerRow(h.id)).toMatchObject({
      binTypeId: catalogueBin,
      rfid: "E200-0001",
      disposable: true,
      description: "U brány",
      street: "Žerotínovo nám. 1",
      city: "Třebíč",
      zipCode: "67401",
      latitude: "49.214900",
      longitude: "15.881700",
    });
    const hist = await onlyHistoryRow(h.id);
    expect(hist).toMatchObject({
      event: "ConfigurationChanged",
      subjectId: novak,
      userId: t.fixtures.users.worker.id,
    });
    expect(hist.details).toEqual({
      binTypeId: [null, catalogueBin],
      rfid: [null, "E200-0001"],
      disposable: [false, true],
      description: [null, "U brány"],
      street: [null, "Žerotínovo nám. 1"],
      city: [null, "Třebíč"],
      zipCode: [null, "67401"],
      latitude: [null, "49.214900"],
      longitude: [null, "15.881700"],
    });
    // The bin's own address now wins over the subject's.
    const detail = await t.call("GET", url(A, `/${h.id}`), { as: "worker" });
    expect(detail.body).toMatchObject({ address: "Žerotínovo nám. 1, Třebíč", latitude: "49.214900" });

    const again = { ...body, version: await versionOf(t.db, weh, h.id) };
    expect((await t.call("PUT", url(A, `/${h.id}`), { as: "worker", json: again })).status).toBe(200);
    expect(await historyOf(h.id)).toHaveLength(1);
    const version = await versionOf(t.db, weh, h.id);
    await t.call("PUT", url(A, `/${h.id}`), { as: "worker", json: { ...body, latitude: "49.3", rfid: "", version } });
    const second = (await historyOf(h.id))[1]!;
    expect(second.details).toEqual({ rfid: ["E200-0001", null], latitude: ["49.214900", "49.300000"] });

    const hr = await t.call("GET", url(A, `/${h.id}/history`), { as: "readonly" });
    expect(hr.status).toBe(200);
    expect(hr.body.items.map((r: { event: string }) => r.event)).toEqual([
      "ConfigurationChanged",
      "ConfigurationChanged",
    ]);
    expect(hr.body.items[0]).toMatchObject({
      id: second.id,
      subjectId: novak,
      subjectName: "Rodinný dům Novák",
      userName: "Worker Testovací",
      details: { rfid: ["E200-0001", null], latitude: ["49.214900", "49.300000"] },
    });
  });

  it("422: RFID of another bin of the municipality (B may use it), a bin type of B, one coordinate only", async () => {
    await insertHeader(A, { rfid: "RF-TAKEN" });
    const h = await insertHeader(A);
    await expectRefused(t.call("PUT", url(A, `/${h.id}`), { as: "manager", json: edit({ rfid: "RF-TAKEN" }) }), {
      rfid: ["RFID už má jiná nádoba."],
    });
    const hb = await insertHeader(B);
    const inB = await t.call("PUT", url(B, `/${hb.id}`), {
      as: "managerB",
      json: edit({ rfid: "RF-TAKEN", binTypeId: "" }),
    });
    expect(inB.status).toBe(200);
    await expectRefused(t.call("PUT", url(A, `/${h.id}`), { as: "manager", json: edit({ binTypeId: binTypeOfB }) }), {
      binTypeId: ["Typ nádoby nebyl nalezen."],
    });
    const coords = await t.call("PUT", url(A, `/${h.id}`), { as: "manager", json: edit({ latitude: "49.2" }) });
    expect(coords.status).toBe(422);
    expect(coords.body.errors.longitude).toEqual(["Zadejte obě souřadnice, nebo žádnou."]);
    expect(await headerRow(h.id)).toMatchObject({ rfid: null, binTypeId: null, latitude: null });
    expect(await historyOf(h.id)).toHaveLength(0);
  });

  it("a bin of municipality B under A's id answers 'Nádoba nebyla nalezena.' on every call; B's manager sees it", async () => {
    const ofB = await insertHeader(B, { description: "Cizí" });
    const calls: [string, string, unknown?][] = [
      ["GET", ""],
      ["PUT", "", edit()],
      ["GET", "/history"],
      ["GET", "/dispose-counts"],
      ["PUT", "/dispose-counts", { year: 2025, month: 1, actualCount: 1 }],
      ["PUT", "/dispose-frequency", { period: "Month", orderedDisposeCount: 4, version: 0 }],
      ["GET", "/label.pdf"],
    ];
    for (const [method, rest, json] of calls) {
      const res = await t.call(method, url(A, `/${ofB.id}${rest}`), { as: "manager", json });
      expect(res.status, `${method} ${rest}`).toBe(404);
      expect(res.body, `${method} ${rest}`).toEqual(BIN_NOT_FOUND);
    }
    // Bulk actions over B's id change nothing.
    for (const action of ["/discard", "/restore"]) {
      const res = await t.call("POST", url(A, action), { as: "manager", json: { ids: [ofB.id] } });
      expect(res.body).toEqual({ updated: 0 });
    }
    expect(await headerRow(ofB.id)).toMatchObject({ description: "Cizí", state: "Free", disposePeriod: null });
    expect((await t.call("GET", url(B, `/${ofB.id}`), { as: "managerB" })).status).toBe(200);
    // A missing bin: the same message.
    const missing = await t.call("GET", url(A, "/2147483000"), { as: "manager" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(BIN_NOT_FOUND);
  });

  it("the read-only administrator reads but changes nothing (403)", async () => {
    const h = await insertHeader(A);
    expect((await t.call("GET", url(A), { as: "readonly" })).status).toBe(200);
    expect((await t.call("GET", url(A, `/${h.id}/dispose-counts`), { as: "readonly" })).status).toBe(200);
    const writes: [string, string, unknown][] = [
      ["POST", "/assign", { subjectId: novak, codes: [h.plainCode] }],
      ["POST", "/discard", { ids: [h.id] }],
      ["POST", "/restore", { ids: [h.id] }],
      ["POST", "/transfer", { ids: [h.id], subjectId: novak }],
      ["PUT", `/${h.id}`, edit()],
      ["PUT", `/${h.id}/dispose-counts`, { year: 2025, month: 1, actualCount: 1 }],
      ["PUT", `/${h.id}/dispose-frequency`, { period: "Month", orderedDisposeCount: 2 }],
    ];
    for (const [method, rest, json] of writes) {
      const res = await t.call(method, url(A, rest), { as: "readonly", json });
      expect(res.status, `${method} ${rest}`).toBe(403);
    }
    expect(await headerRow(h.id)).toMatchObject({ state: "Free", binTypeId: null, disposePeriod: null });
    expect(await historyOf(h.id)).toHaveLength(0);
  });
});

describe("GET waste-evidence-header/{id}/label.pdf", () => {
  it("a copy of the label as an inline PDF named after the plain code", async () => {
    const h = await insertHeader(A, { binTypeId: catalogueBin, state: "Assigned", subjectId: novak });
    const res = await t.call("GET", url(A, `/${h.id}/label.pdf`), { as: "readonly" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`inline; filename="stitek-${h.plainCode}.pdf"`);
    const bytes = res.body as Uint8Array;
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = pdfText(bytes);
    if (text !== null) {
      // The bin's own label: its plain code, barcode, municipality, subject's short name and bin type.
      for (const part of [h.plainCode, h.barcode, "Třebíč", "RD Novák", "Popelnice 120 l"])
        expect(text).toContain(part);
    }
    // A subject without a short name, and a free code without a subject or bin type, print too.
    const cottage = await insertHeader(A, { state: "Assigned", subjectId: dvorak });
    const free = await insertHeader(A);
    for (const id of [cottage.id, free.id]) {
      const pdf = await t.call("GET", url(A, `/${id}/label.pdf`), { as: "worker" });
      expect(pdf.status).toBe(200);
      expect(Buffer.from((pdf.body as Uint8Array).subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    }
  });
});
