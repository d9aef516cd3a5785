/**
 * Print batch API tests: GET print-batch and print-batch/{id}; GET print-batch/{id}/labels.pdf. Shared setup in
 * ./print-batch-fixtures.ts.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { printBatch } from "../../api/db/schema";
import {
  printJobs,
  t,
  A,
  B,
  fixedBin,
  bag,
  url,
  BATCH_NOT_FOUND,
  insertSubject,
  headersOf,
  createNoSubject,
  setupPrintBatchTests,
} from "./print-batch-fixtures";

setupPrintBatchTests();

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

  it("sorts by the list's keys (contract/lists.ts): createdAt oldest first; an unknown sort is a 422", async () => {
    const older = await createNoSubject(A, { codeCount: 1 });
    const newer = await createNoSubject(A, { codeCount: 1 });
    const oldest = await t.call("GET", url(A), { as: "manager", query: { pageSize: 200, sort: "createdAt" } });
    const ids = oldest.body.items.map((i: { id: number }) => i.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    const byId = await t.call("GET", url(A), { as: "manager", query: { pageSize: 200, sort: "-id" } });
    expect(byId.body.items.map((i: { id: number }) => i.id)).toEqual([...ids].sort((x, y) => y - x));
    const unknown = await t.call("GET", url(A), { as: "manager", query: { sort: "note" } });
    expect(unknown.status).toBe(422);
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
      ["DELETE", ""],
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
