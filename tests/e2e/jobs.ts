import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { Page } from "playwright-core";

/**
 * The folder of the files a browser test file uploads: made before its tests, removed after them. `csv` writes a
 * CSV file as a clerk would pick it (CRLF lines), `file` any other file; both answer the file's path.
 */
export function uploadFolder(prefix: string) {
  let dir = "";
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, text);
    return at;
  };
  return { file, csv: (name: string, lines: string[]) => file(name, lines.join("\r\n") + "\r\n") };
}

/**
 * Picks a file that is no CSV in the 'Soubor CSV' field, submits with `button` and checks the message under the
 * field (read by the field's id: a file input's accessible name also carries the chosen file).
 */
export async function refusedNonCsv(page: Page, file: string, button: string): Promise<void> {
  await page.getByLabel("Soubor CSV").setInputFiles(file);
  await page.getByRole("button", { name: button }).click();
  const fieldId = await page.getByLabel("Soubor CSV").getAttribute("id");
  await expect(page.locator(`[id="${fieldId}-error"]`).textContent()).resolves.toBe("Soubor musí být ve formátu CSV.");
}

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
