/**
 * Administration → Imports (spec 000 §2 /administration/imports*, spec 001 §2 'Imports', §4 import job states;
 * issue 13 part 2) in Chromium, as the demo manager of Třebíč: a file uploaded from the create page with its format
 * help, followed to the end (live with JavaScript, by meta refresh without), its errors filtered and downloaded, its
 * original file downloaded and then deleted.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchForFile, signedInPage } from "./browser";
import { seen, settle, uid } from "./user-helpers";
import { errorRows, jobFinished, uploadFolder, refusedNonCsv } from "./jobs";

let browser: Browser;
launchForFile((b) => (browser = b));
const files = uploadFolder("obec-imports-");

const LIST = "/administration/imports";
const DETAIL = /\/administration\/imports\/\d+$/;

describe("Imports (spec 001 §2 Imports)", () => {
  it("uploads from the create page, follows the job to the end, filters and downloads its errors, downloads and deletes its file", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/dashboard");
    await page.getByRole("navigation").getByRole("link", { name: "Importy" }).click();
    await page.waitForURL(`**${LIST}`);
    await page.getByRole("heading", { level: 1, name: "Importy" }).waitFor();
    await settle(page);
    await page.getByRole("main").getByRole("link", { name: "Nový import" }).first().click();
    await page.waitForURL(`**${LIST}/create`);
    // The format help follows the chosen type (waste collections first, with their formats).
    await page.getByRole("heading", { name: "Formát souboru: Svozy odpadu" }).waitFor();
    await settle(page);
    await page.getByLabel("Typ importu").selectOption({ label: "Karty odpadu" });
    await page.getByRole("heading", { name: "Formát souboru: Karty odpadu" }).waitFor();
    await expect(seen(page, "plainCode;code;subjectId;feePayerId")).resolves.toBe(true);

    const id = uid();
    const name = `import-${id}.csv`;
    const file = files.csv(name, [
      "plainCode;code;subjectId;feePayerId",
      `I${id}1;IC-${id}-1;;`,
      `I${id}2;;;`,
      `I${id}3;IC-${id}-3;abc;`,
      `I${id}4;IC-${id}-4;;`,
    ]);
    await page.getByLabel("Soubor CSV").setInputFiles(file);
    await page.getByRole("button", { name: "Nahrát a importovat" }).click();
    await page.waitForURL(DETAIL);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await jobFinished(page);
    await expect(seen(page, "Import obsahuje chyby")).resolves.toBe(true);
    expect(await errorRows(page)).toEqual([
      ["3", "Chybí kód", "Chybí kód karty (code).", `I${id}2;;;`],
      ["4", "Neplatná hodnota", "ID odběrného místa musí být kladné celé číslo.", `I${id}3;IC-${id}-3;abc;`],
    ]);

    // One category only.
    await settle(page);
    await page.getByRole("main").getByLabel("Kategorie").selectOption({ label: "Chybí kód" });
    await page.waitForURL((url) => url.searchParams.get("category") === "MissingCode");
    await settle(page);
    await expect.poll(async () => (await errorRows(page)).length).toBe(1);

    // The whole log as CSV, and the original file.
    const [log] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Stáhnout chyby (CSV)" }).click(),
    ]);
    const logText = fs.readFileSync(await log.path(), "utf8");
    expect(logText.split("\r\n").slice(0, 3)).toEqual([
      "\uFEFFřádek;kategorie;chyba;původní řádek",
      `3;MissingCode;Chybí kód karty (code).;"I${id}2;;;"`,
      `4;InvalidValue;ID odběrného místa musí být kladné celé číslo.;"I${id}3;IC-${id}-3;abc;"`,
    ]);
    const [original] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Stáhnout soubor" }).click(),
    ]);
    expect(fs.readFileSync(await original.path(), "utf8")).toBe(fs.readFileSync(file, "utf8"));

    // Delete the file: confirmed; the counts and the log stay.
    await page.getByRole("button", { name: "Smazat soubor" }).click();
    const dialog = page.getByRole("dialog", { name: `Smazat soubor ${name}?` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Smazat soubor" }).click();
    await expect(seen(page, "Soubor importu byl smazán.")).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Stáhnout soubor" }).count()).resolves.toBe(0);
    await expect(seen(page, "Smazán")).resolves.toBe(true);

    // The list shows the job with its counts.
    await page.getByRole("link", { name: "Importy" }).first().click();
    await page.waitForURL(`**${LIST}`);
    const row = page.locator("tbody tr").filter({ hasText: name });
    await row.getByText("Zpracováno s chybami").waitFor();
    await context.close();
  });

  it("without JavaScript: a refused upload says why under the field; an accepted one is followed by the page reloading itself", async () => {
    const { context, page } = await signedInPage(browser, "manager", `${LIST}/create`, { javaScriptEnabled: false });
    await page.getByRole("heading", { level: 1, name: "Nový import" }).waitFor();
    const id = uid();
    await refusedNonCsv(page, files.file(`obrazek-${id}.png`, "not a csv"), "Nahrát a importovat");

    const file = files.csv(`bez-js-${id}.csv`, [`J${id}1;JC-${id}-1;;`, `J${id}2;JC-${id}-2;;`]);
    await page.getByLabel("Typ importu").selectOption({ label: "Karty odpadu" });
    await page.getByLabel("Soubor CSV").setInputFiles(file);
    await page.getByRole("button", { name: "Nahrát a importovat" }).click();
    await page.waitForURL(DETAIL);
    await jobFinished(page);
    await expect(seen(page, "Import proběhl bez chyb.")).resolves.toBe(true);
    const counts = await page
      .locator("dl > div")
      .evaluateAll((els) => els.slice(0, 4).map((e) => e.textContent?.trim()));
    expect(counts).toEqual(["Řádků v souboru2", "Nové záznamy2", "Beze změny0", "Chybné řádky0"]);
    await context.close();
  });
});
