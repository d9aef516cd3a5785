/**
 * Spec 001 §2 'Print batches' (/administration/print-batches, create, detail), §4 Generated → Printed, §8 print
 * results, §8 'Failures shown: delete of … print batches': a clerk generates labels, downloads the PDF for the label
 * sheet, tries the label printer and marks the batch printed; deletes a fresh batch through the confirmation dialog;
 * addressed labels for collection points are picked without JavaScript, and such a batch (its codes in use) refuses
 * to be deleted.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { errorUnder, launchForFile, signedInPage } from "./browser";
import { seen, settle, uid } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

const LIST = "/administration/print-batches";
const DETAIL = /\/administration\/print-batches\/\d+$/;

describe("Print batches (spec 001 §2 'Print batches', §8 print results)", () => {
  it("generates a batch of free codes (a missing count is refused first), downloads its labels PDF and marks it printed", async () => {
    const { context, page } = await signedInPage(browser, "manager", LIST);
    await page.getByRole("heading", { level: 1, name: "Generování štítků" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Nová dávka" }).first().click();
    await page.waitForURL(`**${LIST}/create`);
    await settle(page);

    // Codes without a collection point are the default; nothing filled in → the count and bin types are asked for.
    await expect(page.getByLabel(/Bez odběrného místa/).isChecked()).resolves.toBe(true);
    await page.getByRole("button", { name: "Vygenerovat štítky" }).click();
    await expect(errorUnder(page, "Počet kódů")).resolves.toBe("Zadejte počet kódů 1 až 5 000.");
    await expect(seen(page, "Vyberte alespoň jeden typ nádoby.")).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe(`${LIST}/create`);

    const note = `Jarní rozvoz ${uid()}`;
    await page.getByLabel("Počet kódů").fill("3");
    await page.getByLabel("Popelnice 240 l", { exact: true }).check();
    await page.getByLabel(/^Pytel 60 l/).check();
    await page.getByLabel("Poznámka").fill(note);
    await expect(seen(page, "Štítků celkem: 6 (archů A4: 1)")).resolves.toBe(true);
    await page.getByRole("button", { name: "Vygenerovat štítky" }).click();
    await page.waitForURL(DETAIL);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await page.getByRole("heading", { level: 1, name: `Tisková dávka č. ${id}` }).waitFor();
    await expect(seen(page, "Dávka štítků vygenerována.")).resolves.toBe(true);
    await expect(seen(page, note)).resolves.toBe(true);

    // Six free codes: 3 per bin type.
    const codeRows = page
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: /Voln[áa]/ });
    await expect(codeRows.count()).resolves.toBe(6);
    await expect(codeRows.filter({ hasText: "Popelnice 240 l" }).count()).resolves.toBe(3);
    const firstPlainCode = (await codeRows.first().getByRole("cell").first().textContent())!.trim();

    // The labels: a real PDF, downloaded through the resource route.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Stáhnout štítky (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`stitky-${id}.pdf`);
    const file = await download.path();
    const pdf = fs.readFileSync(file);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    expect(text).toContain("Třebíč");
    expect(text).toMatch(new RegExp(`\\b${firstPlainCode}\\b`));

    // No label printer handler runs next to this server: the print result of spec 001 §8.
    await page.getByRole("button", { name: "Vytisknout na tiskárně" }).click();
    await expect(seen(page, "Nepodařilo se vytisknout kód.")).resolves.toBe(true);
    await expect(seen(page, "Tisková služba neběží.")).resolves.toBe(true);

    await page.getByRole("button", { name: "Označit jako vytištěné" }).click();
    const dialog = page.getByRole("dialog", { name: "Označit dávku jako vytištěnou?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Označit jako vytištěné" }).click();
    await expect(seen(page, "Dávka označena jako vytištěná.")).resolves.toBe(true);
    await page.getByRole("main").getByText("Vytištěná", { exact: true }).first().waitFor();
    await expect(page.getByRole("button", { name: "Označit jako vytištěné" }).count()).resolves.toBe(0);

    // The list filtered to printed batches shows it.
    await page.goto(`${LIST}?state=Printed`);
    await page.getByRole("row").filter({ hasText: note }).getByText("Vytištěná").waitFor();
    await context.close();
  });

  it("without JavaScript: addressed labels for collection points picked through the search, one removed again", async () => {
    const { context, page } = await signedInPage(browser, "manager", `${LIST}/create`, { javaScriptEnabled: false });
    const note = `Adresné ${uid()}`;
    await page.getByLabel(/^Adresné/).check();
    await page.getByLabel("Poznámka").fill(note);

    // The picker searches through the server; what was chosen and typed stays.
    await page.getByLabel("Hledat odběrné místo").fill("Novakovi");
    await page.getByRole("button", { name: "Hledat", exact: true }).click();
    await page.getByRole("button", { name: /^Přidat Novákovi, Hasskova 12/ }).click();
    await page.getByLabel("Hledat odběrné místo").fill("Dvořákovi");
    await page.getByRole("button", { name: "Hledat", exact: true }).click();
    await page
      .getByRole("button", { name: /^Přidat Dvořákovi/ })
      .first()
      .click();
    await expect(seen(page, "Vybraná místa: 2")).resolves.toBe(true);
    await page.getByRole("button", { name: /^Odebrat Dvořákovi/ }).click();
    await expect(seen(page, "Vybraná místa: 1")).resolves.toBe(true);
    await expect(page.getByLabel(/^Adresné/).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel("Poznámka").inputValue()).resolves.toBe(note);

    // No bin type: refused by the server, the choice stays.
    await page.getByRole("button", { name: "Vygenerovat štítky" }).click();
    await expect(seen(page, "Vyberte alespoň jeden typ nádoby.")).resolves.toBe(true);
    await expect(seen(page, "Vybraná místa: 1")).resolves.toBe(true);

    await page.getByLabel("Popelnice 120 l", { exact: true }).check();
    await page.getByRole("button", { name: "Vygenerovat štítky" }).click();
    await page.waitForURL(DETAIL);
    await expect(seen(page, "Dávka štítků vygenerována.")).resolves.toBe(true);
    const rows = page
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: /Přiřazen[áa]/ });
    await expect(rows.count()).resolves.toBe(1);
    await rows.getByRole("link", { name: "Novákovi, Hasskova 12" }).waitFor();
    await expect(rows.getByText("Popelnice 120 l").count()).resolves.toBe(1);

    // A batch made by mistake is taken back while its code is untouched (the dialog through ?dialog=delete);
    // the collection point loses the bin again.
    await page.getByRole("button", { name: "Smazat" }).click();
    await page.waitForURL(/dialog=delete/);
    await page.getByRole("dialog", { name: "Smazat tiskovou dávku?" }).getByRole("button", { name: "Smazat" }).click();
    await page.waitForURL((u) => u.pathname === LIST);
    await expect(seen(page, "Tisková dávka smazána.")).resolves.toBe(true);
    await expect(page.getByRole("row").filter({ hasText: note }).count()).resolves.toBe(0);
    await context.close();
  });

  it("deletes a fresh batch through the confirmation dialog; the read-only administrator is not offered it", async () => {
    const { context, page } = await signedInPage(browser, "worker", `${LIST}/create`);
    await settle(page);
    const note = `Omyl ${uid()}`;
    await page.getByLabel("Počet kódů").fill("2");
    await page.getByLabel("Popelnice 240 l", { exact: true }).check();
    await page.getByLabel("Poznámka").fill(note);
    await page.getByRole("button", { name: "Vygenerovat štítky" }).click();
    await page.waitForURL(DETAIL);
    const detail = new URL(page.url()).pathname;
    await settle(page);

    // Cancel first: nothing happens.
    await page.getByRole("button", { name: "Smazat" }).click();
    let dialog = page.getByRole("dialog", { name: "Smazat tiskovou dávku?" });
    await dialog.waitFor();
    await expect(seen(page, /bude smazána i se svými kódy \(počet: 2\)/)).resolves.toBe(true);
    await dialog.getByRole("button", { name: "Zrušit" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe(detail);

    await page.getByRole("button", { name: "Smazat" }).click();
    dialog = page.getByRole("dialog", { name: "Smazat tiskovou dávku?" });
    await dialog.getByRole("button", { name: "Smazat" }).click();
    await page.waitForURL((u) => u.pathname === LIST);
    await expect(seen(page, "Tisková dávka smazána.")).resolves.toBe(true);
    await page.getByRole("heading", { level: 1, name: "Generování štítků" }).waitFor();
    await expect(page.getByRole("row").filter({ hasText: note }).count()).resolves.toBe(0);
    // The batch is gone.
    const gone = await page.goto(detail);
    expect(gone?.status()).toBe(404);
    await context.close();

    // Without printBatch.aRemove the button is not there.
    const { context: readonly, page: ro } = await signedInPage(browser, "readonly", `${LIST}?dialog=municipality`);
    await ro.getByRole("dialog", { name: "Výběr obce" }).getByRole("button", { name: "Třebíč" }).click();
    await ro.waitForURL((u) => u.pathname === LIST && !u.search.includes("dialog"));
    await ro
      .getByRole("main")
      .getByRole("link")
      .filter({ hasText: /\d{1,2}\.\s?\d{1,2}\.\s?\d{4}/ })
      .first()
      .click();
    await ro.waitForURL(DETAIL);
    await ro.getByRole("heading", { level: 1, name: /Tisková dávka č\. \d+/ }).waitFor();
    await expect(ro.getByRole("button", { name: "Smazat" }).count()).resolves.toBe(0);
    await readonly.close();
  });
});
