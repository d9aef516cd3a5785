/**
 * Spec 001 §2 'Waste evidence records' in Chromium with JavaScript OFF (issue 13 part 8: 'an evidence record created
 * with JavaScript off'), as the demo manager of Třebíč: an unknown code answers 'Tento kód neexistuje!' under the
 * code, 'save and add another' stays on the form with the time kept and the code cleared, the record is in the list
 * and its detail (with the chart's table), and it is discarded through the confirmation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { errorUnder, launch, signedInPage } from "./browser";
import { seen, settle } from "./user-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const LIST = "/waste-collection-evidence/waste-evidences";
const DETAIL = /\/waste-collection-evidence\/waste-evidences\/\d+$/;

/** A Europe/Prague wall time of this run, so that a repeated run never meets its own record (one per bin and instant). */
function uniqueTime(): string {
  const minutes = Math.floor(Date.now() / 60_000) % (300 * 24 * 60);
  const d = new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);
  return d.toISOString().slice(0, 16);
}

describe("Waste evidence records (spec 001 §2)", () => {
  it("without JavaScript: creates a record by a demo bin's code, adds another, finds it in the list and the detail, discards it", async () => {
    const { context, page } = await signedInPage(
      browser,
      "manager",
      "/infrastructure/waste-evidence-headers?state=Assigned",
      {
        javaScriptEnabled: false,
      },
    );
    // A bin of Třebíč with its collection point.
    const barcode = (
      await page.locator("tbody tr a[href^='/infrastructure/waste-evidence-headers/']").first().textContent()
    )?.trim();
    expect(barcode).toBeTruthy();

    // The navigation leads to the list.
    await page.goto("/dashboard");
    await page.getByRole("navigation").getByRole("link", { name: "Záznamy evidence" }).first().click();
    await page.waitForURL(`**${LIST}`);
    await page.getByRole("heading", { level: 1, name: "Záznamy evidence" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Nový záznam" }).first().click();
    await page.waitForURL(`**${LIST}/create`);
    await page.getByRole("heading", { level: 1, name: "Nový záznam evidence" }).waitFor();

    // An unknown code: the message of spec 001 §5 under the code, what was typed kept.
    const at = uniqueTime();
    await page.getByLabel("Kód nádoby").fill("NEEXISTUJE-42");
    await page.getByLabel("Čas svozu").fill(at);
    await page.getByRole("button", { name: "Uložit záznam" }).click();
    await expect(errorUnder(page, "Kód nádoby")).resolves.toBe("Tento kód neexistuje!");
    await expect(page.getByLabel("Čas svozu").inputValue()).resolves.toBe(at);

    // Save and add another: back on an empty form, the time kept.
    await page.getByLabel("Kód nádoby").fill(barcode!);
    await page.getByLabel("Naplněnost (%)").fill("150");
    await page.getByLabel("Hmotnost (kg)").fill("12,5");
    await page.getByLabel(/Černá skládka/).check();
    await page.getByRole("button", { name: "Uložit a přidat další" }).click();
    await page.waitForURL(/\/waste-evidences\/create\?/);
    await expect(seen(page, "Záznam uložen. Zadejte další.")).resolves.toBe(true);
    await expect(page.getByLabel("Kód nádoby").inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Čas svozu").inputValue()).resolves.toBe(at);

    // The list, searched by the bin's code, shows the record; its detail names the bin and shows the chart.
    await page.goto(`${LIST}?search=${barcode}`);
    // The demo runs emptied this bin too: the new record is the one at 150 %.
    const row = page.getByRole("row", { name: new RegExp(barcode!) }).filter({ hasText: "150 %" }).first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/150 %.*přeplněná/);
    await row.getByRole("link").first().click();
    await page.waitForURL(DETAIL);
    await page.getByRole("heading", { level: 1, name: `Záznam ${barcode}` }).waitFor();
    await expect(seen(page, "Černá skládka (závažnost: Závažná)")).resolves.toBe(true);
    await expect(seen(page, "Ruční zadání")).resolves.toBe(true);
    await expect(page.getByRole("img", { name: /Uznané množství/ }).count()).resolves.toBe(1);
    // The numbers behind the chart are a real table.
    await page.getByText("Zobrazit čísla v tabulce").click();
    const table = page.getByRole("table", { name: "Nádoba za 12 měsíců" });
    await table.waitFor();
    await expect(table.getByRole("row").count()).resolves.toBe(14);

    // Discard: the button opens the confirmation through the URL, the confirmation posts.
    const detail = page.url();
    await page.getByRole("main").getByRole("button", { name: "Vyřadit" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Vyřadit záznam?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Vyřadit" }).click();
    await page.waitForURL(detail);
    await expect(seen(page, "Záznam vyřazen.")).resolves.toBe(true);
    await expect(seen(page, /nepočítá se do hmotnosti ani do poplatků/)).resolves.toBe(true);
    await expect(page.getByRole("main").getByRole("button", { name: "Vyřadit" }).count()).resolves.toBe(0);

    await page.goto(`${LIST}?search=${barcode}&discarded=true`);
    await expect(page.getByRole("row", { name: /vyřazený/ }).count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it("with JavaScript, warns 'přeplněná' while a fullness above 100 % is typed (spec 001 §5)", async () => {
    const { context, page } = await signedInPage(browser, "manager", `${LIST}/create`);
    await page.getByRole("heading", { level: 1, name: "Nový záznam evidence" }).waitFor();
    await settle(page);
    const warning = page.getByText("Nádoba je přeplněná (nad 100 %).");
    await expect(warning.count()).resolves.toBe(0);
    await page.getByLabel("Naplněnost (%)").fill("180");
    await warning.waitFor();
    await page.getByLabel("Naplněnost (%)").fill("90");
    await warning.waitFor({ state: "detached" });
    await context.close();
  });
});
