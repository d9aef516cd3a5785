/**
 * Spec 001 §2 'Waste and bin types settings' (/administration/waste-bins → the active municipality's module page):
 * the catalogue read-only beside the municipality's own types; add with validation errors under the fields,
 * deactivate and delete behind confirmations; with and without JavaScript.
 */
import { describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchForFile, signedInPage } from "./browser";
import { seen, settle, uid } from "./user-helpers";

const PAGE = /\/administration\/municipalities\/\d+\/modules\/waste-bins$/;

let browser: Browser;
launchForFile((b) => (browser = b));

/** The first error under a field of a dialog (Conform's `${id}-error`). */
async function errorIn(page: Page, dialog: Locator, label: string) {
  const id = await dialog.getByLabel(label, { exact: true }).getAttribute("id");
  const el = page.locator(`[id="${id}-error"]`);
  await el.waitFor();
  return el.textContent();
}

/** The table row whose first cell names the type (a catalogue row's cell also holds its badge). */
const rowOf = (page: Page, name: string) => page.locator("tbody tr").filter({ has: page.locator("td:first-child", { hasText: name }) });

describe("Waste and bin types settings (spec 001 §2)", () => {
  it("adds a bin type (a validation error first, then the API's), lists it and deactivates it", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/waste-bins");
    await page.waitForURL(PAGE);
    await page.getByRole("heading", { level: 1, name: "Odpady a nádoby" }).waitFor();
    await settle(page);

    // The catalogue: real bin types, marked and not editable.
    const catalogueRow = rowOf(page, "Popelnice 240 l");
    await expect(catalogueRow.getByText("Katalog", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(catalogueRow.getByText("240 l", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(catalogueRow.getByRole("button", { name: /Upravit/ }).count()).resolves.toBe(0);
    await expect(rowOf(page, "Velkoobjemový kontejner 19 000 l").getByText("19 000 l", { exact: true }).isVisible()).resolves.toBe(true);

    await page.getByRole("button", { name: "Přidat typ nádoby" }).click();
    const dialog = page.getByRole("dialog", { name: "Nový typ nádoby" });
    await dialog.waitFor();
    const name = `Popelnice 80 l ${uid()}`;
    // A volume over the largest container: refused under the field, the dialog stays open.
    await dialog.getByLabel("Název", { exact: true }).fill(name);
    await dialog.getByLabel("Objem (l)", { exact: true }).fill("20000");
    await dialog.getByRole("button", { name: "Přidat" }).click();
    expect(await errorIn(page, dialog, "Objem (l)")).toBe("Objem je 1 až 19 000 l.");
    await expect(dialog.isVisible()).resolves.toBe(true);

    // A catalogue name: the API's 422 comes back under the name.
    await dialog.getByLabel("Objem (l)", { exact: true }).fill("80");
    await dialog.getByLabel("Název", { exact: true }).fill("Popelnice 120 l");
    await dialog.getByRole("button", { name: "Přidat" }).click();
    expect(await errorIn(page, dialog, "Název")).toBe("Typ s tímto názvem už existuje.");
    await expect(dialog.isVisible()).resolves.toBe(true);

    await dialog.getByLabel("Název", { exact: true }).fill(name);
    await dialog.getByLabel("Druh nádoby", { exact: true }).selectOption({ label: "Popelnice" });
    await dialog.getByLabel("Obvyklý typ odpadu", { exact: true }).selectOption({ label: "Směsný komunální odpad (200301)" });
    await dialog.getByLabel("Vážená: lze zadat přesné množství").check();
    await dialog.getByRole("button", { name: "Přidat" }).click();
    await expect(seen(page, "Typ nádoby přidán.")).resolves.toBe(true);
    await expect(dialog.isVisible()).resolves.toBe(false);

    const row = rowOf(page, name);
    await row.waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells.slice(0, 8)).toEqual([name, "Popelnice", "Trvalá", "80 l", "Ano", "Směsný komunální odpad", "0", "Aktivní"]);

    // Deactivate behind a confirmation.
    await row.getByRole("button", { name: `Deaktivovat ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Deaktivovat typ ${name}?` });
    await confirm.getByRole("button", { name: "Deaktivovat" }).click();
    await expect(seen(page, "Typ nádoby deaktivován.")).resolves.toBe(true);
    await expect(row.getByText("Neaktivní", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(row.getByRole("button", { name: `Aktivovat ${name}` }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("without JavaScript: adds a waste type (coefficient error first) and deletes it", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/waste-bins", {
      javaScriptEnabled: false,
    });
    await page.waitForURL(PAGE);

    await page.getByRole("button", { name: "Přidat typ odpadu" }).click();
    await page.waitForURL(/dialog=add-waste-type/);
    const dialog = page.getByRole("dialog", { name: "Nový typ odpadu" });
    const name = `Textil ${uid()}`;
    await dialog.getByLabel("Název", { exact: true }).fill(name);
    await dialog.getByLabel("Kód katalogu odpadů", { exact: true }).fill("200111");
    await dialog.getByLabel("Koeficient (kg na litr)", { exact: true }).fill("3");
    await dialog.getByRole("button", { name: "Přidat" }).click();
    expect(await errorIn(page, dialog, "Koeficient (kg na litr)")).toBe(
      "Koeficient je 0 až 2 s nejvýše 4 desetinnými místy.",
    );
    // What was typed stays.
    await expect(dialog.getByLabel("Název", { exact: true }).inputValue()).resolves.toBe(name);

    await dialog.getByLabel("Koeficient (kg na litr)", { exact: true }).fill("0,15");
    await dialog.getByRole("button", { name: "Přidat" }).click();
    await page.waitForURL(PAGE);
    await expect(seen(page, "Typ odpadu přidán.")).resolves.toBe(true);
    const row = rowOf(page, name);
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells.slice(0, 6)).toEqual([name, "200111", "0,15", "Ano", "0", "Aktivní"]);

    await row.getByRole("button", { name: `Smazat ${name}` }).click();
    await page.getByRole("dialog", { name: `Smazat typ ${name}?` }).getByRole("button", { name: "Smazat" }).click();
    await page.waitForURL(PAGE);
    await expect(seen(page, "Typ odpadu smazán.")).resolves.toBe(true);
    await expect(rowOf(page, name).count()).resolves.toBe(0);
    await context.close();
  });

  it("the read-only administrator sees the types without any change buttons", async () => {
    const { context, page } = await signedInPage(browser, "readonly", "/administration/waste-bins");
    await page.waitForURL(PAGE);
    await rowOf(page, "Směsný komunální odpad").waitFor();
    await expect(page.getByRole("button", { name: "Přidat typ nádoby" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: /^(Upravit|Smazat|Deaktivovat)/ }).count()).resolves.toBe(0);
    await context.close();
  });
});
