import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchForFile, signedInPage } from "./browser";
import { fillUserForm, settle, STRONG_PASSWORD, uid } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

const PHONE = { width: 390, height: 844 };
/** Every kind of record the search shows, by its heading (the navigation's label). */
const KINDS = [
  "Odběrná místa",
  "Poplatníci",
  "Nádoby",
  "Karty odpadu",
  "Návštěvy sběrného dvora",
  "Svozy odpadu",
  "Záznamy evidence",
];

/** The result group of a kind: a region named by its heading (with its total in brackets). */
const group = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name}( \\(\\d+\\))?$`) });

/** Types the term into the header's search box and presses Enter; waits for the results. */
async function searchFromHeader(page: Page, term: string) {
  const box = page.getByRole("search", { name: "Hledání v celé aplikaci" }).getByRole("searchbox");
  await box.fill(term);
  await box.press("Enter");
  await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === term);
  await page.getByRole("heading", { name: `Výsledky pro „${term}“` }).waitFor();
}

/**
 * Spec 000 §2 'Global search', spec 001 §2 'Search' (decision 0042): a box in the header of every page, results
 * grouped by kind from the active municipality's lists, screens by their label, an empty result's own message.
 */
describe("the global search", () => {
  it("finds a surname from the header's box: each kind of record apart, each row a link to its record, all of a kind in its list", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/dashboard", {
      viewport: { width: 1440, height: 900 },
    });
    // A hydration mismatch or any script error on the results fails the test.
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    await settle(page);
    await searchFromHeader(page, "Novák");
    await settle(page);
    // The term stays in the box of the header and of the page.
    await expect(
      page.getByRole("search", { name: "Hledání v celé aplikaci" }).getByRole("searchbox").inputValue(),
    ).resolves.toBe("Novák");

    const point = group(page, "Odběrná místa").getByRole("link", { name: "Novákovi, Hasskova 12" });
    expect(await point.getAttribute("href")).toMatch(/^\/infrastructure\/subjects\/\d+$/);
    const payers = group(page, "Poplatníci");
    for (const name of ["Jan Novák", "Eva Nováková", "Tomáš Novák", "Anna Nováková"]) {
      expect(await payers.getByRole("link", { name, exact: true }).getAttribute("href")).toMatch(
        /^\/infrastructure\/fee-payers\/\d+$/,
      );
    }
    // The family's bins, found through their collection point's name; each leads to its bin.
    const bins = group(page, "Nádoby").getByRole("link");
    expect(await bins.count()).toBeGreaterThan(0);
    for (const href of await bins.evaluateAll((links) => links.map((a) => a.getAttribute("href"))))
      expect(href).toMatch(/^\/infrastructure\/waste-evidence-headers\/\d+$/);
    await group(page, "Karty odpadu").getByRole("link", { name: "5001 · TR00005001" }).waitFor();
    // A surname is no screen's name.
    expect(await group(page, "Obrazovky").count()).toBe(0);

    // More visits than a group shows: five of them, and all of them in the visits' list with the same search.
    const visits = group(page, "Návštěvy sběrného dvora");
    await expect(visits.getByRole("listitem").count()).resolves.toBe(5);
    const all = visits.getByRole("link", { name: /^Zobrazit všech \d+$/ });
    const total = Number((await all.innerText()).replace(/\D/g, ""));
    expect(total).toBeGreaterThan(5);
    await all.click();
    await page.waitForURL(
      (url) => url.pathname === "/waste-collection-evidence/yard-reports" && url.searchParams.get("search") === "Novák",
    );
    await page.getByText(`Zobrazeno 1–${Math.min(total, 25)} z ${total}`).waitFor();

    // A row leads to its record's detail.
    await page.goBack();
    await group(page, "Poplatníci").getByRole("link", { name: "Jan Novák", exact: true }).click();
    await page.waitForURL(/\/infrastructure\/fee-payers\/\d+$/);
    await page.getByRole("heading", { name: "Jan Novák", level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("finds screens by their label without diacritics; says when nothing is found; a short or too long term gets a hint", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/search?q=poplatnik");
    const screens = group(page, "Obrazovky");
    await expect(screens.getByRole("link", { name: "Poplatníci" }).getAttribute("href")).resolves.toBe(
      "/infrastructure/fee-payers",
    );
    expect(await screens.getByRole("link", { name: "Poplatky" }).count()).toBe(0);

    await page.goto("/search?q=poplat");
    await expect(group(page, "Obrazovky").getByRole("link", { name: "Poplatky" }).getAttribute("href")).resolves.toBe(
      "/fees/fees",
    );
    await group(page, "Obrazovky").getByRole("link", { name: "Poplatníci" }).waitFor();
    await page.goto("/search?q=profil");
    await expect(group(page, "Obrazovky").getByRole("link", { name: "Profil" }).getAttribute("href")).resolves.toBe(
      "/profile",
    );

    // Nothing anywhere: the empty result's own message, no group.
    await page.goto("/search?q=qxzqxzq");
    await page.getByText("Pro „qxzqxzq“ jsme nic nenašli.", { exact: false }).waitFor();
    for (const kind of ["Obrazovky", ...KINDS]) expect(await group(page, kind).count(), kind).toBe(0);

    // No term, one letter, and more than the lists search: hints, never an error page.
    let res = await page.goto("/search");
    expect(res?.status()).toBe(200);
    await page.getByText("Zadejte, co hledáte", { exact: false }).waitFor();
    res = await page.goto("/search?q=a");
    expect(res?.status()).toBe(200);
    await page.getByText("Zadejte delší výraz, alespoň 2 znaky.").waitFor();
    res = await page.goto(`/search?q=${"x".repeat(300)}`);
    expect(res?.status()).toBe(200);
    await page.getByText("Hledaný výraz má 300 znaků, hledat lze nejvýše 200.", { exact: false }).waitFor();
    // The boxes take no more than the lists search.
    await expect(page.locator("#search-q").getAttribute("maxlength")).resolves.toBe("200");
    await context.close();
  });

  it("a bin's code scanned from its label shows that bin first, a link to its detail", async () => {
    const { context, page } = await signedInPage(
      browser,
      "manager",
      `/infrastructure/waste-evidence-headers?search=${encodeURIComponent("Dvořákovi")}`,
      { viewport: { width: 1440, height: 900 } },
    );
    const first = page
      .getByRole("main")
      .getByRole("link", { name: /^\d{13}$/ })
      .first();
    const code = (await first.innerText()).trim();
    const detail = await first.getAttribute("href");
    await settle(page);
    await searchFromHeader(page, code);
    const exact = page.getByRole("region", { name: "Nádoba s tímto kódem" });
    const link = exact.getByRole("link", { name: new RegExp(`^${code} · \\d+$`) });
    await expect(link.getAttribute("href")).resolves.toBe(detail);
    await exact.getByText("Dvořákovi, Bráfova 3", { exact: false }).waitFor();
    await link.click();
    await page.waitForURL((url) => url.pathname === detail);
    await context.close();
  });

  it("works without JavaScript on a phone: the box is in the menu, the header does not widen the page", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/dashboard", {
      javaScriptEnabled: false,
      viewport: PHONE,
    });
    // The header's box is the menu's on a phone; the header stays within the screen.
    expect(await page.locator("#search-header").isVisible()).toBe(false);
    const menu = page.locator("header details").filter({ has: page.locator('summary[aria-label="Navigace"]') });
    await menu.locator("summary").click();
    const box = menu.getByRole("search", { name: "Hledání v celé aplikaci" }).getByRole("searchbox");
    await box.fill("Dvořák");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "Dvořák");
    await group(page, "Poplatníci").getByRole("link", { name: "Josef Dvořák", exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

    // The page's own form, with its button.
    const form = page.getByRole("search", { name: "Hledání", exact: true });
    await form.getByRole("searchbox").fill("slevy");
    await form.getByRole("button", { name: "Hledat", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "slevy");
    await group(page, "Obrazovky").getByRole("link", { name: "Slevy" }).waitFor();
    await context.close();
  });

  it("shows a user only the kinds and screens their role may open", async () => {
    // A yard worker of Třebíč (spec 000 §6): fee payers and yard visits, no collection points, bins or collections.
    const id = uid();
    const yardWorker = { userName: `e2e.yard.${id}`, firstName: "Pavel", lastName: `Dvorský ${id}` };
    const admin = await signedInPage(browser, "admin", "/administration/users/create");
    await fillUserForm(admin.page, {
      role: "Pracovník sběrného dvora",
      municipality: "Třebíč",
      ...yardWorker,
      email: `${yardWorker.userName}@odpady.example`,
    });
    await admin.page.getByLabel("Heslo", { exact: true }).fill(STRONG_PASSWORD);
    await admin.page.getByLabel("Heslo znovu").fill(STRONG_PASSWORD);
    await admin.page.getByRole("button", { name: "Vytvořit uživatele" }).click();
    await admin.page.waitForURL((url) => url.pathname === "/administration/users");
    await admin.context.close();

    const { context, page } = await signedInPage(browser, yardWorker.userName, "/search?q=Novák", {
      password: STRONG_PASSWORD,
    });
    await group(page, "Poplatníci").getByRole("link", { name: "Jan Novák", exact: true }).waitFor();
    await group(page, "Návštěvy sběrného dvora").waitFor();
    for (const kind of ["Odběrná místa", "Nádoby", "Karty odpadu", "Svozy odpadu", "Záznamy evidence"]) {
      expect(await group(page, kind).count(), kind).toBe(0);
    }
    // Nor are they listed among the kinds searched in vain: they were not searched.
    const notFound = (await page.getByTestId("search-empty-kinds").count())
      ? await page.getByTestId("search-empty-kinds").innerText()
      : "";
    for (const kind of ["Odběrná místa", "Nádoby", "Svozy odpadu"]) expect(notFound).not.toContain(kind);

    // The collection points' screen is not theirs: the manager finds it, the yard worker nothing.
    await page.goto("/search?q=odberna");
    await page.getByText("Pro „odberna“ jsme nic nenašli.", { exact: false }).waitFor();
    await context.close();
    const manager = await signedInPage(browser, "manager", "/search?q=odberna");
    await group(manager.page, "Obrazovky").getByRole("link", { name: "Odběrná místa" }).waitFor();
    await manager.context.close();
  });
});
