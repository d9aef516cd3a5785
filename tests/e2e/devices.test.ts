/**
 * Spec 001 §2 'Devices' (/administration/devices, create, detail, edit), §4 'A device is paired with a
 * municipality', §5 'Vyplňte povinná pole pro přiřazení k provozu', and the municipality detail's devices: the
 * administrator creates a device paired with a municipality, finds it on the municipality's card, ends the pairing
 * and reads the history; without JavaScript a device is created and paired through the ?dialog= page.
 */
import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { errorUnder, launchForFile, signedInPage } from "./browser";
import { seen, settle, uid } from "./user-helpers";
import { formatDate } from "#contract/calendar";

const LIST = "/administration/devices";
const DETAIL = /\/administration\/devices\/\d+$/;

/** A Prague calendar day `n` days from today, YYYY-MM-DD (what the date inputs take). */
const day = (n: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Prague" }).format(new Date(Date.now() + n * 86_400_000));

let browser: Browser;
launchForFile((b) => (browser = b));

/** The history table's row of a municipality. */
const historyRow = (page: Page, municipality: string) =>
  page.locator("tbody tr").filter({ has: page.locator("td:first-child", { hasText: municipality }) });

describe("Devices (spec 001 §2 'Devices', §4, §5)", () => {
  it("creates a paired device, shows it on the municipality's card, ends the pairing and keeps the history", async () => {
    const { context, page } = await signedInPage(browser, "admin", LIST);
    await page.getByRole("heading", { level: 1, name: "Zařízení" }).waitFor();
    // The demo devices, with today's municipality.
    await expect(seen(page, "Terminál – svozové vozidlo 1SE 2345")).resolves.toBe(true);
    await page.getByRole("navigation").getByRole("link", { name: "Správa zařízení" }).first().waitFor();

    await page.getByRole("main").getByRole("link", { name: "Nové zařízení" }).first().click();
    await page.waitForURL(`**${LIST}/create`);
    await settle(page);
    const name = `Terminál vozu ${uid()}`;
    await page.getByLabel("Název", { exact: true }).fill(name);
    await page.getByLabel("Typ", { exact: true }).selectOption({ label: "Mobilní terminál" });
    await page.getByLabel("Sériové číslo").fill(`SN-${uid()}`);
    await page.getByLabel("Číslo SIM karty").fill("+420 777 000 111");
    // A municipality without the start day: spec 001 §5's message under the field.
    await page.getByLabel("Obec", { exact: true }).selectOption({ label: "Velké Meziříčí" });
    await page.getByRole("button", { name: "Vytvořit zařízení" }).click();
    await expect(errorUnder(page, "Platnost od")).resolves.toBe("Vyplňte povinná pole pro přiřazení k provozu");

    await page.getByLabel("Platnost od").fill(day(-30));
    await page.getByRole("button", { name: "Vytvořit zařízení" }).click();
    await page.waitForURL(DETAIL);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await expect(seen(page, "Zařízení vytvořeno.")).resolves.toBe(true);
    await expect(seen(page, "+420 777 000 111")).resolves.toBe(true);
    const detailUrl = page.url();

    // The municipality's detail lists it among the devices paired today.
    await page.getByRole("main").getByRole("link", { name: "Velké Meziříčí" }).first().click();
    await page.waitForURL(/\/administration\/municipalities\/\d+$/);
    const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Zařízení", exact: true }) });
    await card.getByRole("link", { name }).waitFor();
    await card.getByRole("link", { name }).click();
    await page.waitForURL(detailUrl);
    await settle(page);

    // End the pairing yesterday: the device is no longer paired today, the history keeps the row.
    await page.getByRole("button", { name: "Ukončit přiřazení" }).click();
    const dialog = page.getByRole("dialog", { name: "Ukončit přiřazení?" });
    await dialog.waitFor();
    await dialog.getByLabel("Poslední den").fill(day(-1));
    await dialog.getByRole("button", { name: "Ukončit přiřazení" }).click();
    await expect(seen(page, "Přiřazení ukončeno.")).resolves.toBe(true);
    await expect(seen(page, "Zařízení dnes není přiřazeno žádné obci.")).resolves.toBe(true);
    const row = historyRow(page, "Velké Meziříčí");
    await expect(row.getByText("Ukončené").isVisible()).resolves.toBe(true);
    await expect(row.count()).resolves.toBe(1);

    // Paired again from a later day; that planned pairing is shortened from its own history row before it starts.
    await page.getByRole("link", { name: "Spárovat zařízení" }).click();
    const pair = page.getByRole("dialog", { name: "Spárovat zařízení" });
    await pair.getByLabel("Hledat obec").fill("Velké");
    await pair.getByRole("button", { name: "Hledat" }).click();
    await pair.getByLabel("Obec", { exact: true }).selectOption({ label: "Velké Meziříčí" });
    await pair.getByLabel("Platnost od").fill(day(10));
    await pair.getByRole("button", { name: "Spárovat", exact: true }).click();
    await expect(seen(page, "Zařízení spárováno.")).resolves.toBe(true);
    const planned = page.locator("tbody tr").filter({ hasText: "Budoucí" });
    await planned.getByRole("button", { name: "Ukončit přiřazení" }).click();
    const end = page.getByRole("dialog", { name: "Ukončit přiřazení?" });
    await end.getByLabel("Poslední den").fill(day(20));
    await end.getByRole("button", { name: "Ukončit přiřazení" }).click();
    await expect(seen(page, "Přiřazení ukončeno.")).resolves.toBe(true);
    await expect(planned.getByText(formatDate(day(20))).isVisible()).resolves.toBe(true);

    // The card no longer lists it; Velké Meziříčí has no other device today.
    await page.goto("/administration/municipalities");
    await page.getByRole("link", { name: "Velké Meziříčí" }).click();
    await expect(seen(page, "K obci není přiřazeno žádné zařízení.")).resolves.toBe(true);
    await context.close();
  });

  it("without JavaScript: creates a device (errors first) and pairs it through the ?dialog=pair page", async () => {
    const { context, page } = await signedInPage(browser, "admin", `${LIST}/create`, { javaScriptEnabled: false });
    const name = `Čtečka bez JS ${uid()}`;
    await page.getByLabel("Název", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Vytvořit zařízení" }).click();
    await expect(errorUnder(page, "Sériové číslo")).resolves.toBe("Vyplňte toto pole.");
    await expect(page.getByLabel("Název", { exact: true }).inputValue()).resolves.toBe(name);

    await page.getByLabel("Typ", { exact: true }).selectOption({ label: "Čtečka čárových kódů" });
    await page.getByLabel("Sériové číslo").fill(`BS-${uid()}`);
    await page.getByRole("button", { name: "Vytvořit zařízení" }).click();
    await page.waitForURL(DETAIL);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await expect(seen(page, "Zařízení zatím nebylo přiřazeno žádné obci.")).resolves.toBe(true);

    // The pair dialog is a page of its own: its picker searches through the URL.
    await page.getByRole("link", { name: "Spárovat zařízení" }).click();
    await page.waitForURL(/\?(.*&)?dialog=pair/);
    const dialog = page.getByRole("dialog", { name: "Spárovat zařízení" });
    await dialog.getByLabel("Hledat obec").fill("Třeb");
    await dialog.getByRole("button", { name: "Hledat" }).click();
    await page.waitForURL(/municipalitySearch=/);
    await dialog.getByLabel("Obec", { exact: true }).selectOption({ label: "Třebíč" });
    await dialog.getByLabel("Platnost od").fill("");
    await dialog.getByRole("button", { name: "Spárovat", exact: true }).click();
    await expect(errorUnder(page, "Platnost od")).resolves.toBe("Vyplňte povinná pole pro přiřazení k provozu");

    await page.getByRole("dialog", { name: "Spárovat zařízení" }).getByLabel("Platnost od").fill(day(0));
    await page
      .getByRole("dialog", { name: "Spárovat zařízení" })
      .getByRole("button", { name: "Spárovat", exact: true })
      .click();
    await page.waitForURL(DETAIL);
    await expect(seen(page, "Zařízení spárováno.")).resolves.toBe(true);
    await expect(historyRow(page, "Třebíč").getByText("Platné").isVisible()).resolves.toBe(true);
    await context.close();
  });
});
