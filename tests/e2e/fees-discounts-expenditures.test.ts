/**
 * Spec 001 §2 Discounts and Expenditures (issue 14 parts 3 and 4; docs/discounts-expenditures.md): without
 * JavaScript the manager creates an age discount with two levels through 'Přidat další úroveň' (an overlap is refused
 * under the level) and sees both listed; with JavaScript she adds an expenditure in the modal and sees the year's
 * total grow by exactly its amount (and fall back when it is deleted), on the records page and on the overview.
 */
import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { errorUnder, launchForFile, signedInPage } from "./browser";
import { seen, settle, uid } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

/** '1 234 567,89 Kč' → hundredths (an integer: money is compared exactly). */
function hundredths(text: string | null): number {
  const m = /(-?[\d\s\u00a0\u202f]+)(?:,(\d{1,2}))?\s*Kč/.exec(text ?? "");
  if (!m) throw new Error(`No amount in '${text}'`);
  const whole = Number(m[1]!.replace(/[\s\u00a0\u202f]/g, ""));
  return whole * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

const level = (page: Page, n: number) => page.getByRole("group", { name: `Úroveň ${n}` });

describe("Discounts (spec 001 §2: list, create with levels, update)", () => {
  it("creates an age discount with two levels without JavaScript and lists both", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/fees/discounts", { javaScriptEnabled: false });
    await page.getByRole("heading", { level: 1, name: "Slevy" }).waitFor();
    // The demo's discounts with their groups.
    await expect(seen(page, "Senioři od 70 let")).resolves.toBe(true);
    await expect(seen(page, "Držitel průkazu ZTP/P")).resolves.toBe(true);

    await page.getByRole("main").getByRole("link", { name: "Nová sleva" }).first().click();
    await page.waitForURL("**/fees/discounts/create");
    const name = `Mladí dospělí ${uid()}`;
    await page.getByLabel("Skupina občanů").selectOption({ label: "Jiná věková skupina" });
    await page.getByLabel("Název", { exact: true }).fill(name);
    await level(page, 1).getByLabel("Věk od").fill("18");
    await level(page, 1).getByLabel("Věk do").fill("25");
    await level(page, 1).getByLabel("Sleva na poplatku (Kč)").fill("200");

    // 'Přidat další úroveň' posts the form (decision 0005): the page comes back with a second level, nothing lost.
    await page.getByRole("button", { name: "Přidat další úroveň" }).click();
    await level(page, 2).waitFor();
    await expect(page.getByLabel("Název", { exact: true }).inputValue()).resolves.toBe(name);
    await expect(level(page, 1).getByLabel("Věk do").inputValue()).resolves.toBe("25");

    // Overlapping the first level: refused under the second level's 'Věk od'.
    await level(page, 2).getByLabel("Věk od").fill("20");
    await level(page, 2).getByLabel("Věk do").fill("30");
    await level(page, 2).getByLabel("Sleva na poplatku (Kč)").fill("100,50");
    await page.getByRole("button", { name: "Vytvořit slevu" }).click();
    const from2 = await level(page, 2).getByLabel("Věk od").getAttribute("id");
    await expect(page.locator(`[id="${from2}-error"]`).textContent()).resolves.toBe(
      "Věkové rozmezí se překrývá s jinou úrovní této skupiny.",
    );

    await level(page, 2).getByLabel("Věk od").fill("26");
    await page.getByRole("button", { name: "Vytvořit slevu" }).click();
    await page.waitForURL((url) => url.pathname === "/fees/discounts");
    await expect(seen(page, "Slevy vytvořeny (2).")).resolves.toBe(true);

    await page.getByRole("main").getByLabel("Hledat").fill(name);
    await page.getByRole("button", { name: "Filtrovat" }).click();
    await page.waitForURL((url) => url.searchParams.get("search") === name);
    const rows = page.locator("tbody tr").filter({ hasText: name });
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.nth(0).textContent()).resolves.toMatch(/Jiná věková skupina.*18–25 let.*200,00\s*Kč/);
    await expect(rows.nth(1).textContent()).resolves.toMatch(/26–30 let.*100,50\s*Kč/);
    await context.close();
  });

  it("edits a discount; a value out of range is shown under its field", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/fees/discounts?type=Other");
    await page.getByRole("link", { name: "Držitel průkazu ZTP/P" }).click();
    await page.waitForURL(/\/fees\/discounts\/\d+\/edit$/);
    await settle(page);
    await page.getByLabel("Sleva na poplatku (Kč)").fill("0");
    await page.getByRole("button", { name: "Uložit" }).click();
    await expect(errorUnder(page, "Sleva na poplatku (Kč)")).resolves.toBe(
      "Zadejte slevu jako kladnou částku (nejvýše 2 desetinná místa).",
    );
    await page.getByLabel("Sleva na poplatku (Kč)").fill("650");
    await page.getByRole("button", { name: "Uložit" }).click();
    await page.waitForURL((url) => url.pathname === "/fees/discounts");
    await expect(seen(page, "Změny uloženy.")).resolves.toBe(true);
    const row = page.locator("tbody tr").filter({ hasText: "Držitel průkazu ZTP/P" });
    await expect(row.textContent()).resolves.toMatch(/650,00\s*Kč/);
    await context.close();
  });
});

describe("Expenditures (spec 001 §2: overview with a total, records with the new/edit/delete modal)", () => {
  it("adds an expenditure in the modal and the year's total grows by exactly its amount", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/fees/expenditures/edit");
    await page.getByRole("heading", { level: 1, name: "Záznamy výdajů" }).waitFor();
    await settle(page);
    const total = page.getByTestId("expenditure-year-total");
    const before = hundredths(await total.textContent());
    expect(before).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Nový výdaj" }).click();
    const dialog = page.getByRole("dialog", { name: "Nový výdaj" });
    await dialog.waitFor();
    const note = `Nákup pytlů ${uid()}`;
    await dialog.getByLabel("Typ", { exact: true }).selectOption({ label: "Mzdy" });
    await dialog.getByLabel("Zdroj").selectOption({ label: "Ostatní" });
    await dialog.getByLabel("Popis").fill(note);
    // Without an amount the dialog stays open with the message under the field.
    await dialog.getByRole("button", { name: "Nový výdaj" }).click();
    await expect(errorUnder(page, "Částka (Kč)")).resolves.toBe(
      "Zadejte částku jako kladné číslo (nejvýše 2 desetinná místa).",
    );
    await dialog.getByLabel("Částka (Kč)").fill("1 234,56");
    await dialog.getByRole("button", { name: "Nový výdaj" }).click();
    await expect(seen(page, "Výdaj přidán.")).resolves.toBe(true);
    await expect(seen(page, note)).resolves.toBe(true);
    expect(hundredths(await total.textContent())).toBe(before + 123_456);

    // Deleted after its confirmation: the total is back where it was.
    const row = page.locator("tbody tr").filter({ hasText: note });
    await row.getByRole("button", { name: "Smazat" }).click();
    const confirm = page.getByRole("dialog", { name: "Smazat výdaj?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Smazat" }).click();
    await expect(seen(page, "Výdaj smazán.")).resolves.toBe(true);
    expect(hundredths(await total.textContent())).toBe(before);
    await expect(page.getByText(note).count()).resolves.toBe(0);

    // Added again; the overview's total is the same exact sum.
    await page.getByRole("button", { name: "Nový výdaj" }).click();
    await dialog.waitFor();
    await dialog.getByLabel("Typ", { exact: true }).selectOption({ label: "Mzdy" });
    await dialog.getByLabel("Zdroj").selectOption({ label: "Ostatní" });
    await dialog.getByLabel("Částka (Kč)").fill("1234.56");
    await dialog.getByRole("button", { name: "Nový výdaj" }).click();
    await expect(seen(page, "Výdaj přidán.")).resolves.toBe(true);
    expect(hundredths(await total.textContent())).toBe(before + 123_456);
    await page.getByRole("link", { name: "Zpět na přehled výdajů" }).click();
    await page.getByRole("heading", { level: 1, name: "Výdaje" }).waitFor();
    expect(hundredths(await page.getByTestId("expenditure-total").textContent())).toBe(before + 123_456);
    await expect(seen(page, "Výkaz EKO-KOM")).resolves.toBe(true);
    await expect(seen(page, "Sběrný dvůr")).resolves.toBe(true);
    await context.close();
  });
});
