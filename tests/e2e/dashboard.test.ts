import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchForFile, signedInPage } from "./browser";

let browser: Browser;
launchForFile((b) => (browser = b));

/** Spec 001 §1 'Dashboard': the demo municipality's widgets, and the year and comparison chosen in a GET form. */
describe("the dashboard", () => {
  it("shows the active municipality's widgets with their figures and links", async () => {
    const { context, page } = await signedInPage(browser, "manager");
    for (const heading of ["Nádoby", "Odběrná místa", "Poplatníci", "Sběrné dvory"])
      await page.getByRole("main").getByRole("link", { name: heading, exact: true }).waitFor();
    const year = new Date().getFullYear();
    await page.getByRole("heading", { name: `Náklady na odpadové hospodářství ${year}` }).waitFor();
    await page.getByRole("heading", { name: "Poslední svozy" }).waitFor();
    // The demo's collections are listed newest first, each a link to its detail.
    const first = page.getByRole("region", { name: "Poslední svozy" }).getByRole("table").getByRole("link").first();
    const href = await first.getAttribute("href");
    expect(href).toMatch(/^\/waste-collection-evidence\/waste-collections\/\d+$/);
    await first.click();
    await page.waitForURL((url) => url.pathname === href);
    await context.close();
  });

  it("changes the year and the comparison without JavaScript", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/dashboard", { javaScriptEnabled: false });
    const form = page.getByRole("form", { name: "Rok a srovnání" });
    const last = String(new Date().getFullYear() - 1);
    await form.getByLabel("Rok").selectOption(last);
    await form.getByLabel("Období").selectOption("quarter");
    await form.getByLabel("Údaj").selectOption("count");
    await form.getByRole("button", { name: "Zobrazit" }).click();
    await page.waitForURL((url) => url.searchParams.get("period") === "quarter");
    await page.getByRole("heading", { name: "Meziroční srovnání svozů podle počtu záznamů" }).waitFor();
    await page.getByRole("heading", { name: `Složení odpadu ${last}` }).waitFor();
    // A value the contract does not know is ignored, not an error page.
    const res = await page.goto("/dashboard?year=abc&period=week");
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { name: "Meziroční srovnání svozů podle hmotnosti" }).waitFor();
    await context.close();
  });
});
