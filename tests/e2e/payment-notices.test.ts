/**
 * Issue 14 part 6 end to end on the demo's Třebíč (its payment details are part of the demo data): the manager
 * downloads a payer's payment notice from the Fees screen (read back with pdftotext: name, address, amount, variable
 * symbol, account) and e-mails it (the .eml with the PDF lands in the outbox, the page says where it went).
 */
import fs from "node:fs";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { errorUnder, launchForFile, signedInPage } from "./browser";
import { outboxMessages, seen, settle } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

const YEAR = Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Prague", year: "numeric" }).format(new Date()));

describe("Payment notices (issue 14 part 6)", () => {
  it("downloads a payer's notice from the Fees screen and sends it by e-mail", async () => {
    const { context, page } = await signedInPage(browser, "manager", `/fees/fees?search=Nov%C3%A1k`);
    await page.getByRole("heading", { level: 1, name: "Poplatky" }).waitFor();
    // The card shows the demo's account (the settings dialog's hint names an example number too: whole text only).
    await expect(seen(page, /^19-2000145399\/0800$/)).resolves.toBe(true);
    await settle(page);
    const row = () => page.locator("tbody tr").filter({ hasText: "Jan Novák" }).first();
    // Another test may have marked this year's fee paid: a paid fee has nothing left to send.
    const unpaid = row().getByRole("button", { name: "Označit nezaplacené" });
    if (await unpaid.count()) {
      await unpaid.click();
      await expect(seen(page, "Poplatky označeny jako nezaplacené.")).resolves.toBe(true);
    }

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row().getByRole("link", { name: "Platební výměr: Jan Novák" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^platebni-vymer-${YEAR}-\\d+\\.pdf$`));
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 4).toString("latin1")).toBe("%PDF");
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain(`Platební výměr – poplatek za odpady ${YEAR}`);
    expect(text).toContain("Jan Novák");
    expect(text).toMatch(/Hasskova|Smila Osovského|Bráfova/); // the payer's street address
    expect(text).toContain("Třebíč");
    expect(text).toMatch(/K úhradě \d[\d ]*,\d\d Kč/);
    expect(text).toMatch(/Variabilní symbol \d+/);
    expect(text).toContain("19-2000145399/0800");
    expect(text).toContain("QR Platba");

    await settle(page);
    await row().getByRole("button", { name: "Odeslat výměr e-mailem: Jan Novák" }).click();
    await expect(seen(page, "Výměr odeslán na jan.novak@example.cz.")).resolves.toBe(true);
    const mails = outboxMessages("jan.novak@example.cz").filter((m) => m.includes(`platebni-vymer-${YEAR}-`));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.at(-1)).toContain("application/pdf");
    await context.close();
  });

  it("without JavaScript: the payment details dialog answers a wrong account under its field", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/fees/fees", { javaScriptEnabled: false });
    await page.getByRole("button", { name: "Upravit platební údaje" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Platební údaje" });
    await dialog.getByLabel("Číslo účtu", { exact: true }).fill("2000145398/0800");
    await dialog.getByRole("button", { name: "Upravit platební údaje" }).click();
    await expect(errorUnder(page, "Číslo účtu")).resolves.toBe(
      "Číslo účtu neprošlo kontrolou (modulo 11). Zkontrolujte ho.",
    );
    // Nothing was saved: the card still shows the demo's account.
    await expect(seen(page, /^19-2000145399\/0800$/)).resolves.toBe(true);
    await context.close();
  });
});
