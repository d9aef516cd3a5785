import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchForFile, signedInPage } from "./browser";
import { seen } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

describe("Municipalities area (spec 001 §2 Municipalities)", () => {
  it("lists, creates with a contact (validation under the field first), edits, deactivates and activates", async () => {
    const { context, page } = await signedInPage(browser, "admin", "/administration/municipalities");
    await page.getByRole("link", { name: "Třebíč" }).waitFor();

    await page.getByRole("link", { name: "Nová obec" }).click();
    await page.waitForURL("**/administration/municipalities/create");
    await page.getByLabel("IČO").fill("12345678");
    await page.getByRole("button", { name: "Přidat kontakt" }).click();
    await page.getByLabel("Jméno").waitFor();
    await page.getByRole("button", { name: "Vytvořit obec" }).click();
    // Client-side (Conform + zod) messages under the fields; nothing was sent.
    const nameId = await page.getByLabel("Název", { exact: true }).getAttribute("id");
    await page.locator(`#${nameId}-error`).waitFor();
    await expect(page.locator(`#${nameId}-error`).textContent()).resolves.toBe("Vyplňte toto pole.");
    await expect(seen(page, "Neplatné IČO (8 číslic s kontrolní číslicí).")).resolves.toBe(true);

    await page.getByLabel("Název", { exact: true }).fill("Nové Město na Moravě");
    await page.getByLabel("IČO").fill("00294900");
    await page.getByLabel("Okres").fill("Žďár nad Sázavou");
    await page.getByLabel("Jméno").fill("Petr Malý");
    await page.getByLabel("E-mail").fill("odpady@nmnm.example");
    await page.getByRole("button", { name: "Vytvořit obec" }).click();
    await page.waitForURL(/\/administration\/municipalities\/\d+$/);
    await page.getByRole("heading", { name: "Nové Město na Moravě" }).waitFor();
    await expect(seen(page, "Obec vytvořena.")).resolves.toBe(true);
    await expect(seen(page, "Petr Malý")).resolves.toBe(true);

    await page.getByRole("link", { name: "Upravit" }).click();
    await page.waitForURL(/\/edit$/);
    await page.getByLabel("Zkrácený název").fill("NMNM");
    await page.getByRole("button", { name: "Uložit" }).click();
    await page.waitForURL(/\/administration\/municipalities\/\d+$/);
    await expect(seen(page, "Změny uloženy.")).resolves.toBe(true);
    await expect(seen(page, "NMNM")).resolves.toBe(true);

    await page.getByRole("button", { name: "Deaktivovat" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Deaktivovat" }).click();
    await expect(seen(page, "Obec deaktivována.")).resolves.toBe(true);
    await page.getByRole("button", { name: "Aktivovat" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Aktivovat" }).click();
    await expect(seen(page, "Obec aktivována.")).resolves.toBe(true);

    // The list filter keeps its state in the URL.
    await page.goto("/administration/municipalities?search=Nov%C3%A9&active=true");
    await page.getByRole("link", { name: "Nové Město na Moravě" }).waitFor();
    await expect(page.getByRole("link", { name: "Třebíč" }).count()).resolves.toBe(0);
    await context.close();
  });

  it("a manager saves their municipality under a region they do not manage: the region stays, named but not linked", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/municipalities");
    await page.getByRole("link", { name: "Třebíč" }).click();
    await page.getByRole("heading", { name: "Třebíč" }).waitFor();
    await expect(seen(page, "Technické služby Vysočina")).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Technické služby Vysočina" }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Upravit" }).click();
    await page.waitForURL(/\/edit$/);
    await expect(page.getByLabel("Nadřazená obec").locator("option:checked").textContent()).resolves.toBe(
      "Technické služby Vysočina",
    );
    await page.getByRole("button", { name: "Uložit" }).click();
    await page.waitForURL(/\/administration\/municipalities\/\d+$/);
    await expect(seen(page, "Změny uloženy.")).resolves.toBe(true);
    await expect(seen(page, "Technické služby Vysočina")).resolves.toBe(true);
    await context.close();
  });

  it("creates a municipality with JavaScript disabled, showing the API's field errors first", async () => {
    const { context, page } = await signedInPage(browser, "admin", "/administration/municipalities/create", {
      javaScriptEnabled: false,
    });
    await page.getByLabel("PSČ").fill("12");
    await page.getByRole("button", { name: "Vytvořit obec" }).click();
    await expect(seen(page, "Vyplňte toto pole.")).resolves.toBe(true);
    await expect(seen(page, "PSČ má tvar 123 45.")).resolves.toBe(true);
    await page.getByLabel("Název", { exact: true }).fill("Bez JavaScriptu");
    await page.getByLabel("PSČ").fill("592 31");
    await page.getByRole("button", { name: "Vytvořit obec" }).click();
    await page.waitForURL(/\/administration\/municipalities\/\d+$/);
    await page.getByRole("heading", { name: "Bez JavaScriptu" }).waitFor();
    await context.close();
  });

  it("hides actions the read-only administrator may not use", async () => {
    const { context, page } = await signedInPage(browser, "readonly", "/administration/municipalities");
    await page.getByRole("link", { name: "Třebíč" }).waitFor();
    await expect(page.getByRole("link", { name: "Nová obec" }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Třebíč" }).click();
    await page.waitForURL(/\/administration\/municipalities\/\d+$/);
    await expect(page.getByRole("link", { name: "Upravit" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Deaktivovat" }).count()).resolves.toBe(0);
    await context.close();
  });
});
