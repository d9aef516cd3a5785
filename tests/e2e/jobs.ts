import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Waits (up to 30 s) for the import job on the page to be finished: its state badge says so. The job runs in the
 * background; the page follows it (revalidation with JavaScript, a meta refresh without).
 */
export async function jobFinished(page: Page): Promise<void> {
  await page
    .getByText(/^(Zpracováno|Zpracováno s chybami|Zamítnuto)$/)
    .first()
    .waitFor({ timeout: 30_000 });
}

/** The cells of the error table's rows, as text. */
export async function errorRows(page: Page): Promise<string[][]> {
  const table = page.getByRole("table", { name: "Chybné řádky" });
  await table.waitFor();
  return table
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())));
}

/** This year in Europe/Prague: the Fees screen's default year. */
export const FEE_YEAR = Number(
  new Intl.DateTimeFormat("en", { timeZone: "Europe/Prague", year: "numeric" }).format(new Date()),
);

/** Waits until the year's fee recalculation has ended (the page refreshes itself while one is queued or running). */
export async function feesCalculated(page: Page): Promise<void> {
  await page.getByText(/^Poslední přepočet /).waitFor({ timeout: 30_000 });
  await expect(page.getByText(/Probíhá přepočet|čeká ve frontě/).count()).resolves.toBe(0);
}
