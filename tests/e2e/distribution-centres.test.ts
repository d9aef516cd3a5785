/**
 * Spec 001 §2 Distribution centres (issue 15 part 3; docs/distribution-centres.md): with JavaScript off, the menu
 * leads to the module's list with its chart, a centre is created (a missing name refused under the field), found in
 * the list, and given a user of the municipality through the add-user dialog opened by its link.
 */
import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { errorUnder, launchForFile, searchInDialog, signedInPage } from "./browser";
import { seen, uid } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

describe("Distribution centres (spec 001 §2 Distribution centres)", () => {
  it("creates a centre without JavaScript, lists it and adds a user to it", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/distribution-centers", {
      javaScriptEnabled: false,
    });
    await page.getByRole("heading", { level: 1, name: "Distribuční centra" }).waitFor();
    // The chart above the table, with its numbers as a table and the weekly switch as a link.
    await page.getByRole("heading", { level: 2, name: "Obsloužená odběrná místa" }).waitFor();
    await page.getByRole("link", { name: "Po týdnech" }).click();
    await page.waitForURL((url) => url.searchParams.get("period") === "week");
    await page.getByText("Zobrazit čísla v tabulce").click();
    await expect(page.getByRole("columnheader", { name: "Týden" }).count()).resolves.toBe(1);
    await expect(page.getByRole("columnheader", { name: "Neobsloužená" }).count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "Výdejní místo Hrotovická" }).isVisible()).resolves.toBe(true);

    await page.getByRole("link", { name: "Nové distribuční centrum" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Nové distribuční centrum" }).waitFor();
    await page.getByLabel("E-mail").fill("vydejna@trebic.example");
    await page.getByRole("button", { name: "Založit centrum" }).click();
    await page.waitForLoadState("load");
    await expect(errorUnder(page, "Název")).resolves.toBe("Vyplňte toto pole.");
    await expect(page.getByLabel("E-mail").inputValue()).resolves.toBe("vydejna@trebic.example");

    const name = `Výdejna Spešov ${uid()}`;
    await page.getByLabel("Název").fill(name);
    await page.getByLabel("Telefon").fill("+420 568 000 111");
    await page.getByRole("button", { name: "Založit centrum" }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await expect(seen(page, "Distribuční centrum bylo založeno.")).resolves.toBe(true);

    await page.getByRole("link", { name: "Distribuční centra" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Distribuční centra" }).waitFor();
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name }) });
    await expect(row.getByText("+420 568 000 111").isVisible()).resolves.toBe(true);
    await row.getByRole("link", { name }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await expect(page.getByText("V centru zatím nepracuje žádný uživatel.").isVisible()).resolves.toBe(true);

    // The add-user dialog is a link (?dialog=addUser): its picker is read by the loader, its search a GET form.
    await page.getByRole("link", { name: "Přidat uživatele" }).click();
    const dialog = page.getByRole("dialog", { name: "Přidat uživatele" });
    await dialog.waitFor();
    await searchInDialog(dialog, "Hledat uživatele (jméno, e-mail)", "dvorak", "userSearch");
    await dialog
      .getByLabel("Uživatel", { exact: true })
      .selectOption({ label: "Václav Dvořák (worker, Pracovník obce)" });
    await dialog.getByRole("button", { name: "Přidat", exact: true }).click();
    await expect(seen(page, "Uživatel byl přidán do centra.")).resolves.toBe(true);
    const users = page.getByRole("region", { name: "Uživatelé centra" });
    await expect(users.getByRole("cell", { name: "Václav Dvořák", exact: true }).isVisible()).resolves.toBe(true);
    await expect(users.getByRole("cell", { name: "Pracovník obce" }).isVisible()).resolves.toBe(true);
    await expect(users.getByRole("button", { name: "Odebrat Václav Dvořák" }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});
