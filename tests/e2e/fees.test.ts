/**
 * Issue 14's scenario end to end, on next year's fees of the demo's Třebíč (this year's stay as the other tests know
 * them): the manager sets the base fee (the recalculation runs in the background and the page follows it), adds an
 * age discount, activates SortRatio for the year, and sees a payer's fee explained line by line; then marks it paid.
 * Without JavaScript the base fee dialog answers its errors under the fields and the table still marks fees paid.
 */
import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { errorUnder, launchForFile, signedInPage } from "./browser";
import { FEE_YEAR, feesCalculated } from "./jobs";
import { seen, settle, uid } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

const YEAR = FEE_YEAR;
const NEXT = YEAR + 1;
const FEES = `/fees/fees?year=${NEXT}`;

describe("Fees (issue 14: base fee, age discount, SortRatio, a fee explained)", () => {
  it("sets next year's base fee, adds an age discount, activates SortRatio and explains a payer's fee", async () => {
    const { context, page } = await signedInPage(browser, "manager", FEES);
    await page.getByRole("heading", { level: 1, name: "Poplatky" }).waitFor();
    await expect(seen(page, `Základní poplatek pro rok ${NEXT} není nastaven`)).resolves.toBe(true);

    // The base fee modal: a wrong amount is refused under its field, then 1 200 Kč is saved.
    await settle(page);
    await page.getByRole("button", { name: "Nastavit základní poplatek" }).click();
    const dialog = page.getByRole("dialog", { name: `Základní poplatek pro rok ${NEXT}` });
    await dialog.getByLabel("Základní poplatek (za rok)").fill("12OO");
    await dialog.getByRole("button", { name: "Nastavit základní poplatek" }).click();
    await expect(errorUnder(page, "Základní poplatek (za rok)")).resolves.toBe(
      "Zadejte částku jako nezáporné číslo (nejvýše 2 desetinná místa).",
    );
    await dialog.getByLabel("Základní poplatek (za rok)").fill("1200");
    await dialog.getByRole("button", { name: "Nastavit základní poplatek" }).click();
    await expect(seen(page, "Základní poplatek uložen. Poplatky se přepočítávají.")).resolves.toBe(true);
    await feesCalculated(page);

    // An age discount of the other age group: 40–44 years (Kateřina Procházková, born 1987, is 40 next year).
    const name = `Čtyřicátníci ${uid()}`;
    await page.goto(`${new URL(page.url()).origin}/fees/discounts/create`);
    await page.getByLabel("Skupina občanů").selectOption({ label: "Jiná věková skupina" });
    await page.getByLabel("Název", { exact: true }).fill(name);
    const level = page.getByRole("group", { name: "Úroveň 1" });
    await level.getByLabel("Věk od").fill("40");
    await level.getByLabel("Věk do").fill("44");
    await level.getByLabel("Sleva na poplatku (Kč)").fill("150");
    await page.getByRole("button", { name: "Vytvořit slevu" }).click();
    await page.waitForURL((url) => url.pathname === "/fees/discounts");

    // SortRatio active next year too: activating recalculates the year (with the new discount).
    await page.goto(`${new URL(page.url()).origin}/administration/municipalities`);
    await page.getByRole("link", { name: "Třebíč", exact: true }).first().click();
    await page.getByRole("link", { name: "Nastavit Motivační programy" }).click();
    await settle(page);
    const card = page.getByRole("region", { name: "Míra třídění" });
    await card.getByRole("button", { name: "Aktivovat Míra třídění" }).click();
    const activate = page.getByRole("dialog", { name: "Aktivovat program Míra třídění" });
    await activate.getByLabel("Rok", { exact: true }).selectOption(String(NEXT));
    await activate.getByRole("button", { name: "Aktivovat" }).click();
    await expect(seen(page, "Program aktivován. Poplatky se přepočítávají.")).resolves.toBe(true);
    const programmes = page.url();

    await page.goto(`${new URL(page.url()).origin}${FEES}&search=Proch%C3%A1zkov%C3%A1`);
    await feesCalculated(page);
    const row = page.locator("tbody tr").filter({ hasText: "Kateřina Procházková" });
    await expect(row.textContent()).resolves.toMatch(/1\s200,00\s*Kč.*150,00\s*Kč.*1\s050,00\s*Kč.*Nezaplaceno/);

    // The fee explained: 12 months of 1 200 Kč, the discount by name, SortRatio's line, the final fee.
    await row.getByRole("link", { name: /Rozpis/ }).click();
    const explained = page.getByRole("dialog", { name: /Rozpis poplatku/ });
    await explained.waitFor();
    const lines = explained.locator("tbody tr");
    await expect(lines.filter({ hasText: "Základní poplatek" }).textContent()).resolves.toMatch(
      /12 měsíců z ročních 1\s200,00\s*Kč.*1\s200,00\s*Kč/,
    );
    await expect(lines.filter({ hasText: "Pevné slevy" }).textContent()).resolves.toContain(name);
    await expect(lines.filter({ hasText: "Motivační sleva" }).textContent()).resolves.toMatch(/Míra třídění/);
    await expect(lines.filter({ hasText: "Konečný poplatek" }).textContent()).resolves.toMatch(/1\s050,00\s*Kč/);
    await page.goto(`${new URL(page.url()).origin}${FEES}&search=Proch%C3%A1zkov%C3%A1`);

    // Paid, by the row's own button.
    await row.getByRole("button", { name: "Označit poplatek: Kateřina Procházková jako zaplacený" }).click();
    await expect(seen(page, "Poplatky označeny jako zaplacené.")).resolves.toBe(true);
    await expect(page.locator("tbody tr").filter({ hasText: "Kateřina Procházková" }).textContent()).resolves.toMatch(
      /Zaplaceno/,
    );

    // Leave next year as the other tests expect it: SortRatio active this year only.
    await page.goto(programmes);
    await settle(page);
    await card.getByRole("button", { name: `Deaktivovat ${NEXT}` }).click();
    await page
      .getByRole("dialog", { name: `Deaktivovat program Míra třídění v roce ${NEXT}?` })
      .getByRole("button", { name: "Deaktivovat" })
      .click();
    await expect(seen(page, "Program deaktivován. Poplatky se přepočítávají.")).resolves.toBe(true);
    await context.close();
  });

  it("without JavaScript: this year's cards and statistics, and a fee marked paid and unpaid in bulk", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/fees/fees?search=Nov%C3%A1k", {
      javaScriptEnabled: false,
    });
    await page.getByRole("heading", { level: 1, name: "Poplatky" }).waitFor();
    const cards = page.getByLabel(`Souhrn poplatků za rok ${YEAR}`);
    for (const card of ["Poplatky", "Slevy", "Konečný poplatek", "Výdaje celkem", "Příjmy celkem"]) {
      await expect(cards.getByText(card, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByRole("region", { name: "Statistika poplatků" }).isVisible()).resolves.toBe(true);
    // The payers' table (the statistics' numbers are a table too).
    const rows = page.getByRole("table", { name: "Poplatky" }).locator("tbody tr");
    await expect(rows.count()).resolves.toBeGreaterThan(0);

    await rows.first().getByRole("checkbox").check();
    await page.getByRole("button", { name: "Označit jako zaplacené" }).click();
    await expect(seen(page, "Poplatky označeny jako zaplacené.")).resolves.toBe(true);
    await expect(rows.first().textContent()).resolves.toMatch(/Zaplaceno/);
    await rows.first().getByRole("checkbox").check();
    await page.getByRole("button", { name: "Označit jako nezaplacené" }).click();
    await expect(seen(page, "Poplatky označeny jako nezaplacené.")).resolves.toBe(true);
    await context.close();
  });
});
