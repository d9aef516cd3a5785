/**
 * Distribution reports (issue 15 part 3; docs/distribution-reports.md) with JavaScript off, on the shared product and
 * the demo's centres of Třebíč: a clerk records a centre's report (collection point and payer found by the searches,
 * a second row added by the server), processes it after a confirmation and sees the outcomes where a clerk would —
 * the sub rows' outcomes, the payer's new collection point on their detail page, the CSV. Then the checked reports are
 * discarded and processed at once: a report not unprocessed any more is skipped with the reason.
 */
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchForFile, signedInPage } from "./browser";
import { seen } from "./user-helpers";

const LIST = "/waste-collection-evidence/distribution-reports";

let browser: Browser;
launchForFile((b) => (browser = b));
/** The report the first test records and processes; the bulk test checks it again to see it skipped. */
let processedId = 0;

const rowOf = (page: Page, id: number) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: String(id), exact: true }) });

/** Fills the create form's centre and collection point (found by the search); the records are the caller's. */
async function startReport(page: Page, centre: string, description: string) {
  await page.goto(`${LIST}/create`);
  await page.getByRole("heading", { level: 1, name: "Nové hlášení distribučního centra" }).waitFor();
  await page.getByLabel("Distribuční centrum").selectOption({ label: centre });
  await page.getByLabel("Popis", { exact: true }).fill(description);
}

async function savedId(page: Page) {
  await page.getByRole("button", { name: "Uložit hlášení" }).click();
  await page.waitForURL((url) => url.pathname === LIST);
  const flash = await page.getByText(/Hlášení č\. \d+ bylo uloženo\./).textContent();
  return Number(/č\. (\d+)/.exec(flash!)![1]);
}

describe("Distribution reports (spec 001 §2 Distribution centres, §4 states)", () => {
  it("records a report without JavaScript, processes it behind a confirmation; outcomes in the list, the payer's detail and the CSV", async () => {
    const { context, page } = await signedInPage(browser, "worker", `${LIST}/create`, { javaScriptEnabled: false });
    await startReport(page, "Výdejní místo Hrotovická", "Návštěva paní Svobodové");

    // Both searches post the whole form through the action; what was typed comes back.
    await page.getByLabel("Hledat odběrné místo").fill("kucerovi");
    await page.getByLabel(/Hledat poplatníka/).fill("lucie svobodova");
    await page.getByRole("button", { name: "Hledat", exact: true }).first().click();
    await page.waitForLoadState("load");
    await expect(page.getByLabel("Popis", { exact: true }).inputValue()).resolves.toBe("Návštěva paní Svobodové");
    const point = page.getByLabel("Odběrné místo", { exact: true });
    await point.selectOption((await point.locator("option", { hasText: "Kučerovi" }).first().getAttribute("value"))!);

    const first = page.getByRole("group", { name: "Záznam 1" });
    await first.getByLabel("Typ záznamu").selectOption({ label: "Přidaný poplatník" });
    await first.getByLabel("Poplatník", { exact: true }).selectOption({ label: "Lucie Svobodová" });
    await page.getByRole("button", { name: "Přidat další záznam" }).click();
    await page.waitForLoadState("load");
    const second = page.getByRole("group", { name: "Záznam 2" });
    await second.getByLabel("Typ záznamu").selectOption({ label: "Objednaný počet vývozů" });
    await second.getByLabel("Objednaný počet vývozů").fill("26");

    const id = await savedId(page);
    processedId = id;
    await expect(rowOf(page, id).getByText("Nezpracované").isVisible()).resolves.toBe(true);

    // Process: the trigger opens the confirmation (?dialog=), its button posts.
    await rowOf(page, id)
      .getByRole("link", { name: `Zpracovat ${id}` })
      .or(rowOf(page, id).getByRole("button", { name: `Zpracovat ${id}` }))
      .click();
    const dialog = page.getByRole("dialog", { name: `Zpracovat hlášení č. ${id}?` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Zpracovat" }).click();
    await expect(seen(page, `Hlášení č. ${id} bylo zpracováno.`)).resolves.toBe(true);

    await page.goto(`${LIST}?search=kucerovi`);
    const row = rowOf(page, id);
    await expect(row.getByText("Zpracované").isVisible()).resolves.toBe(true);
    await row.getByText("2 záznamy").click(); // the <details> opens without JavaScript
    await expect(
      row.getByText("V pořádku: Poplatník přidán k odběrnému místu", { exact: false }).isVisible(),
    ).resolves.toBe(true);
    await expect(row.getByText("V pořádku: Objednaný počet vývozů je 26.").isVisible()).resolves.toBe(true);

    // The payer's detail: Kučerovi among her collection points, open-ended.
    await page.goto("/infrastructure/fee-payers?search=lucie%20svobodova");
    await page.getByRole("link", { name: "Lucie Svobodová" }).first().click();
    await page.getByRole("heading", { name: "Lucie Svobodová" }).waitFor();
    const joined = page.getByTestId("history-row").filter({ has: page.getByRole("link", { name: /^Kučerovi/ }) });
    await expect(joined.count()).resolves.toBe(1);
    await expect(joined.textContent()).resolves.toContain("dosud");

    // The CSV of what the list shows: BOM, ';', one line per sub row.
    const csv = await context.request.get(`${LIST}/export.csv?search=kucerovi`);
    expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="hlaseni-distribucnich-center-/);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]!.startsWith("Číslo hlášení;Datum;Stav;Distribuční centrum;Odběrné místo;")).toBe(true);
    const ours = lines.filter((l) => l.startsWith(`${id};`));
    expect(ours).toHaveLength(2);
    expect(ours[0]).toContain(";Zpracované;Výdejní místo Hrotovická;Kučerovi");
    expect(ours.some((l) => l.includes("Objednaný počet vývozů je 26."))).toBe(true);
    await context.close();
  });

  it("discards and processes the checked reports at once; a report processed already is skipped with the reason", async () => {
    expect(processedId).toBeGreaterThan(0);
    const { context, page } = await signedInPage(browser, "worker", LIST, { javaScriptEnabled: false });
    // The list with its check boxes and row buttons fits a 1400 px screen: nothing scrolls sideways.
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByRole("button", { name: "Zpracovat vybrané…" }).waitFor();
    await page.screenshot({ path: path.join(os.tmpdir(), "distribution-reports-1400.png"), fullPage: true });
    const overflow = await page
      .locator("table")
      .first()
      .evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await startReport(page, "Výdejní místo Borovina", "Jen dotaz na svozy");
    await page.getByLabel("Hledat odběrné místo").fill("kucerovi");
    await page.getByRole("button", { name: "Hledat", exact: true }).first().click();
    await page.waitForLoadState("load");
    const point = page.getByLabel("Odběrné místo", { exact: true });
    await point.selectOption((await point.locator("option", { hasText: "Kučerovi" }).first().getAttribute("value"))!);
    const first = page.getByRole("group", { name: "Záznam 1" });
    await first.getByLabel("Typ záznamu").selectOption({ label: "Popis" });
    await first.getByLabel("Popis záznamu").fill("Dotaz na termíny svozu");
    const id = await savedId(page);

    // Discard: the bulk button opens the confirmation on the checked rows (?dialog=…&ids=…).
    await page.goto(`${LIST}?search=kucerovi`);
    await page.getByRole("checkbox", { name: `Vybrat řádek hlášení č. ${id}` }).check();
    await page.getByRole("checkbox", { name: `Vybrat řádek hlášení č. ${processedId}` }).check();
    await page.getByRole("button", { name: "Zahodit vybrané…" }).click();
    const discard = page.getByRole("dialog", { name: "Zahodit vybraná hlášení?" });
    await discard.waitFor();
    await expect(discard.getByText("Vybraná hlášení (2)").isVisible()).resolves.toBe(true);
    await discard.getByRole("button", { name: "Zahodit" }).click();
    await expect(
      seen(
        page,
        `Zahozená hlášení: 1. Přeskočená hlášení: 1 (č. ${processedId}: Hlášení už bylo zpracováno nebo zahozeno).`,
      ),
    ).resolves.toBe(true);
    await expect(rowOf(page, id).getByText("Zahozené").isVisible()).resolves.toBe(true);
    await expect(rowOf(page, processedId).getByText("Zpracované").isVisible()).resolves.toBe(true);

    // Process: the first unprocessed report of the demo.
    await page.goto(`${LIST}?state=unprocessed`);
    const box = page.getByRole("checkbox", { name: /^Vybrat řádek hlášení č\. \d+$/ }).first();
    const unprocessed = Number(/(\d+)$/.exec((await box.getAttribute("aria-label")) ?? "")?.[1]);
    expect(unprocessed).toBeGreaterThan(0);
    await box.check();
    await page.getByRole("button", { name: "Zpracovat vybrané…" }).click();
    const process = page.getByRole("dialog", { name: "Zpracovat vybraná hlášení?" });
    await process.waitFor();
    await process.getByRole("button", { name: "Zpracovat" }).click();
    await expect(seen(page, /^Zpracovaná hlášení: 1\./)).resolves.toBe(true);
    await page.goto(`${LIST}?state=unprocessed`);
    await expect(page.getByRole("checkbox", { name: `Vybrat řádek hlášení č. ${unprocessed}` }).count()).resolves.toBe(
      0,
    );
    await context.close();
  });
});
