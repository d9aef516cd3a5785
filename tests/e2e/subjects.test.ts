import { describe, expect, it } from "vitest";
import { daysBefore, toIsoDate } from "#contract/calendar";
import type { Browser, Page } from "playwright-core";
import { errorUnder, launchForFile, searchInDialog, signedInPage } from "./browser";
import { seen, settle, uid } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

const LIST = "/infrastructure/subjects";
const DETAIL = /\/infrastructure\/subjects\/\d+$/;

/** Fills the create form with a household in Třebíč (the city is prefilled) and saves it; lands on its detail. */
async function createSubject(page: Page, name: string, street = "Žižkova") {
  await page.goto(`${LIST}/create`);
  await settle(page);
  await page.getByLabel("Název", { exact: true }).fill(name);
  await page.getByLabel("Ulice").fill(street);
  await page.getByLabel("Číslo popisné").fill("77");
  await page.getByLabel("PSČ", { exact: true }).fill("674 01");
  await page.getByRole("button", { name: "Vytvořit odběrné místo" }).click();
  await page.waitForURL(DETAIL);
  await page.getByRole("heading", { level: 1, name }).waitFor();
}

/** The list filtered through its search box (with JavaScript the filter follows the typing). */
async function searchList(page: Page, term: string) {
  await page.goto(LIST);
  await settle(page);
  await page.getByRole("main").getByLabel("Hledat").fill(term);
  await page.waitForURL((url) => url.searchParams.get("search") === term);
  await settle(page);
}

describe("Collection points (spec 001 §2 Collection points, spec 000 §2 /infrastructure/subjects)", () => {
  it("creates a collection point (a missing name is refused under the field first) and finds it by a search without diacritics", async () => {
    const { context, page } = await signedInPage(browser, "manager", LIST);
    await page.getByRole("link", { name: "Novákovi, Hasskova 12" }).waitFor();

    await page.getByRole("main").getByRole("link", { name: "Nové odběrné místo" }).click();
    await page.waitForURL(`**${LIST}/create`);
    await settle(page);
    await page.getByLabel("Ulice").fill("Žižkova");
    await page.getByRole("button", { name: "Vytvořit odběrné místo" }).click();
    await expect(errorUnder(page, "Název")).resolves.toBe("Vyplňte toto pole.");
    expect(new URL(page.url()).pathname).toBe(`${LIST}/create`);

    const id = uid();
    const name = `Šťastných ${id}, Žižkova 7`;
    await page.getByLabel("Název", { exact: true }).fill(name);
    await page.getByLabel("Krátký název").fill("Šťastní");
    await page.getByLabel("Číslo popisné").fill("1207");
    await page.getByLabel("Číslo orientační").fill("7");
    await page.getByLabel("Městská část").fill("Jejkov");
    await page.getByRole("button", { name: "Vytvořit odběrné místo" }).click();
    await page.waitForURL(DETAIL);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await expect(seen(page, "Odběrné místo vytvořeno.")).resolves.toBe(true);
    await expect(seen(page, "Žižkova 1207/7, Jejkov")).resolves.toBe(true);

    // Clerks type without diacritics: 'stastnych' finds 'Šťastných'.
    await searchList(page, `stastnych ${id}`);
    await page.getByRole("link", { name }).waitFor();
    await expect.poll(() => page.getByRole("link", { name: "Novákovi, Hasskova 12" }).count()).toBe(0);
    await page.getByRole("link", { name }).click();
    await page.waitForURL(DETAIL);
    await page.getByRole("heading", { level: 1, name }).waitFor();

    // Edit shares the form; the saved values come back on the detail.
    await page.getByRole("link", { name: "Upravit" }).click();
    await page.waitForURL(/\/edit$/);
    await settle(page);
    await expect(page.getByLabel("Krátký název").inputValue()).resolves.toBe("Šťastní");
    await page.getByLabel("Kód domácnosti").fill("D-1207");
    await page.getByRole("button", { name: "Uložit" }).click();
    await page.waitForURL(DETAIL);
    await expect(seen(page, "Změny uloženy.")).resolves.toBe(true);
    await expect(seen(page, "D-1207")).resolves.toBe(true);
    await context.close();
  });

  it("adds an existing payer and makes him chief, marks the fee paid in bulk, sets a parent and shows the hierarchy", async () => {
    const { context, page } = await signedInPage(browser, "manager", LIST);
    const name = `Hierarchie ${uid()}`;
    await createSubject(page, name);
    const detailUrl = page.url();

    // Add an existing payer: search in the dialog, choose, save.
    await page.getByRole("link", { name: "Přidat poplatníka" }).click();
    const addDialog = page.getByRole("dialog", { name: "Přidat existujícího poplatníka" });
    await addDialog.waitFor();
    await searchInDialog(addDialog, "Hledat poplatníka", "Veselá", "payerSearch");
    await addDialog.getByLabel("Poplatník", { exact: true }).selectOption({ label: "Věra Veselá (11. 11. 1958)" });
    await addDialog.getByRole("button", { name: "Přidat", exact: true }).click();
    await expect(seen(page, "Poplatník přidán.")).resolves.toBe(true);
    const row = page.getByRole("row", { name: /Věra Veselá/ });
    await row.getByText("Aktuální").waitFor();

    await row.getByRole("button", { name: "Nastavit vedoucím" }).click();
    await expect(seen(page, "Vedoucí nastaven.")).resolves.toBe(true);
    await page
      .getByRole("row", { name: /Věra Veselá/ })
      .getByText("Vedoucí", { exact: true })
      .waitFor();

    // Bulk: nothing selected first, then the new subject.
    await searchList(page, name);
    await page.getByRole("button", { name: "Označit jako zaplacené" }).click();
    await expect(seen(page, "Vyberte položky.")).resolves.toBe(true);
    const listRow = page.getByRole("row", { name: new RegExp(name) });
    await expect(listRow.getByText("Nezaplaceno").count()).resolves.toBe(1);
    await listRow.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Označit jako zaplacené" }).click();
    await expect(seen(page, "Poplatek označen jako zaplacený.")).resolves.toBe(true);
    await page
      .getByRole("row", { name: new RegExp(name) })
      .getByText("Zaplaceno", { exact: true })
      .waitFor();

    // Set a parent through the picker dialog, then the hierarchy modal shows the whole tree.
    await page.goto(detailUrl);
    await settle(page);
    await page.getByRole("link", { name: "Nastavit nadřazené místo" }).click();
    const parentDialog = page.getByRole("dialog", { name: "Nadřazené odběrné místo" });
    await parentDialog.waitFor();
    await searchInDialog(parentDialog, "Hledat nadřazené místo", "osovskeho 1130", "parentSearch");
    await parentDialog
      .getByLabel("Nadřazené místo", { exact: true })
      .selectOption({ label: "Bytový dům Smila Osovského 1130 – Smila Osovského 1130/24, Borovina" });
    await parentDialog.getByRole("button", { name: "Nastavit", exact: true }).click();
    await expect(seen(page, "Nadřazené místo nastaveno.")).resolves.toBe(true);
    await page
      .getByRole("navigation", { name: "Drobečková navigace" })
      .getByRole("link", { name: "Bytový dům Smila Osovského 1130" })
      .waitFor();

    await page.getByRole("link", { name: "Hierarchie" }).click();
    const tree = page.getByRole("dialog", { name: "Hierarchie odběrných míst" });
    await tree.waitFor();
    await tree.getByRole("link", { name: "Bytový dům Smila Osovského 1130" }).waitFor();
    await tree.getByRole("link", { name: "Byt 1 – Svobodovi" }).waitFor();
    // The current subject is highlighted, not a link to itself.
    await expect(tree.locator('[aria-current="page"]').textContent()).resolves.toBe(name);
    await expect(tree.getByText("0,00 Kč").count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it("creates a collection point with JavaScript disabled: server errors under the fields, parent search keeps the input", async () => {
    const { context, page } = await signedInPage(browser, "manager", `${LIST}/create`, { javaScriptEnabled: false });
    await page.getByLabel("PSČ", { exact: true }).fill("12");
    await page.getByRole("button", { name: "Vytvořit odběrné místo" }).click();
    await expect(errorUnder(page, "Název")).resolves.toBe("Vyplňte toto pole.");
    await expect(errorUnder(page, "PSČ")).resolves.toBe("PSČ má tvar 123 45.");

    const name = `Bez JavaScriptu ${uid()}`;
    await page.getByLabel("Název", { exact: true }).fill(name);
    await page.getByLabel("PSČ", { exact: true }).fill("674 01");
    // The parent picker searches through the server; what was typed stays.
    await page.getByLabel("Hledat nadřazené místo").fill("Osovskeho");
    await page.getByRole("button", { name: "Hledat", exact: true }).click();
    await expect(page.getByLabel("Název", { exact: true }).inputValue()).resolves.toBe(name);
    await page
      .getByLabel("Nadřazené místo", { exact: true })
      .selectOption({ label: "Bytový dům Smila Osovského 1130 – Smila Osovského 1130/24, Borovina" });
    await page.getByLabel("Ulice").fill("Smila Osovského");
    await page.getByRole("button", { name: "Vytvořit odběrné místo" }).click();
    await page.waitForURL(DETAIL);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await expect(seen(page, "Odběrné místo vytvořeno.")).resolves.toBe(true);
    await page
      .getByRole("navigation", { name: "Drobečková navigace" })
      .getByRole("link", { name: "Bytový dům Smila Osovského 1130" })
      .waitFor();
    await context.close();
  });

  it("sets the collection frequency, issues and removes a virtual card, ends a membership and deletes with what goes along", async () => {
    const { context, page } = await signedInPage(browser, "manager", LIST);
    const name = `Svozy ${uid()}`;
    await createSubject(page, name);
    await expect(seen(page, "Poplatky zatím nebyly vypočteny.")).resolves.toBe(true);
    await expect(seen(page, "Odběrné místo nemá žádné nádoby.")).resolves.toBe(true);

    // Ordered collections: a count over the limit is refused under the field, the dialog stays open.
    await page.getByRole("button", { name: "Nastavit četnost svozu" }).click();
    const frequency = page.getByRole("dialog", { name: "Nastavit četnost svozu" });
    await frequency.getByLabel("Období").selectOption({ label: "Měsíčně" });
    await frequency.getByLabel("Počet svozů").fill("500");
    await frequency.getByLabel("Počet svozů").evaluate((el) => el.removeAttribute("max"));
    await frequency.getByRole("button", { name: "Uložit" }).click();
    await expect(
      frequency
        .getByText("Nejvýše 400 svozů.")
        .waitFor()
        .then(() => true),
    ).resolves.toBe(true);
    await frequency.getByLabel("Počet svozů").fill("4");
    await frequency.getByRole("button", { name: "Uložit" }).click();
    await expect(seen(page, "Četnost svozu nastavena.")).resolves.toBe(true);
    await expect(page.getByTestId("ordered-dispose-count").textContent()).resolves.toBe("4 svozy za měsíc");

    // A virtual card for the whole subject, then removed after a confirmation.
    await page.getByRole("button", { name: "Vytvořit virtuální kartu" }).click();
    await expect(seen(page, /Virtuální karta .+ vytvořena\./)).resolves.toBe(true);
    const cards = page.getByRole("region", { name: "Karty odpadu" });
    await expect(cards.getByRole("row").count()).resolves.toBe(2);
    await cards.getByRole("button", { name: /^Odebrat/ }).click();
    await page.getByRole("dialog", { name: "Odebrat kartu?" }).getByRole("button", { name: "Odebrat" }).click();
    await expect(seen(page, "Karta odebrána.")).resolves.toBe(true);
    await expect(seen(page, "Odběrné místo nemá žádné karty.")).resolves.toBe(true);

    // A member leaves on a chosen day: the row stays as history.
    await page.getByRole("link", { name: "Přidat poplatníka" }).click();
    const add = page.getByRole("dialog", { name: "Přidat existujícího poplatníka" });
    await searchInDialog(add, "Hledat poplatníka", "Černá", "payerSearch");
    await add.getByLabel("Poplatník", { exact: true }).selectOption({ label: "Jiřina Černá (23. 6. 1944)" });
    // She lives at 'Byt 2 – Černá' since 1. 1. 2024: joining from that day would overlap it (decision 0041).
    await add.getByLabel("Členem od").fill("2024-01-01");
    await add.getByRole("button", { name: "Přidat", exact: true }).click();
    await expect(seen(page, /Poplatník je od 1\. ?1\. ?2024 přiřazen k jinému odběrnému místu\./)).resolves.toBe(true);
    // From a later day it is a move: her membership there ends the day before. Yesterday, so that ending it on the
    // same day leaves a row of history (the demo has memberships of its own up to a few weeks ago).
    const yesterday = daysBefore(toIsoDate(new Date()), 1);
    await add.getByLabel("Poplatník", { exact: true }).selectOption({ label: "Jiřina Černá (23. 6. 1944)" });
    await add.getByLabel("Členem od").fill(yesterday);
    await add.getByRole("button", { name: "Přidat", exact: true }).click();
    await expect(seen(page, "Poplatník přidán.")).resolves.toBe(true);
    await page
      .getByRole("row", { name: /Jiřina Černá/ })
      .getByRole("button", { name: /^Odebrat/ })
      .click();
    const end = page.getByRole("dialog", { name: "Odebrat poplatníka z odběrného místa?" });
    await end.getByLabel("Poslední den členství").fill(yesterday);
    await end.getByRole("button", { name: "Odebrat" }).click();
    await expect(seen(page, "Členství ukončeno.")).resolves.toBe(true);
    await page
      .getByRole("row", { name: /Jiřina Černá/ })
      .getByText("Historie")
      .waitFor();

    // Delete: the confirmation first says what goes along.
    await page.getByRole("button", { name: "Smazat" }).click();
    const confirm = page.getByRole("dialog", { name: `Smazat odběrné místo ${name}?` });
    await confirm.getByText("Smaže se i 1 členství poplatníka.").waitFor();
    await confirm.getByRole("button", { name: "Smazat" }).click();
    await page.waitForURL((url) => url.pathname === LIST);
    await expect(seen(page, "Odběrné místo smazáno.")).resolves.toBe(true);
    await context.close();
  });

  it("answers 404 for a malformed or unknown id and hides changes from a read-only user", async () => {
    const { context, page } = await signedInPage(browser, "readonly", LIST);
    // An administrator sees every municipality: choose Třebíč in the municipality selection.
    await settle(page);
    await page.getByRole("button", { name: "Technické služby Vysočina" }).click();
    await page.getByRole("dialog", { name: "Výběr obce" }).getByRole("button", { name: "Třebíč" }).click();
    await page.getByRole("link", { name: "Novákovi, Hasskova 12" }).waitFor();
    await expect(page.getByRole("main").getByRole("link", { name: "Nové odběrné místo" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Označit jako zaplacené" }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Novákovi, Hasskova 12" }).click();
    await page.waitForURL(DETAIL);
    await page.getByRole("heading", { level: 1, name: "Novákovi, Hasskova 12" }).waitFor();
    await expect(page.getByRole("link", { name: "Upravit" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Smazat" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: /Nastavit vedoucím/ }).count()).resolves.toBe(0);
    // The fee payers table (the waste cards table lists Jan Novák too, by his card number).
    await page.getByRole("row", { name: /^Jan Novák/ }).waitFor();
    // The fees are yearly rows (docs/fees.md 'Periods'): the monthly view says so instead of an empty table.
    await page.getByRole("navigation", { name: "Zobrazení poplatků" }).getByRole("link", { name: "Měsíční" }).click();
    await expect(seen(page, /obec vyměřila poplatek za celý rok/)).resolves.toBe(true);

    const malformed = await page.goto(`${LIST}/12abc`);
    expect(malformed?.status()).toBe(404);
    const unknown = await page.goto(`${LIST}/999999`);
    expect(unknown?.status()).toBe(404);
    await expect(seen(page, "Něco se pokazilo.")).resolves.toBe(true);
    await context.close();
  });
});
