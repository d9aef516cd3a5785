import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { formatDate, toIsoDate } from "#contract/calendar";
import { errorUnder, launchForFile, signedInPage } from "./browser";
import { outboxMessages, seen, settle, uid } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

/** A calendar day in Europe/Prague, n days before today, as the date inputs take it (YYYY-MM-DD). */
const daysAgo = (n: number) => toIsoDate(new Date(Date.now() - n * 86_400_000));

/** The id of the demo collection point 'Dvořákovi, Bráfova 3', read from a demo payer's history (a link to it). */
async function demoSubjectId(page: Page): Promise<string> {
  await page.goto("/infrastructure/fee-payers?search=dvorak");
  await page.getByRole("link", { name: "Josef Dvořák" }).click();
  await page.waitForURL(/\/infrastructure\/fee-payers\/\d+$/);
  const href = await page.getByRole("link", { name: "Dvořákovi, Bráfova 3" }).first().getAttribute("href");
  return /\/infrastructure\/subjects\/(\d+)$/.exec(href ?? "")![1]!;
}

/** Creates a resident through the create screen (JavaScript on) and stays on its detail. */
async function createResident(page: Page, firstName: string, lastName: string) {
  await page.goto("/infrastructure/fee-payers/create");
  await settle(page);
  await page.getByLabel("Jméno", { exact: true }).fill(firstName);
  await page.getByLabel("Příjmení").fill(lastName);
  await page.getByRole("button", { name: "Vytvořit poplatníka" }).click();
  await page.waitForURL(/\/infrastructure\/fee-payers\/\d+$/);
  await page.getByRole("heading", { name: `${firstName} ${lastName}` }).waitFor();
}

describe("Fee payers (spec 001 §2 'Fee payers')", () => {
  it("creates a resident of a collection point (missing names first), finds it without diacritics, registers, deactivates and filters it", async () => {
    const id = uid();
    const lastName = `Řezníčková ${id}`;
    const { context, page } = await signedInPage(browser, "manager", "/infrastructure/fee-payers");
    const subjectId = await demoSubjectId(page);

    // Spec 000 §2 /infrastructure/subjects/{id}/fee-payers/create: the form names the subject.
    await page.goto(`/infrastructure/subjects/${subjectId}/fee-payers/create`);
    await page.getByRole("heading", { name: /Dvořákovi, Bráfova 3/ }).waitFor();
    await settle(page);
    await page.getByRole("button", { name: "Vytvořit poplatníka" }).click();
    expect(await errorUnder(page, "Jméno")).toBe("Vyplňte jméno.");
    expect(await errorUnder(page, "Příjmení")).toBe("Vyplňte příjmení.");

    await page.getByLabel("Jméno", { exact: true }).fill("Žofie");
    await page.getByLabel("Příjmení").fill(lastName);
    await page.getByLabel("Datum narození").fill("1990-05-04");
    await page.getByLabel("Aktivní od").fill(daysAgo(30));
    // A further address: the row is added through the action (docs/decisions/0005); typed values stay.
    await page.getByRole("button", { name: "Přidat adresu" }).click();
    await page.getByLabel("Ulice", { exact: true }).fill("Za Rybníkem");
    await expect(page.getByLabel("Příjmení").inputValue()).resolves.toBe(lastName);
    await page.getByRole("button", { name: "Vytvořit poplatníka" }).click();
    await page.waitForURL(new RegExp(`/infrastructure/subjects/${subjectId}$`));
    await expect(seen(page, "Poplatník vytvořen a přidán na odběrné místo.")).resolves.toBe(true);

    // The list: search typed without diacritics; bulk register with nothing selected, then with the row.
    await page.goto("/infrastructure/fee-payers");
    await settle(page);
    await page.getByLabel("Hledat").fill(`reznickova ${id}`);
    await page.waitForURL(/search=reznickova/);
    const row = page.getByRole("link", { name: `Žofie ${lastName}` });
    await row.waitFor();
    await expect.poll(() => page.getByRole("link", { name: "Josef Dvořák" }).count()).toBe(0);
    await page.getByRole("button", { name: "Zaregistrovat" }).click();
    await expect(seen(page, "Vyberte položky.")).resolves.toBe(true);
    await page.getByRole("checkbox", { name: `Vybrat řádek Žofie ${lastName}` }).check();
    await page.getByRole("button", { name: "Zaregistrovat" }).click();
    await expect(seen(page, "Poplatníci zaregistrováni.")).resolves.toBe(true);
    await expect(
      page.getByRole("row").filter({ hasText: lastName }).getByText("Registrován", { exact: true }).count(),
    ).resolves.toBe(1);

    // The detail: personal data, the further address and the history row of the subject (open-ended).
    await row.click();
    await page.waitForURL(/\/infrastructure\/fee-payers\/\d+$/);
    await page.getByRole("heading", { name: `Žofie ${lastName}` }).waitFor();
    await expect(seen(page, "Za Rybníkem")).resolves.toBe(true);
    const history = page.getByTestId("history-row");
    await expect(history.count()).resolves.toBe(1);
    await expect(history.getByRole("link", { name: "Dvořákovi, Bráfova 3" }).count()).resolves.toBe(1);
    await expect(history.textContent()).resolves.toContain("dosud");

    // Deactivate as of yesterday: the state changes and the membership ends the same day.
    await settle(page);
    await page.getByRole("button", { name: "Deaktivovat" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Datum deaktivace").inputValue()).resolves.toBe(daysAgo(0));
    await expect(dialog.getByLabel("Datum narození").inputValue()).resolves.toBe("1990-05-04");
    await dialog.getByLabel("Datum deaktivace").fill(daysAgo(1));
    await dialog.getByRole("button", { name: "Deaktivovat" }).click();
    await expect(seen(page, "Poplatník deaktivován.")).resolves.toBe(true);
    await expect(seen(page, "Neaktivní")).resolves.toBe(true);
    await page.getByRole("button", { name: "Aktivovat" }).waitFor();
    await expect(history.textContent()).resolves.toContain(formatDate(daysAgo(1)));
    await expect(history.textContent()).resolves.not.toContain("dosud");

    // Active yes/no filters (default: everybody).
    await page.goto(`/infrastructure/fee-payers?search=reznickova+${id}`);
    await settle(page);
    await page.getByLabel("Aktivní", { exact: true }).selectOption({ label: "Ne" });
    await page.waitForURL(/active=false/);
    await row.waitFor();
    await page.getByLabel("Aktivní", { exact: true }).selectOption({ label: "Ano" });
    await page.waitForURL(/active=true/);
    await expect(seen(page, "Filtrům neodpovídají žádné záznamy.")).resolves.toBe(true);
    await expect(row.count()).resolves.toBe(0);
    await context.close();
  });

  it("a company with an invalid IČO shows the error under the field; the resident fields are hidden", async () => {
    const id = uid();
    const { context, page } = await signedInPage(browser, "manager", "/infrastructure/fee-payers/create");
    await settle(page);
    await page.getByLabel("Typ", { exact: true }).selectOption({ label: "Firma" });
    await expect(page.getByLabel("Jméno", { exact: true }).isVisible()).resolves.toBe(false);
    await page.getByLabel("Název firmy").fill(`Kompostárna ${id} s.r.o.`);
    await page.getByLabel("IČO").fill("12345678");
    await page.getByRole("button", { name: "Vytvořit poplatníka" }).click();
    expect(await errorUnder(page, "IČO")).toBe("Neplatné IČO (8 číslic s kontrolní číslicí).");

    await page.getByLabel("IČO").fill("00294900");
    await page.getByRole("button", { name: "Vytvořit poplatníka" }).click();
    await page.waitForURL(/\/infrastructure\/fee-payers\/\d+$/);
    await page.getByRole("heading", { name: `Kompostárna ${id} s.r.o.` }).waitFor();
    await expect(seen(page, "00294900")).resolves.toBe(true);

    // Edit shares the form: the company's data come back, the type stays.
    await page.getByRole("link", { name: "Upravit" }).click();
    await page.waitForURL(/\/edit$/);
    await settle(page);
    await expect(page.getByLabel("Název firmy").inputValue()).resolves.toBe(`Kompostárna ${id} s.r.o.`);
    await expect(page.getByLabel("Jméno", { exact: true }).isVisible()).resolves.toBe(false);
    await page.getByLabel("Telefon").fill("777 123 456");
    await page.getByRole("button", { name: "Uložit" }).click();
    await page.waitForURL(/\/infrastructure\/fee-payers\/\d+$/);
    await expect(seen(page, "Změny uloženy.")).resolves.toBe(true);
    await expect(seen(page, "Firma")).resolves.toBe(true);
    await context.close();
  });

  it("generates a login by e-mail (the .eml lands in the outbox) and as a PDF letter (a download)", async () => {
    const id = uid();
    const email = `e2e.payer.${id}@odpady.example`;
    const { context, page } = await signedInPage(browser, "manager", "/infrastructure/fee-payers");
    await createResident(page, "Karel", `Přihlašovací ${id}`);
    await expect(seen(page, "Bez přihlášení")).resolves.toBe(true);

    await settle(page);
    await page.getByRole("button", { name: "Vygenerovat přihlášení" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("E-mail", { exact: true }).fill(email);
    await dialog.getByRole("button", { name: "Odeslat e-mailem" }).click();
    await expect(seen(page, `Přihlašovací údaje odeslány na e-mail ${email}.`)).resolves.toBe(true);
    await expect(seen(page, "Má přihlášení")).resolves.toBe(true);
    expect(outboxMessages(email).length).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Vygenerovat přihlášení znovu" }).click();
    await dialog.getByLabel("Tištěný dopis (PDF)").check();
    await expect(dialog.getByLabel("E-mail", { exact: true }).isVisible()).resolves.toBe(false);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Stáhnout PDF dopis" }).click(),
    ]);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await context.close();
  });

  it("works with JavaScript disabled: create (server errors first, an address row through the action), deactivate and the PDF letter", async () => {
    const id = uid();
    const lastName = `Bezskriptová ${id}`;
    const { context, page } = await signedInPage(browser, "manager", "/infrastructure/fee-payers/create", {
      javaScriptEnabled: false,
    });
    await page.getByLabel("PSČ").fill("12");
    await page.getByRole("button", { name: "Vytvořit poplatníka" }).click();
    await expect(seen(page, "Vyplňte jméno.")).resolves.toBe(true);
    await expect(seen(page, "PSČ má tvar 123 45.")).resolves.toBe(true);

    await page.getByLabel("Jméno", { exact: true }).fill("Olga");
    await page.getByLabel("Příjmení").fill(lastName);
    await page.getByLabel("PSČ").fill("674 01");
    await page.getByLabel("Aktivní od").fill(daysAgo(10));
    await page.getByRole("button", { name: "Přidat adresu" }).click();
    await page.getByLabel("Ulice", { exact: true }).fill("Pod Kopcem");
    await page.getByRole("button", { name: "Vytvořit poplatníka" }).click();
    await page.waitForURL(/\/infrastructure\/fee-payers\/\d+$/);
    await page.getByRole("heading", { name: `Olga ${lastName}` }).waitFor();
    await expect(seen(page, "Poplatník vytvořen.")).resolves.toBe(true);
    await expect(seen(page, "Pod Kopcem")).resolves.toBe(true);

    // Dialogs open through ?dialog=… and post plain forms.
    await page.getByRole("button", { name: "Deaktivovat" }).click();
    await page.waitForURL(/dialog=deactivate/);
    await page.getByRole("dialog").getByLabel("Datum deaktivace").fill(daysAgo(1));
    await page.getByRole("dialog").getByRole("button", { name: "Deaktivovat" }).click();
    await expect(seen(page, "Poplatník deaktivován.")).resolves.toBe(true);
    await expect(seen(page, "Neaktivní")).resolves.toBe(true);

    await page.getByRole("button", { name: "Vygenerovat přihlášení" }).click();
    await page.waitForURL(/dialog=login/);
    await page.getByRole("dialog").getByLabel("Tištěný dopis (PDF)").check();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("dialog").getByRole("button", { name: "Stáhnout PDF dopis" }).click(),
    ]);
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 4)
        .toString("latin1"),
    ).toBe("%PDF");
    await context.close();
  });
});
