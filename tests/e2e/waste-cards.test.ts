/**
 * Spec 001 §2 'Waste cards' (list, bulk set expiration date, remove), §5 waste card import rules and §8 'Import'
 * ('Import obsahuje chyby', the error rows) in Chromium, as the demo manager of Třebíč: a real CSV file uploaded
 * through the import page, with and without JavaScript.
 */
import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchForFile, searchInDialog, signedInPage } from "./browser";
import { seen, settle, uid } from "./user-helpers";
import { errorRows, jobFinished, uploadFolder, refusedNonCsv } from "./jobs";

let browser: Browser;
launchForFile((b) => (browser = b));
const files = uploadFolder("obec-cards-");

const LIST = "/infrastructure/waste-cards";
const RESULT = /\/infrastructure\/waste-cards\/import\/\d+$/;

/** The id of a demo collection point of Třebíč, read from its link in the subject list. */
async function subjectId(page: Page, name: string): Promise<number> {
  await page.goto(`/infrastructure/subjects?search=${encodeURIComponent(name)}`);
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  return Number(/\/(\d+)$/.exec(href ?? "")?.[1]);
}

describe("Waste cards (spec 001 §2 Waste cards, §5, §8 Import)", () => {
  it("imports a CSV with 3 good and 2 bad rows, shows 'Import obsahuje chyby' with the error rows, lists the cards and sets their expiry in bulk", async () => {
    const { context, page } = await signedInPage(browser, "manager", LIST);
    await page.getByRole("heading", { level: 1, name: "Karty odpadu" }).waitFor();
    const novak = await subjectId(page, "Novákovi, Hasskova 12");
    expect(novak).toBeGreaterThan(0);

    const id = uid();
    const file = files.csv(`karty-${id}.csv`, [
      "plainCode;code;subjectId;feePayerId",
      `K${id}1;EC-${id}-1;${novak};`,
      `K${id}2;EC-${id}-2;;`,
      `K${id}3;EC-${id}-3;${novak};`,
      `K${id}4;;;`,
      `K${id}5;EC-${id}-5;999999999;`,
    ]);

    await page.goto(LIST);
    await settle(page);
    await page.getByRole("main").getByRole("link", { name: "Importovat z CSV" }).click();
    await page.waitForURL(`**${LIST}/import`);
    // The page explains the file before the upload.
    await page.getByRole("heading", { name: "Struktura souboru" }).waitFor();
    await expect(seen(page, "plainCode;code;subjectId;feePayerId")).resolves.toBe(true);
    await settle(page);
    await page.getByLabel("Soubor CSV").setInputFiles(file);
    await page.getByRole("button", { name: "Importovat" }).click();
    await page.waitForURL(RESULT);
    // The job runs in the background; the page follows it until it is finished.
    await jobFinished(page);

    await expect(seen(page, "Import obsahuje chyby")).resolves.toBe(true);
    await expect(seen(page, "Počet chybných záznamů: 2.")).resolves.toBe(true);
    expect(await errorRows(page)).toEqual([
      ["5", "Chybí kód", "Chybí kód karty (code).", `K${id}4;;;`],
      ["6", "Neznámé odběrné místo", "Odběrné místo s tímto ID v obci neexistuje.", `K${id}5;EC-${id}-5;999999999;`],
    ]);
    const counts = await page.locator("dl > div").evaluateAll((els) => els.map((e) => e.textContent?.trim()));
    expect(counts).toEqual(["Řádků v souboru5", "Nové záznamy3", "Beze změny0", "Chybné řádky2"]);

    // The three cards are in the list, two of them at the Nováks.
    await page.getByRole("link", { name: "Zpět na karty" }).click();
    await page.waitForURL(`**${LIST}`);
    await settle(page);
    await page.getByRole("main").getByLabel("Hledat").fill(`K${id}`);
    await page.waitForURL((url) => url.searchParams.get("search") === `K${id}`);
    await settle(page);
    const rows = page.getByRole("table", { name: "Karty odpadu" }).locator("tbody tr");
    // The list follows the typed search after a moment: wait for its answer, not for the address.
    await expect.poll(() => rows.count()).toBe(3);
    await expect(page.getByRole("link", { name: "Novákovi, Hasskova 12" }).count()).resolves.toBe(2);

    // Set the expiration date of all three in bulk.
    await page.getByLabel("Vybrat vše na stránce").check();
    await page.getByRole("button", { name: "Nastavit platnost…" }).click();
    const dialog = page.getByRole("dialog", { name: "Nastavit konec platnosti" });
    await dialog.waitFor();
    await dialog.getByLabel("Platnost do").fill("2031-06-30");
    await dialog.getByRole("button", { name: "Nastavit" }).click();
    await expect(seen(page, "Platnost nastavena u karet: 3.")).resolves.toBe(true);
    await dialog.waitFor({ state: "hidden" });
    await expect(
      page
        .getByRole("table", { name: "Karty odpadu" })
        .getByText(/30\. ?6\. ?2031/)
        .count(),
    ).resolves.toBe(3);
    await expect(page.getByRole("table", { name: "Karty odpadu" }).getByText("Přiřazená").count()).resolves.toBe(2);
    expect(new URL(page.url()).searchParams.get("search")).toBe(`K${id}`);

    // Assign the free card to the Nováks and one of their current payers through the subject picker.
    await page.getByLabel(`Vybrat řádek K${id}2`).check();
    await page.getByRole("button", { name: "Přiřadit odběrné místo…" }).click();
    const assign = page.getByRole("dialog", { name: "Přiřadit odběrné místo" });
    await assign.waitFor();
    await searchInDialog(assign, "Hledat odběrné místo", "hasskova 12", "subjectSearch");
    await assign.getByRole("combobox", { name: /^Odběrné místo/ }).selectOption(String(novak));
    await assign.getByRole("button", { name: "Načíst poplatníky" }).click();
    await page.waitForURL((url) => url.searchParams.get("assignSubjectId") === String(novak));
    await assign.getByLabel("Poplatník (nepovinné)").selectOption({ label: "Eva Nováková" });
    await assign.getByRole("button", { name: "Přiřadit", exact: true }).click();
    await expect(seen(page, "Karty přiřazeny odběrnému místu: 1.")).resolves.toBe(true);
    await assign.waitFor({ state: "hidden" });
    await expect(page.getByRole("link", { name: "Novákovi, Hasskova 12" }).count()).resolves.toBe(3);
    await expect(page.getByRole("link", { name: "Eva Nováková" }).count()).resolves.toBe(1);
    await context.close();
  });

  it("without JavaScript: refuses a file that is not CSV, imports a CSV, and removes a card through its dialog", async () => {
    const { context, page } = await signedInPage(browser, "manager", `${LIST}/import`, { javaScriptEnabled: false });
    await page.getByRole("heading", { level: 1, name: "Import karet odpadu" }).waitFor();

    const id = uid();
    await refusedNonCsv(page, files.file(`karty-${id}.txt`, "1;X\n"), "Importovat");
    await expect(page.getByLabel("Soubor CSV").getAttribute("aria-invalid")).resolves.toBe("true");

    const file = files.csv(`bez-js-${id}.csv`, [`N${id}1;NJ-${id}-1;;`, `N${id}2;NJ-${id}-2;;`]);
    await page.getByLabel("Soubor CSV").setInputFiles(file);
    await page.getByRole("button", { name: "Importovat" }).click();
    await page.waitForURL(RESULT);
    // Without JavaScript the page reloads itself (meta refresh) until the job is finished.
    await jobFinished(page);
    await expect(seen(page, "Import proběhl bez chyb.")).resolves.toBe(true);
    await expect(page.getByRole("table", { name: "Chybné řádky" }).count()).resolves.toBe(0);

    // Remove one: the bulk button opens the confirmation through the URL, the confirmation posts.
    await page.goto(`${LIST}?search=N${id}`);
    await page.getByLabel(`Vybrat řádek N${id}1`).check();
    await page.getByRole("button", { name: "Odebrat…" }).click();
    const dialog = page.getByRole("dialog", { name: "Odebrat karty?" });
    await dialog.waitFor();
    await expect(seen(page, "Vybrané karty (1) budou odebrány")).resolves.toBe(true);
    await dialog.getByRole("button", { name: "Odebrat" }).click();
    await expect(seen(page, "Odebráno karet: 1.")).resolves.toBe(true);
    const table = page.getByRole("table", { name: "Karty odpadu" });
    await expect(table.getByText("Vyřazená").count()).resolves.toBe(1);
    await expect(table.getByText("Volná").count()).resolves.toBe(1);

    // Nothing selected: the server says so.
    await page.getByRole("button", { name: "Nastavit platnost…" }).click();
    await expect(seen(page, "Vyberte položky.")).resolves.toBe(true);
    await context.close();
  });
});
