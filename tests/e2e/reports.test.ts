import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { toIsoDate } from "#contract/calendar";
import { launchForFile, signedInPage } from "./browser";

let browser: Browser;
launchForFile((b) => (browser = b));

/** The demo's collections are of the last six weeks: a period of the last ten weeks holds them. */
const FROM = toIsoDate(new Date(Date.now() - 70 * 86_400_000));
const TO = toIsoDate(new Date());

/** Spec 001 §2 'Reports' (spec 000 §2 /reports): the report of a type and period, its table and its CSV. */
describe("reports", () => {
  it("opens from the navigation, shows a waste report's rows and totals and downloads the same rows as CSV", async () => {
    const { context, page } = await signedInPage(browser, "manager");
    await page.getByRole("navigation").getByRole("link", { name: "Reporty", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/reports");
    await page.getByText("Zvolte typ reportu a období a klikněte na Zobrazit záznamy.").waitFor();

    const form = page.getByRole("form", { name: "Filtr reportu" });
    await form.getByLabel("Typ reportu").selectOption("waste");
    await form.getByLabel("Od", { exact: true }).fill(FROM);
    await form.getByLabel("Do", { exact: true }).fill(TO);
    await form.getByLabel("Hmotnost").selectOption("false");
    await form.getByRole("button", { name: "Zobrazit záznamy" }).click();
    await page.waitForURL((url) => url.searchParams.get("type") === "waste");
    await page.getByRole("heading", { name: /^Odpady za období/ }).waitFor();
    const table = page.getByRole("table");
    const headers = await table.getByRole("columnheader").allTextContents();
    expect(headers.join("|")).toContain("Počet záznamů");
    expect(headers.join("|")).not.toContain("Hmotnost ze svozu");
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBeGreaterThan(0);
    const firstWaste = (await rows.first().locator("td").first().textContent())!.trim();
    expect(firstWaste.length).toBeGreaterThan(0);
    await page.getByRole("definition").first().waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      form.getByRole("button", { name: "Exportovat" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-odpady-${FROM}-${TO}.csv`);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe("Odpad;Katalogové číslo;Počet záznamů;Návštěvy sběrných dvorů");
    expect(lines.some((l) => l.startsWith(`${firstWaste};`))).toBe(true);
    expect(lines.at(-1)).toMatch(/^Celkem;;\d+;\d+$/);
    await context.close();
  });

  it("works without JavaScript: a bin report, then a period that ends before it starts is refused under the field", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/reports", { javaScriptEnabled: false });
    const form = page.getByRole("form", { name: "Filtr reportu" });
    await form.getByLabel("Od", { exact: true }).fill(FROM);
    await form.getByLabel("Do", { exact: true }).fill(TO);
    await form.getByRole("button", { name: "Zobrazit záznamy" }).click();
    await page.waitForURL((url) => url.searchParams.get("type") === "bin");
    await page.getByRole("heading", { name: /^Nádoby za období/ }).waitFor();
    expect(await page.getByRole("table").locator("tbody tr").count()).toBeGreaterThan(0);

    await form.getByLabel("Od", { exact: true }).fill(TO);
    await form.getByLabel("Do", { exact: true }).fill(FROM);
    await form.getByRole("button", { name: "Zobrazit záznamy" }).click();
    await page.getByText("Datum od musí být nejpozději v den data do.").waitFor();
    expect(await form.getByLabel("Od", { exact: true }).getAttribute("aria-invalid")).toBe("true");

    // A quick period keeps the filters as they are on screen, not as last sent.
    await form.getByLabel("Typ reportu").selectOption("waste");
    await form.getByRole("button", { name: "Minulý rok" }).click();
    const lastYear = new Date().getFullYear() - 1;
    await page.waitForURL((url) => url.searchParams.get("dateFrom") === `${lastYear}-01-01`);
    expect(new URL(page.url()).searchParams.get("type")).toBe("waste");
    expect(new URL(page.url()).searchParams.get("dateTo")).toBe(`${lastYear}-12-31`);
    await page.getByRole("heading", { name: /^Odpady za období/ }).waitFor();
    await context.close();
  });
});
