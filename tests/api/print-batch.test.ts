/**
 * Spec 001 §2 'Print batches', §3 Print batch, §4 Generated → Printed, §8 print results, §9 code types, through
 * /v1/municipality/{id}/print-batch… (docs/api-bins.md 'Print batches', docs/decisions/0012): code generation in one
 * transaction, validation, tenancy, mark printed, the labels PDF (opened with poppler) and the printer handler (a
 * service outside the product, mocked with msw).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import {
  binType,
  codeSequence,
  printBatch,
  subject,
  wasteEvidenceHeader,
  wasteEvidenceHeaderHistory,
} from "../../api/db/schema";
import { parseBarcode } from "#contract/codes";
import { setupApi, type TestApi } from "./helpers";

const PRINTER_URL = "http://printer.test/print";
/** Every job the mocked printer handler received. */
const printJobs: { printBatchId: number; rfid: boolean; labels: { barcode: string; plainCode: string }[] }[] = [];
const printer = setupServer();

let t: TestApi;
let A: number;
let B: number;
/** Catalogue bin types: a fixed bin and a disposable bag. */
let fixedBin: { id: number; name: string };
let bag: { id: number; name: string };

const url = (m: number, rest = "") => `/municipality/${m}/print-batch${rest}`;
const BATCH_NOT_FOUND = { Message: "Dávka nebyla nalezena." };

async function catalogueType(kind: "fixed" | "disposable") {
  const [row] = await t.db
    .select({ id: binType.id, name: binType.name })
    .from(binType)
    .where(and(isNull(binType.municipalityId), eq(binType.kind, kind), eq(binType.active, true)))
    .orderBy(asc(binType.id))
    .limit(1);
  return row!;
}

async function insertSubject(municipalityId: number, name: string, shortName: string | null = null) {
  const [row] = await t.db
    .insert(subject)
    .values({ municipalityId, type: "Household", name, shortName })
    .returning({ id: subject.id });
  return row!.id;
}

async function headersOf(batchId: number) {
  return t.db
    .select()
    .from(wasteEvidenceHeader)
    .where(eq(wasteEvidenceHeader.printBatchId, batchId))
    .orderBy(asc(wasteEvidenceHeader.id));
}

async function createNoSubject(municipalityId = A, over: Record<string, unknown> = {}) {
  const res = await t.call("POST", url(municipalityId), {
    as: municipalityId === A ? "manager" : "managerB",
    json: { codeType: "NoSubject", codeCount: 2, binTypeIds: [fixedBin.id], ...over },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const batchCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(printBatch))[0]!.n;

beforeAll(async () => {
  printer.listen({ onUnhandledRequest: "error" });
  t = await setupApi({ config: { printerHandlerUrl: PRINTER_URL } });
  A = t.fixtures.municipalities.a.id;
  B = t.fixtures.municipalities.b.id;
  fixedBin = await catalogueType("fixed");
  bag = await catalogueType("disposable");
});
afterEach(() => {
  printer.resetHandlers();
  printJobs.length = 0;
});
afterAll(async () => {
  printer.close();
  await t?.close();
});

describe("POST print-batch (spec 001 §2, §9 code types)", () => {
  it("NoSubject: 3 codes × 2 bin types → 6 Free headers with unique, check-protected barcodes and sequential plain codes", async () => {
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "NoSubject", codeCount: 3, binTypeIds: [fixedBin.id, bag.id], rfid: true, note: "Jaro 2025" },
    });
    expect(res.status).toBe(201);
    const id = res.body.id as number;

    const [batch] = await t.db.select().from(printBatch).where(eq(printBatch.id, id));
    expect(batch).toMatchObject({
      municipalityId: A,
      codeType: "NoSubject",
      codeCount: 3,
      binTypeIds: [fixedBin.id, bag.id],
      rfid: true,
      note: "Jaro 2025",
      state: "Generated",
      createdBy: t.fixtures.users.manager.id,
    });

    const headers = await headersOf(id);
    expect(headers).toHaveLength(6);
    expect(new Set(headers.map((h) => h.barcode)).size).toBe(6);
    for (const h of headers) {
      expect(h).toMatchObject({
        municipalityId: A,
        state: "Free",
        subjectId: null,
        assignedAt: null,
        printBatchId: id,
      });
      // The barcode names the municipality and the plain code (docs/decisions/0012).
      expect(parseBarcode(h.barcode)).toEqual({ municipalityId: A, plainCode: Number(h.plainCode) });
    }
    // The first batch of the municipality: plain codes 1…6, grouped by bin type; a bag is disposable.
    expect(headers.map((h) => h.plainCode)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(headers.map((h) => h.binTypeId)).toEqual([fixedBin.id, fixedBin.id, fixedBin.id, bag.id, bag.id, bag.id]);
    expect(headers.map((h) => h.disposable)).toEqual([false, false, false, true, true, true]);

    const events = await t.db
      .select({ event: wasteEvidenceHeaderHistory.event, userId: wasteEvidenceHeaderHistory.userId })
      .from(wasteEvidenceHeaderHistory)
      .where(
        inArray(
          wasteEvidenceHeaderHistory.headerId,
          headers.map((h) => h.id),
        ),
      );
    expect(events).toHaveLength(6);
    expect(events.every((e) => e.event === "Created" && e.userId === t.fixtures.users.manager.id)).toBe(true);

    // The next batch continues the municipality's numbering.
    const next = await createNoSubject(A, { codeCount: 2 });
    expect((await headersOf(next)).map((h) => h.plainCode)).toEqual(["7", "8"]);
    const [seq] = await t.db.select().from(codeSequence).where(eq(codeSequence.municipalityId, A));
    expect(seq!.lastPlainCode).toBe(8);
  });

  it("Regular for 2 subjects → Assigned codes with subject, time and user; the subjects' bin counts follow", async () => {
    const novak = await insertSubject(A, "Rodinný dům Novák", "RD Novák");
    const dvorak = await insertSubject(A, "Rodinný dům Dvořák");
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [novak, dvorak], binTypeIds: [fixedBin.id] },
    });
    expect(res.status).toBe(201);
    const headers = await headersOf(res.body.id);
    expect(headers.map((h) => h.subjectId)).toEqual([novak, dvorak]);
    for (const h of headers) {
      expect(h.state).toBe("Assigned");
      expect(h.assignedAt).toBeInstanceOf(Date);
      expect(h.assignedBy).toBe(t.fixtures.users.manager.id);
    }
    const [batch] = await t.db.select().from(printBatch).where(eq(printBatch.id, res.body.id));
    expect(batch).toMatchObject({ codeType: "Regular", codeCount: 2 });

    const events = await t.db
      .select({ event: wasteEvidenceHeaderHistory.event, subjectId: wasteEvidenceHeaderHistory.subjectId })
      .from(wasteEvidenceHeaderHistory)
      .where(
        inArray(
          wasteEvidenceHeaderHistory.headerId,
          headers.map((h) => h.id),
        ),
      );
    expect(events.filter((e) => e.event === "Created")).toHaveLength(2);
    expect(
      events
        .filter((e) => e.event === "Assigned")
        .map((e) => e.subjectId)
        .sort(),
    ).toEqual([novak, dvorak].sort());

    const counts = await t.db
      .select({ id: subject.id, binCount: subject.binCount })
      .from(subject)
      .where(inArray(subject.id, [novak, dvorak]));
    expect(counts.every((c) => c.binCount === 1)).toBe(true);
  });

  it("concurrent batches never share a plain code", async () => {
    const ids = await Promise.all([1, 2, 3].map(() => createNoSubject(A, { codeCount: 5 })));
    const codes = (await Promise.all(ids.map(headersOf))).flat().map((h) => h.plainCode);
    expect(codes).toHaveLength(15);
    expect(new Set(codes).size).toBe(15);
  });

  it("422 for a missing code count, no bin types, too many codes, another municipality's subject or bin type; nothing written", async () => {
    const before = await batchCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ codeType: "NoSubject", binTypeIds: [fixedBin.id] }, "codeCount", "Zadejte počet kódů 1 až 5 000."],
      [
        { codeType: "NoSubject", codeCount: 5001, binTypeIds: [fixedBin.id] },
        "codeCount",
        "Zadejte počet kódů 1 až 5 000.",
      ],
      [
        { codeType: "NoSubject", codeCount: 0, binTypeIds: [fixedBin.id] },
        "codeCount",
        "Zadejte počet kódů 1 až 5 000.",
      ],
      [{ codeType: "NoSubject", codeCount: 5, binTypeIds: [] }, "binTypeIds", "Vyberte alespoň jeden typ nádoby."],
      [{ codeType: "Regular", binTypeIds: [fixedBin.id] }, "subjectIds", "Vyberte alespoň jedno odběrné místo."],
      [
        { codeType: "NoSubject", codeCount: 5000, binTypeIds: [fixedBin.id, bag.id, fixedBin.id + 1] },
        "codeCount",
        "Dávka může mít nejvýše 10 000 štítků; rozdělte ji.",
      ],
      [{ codeType: "Other", codeCount: 1, binTypeIds: [fixedBin.id] }, "codeType", "Vyberte typ kódu."],
    ];
    for (const [json, field, message] of cases) {
      const res = await t.call("POST", url(A), { as: "manager", json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }

    const foreignSubject = await insertSubject(B, "Bytový dom Petržalka");
    const ownSubject = await insertSubject(A, "Chata U lesa");
    const res = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [ownSubject, foreignSubject], binTypeIds: [fixedBin.id] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ subjectIds: ["Odběrné místo nebylo nalezeno."] });

    const [bOwnType] = await t.db
      .insert(binType)
      .values({ municipalityId: B, name: "Kontajner 5000 l", category: "container", capacity: 5000 })
      .returning({ id: binType.id });
    const foreignType = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "NoSubject", codeCount: 1, binTypeIds: [bOwnType!.id] },
    });
    expect(foreignType.status).toBe(422);
    expect(foreignType.body.errors).toEqual({ binTypeIds: ["Typ nádoby nebyl nalezen."] });

    expect(await batchCount()).toBe(before);
    const [owned] = await t.db.select().from(subject).where(eq(subject.id, ownSubject));
    expect(owned!.binCount).toBe(0);
  });

  it("a municipality's own bin type is accepted; the read-only administrator may not create (403)", async () => {
    const [own] = await t.db
      .insert(binType)
      .values({ municipalityId: A, name: "Kontejner obce 3000 l", category: "container", capacity: 3000 })
      .returning({ id: binType.id });
    const id = await createNoSubject(A, { codeCount: 1, binTypeIds: [own!.id] });
    expect((await headersOf(id))[0]!.binTypeId).toBe(own!.id);

    const readonly = await t.call("POST", url(A), {
      as: "readonly",
      json: { codeType: "NoSubject", codeCount: 1, binTypeIds: [fixedBin.id] },
    });
    expect(readonly.status).toBe(403);
  });
});

describe("GET print-batch and print-batch/{id}", () => {
  it("lists newest first with bin type names, author and label count; filters by state", async () => {
    const older = await createNoSubject(A, { codeCount: 2, binTypeIds: [fixedBin.id, bag.id], note: "Starší" });
    const newer = await createNoSubject(A, { codeCount: 1, note: "Novější" });
    const res = await t.call("GET", url(A), { as: "manager", query: { pageSize: 200 } });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((i: { id: number }) => i.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(res.body.total).toBe(res.body.items.length);
    const item = res.body.items.find((i: { id: number }) => i.id === older);
    expect(item).toEqual({
      id: older,
      createdAt: expect.any(String),
      codeType: "NoSubject",
      codeCount: 2,
      binTypeNames: [fixedBin.name, bag.name],
      rfid: false,
      note: "Starší",
      state: "Generated",
      createdByName: "Manager Testovací",
      labelCount: 4,
    });

    const printed = await t.call("GET", url(A), { as: "manager", query: { state: "Printed" } });
    expect(printed.body.items.every((i: { state: string }) => i.state === "Printed")).toBe(true);
    expect(printed.body.items.map((i: { id: number }) => i.id)).not.toContain(older);

    const page = await t.call("GET", url(A), { as: "manager", query: { pageSize: 1, page: 2 } });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBe(res.body.total);
  });

  it("the detail pages through the batch's codes with bin and subject names", async () => {
    const novak = await insertSubject(A, "Rodinný dům Nováková", "RD Nováková");
    const created = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [novak], binTypeIds: [fixedBin.id, bag.id], note: "Adresné" },
    });
    const id = created.body.id as number;
    const res = await t.call("GET", url(A, `/${id}`), { as: "manager", query: { pageSize: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      codeType: "Regular",
      codeCount: 1,
      binTypeIds: [fixedBin.id, bag.id],
      binTypeNames: [fixedBin.name, bag.name],
      state: "Generated",
      printedAt: null,
      labelCount: 2,
      codes: { total: 2 },
    });
    expect(res.body.codes.items).toEqual([
      {
        id: expect.any(Number),
        barcode: expect.stringMatching(/^\d{13}$/),
        plainCode: expect.any(String),
        binName: fixedBin.name,
        subjectId: novak,
        subjectName: "Rodinný dům Nováková",
        state: "Assigned",
      },
    ]);
    const second = await t.call("GET", url(A, `/${id}`), { as: "manager", query: { pageSize: 1, page: 2 } });
    expect(second.body.codes.items[0].binName).toBe(bag.name);
  });

  it("another municipality's batch is not found: through B's path 404 (tenancy), through A's path 'Dávka nebyla nalezena.'", async () => {
    const bBatch = await createNoSubject(B, { codeCount: 1 });
    const viaB = await t.call("GET", url(B, `/${bBatch}`), { as: "manager" });
    expect(viaB.status).toBe(404);
    for (const [method, rest] of [
      ["GET", ""],
      ["GET", "/labels.pdf"],
      ["POST", "/printed"],
      ["POST", "/print"],
    ] as const) {
      const viaA = await t.call(method, url(A, `/${bBatch}${rest}`), { as: "manager" });
      expect(viaA.status, `${method} ${rest}`).toBe(404);
      expect(viaA.body).toEqual(BATCH_NOT_FOUND);
    }
    const [still] = await t.db.select().from(printBatch).where(eq(printBatch.id, bBatch));
    expect(still!.state).toBe("Generated");
    expect(printJobs).toHaveLength(0);
  });
});

describe("POST print-batch/{id}/printed (spec 001 §4 Generated → Printed)", () => {
  it("marks the batch printed once; a second time 409 'Dávka už byla vytištěna.'", async () => {
    const id = await createNoSubject(A);
    const res = await t.call("POST", url(A, `/${id}/printed`), { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, state: "Printed" });
    const [row] = await t.db.select().from(printBatch).where(eq(printBatch.id, id));
    expect(row!.state).toBe("Printed");
    expect(row!.printedAt).toBeInstanceOf(Date);

    const again = await t.call("POST", url(A, `/${id}/printed`), { as: "manager" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ Message: "Dávka už byla vytištěna." });
  });
});

describe("GET print-batch/{id}/labels.pdf", () => {
  it("is a PDF download of every label with the plain codes, the municipality and the subjects' short names", async () => {
    const novak = await insertSubject(A, "Rodinný dům Horák", "RD Horák");
    const created = await t.call("POST", url(A), {
      as: "manager",
      json: { codeType: "Regular", subjectIds: [novak], binTypeIds: [fixedBin.id] },
    });
    const free = await createNoSubject(A, { codeCount: 30 });
    const regularHeaders = await headersOf(created.body.id);
    const freeHeaders = await headersOf(free);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "labels-"));
    try {
      const res = await t.call("GET", url(A, `/${free}/labels.pdf`), { as: "manager" });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toMatch(
        new RegExp(`^attachment; filename="stitky-${free}\\.pdf"`),
      );
      const pdf = Buffer.from(res.body as Uint8Array);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const file = path.join(dir, "free.pdf");
      fs.writeFileSync(file, pdf);

      // 30 labels: two A4 sheets of 24.
      const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
      expect(info).toMatch(/Pages:\s+2\b/);
      expect(info).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts \(A4\)/);
      const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
      expect(text).toContain("Třebíč");
      for (const h of freeHeaders) {
        expect(text).toMatch(new RegExp(`\\b${h.plainCode}\\b`));
        expect(text).toContain(h.barcode);
      }
      // The first page renders (poppler opens the document).
      execFileSync("pdftoppm", ["-r", "50", "-png", "-f", "1", "-l", "1", file, path.join(dir, "page")]);
      const png = fs.readdirSync(dir).find((f) => f.startsWith("page") && f.endsWith(".png"));
      expect(png).toBeDefined();
      const image = fs.readFileSync(path.join(dir, png!));
      expect(image.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(image.length).toBeGreaterThan(1000);

      const addressed = await t.call("GET", url(A, `/${created.body.id}/labels.pdf`), { as: "manager" });
      const addressedFile = path.join(dir, "regular.pdf");
      fs.writeFileSync(addressedFile, Buffer.from(addressed.body as Uint8Array));
      const addressedText = execFileSync("pdftotext", [addressedFile, "-"], { encoding: "utf8" });
      expect(addressedText).toContain("RD Horák");
      expect(addressedText).toContain(regularHeaders[0]!.plainCode);
      expect(addressedText).toContain(fixedBin.name);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("POST print-batch/{id}/print (spec 001 §8 print results)", () => {
  const answer = (body: Record<string, string>, status = 200) =>
    http.post(PRINTER_URL, async ({ request }) => {
      printJobs.push((await request.json()) as (typeof printJobs)[number]);
      return HttpResponse.json(body, { status });
    });

  it("OK from the handler: the labels were sent and the batch is Printed", async () => {
    printer.use(answer({ result: "OK" }));
    const id = await createNoSubject(A, { codeCount: 2, rfid: true });
    const res = await t.call("POST", url(A, `/${id}/print`), { as: "manager" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: "OK", message: "Štítky byly odeslány na tiskárnu." });
    expect(printJobs).toHaveLength(1);
    const headers = await headersOf(id);
    expect(printJobs[0]).toMatchObject({ printBatchId: id, rfid: true });
    expect(printJobs[0]!.labels.map((l) => l.barcode)).toEqual(headers.map((h) => h.barcode));
    const [row] = await t.db.select().from(printBatch).where(eq(printBatch.id, id));
    expect(row!.state).toBe("Printed");
  });

  it("a failure the handler reports is shown with 'Nepodařilo se vytisknout kód.'; the batch stays Generated", async () => {
    const id = await createNoSubject(A);
    const cases: [() => ReturnType<typeof answer>, string, string][] = [
      [() => answer({ result: "TemplateNotFound" }), "TemplateNotFound", "Šablona štítku nebyla nalezena."],
      [() => answer({ result: "ClientNotFound" }, 404), "ClientNotFound", "Tiskárna nebyla nalezena."],
      [
        () => answer({ result: "PrintDataVariableMismatch" }, 422),
        "PrintDataVariableMismatch",
        "Data štítků neodpovídají šabloně tiskárny.",
      ],
      // An answer the product does not understand, or OK with an error status.
      [() => answer({ error: "boom" }, 500), "PrintSendFailed", "Odeslání na tiskárnu selhalo."],
      [() => answer({ result: "OK" }, 500), "PrintSendFailed", "Odeslání na tiskárnu selhalo."],
      // The handler is not reachable.
      [() => http.post(PRINTER_URL, () => HttpResponse.error()), "HandlerNotRunning", "Tisková služba neběží."],
    ];
    for (const [handler, result, sentence] of cases) {
      printer.use(handler());
      const res = await t.call("POST", url(A, `/${id}/print`), { as: "manager" });
      expect(res.status, result).toBe(200);
      expect(res.body).toEqual({ result, message: `Nepodařilo se vytisknout kód. ${sentence}` });
      printer.resetHandlers();
    }
    const [row] = await t.db.select().from(printBatch).where(eq(printBatch.id, id));
    expect(row!.state).toBe("Generated");
  });

  it("without a printer handler configured → HandlerNotRunning", async () => {
    const bare = await setupApi();
    try {
      const a = bare.fixtures.municipalities.a.id;
      const created = await bare.call("POST", url(a), {
        as: "manager",
        json: { codeType: "NoSubject", codeCount: 1, binTypeIds: [fixedBin.id] },
      });
      expect(created.status).toBe(201);
      const res = await bare.call("POST", url(a, `/${created.body.id}/print`), { as: "manager" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: "HandlerNotRunning",
        message: "Nepodařilo se vytisknout kód. Tisková služba neběží.",
      });
      expect(printJobs).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});
