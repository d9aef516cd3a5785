/**
 * Issue 14 part 5, spec 000 §2 …/modules/motivation-program and …/{motivational_type}/edit, spec 001 §2 Motivation
 * programmes, §9 intervals (from exclusive, to inclusive): reached from the municipality's modules; SortRatio's
 * intervals edited without JavaScript (a gap refused under the row, add and remove rows through the action); the
 * programme activated for a year and seen active on its card, then deactivated; PayAsDisposed's parameters and
 * ordered dispose count with JavaScript; ItalianWeight's custom discounts through the subject picker; the worker
 * only reads.
 */
import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { errorUnder, launchForFile, searchInDialog, signedInPage } from "./browser";
import { seen, settle } from "./user-helpers";

const OVERVIEW = /\/administration\/municipalities\/\d+\/modules\/motivation-program$/;
const INTERVALS = /\/motivation-program\/sort-ratio\/edit\?tab=MotivationProgramType$/;
const YEAR = Number(
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Prague", year: "numeric" }).format(new Date()),
);

let browser: Browser;
launchForFile((b) => (browser = b));

/** Třebíč's detail → its modules card → 'Nastavit' of the motivation programmes. */
async function openProgrammes(page: Page) {
  await page.getByRole("link", { name: "Třebíč", exact: true }).first().click();
  await page.getByRole("link", { name: "Nastavit Motivační programy" }).click();
  await page.waitForURL(OVERVIEW);
  await page.getByRole("heading", { level: 1, name: "Motivační programy" }).waitFor();
}

/** The value inputs of the intervals editor, row by row: [from, to, discount]. */
async function intervalRows(page: Page) {
  const rows = page.locator("tbody tr");
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const inputs = rows.nth(i).locator("input");
    out.push(await Promise.all([0, 1, 2].map((k) => inputs.nth(k).inputValue())));
  }
  return out;
}

const field = (page: Page, row: number, what: "Od (nad)" | "Do (včetně)" | "Sleva (%)") =>
  page.getByLabel(`Interval ${row}: ${what}`, { exact: true });

describe("Motivation programmes (issue 14 part 5)", () => {
  it("without JavaScript: edits SortRatio's intervals (a gap refused under its row), adds and removes a row", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/municipalities", {
      javaScriptEnabled: false,
    });
    await openProgrammes(page);
    const card = page.getByRole("region", { name: "Míra třídění" });
    // The demo programme: Legacy steps, active this year.
    await expect(card.getByText(`Aktivní v roce ${YEAR}`, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(card.getByText("(60 %; bez omezení] → 15 %").isVisible()).resolves.toBe(true);

    await card.getByRole("link", { name: "Upravit Míra třídění" }).click();
    await page.getByRole("heading", { level: 1, name: "Míra třídění" }).waitFor();
    // The demo's 'why not' text is longer than 3 characters, so it is shown (spec 001 §5).
    await expect(page.getByRole("region", { name: "Proč ne?" }).textContent()).resolves.toMatch(/nekončí na skládce/);
    await page.getByRole("link", { name: "Intervaly slev" }).click();
    await page.waitForURL(INTERVALS);
    expect(await intervalRows(page)).toEqual([
      ["0", "20", "0"],
      ["20", "40", "5"],
      ["40", "60", "10"],
      ["60", "", "15"],
    ]);

    // 'Přidat interval' goes through the action: a fifth, empty row.
    await page.getByRole("button", { name: "Přidat interval" }).click();
    await field(page, 5, "Od (nad)").waitFor();
    await field(page, 4, "Do (včetně)").fill("80");
    await field(page, 5, "Od (nad)").fill("85");
    await field(page, 5, "Sleva (%)").fill("20");
    await page.getByRole("button", { name: "Uložit" }).click();
    const gapId = await field(page, 5, "Od (nad)").getAttribute("id");
    await expect(page.locator(`[id="${gapId}-error"]`).textContent()).resolves.toBe(
      "Mezi intervaly je mezera: interval musí začínat tam, kde předchozí končí.",
    );
    // What was typed stays.
    await expect(field(page, 5, "Sleva (%)").inputValue()).resolves.toBe("20");

    await field(page, 5, "Od (nad)").fill("80");
    await page.getByRole("button", { name: "Uložit" }).click();
    await expect(seen(page, "Program uložen.")).resolves.toBe(true);
    expect(page.url()).toMatch(INTERVALS);
    expect(await intervalRows(page)).toEqual([
      ["0", "20", "0"],
      ["20", "40", "5"],
      ["40", "60", "10"],
      ["60", "80", "15"],
      ["80", "", "20"],
    ]);

    // Remove the added row (through the action) and open the fourth again: the demo's intervals are back.
    await page.getByRole("button", { name: "Odebrat Interval 5" }).click();
    await expect(field(page, 5, "Od (nad)").count()).resolves.toBe(0);
    await field(page, 4, "Do (včetně)").fill("");
    await page.getByRole("button", { name: "Uložit" }).click();
    await expect(seen(page, "Program uložen.")).resolves.toBe(true);
    expect(await intervalRows(page)).toEqual([
      ["0", "20", "0"],
      ["20", "40", "5"],
      ["40", "60", "10"],
      ["60", "", "15"],
    ]);
    await context.close();
  });

  it("activates SortRatio for next year (the recalculation is announced), sees it active, then deactivates it", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/municipalities");
    await openProgrammes(page);
    await settle(page);
    const card = page.getByRole("region", { name: "Míra třídění" });
    await card.getByRole("button", { name: "Aktivovat Míra třídění" }).click();
    const dialog = page.getByRole("dialog", { name: "Aktivovat program Míra třídění" });
    await dialog.waitFor();
    await expect(dialog.getByText(/všechny poplatky zvoleného roku přepočítají/).isVisible()).resolves.toBe(true);
    await dialog.getByLabel("Rok", { exact: true }).selectOption(String(YEAR + 1));
    await dialog.getByRole("button", { name: "Aktivovat" }).click();
    await expect(seen(page, "Program aktivován. Poplatky se přepočítávají.")).resolves.toBe(true);
    await expect(card.getByText(`Aktivní v roce ${YEAR}, ${YEAR + 1}`, { exact: true }).isVisible()).resolves.toBe(
      true,
    );

    await card.getByRole("button", { name: `Deaktivovat ${YEAR + 1}` }).click();
    const confirm = page.getByRole("dialog", { name: `Deaktivovat program Míra třídění v roce ${YEAR + 1}?` });
    await confirm.getByRole("button", { name: "Deaktivovat" }).click();
    await expect(seen(page, "Program deaktivován. Poplatky se přepočítávají.")).resolves.toBe(true);
    await expect(card.getByText(`Aktivní v roce ${YEAR}`, { exact: true }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("the worker reads the programmes without any change buttons", async () => {
    const { context, page } = await signedInPage(browser, "worker", "/administration/municipalities");
    await openProgrammes(page);
    await page.getByRole("region", { name: "Míra třídění" }).waitFor();
    await expect(page.getByRole("button", { name: /^(Aktivovat|Deaktivovat)/ }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Upravit Míra třídění" }).click();
    await page.getByText("Nastavení můžete jen prohlížet.").waitFor();
    await expect(page.getByRole("button", { name: "Uložit" }).count()).resolves.toBe(0);
    await context.close();
  });
  it("PayAsDisposed: parameters and the ordered dispose count are checked under their fields, then saved", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/municipalities");
    await openProgrammes(page);
    const card = page.getByRole("region", { name: "Platba podle množství odpadu" });
    await card.getByRole("link", { name: "Upravit Platba podle množství odpadu" }).click();
    await page.getByRole("heading", { level: 1, name: "Platba podle množství odpadu" }).waitFor();
    await settle(page);
    await page.getByLabel("Jednotka", { exact: true }).selectOption({ label: "kilogramy (kg)" });
    await page.getByLabel("Poplatek za jednotku", { exact: true }).fill("0");
    await page.getByLabel("Minimální množství na osobu a měsíc", { exact: true }).fill("5");
    await page.getByRole("button", { name: "Uložit" }).click();
    await expect(errorUnder(page, "Poplatek za jednotku")).resolves.toBe(
      "Poplatek za jednotku je kladné číslo s nejvýše 4 desetinnými místy.",
    );
    await page.getByLabel("Poplatek za jednotku", { exact: true }).fill("0,85");
    await page.getByRole("button", { name: "Uložit" }).click();
    await expect(seen(page, "Program uložen.")).resolves.toBe(true);
    await expect(page.getByLabel("Poplatek za jednotku", { exact: true }).inputValue()).resolves.toBe("0.85");

    await page.getByRole("link", { name: "Objem a počet vývozů" }).click();
    await page.waitForURL(/tab=UseOrderedDisposeCount$/);
    await settle(page);
    await page.getByLabel("Použít objednaný počet vývozů místo skutečného").check();
    await page.getByRole("button", { name: "Uložit" }).click();
    await expect(errorUnder(page, "Objednaný počet vývozů za období")).resolves.toBe(
      "Zadejte objednaný počet vývozů (celé číslo, alespoň 1).",
    );
    await page.getByLabel("Objednaný počet vývozů za období", { exact: true }).fill("26");
    await page.getByRole("button", { name: "Uložit" }).click();
    await expect(seen(page, "Program uložen.")).resolves.toBe(true);

    // The overview's card shows the saved parameters.
    await page.getByRole("link", { name: "Motivační programy" }).first().click();
    await page.waitForURL(OVERVIEW);
    await card.getByText("0,85 / kg", { exact: true }).waitFor();
    await card.getByText("26", { exact: true }).waitFor();
    await context.close();
  });

  it("ItalianWeight's custom discounts: a collection point found in the picker gets a percent, then loses it", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/municipalities");
    await openProgrammes(page);
    await page.getByRole("link", { name: "Upravit Italský model (hmotnost SKO na osobu)" }).click();
    await settle(page);
    await page.getByLabel("Rozdělení slevy", { exact: true }).selectOption({ label: "Vlastní sleva pro sběrné místo" });
    await page.getByRole("button", { name: "Uložit" }).click();
    await expect(seen(page, "Program uložen.")).resolves.toBe(true);

    const custom = page.getByRole("region", { name: "Vlastní slevy sběrných míst" });
    await expect(custom.getByText(`V roce ${YEAR} nemá žádné sběrné místo vlastní slevu.`).isVisible()).resolves.toBe(
      true,
    );
    await custom.getByRole("link", { name: "Nastavit slevu sběrnému místu" }).click();
    const dialog = page.getByRole("dialog", { name: "Sleva sběrného místa" });
    await dialog.waitFor();
    await searchInDialog(dialog, "Hledat sběrné místo", "Hasskova", "subjectSearch");
    await dialog.getByLabel("Sběrné místo", { exact: true }).selectOption({ index: 1 });
    await dialog.getByLabel("Sleva (%)", { exact: true }).fill("12,5");
    await dialog.getByRole("button", { name: "Uložit" }).click();
    await expect(seen(page, "Sleva sběrného místa uložena.")).resolves.toBe(true);
    const row = custom.locator("tbody tr").filter({ hasText: "Novákovi, Hasskova 12" });
    await expect(row.getByRole("cell").nth(1).textContent()).resolves.toBe("12,5 %");

    await row.getByRole("button", { name: "Odebrat Novákovi, Hasskova 12" }).click();
    await page
      .getByRole("dialog", { name: "Odebrat slevu sběrného místa Novákovi, Hasskova 12?" })
      .getByRole("button", { name: "Odebrat" })
      .click();
    await expect(seen(page, "Sleva sběrného místa odebrána.")).resolves.toBe(true);
    await expect(row.count()).resolves.toBe(0);
    await context.close();
  });
  it("without JavaScript: ItalianWeight's activation in a year of another programme is refused by name in its dialog", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/municipalities", {
      javaScriptEnabled: false,
    });
    await openProgrammes(page);
    await page.getByRole("link", { name: "Upravit Italský model (hmotnost SKO na osobu)" }).click();
    await page.getByRole("link", { name: "Intervaly slev" }).click();
    await page.waitForURL(/italian-weight\/edit\?tab=MotivationProgramType$/);
    await page.getByRole("button", { name: "Přidat interval" }).click();
    // The first interval starts at 0.
    await expect(field(page, 1, "Od (nad)").inputValue()).resolves.toBe("0");
    await field(page, 1, "Sleva (%)").fill("5");
    await page.getByRole("button", { name: "Uložit" }).click();
    await expect(seen(page, "Program uložen.")).resolves.toBe(true);

    await page.getByRole("link", { name: "Motivační programy" }).first().click();
    await page.waitForURL(OVERVIEW);
    await page.getByRole("button", { name: "Aktivovat Italský model (hmotnost SKO na osobu)" }).click();
    await page.waitForURL(/dialog=activate-italian-weight/);
    const dialog = page.getByRole("dialog", { name: "Aktivovat program Italský model (hmotnost SKO na osobu)" });
    await dialog.getByLabel("Rok", { exact: true }).selectOption(String(YEAR));
    await dialog.getByRole("button", { name: "Aktivovat" }).click();
    await expect(
      dialog.getByText(`V roce ${YEAR} je už aktivní program Míra třídění. Nejdřív ho deaktivujte.`).isVisible(),
    ).resolves.toBe(true);
    await context.close();
  });
});
