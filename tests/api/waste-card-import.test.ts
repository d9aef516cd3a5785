/**
 * Waste card API tests: CSV import (spec 001 §5, §8 'Import'). Shared setup in ./waste-card-fixtures.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, like } from "drizzle-orm";
import { importJob, wasteCard } from "../../api/db/schema";
import { today } from "../../api/modules/subject/membership";
import {
  t,
  A,
  B,
  cards,
  jobs,
  insertSubject,
  insertPayer,
  insertCard,
  cardByCode,
  upload,
  errorsOf,
  setupWasteCardTests,
} from "./waste-card-fixtures";

setupWasteCardTests();

describe("CSV import (spec 001 §5, §8 'Import')", () => {
  let s1: number;
  let s2: number;
  let p1: number;
  let subjectOfB: number;
  let payerOfB: number;

  beforeAll(async () => {
    s1 = await insertSubject(A, "Importovaný dům 1");
    s2 = await insertSubject(A, "Importovaný dům 2");
    p1 = await insertPayer(A, "Importní");
    subjectOfB = await insertSubject(B, "Dom v Petržalke");
    payerOfB = await insertPayer(B, "Slovák");
  });

  it("imports good rows (Assigned with a subject, Free without), records each bad and duplicate row with its line and reason", async () => {
    await insertCard(A, { plainCode: "9001", code: "IMP-TAKEN", subjectId: s2 });
    const file = [
      "\ufeffplainCode;code;subjectId;feePayerId",
      `1001;IMP-1001;${s1};${p1}`,
      "1002;IMP-1002;;",
      `1003;IMP-1003;${s2}`,
      "",
      ";IMP-NOPLAIN;;",
      "1005;;;",
      `1006;IMP-1006;${subjectOfB};`,
      `1007;IMP-1007;${s1};${payerOfB}`,
      "1008;IMP-1001;;",
      `1009;IMP-TAKEN;${s1};`,
      `1010;${"X".repeat(61)};;`,
      "1011;IMP-1011;abc;",
      "1012;IMP-1012;;5",
      "1013;IMP-1013;;;extra",
      "1002;IMP-OTHER;;",
      "9001;IMP-NEW;;",
    ].join("\r\n");
    const res = await upload(A, file);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      type: "wasteCard",
      fileName: "karty.csv",
      state: "error",
      totalRows: 15,
      acceptedRows: 3,
      unchangedRows: 0,
      errorRows: 12,
      message: "Import obsahuje chyby",
    });
    expect(await cardByCode(A, "IMP-1001")).toMatchObject({
      plainCode: "1001",
      subjectId: s1,
      feePayerId: p1,
      state: "Assigned",
      validFrom: today(),
      virtual: false,
    });
    expect(await cardByCode(A, "IMP-1002")).toMatchObject({ subjectId: null, feePayerId: null, state: "Free" });
    expect(await cardByCode(A, "IMP-1003")).toMatchObject({ subjectId: s2, state: "Assigned" });
    // The import writes each card's search text itself (migration 0031): the same as its trigger would.
    expect((await cardByCode(A, "IMP-1001"))!.search).toBe("importovany dum 1\nimportni jan\njan importni");
    expect((await cardByCode(A, "IMP-1002"))!.search).toBeNull();
    const trigger = await cardByCode(A, "IMP-TAKEN");
    await t.db.update(wasteCard).set({ subjectId: null }).where(eq(wasteCard.id, trigger!.id));
    await t.db.update(wasteCard).set({ subjectId: s1, feePayerId: p1 }).where(eq(wasteCard.id, trigger!.id));
    expect((await cardByCode(A, "IMP-TAKEN"))!.search).toBe((await cardByCode(A, "IMP-1001"))!.search);
    await t.db.update(wasteCard).set({ subjectId: s2, feePayerId: null }).where(eq(wasteCard.id, trigger!.id));
    for (const code of [
      "IMP-NOPLAIN",
      "IMP-1006",
      "IMP-1007",
      "IMP-1011",
      "IMP-1012",
      "IMP-1013",
      "IMP-OTHER",
      "IMP-NEW",
    ]) {
      expect(await cardByCode(A, code), code).toBeUndefined();
    }
    expect(await cardByCode(A, "IMP-TAKEN")).toMatchObject({ plainCode: "9001", subjectId: s2 });

    const errors = await errorsOf(res.body.id);
    expect(errors.map((e) => [e.rowNumber, e.category, e.message])).toEqual([
      [6, "MissingCode", "Chybí číslo karty (plainCode)."],
      [7, "MissingCode", "Chybí kód karty (code)."],
      [8, "SubjectNotFound", "Odběrné místo s tímto ID v obci neexistuje."],
      [9, "FeePayerNotFound", "Poplatník s tímto ID v obci neexistuje."],
      [10, "DuplicateInFile", "Kód karty se v souboru opakuje (poprvé na řádku 2)."],
      [11, "CodeConflict", "Kód už má jiná karta s jinými údaji."],
      [12, "TooLong", "Kód karty je delší než 60 znaků."],
      [13, "InvalidValue", "ID odběrného místa musí být kladné celé číslo."],
      [14, "InvalidValue", "Poplatníka lze uvést jen spolu s odběrným místem."],
      [15, "Format", "Řádek má víc než 4 sloupce (plainCode;code;subjectId;feePayerId)."],
      [16, "DuplicateInFile", "Číslo karty se v souboru opakuje (poprvé na řádku 3)."],
      [17, "CodeConflict", "Číslo karty už má jiná karta."],
    ]);
    expect(errors).toHaveLength(res.body.errorRows);
    expect(errors.find((e) => e.rowNumber === 8)!.rawRow).toBe(`1006;IMP-1006;${subjectOfB};`);

    // The job and its errors through the API, paged.
    const job = await t.call("GET", jobs(A, `/${res.body.id}`), { as: "worker" });
    expect(job.status).toBe(200);
    expect(job.body).toEqual(res.body);
    const page = await t.call("GET", jobs(A, `/${res.body.id}/errors`), {
      as: "worker",
      query: { pageSize: 5, page: 2 },
    });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(res.body.errorRows);
    expect(page.body.items.map((e: { rowNumber: number }) => e.rowNumber)).toEqual(
      errors.slice(5, 10).map((e) => e.rowNumber),
    );
    expect(page.body.items[0]).toEqual({
      id: expect.any(Number),
      rowNumber: errors[5]!.rowNumber,
      category: errors[5]!.category,
      message: errors[5]!.message,
      rawRow: errors[5]!.rawRow,
    });
  });

  it("re-importing the same file changes nothing: no new cards, the accepted rows come back unchanged", async () => {
    const file = `plainCode;code;subjectId;feePayerId\n2001;RE-1;${s1};${p1}\n2002;RE-2;;\n2003;RE-3;${s2};\n2001;RE-1;;\n`;
    const first = await upload(A, file);
    expect(first.body).toMatchObject({ state: "error", totalRows: 4, acceptedRows: 3, unchangedRows: 0, errorRows: 1 });
    const before = await t.db.select().from(wasteCard).where(eq(wasteCard.municipalityId, A));

    const again = await upload(A, file);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ state: "error", totalRows: 4, acceptedRows: 0, unchangedRows: 3, errorRows: 1 });
    expect(again.body.id).not.toBe(first.body.id);
    const after = await t.db.select().from(wasteCard).where(eq(wasteCard.municipalityId, A));
    expect(after).toEqual(before);

    // Without errors the job is 'processed' and has no message.
    const clean = await upload(A, `2002;RE-2;;\n2004;RE-4;;\n`);
    expect(clean.body).toMatchObject({
      state: "processed",
      totalRows: 2,
      acceptedRows: 1,
      unchangedRows: 1,
      errorRows: 0,
      message: null,
    });
    expect((await t.call("GET", jobs(A, `/${clean.body.id}/errors`), { as: "manager" })).body).toEqual({
      items: [],
      total: 0,
    });
  });

  it("streams a file of several batches: counts, line numbers and duplicates across batches are right", async () => {
    const lines = ["plainCode;code;subjectId;feePayerId"];
    for (let i = 1; i <= 4_500; i++) {
      if (i % 1_000 === 0)
        lines.push(`B${i};BIG-1;;`); // a duplicate of the first row, further down
      else if (i % 700 === 0)
        lines.push(`B${i};BIG-${i};999999999;`); // no such subject
      else lines.push(`B${i};BIG-${i};${i % 2 ? s1 : ""};`);
    }
    const res = await upload(A, lines.join("\n") + "\n", "velky.CSV");
    expect(res.body).toMatchObject({ state: "error", totalRows: 4_500, acceptedRows: 4_500 - 4 - 6, errorRows: 10 });
    const errors = await errorsOf(res.body.id);
    expect(errors.map((e) => e.rowNumber)).toEqual([701, 1001, 1401, 2001, 2101, 2801, 3001, 3501, 4001, 4201]);
    expect(errors[1]).toMatchObject({
      category: "DuplicateInFile",
      message: "Kód karty se v souboru opakuje (poprvé na řádku 2).",
      rawRow: "B1000;BIG-1;;",
    });
    const big = await t.db.select({ id: wasteCard.id }).from(wasteCard).where(like(wasteCard.code, "BIG-%"));
    expect(big).toHaveLength(4_490);
  });

  it("a quoted value, a value over several lines, a header in other letter case and a file without a header", async () => {
    const res = await upload(
      A,
      `PLAINCODE;Code;SubjectId;FeePayerId\n"3001";"Q-3001";;\n3002;"Q-\n3002";;\n3003;Q-3003;;\n`,
    );
    expect(res.body).toMatchObject({ totalRows: 3, acceptedRows: 3, state: "processed" });
    expect(await cardByCode(A, "Q-\n3002")).toBeDefined();
    const noHeader = await upload(A, `3004;Q-3004;${s1};\n`);
    expect(noHeader.body).toMatchObject({ totalRows: 1, acceptedRows: 1 });
  });

  it("not a CSV → 422 file 'Soubor musí být ve formátu CSV.' (by name and by content), no job", async () => {
    const jobsBefore = await t.db.select({ id: importJob.id }).from(importJob);
    const byName = await upload(A, "1;X;;\n", "karty.xlsx");
    expect(byName.status).toBe(422);
    expect(byName.body).toEqual({
      Message: "Soubor musí být ve formátu CSV.",
      errors: { file: ["Soubor musí být ve formátu CSV."] },
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const byContent = await upload(A, png, "obrazek.csv");
    expect(byContent.status).toBe(422);
    expect(byContent.body.errors.file).toEqual(["Soubor musí být ve formátu CSV."]);
    const cp1250 = await upload(A, new Uint8Array([0x31, 0x3b, 0x8a, 0xe8, 0x3b, 0x3b, 0x0a]), "windows.csv");
    expect(cp1250.status).toBe(422);
    expect(cp1250.body.errors.file).toEqual(["Soubor není v kódování UTF-8."]);
    const noFile = await t.call("POST", cards(A, "/import"), { as: "manager", body: new FormData() });
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors.file).toEqual(["Vyberte soubor CSV."]);
    // An upload cut off before its end (no closing boundary).
    const cut = await t.call("POST", cards(A, "/import"), {
      as: "manager",
      headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
      body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="k.csv"\r\n\r\n1;CUT-1;;\r\n2;CUT-2',
    });
    expect(cut.status).toBe(422);
    expect(cut.body.errors.file).toEqual(["Nahrávání souboru bylo přerušeno."]);
    const json = await t.call("POST", cards(A, "/import"), { as: "manager", json: { file: "1;X" } });
    expect(json.status).toBe(422);
    expect(await t.db.select({ id: importJob.id }).from(importJob)).toEqual(jobsBefore);
  });

  it("a critical failure ends the job as discarded with the reason: no rows, commas instead of semicolons, broken quotes", async () => {
    const empty = await upload(A, "plainCode;code;subjectId;feePayerId\r\n\r\n");
    expect(empty.status).toBe(202);
    expect(empty.body).toMatchObject({ state: "discarded", totalRows: 0, message: "Soubor neobsahuje žádné řádky." });
    const commas = await upload(A, "plainCode,code,subjectId,feePayerId\n1,C-1,,\n");
    expect(commas.body).toMatchObject({ state: "discarded", message: "Sloupce musí být oddělené středníkem (;)." });
    expect(await cardByCode(A, "C-1")).toBeUndefined();
    const broken = await upload(A, `4001;QB-1;;\n4002;"QB-2;;\n4003;QB-3;;\n`);
    expect(broken.body).toMatchObject({ state: "discarded" });
    expect(broken.body.message).toMatch(/^Chyba formátu CSV/);
  });

  it("refuses a body larger than 50 MB (413) before reading it", async () => {
    const body = new FormData();
    body.set("file", new File(["1;X;;\n"], "karty.csv"));
    const res = await t.call("POST", cards(A, "/import"), {
      as: "manager",
      body,
      headers: { "Content-Length": String(51 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ Message: "Soubor je větší než 50 MB." });
  });

  it("another municipality's job is not found; the manager of B cannot read A's job (404)", async () => {
    const own = await upload(A, "5001;OWN-1;;\n");
    const ofB = await upload(B, "5001;OWN-1;;\n", "karty.csv", "admin");
    expect(ofB.body).toMatchObject({ state: "processed", acceptedRows: 1 });
    expect(await cardByCode(B, "OWN-1")).toMatchObject({ municipalityId: B });

    const cross = await t.call("GET", jobs(A, `/${ofB.body.id}`), { as: "manager" });
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual({ Message: "Import nebyl nalezen." });
    expect((await t.call("GET", jobs(A, `/${ofB.body.id}/errors`), { as: "manager" })).body).toEqual({
      Message: "Import nebyl nalezen.",
    });
    const tenancy = await t.call("GET", jobs(A, `/${own.body.id}`), { as: "managerB" });
    expect(tenancy.status).toBe(404);
    expect((await t.call("GET", jobs(A, "/999999"), { as: "manager" })).body).toEqual({
      Message: "Import nebyl nalezen.",
    });
  });

  it("a worker imports; the read-only administrator may read jobs but not import (403)", async () => {
    const res = await upload(A, "6001;W-1;;\n", "karty.csv", "worker");
    expect(res.status).toBe(202);
    const ro = await upload(A, "6002;W-2;;\n", "karty.csv", "readonly");
    expect(ro.status).toBe(403);
    expect(await cardByCode(A, "W-2")).toBeUndefined();
    expect((await t.call("GET", jobs(A, `/${res.body.id}`), { as: "readonly" })).status).toBe(200);
    const rows = await t.db
      .select()
      .from(wasteCard)
      .where(inArray(wasteCard.code, ["W-1"]));
    expect(rows).toHaveLength(1);
  });
});
