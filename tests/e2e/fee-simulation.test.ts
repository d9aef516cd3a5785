/**
 * Issue 14 part 7 end to end: on a year no other test touches (the year after next), the manager sets a base fee of
 * 2 000 Kč, then proposes 2 100 Kč in the base fee dialog and simulates it: the dialog keeps the proposal and shows the
 * expected income, the payers who would pay more, and the change per payer whose table starts at +100 Kč (every fee
 * rises by 100 Kč: no fixed discount of the demo reaches 2 000 Kč, and nobody's registration ends in that year). The
 * payers' fees and the base fee stay as they were. Without JavaScript the page refreshes itself until the simulation
 * is done.
 */
import { describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchForFile, signedInPage } from "./browser";
import { FEE_YEAR, feesCalculated } from "./jobs";
import { seen, settle } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

const LATER = FEE_YEAR + 2;
const FEES = `/fees/fees?year=${LATER}`;

/** What the page says about the year's fees: the cards and the payers' table. */
async function feesShown(page: Page) {
  const cards = await page.getByLabel(`Souhrn poplatků za rok ${LATER}`).textContent();
  const table = await page.getByRole("table", { name: "Poplatky" }).locator("tbody").textContent();
  return { cards, table };
}

/** The change-per-payer table behind the chart: [band, payers] per row. */
async function changeTable(scope: Locator) {
  await scope.getByText("Zobrazit tabulku").click();
  const table = scope.getByRole("table", { name: "Změna poplatku na poplatníka" });
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").replace(/\s+/g, " ").trim())),
    );
}

const number = (s: string | null) => Number((s ?? "").replace(/\s/g, ""));

describe("Simulation (issue 14 part 7)", () => {
  it("a higher base fee simulated in its dialog: income, who pays more, the change per payer; nothing changed", async () => {
    const { context, page } = await signedInPage(browser, "manager", FEES);
    await page.getByRole("heading", { level: 1, name: "Poplatky" }).waitFor();
    await settle(page);
    await page.getByRole("button", { name: "Nastavit základní poplatek" }).click();
    const setDialog = page.getByRole("dialog", { name: `Základní poplatek pro rok ${LATER}` });
    await setDialog.getByLabel("Základní poplatek (za rok)").fill("2000");
    await setDialog.getByRole("button", { name: "Nastavit základní poplatek" }).click();
    await expect(seen(page, "Základní poplatek uložen. Poplatky se přepočítávají.")).resolves.toBe(true);
    await feesCalculated(page);
    const payers = number(
      await page
        .getByRole("region", { name: "Statistika poplatků" })
        .locator("dt", { hasText: /^Poplatníci$/ })
        .locator("xpath=following-sibling::dd[1]")
        .textContent(),
    );
    expect(payers).toBeGreaterThan(5);
    const before = await feesShown(page);

    // The proposal: 2 100 Kč, simulated instead of saved.
    await page.getByRole("button", { name: "Upravit základní poplatek" }).click();
    const dialog = page.getByRole("dialog", { name: `Základní poplatek pro rok ${LATER}` });
    await dialog.getByLabel("Základní poplatek (za rok)").fill("2100");
    await dialog.getByRole("button", { name: "Simulovat" }).click();
    const panel = dialog.getByRole("region", { name: "Simulace" });
    await panel.getByText("Očekávaný příjem").waitFor({ timeout: 30_000 });
    await expect(dialog.getByLabel("Základní poplatek (za rok)").inputValue()).resolves.toBe("2100");
    const fact = (label: string) =>
      panel.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
    // Payers, not fees: a payer of two collection points (other test files may add one) is counted once.
    const more = number(await fact("Zaplatí více").textContent());
    expect(more).toBeGreaterThan(5);
    expect(more).toBeLessThanOrEqual(payers);
    await expect(fact("Beze změny").textContent()).resolves.toBe("0");
    await expect(fact("Zaplatí méně").textContent()).resolves.toBe("0");
    const change = (payers * 100).toLocaleString("cs-CZ").replace(/\s/g, " ");
    await expect(fact("Očekávaný příjem").textContent()).resolves.toMatch(
      new RegExp(`změna \\+${change.replace(/ /g, "\\s")},00\\sKč`),
    );
    // Every fee rises by 100 Kč, so a payer's change is +100 Kč a fee: one band, or bands from +100 Kč upwards.
    const bands = await changeTable(panel);
    expect(bands[0]![0]).toMatch(/^\+100,00 Kč( až|$)/);
    expect(bands.at(-1)).toEqual(["Celkem", String(more)]);

    // Nothing was written: the same cards and fees, the base fee still 2 000 Kč.
    await page.goto(FEES);
    await page.getByRole("heading", { level: 1, name: "Poplatky" }).waitFor();
    expect(await feesShown(page)).toEqual(before);
    await expect(page.getByRole("region", { name: `Poplatek za rok ${LATER}` }).textContent()).resolves.toMatch(
      /2\s000,00\sKč/,
    );
    await context.close();
  });

  it("without JavaScript: the dialog's simulation refreshes itself until its result is shown", async () => {
    const { context, page } = await signedInPage(browser, "manager", `${FEES}&dialog=base-fee`, {
      javaScriptEnabled: false,
    });
    const dialog = page.getByRole("dialog", { name: `Základní poplatek pro rok ${LATER}` });
    await dialog.getByLabel("Základní poplatek (za rok)").fill("1900");
    await dialog.getByRole("button", { name: "Simulovat" }).click();
    // The meta refresh reloads the page until the simulation is done.
    await page.getByText("Očekávaný příjem").waitFor({ timeout: 30_000 });
    await expect(page.getByLabel("Základní poplatek (za rok)").inputValue()).resolves.toBe("1900");
    const panel = page.getByRole("region", { name: "Simulace" });
    const rows = await changeTable(panel);
    // Every fee falls by 100 Kč: the highest band ends at −100 Kč (a payer of two points falls by 200 Kč).
    expect(rows.at(-2)![0]).toMatch(/[−-]100,00 Kč$/);
    expect(rows.at(-1)![0]).toBe("Celkem");
    await context.close();
  });

  it("a programme's proposal simulated on its edit page for a chosen year: shown with its result, not saved", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/municipalities");
    await page.getByRole("link", { name: "Třebíč", exact: true }).first().click();
    await page.getByRole("link", { name: "Nastavit Motivační programy" }).click();
    await page.waitForURL(/motivation-program$/);
    const overview = page.url();
    const card = page.getByRole("region", { name: "Platba podle množství odpadu" });
    const stored = await card.textContent();
    await card.getByRole("link", { name: "Upravit Platba podle množství odpadu" }).click();
    await page.getByRole("heading", { level: 1, name: "Platba podle množství odpadu" }).waitFor();
    await settle(page);
    await page.getByLabel("Poplatek za jednotku", { exact: true }).fill("0,05");
    await page.getByLabel("Minimální množství na osobu a měsíc", { exact: true }).fill("30");
    const panel = page.getByRole("region", { name: "Simulace" });
    await panel.getByLabel("Rok", { exact: true }).selectOption(String(LATER));
    await panel.getByRole("button", { name: "Simulovat" }).click();
    await page.waitForURL(/simulation=\d+/);
    await panel.getByText("Očekávaný příjem").waitFor({ timeout: 30_000 });
    // The proposal stays in the form; the year's fees only gain the programme's fee (nobody pays less).
    // (as typed with JavaScript; from the simulation's parameters after a full page load)
    await expect(page.getByLabel("Poplatek za jednotku", { exact: true }).inputValue()).resolves.toMatch(/^0[.,]05$/);
    await expect(
      panel.getByText(`Co by navržené nastavení znamenalo pro poplatky roku ${LATER}`).count(),
    ).resolves.toBe(1);
    const fact = (label: string) =>
      panel.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
    await expect(fact("Zaplatí méně").textContent()).resolves.toBe("0");
    const payers = number(await fact("Zaplatí více").textContent()) + number(await fact("Beze změny").textContent());
    const rows = await changeTable(panel);
    expect(rows.at(-1)).toEqual(["Celkem", String(payers)]);
    expect(rows.slice(0, -1).reduce((sum, r) => sum + number(r[1]!), 0)).toBe(payers);

    // Nothing saved: the overview's card shows the programme as it was.
    await page.goto(overview);
    await expect(card.textContent()).resolves.toBe(stored);
    await context.close();
  });
});
