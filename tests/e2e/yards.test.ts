/**
 * Spec 001 §2 Yard visits and Collection yards (issue 15; docs/yards.md): yard staff record a visit with
 * JavaScript off (a tablet with a poor connection) — payer search, a second waste row, the fee from the yard's
 * ranges with VAT — download its protocol (a real PDF read with pdftotext) and e-mail it (the .eml lands in the
 * outbox, the row shows Sent); the manager deactivates and reactivates a yard waste behind a confirmation.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchForFile, signedInPage } from "./browser";
import { outboxMessages, seen, settle, uid } from "./user-helpers";

const LIST = "/waste-collection-evidence/yard-reports";

let browser: Browser;
launchForFile((b) => (browser = b));

describe("Yard visits (spec 001 §2 Yard visits, §4 mail status, §8 'Protokol zaslaný e-mailom.')", () => {
  it("records a visit with JavaScript off, downloads its protocol and e-mails it", async () => {
    const { context, page } = await signedInPage(browser, "worker", `${LIST}/create`, { javaScriptEnabled: false });
    await page.getByRole("heading", { level: 1, name: "Nová návštěva sběrného dvora" }).waitFor();

    // The payer picker searches through the action: the form comes back with what was typed.
    await page.getByLabel("Začátek").fill("09:05");
    await page.getByLabel("Hledat poplatníka").fill("eva novakova");
    await page.getByRole("button", { name: "Hledat", exact: true }).click();
    await page.waitForLoadState("load");
    await expect(page.getByLabel("Začátek").inputValue()).resolves.toBe("09:05");
    await page.getByLabel("Poplatník", { exact: true }).selectOption({ label: "Eva Nováková" });
    await page.getByLabel("Způsob platby").selectOption({ label: "Hotově" });
    await page.getByLabel("Konec").fill("09:20");

    const first = page.getByRole("group", { name: "Odpad 1" });
    await first.getByLabel("Odpad", { exact: true }).selectOption({ label: "Objemný odpad" });
    await first.getByLabel("Množství").fill("120");
    // A second waste row, added by the server (no JavaScript).
    await page.getByRole("button", { name: "Přidat další odpad" }).click();
    await page.waitForLoadState("load");
    const second = page.getByRole("group", { name: "Odpad 2" });
    await second.getByLabel("Odpad", { exact: true }).selectOption({ label: "Sklo" });
    await second.getByLabel("Množství").fill("15,5");
    await expect(first.getByLabel("Množství").inputValue()).resolves.toBe("120");

    await page.getByRole("button", { name: "Zaznamenat návštěvu" }).click();
    await page.waitForURL((url) => url.pathname === LIST);
    const flash = await page.getByText(/Návštěva č\. \d+ byla zaznamenána\./).textContent();
    const id = Number(/č\. (\d+)/.exec(flash!)![1]);
    // 120 kg in the 50–200 kg range at 2.50 Kč/kg = 300.00 + 21 % VAT 63.00; glass is free.
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: String(id), exact: true }) });
    await expect(row.getByText("363,00 Kč").isVisible()).resolves.toBe(true);
    await expect(row.getByText("Sklo").isVisible()).resolves.toBe(true);

    // The protocol: a PDF streamed by the resource route, with the payer, the wastes, the fee and its VAT.
    const pdf = await context.request.get(`${LIST}/${id}/protocol.pdf?download=1`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const file = path.join(os.tmpdir(), `protokol-${id}-${uid()}.pdf`);
    fs.writeFileSync(file, await pdf.body());
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\u00a0/g, " ");
    fs.rmSync(file);
    for (const s of [`Vážní protokol č. ${id}`, "Sběrný dvůr Hrotovická", "Eva Nováková", "Objemný odpad", "Sklo"]) {
      expect(text).toContain(s);
    }
    expect(text).toContain("DPH: 63,00 Kč");
    expect(text).toContain("Poplatek celkem: 363,00 Kč");
    expect(text).toContain("Převzal (obsluha sběrného dvora)");

    // E-mailed through the dialog opened by its link (?dialog=), the address kept on the payer.
    const email = `eva.${uid()}@example.cz`;
    await page.getByRole("button", { name: `Poslat e-mailem ${id}` }).click();
    const dialog = page.getByRole("dialog", { name: `Poslat protokol č. ${id} e-mailem` });
    await dialog.waitFor();
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByLabel("Uložit adresu k poplatníkovi").check();
    await dialog.getByRole("button", { name: "Poslat" }).click();
    await expect(seen(page, "Protokol zaslán e-mailem.")).resolves.toBe(true);
    for (let i = 0; i < 100 && outboxMessages(email).length === 0; i++) await new Promise((r) => setTimeout(r, 200));
    expect(outboxMessages(email)).toHaveLength(1);
    const eml = outboxMessages(email)[0]!;
    expect(eml).toContain(`protokol-${id}.pdf`);
    await page.goto(`${LIST}?mailStatus=Sent&sort=-id`);
    await expect(
      page
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: String(id), exact: true }) })
        .getByText("Odesláno")
        .isVisible(),
    ).resolves.toBe(true);
    await context.close();
  });
});

describe("Collection yards (spec 001 §2 Collection yards, §4 activate/deactivate with confirmation)", () => {
  it("shows the yard's wastes and fees, and deactivates a waste after a confirmation", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/administration/waste-collection-yards");
    await page.getByRole("heading", { level: 1, name: "Sběrné dvory" }).waitFor();
    await page.getByRole("link", { name: "Sběrný dvůr Hrotovická" }).click();
    await page.getByRole("heading", { level: 1, name: "Sběrný dvůr Hrotovická" }).waitFor();
    await settle(page);
    const table = page.getByRole("table", { name: "Odpady a poplatky" });
    await expect(table.getByText("nad 50,0 kg do 200,0 kg").isVisible()).resolves.toBe(true);

    const glass = table.getByRole("row").filter({ hasText: "Sklo" });
    await glass.getByRole("button", { name: "Deaktivovat Sklo" }).click();
    const dialog = page.getByRole("dialog", { name: "Deaktivovat odpad?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Deaktivovat" }).click();
    await expect(seen(page, "Odpad deaktivován.")).resolves.toBe(true);
    await expect(glass.getByText("Neaktivní").isVisible()).resolves.toBe(true);

    await glass.getByRole("button", { name: "Aktivovat Sklo" }).click();
    await page.getByRole("dialog", { name: "Aktivovat odpad?" }).getByRole("button", { name: "Aktivovat" }).click();
    await expect(seen(page, "Odpad aktivován.")).resolves.toBe(true);

    // The statistics (spec 001 §2: workload by month, week and day, top visitors, waste income): links and a GET form.
    await page.getByRole("heading", { name: "Vytížení" }).waitFor();
    await page.getByRole("link", { name: "Po dnech" }).click();
    await page.waitForURL((url) => url.searchParams.get("bucket") === "day");
    // The URL changes before the new data is drawn: wait for the day chart's heading, not a one-off look.
    await page.getByText("Návštěvy za posledních 31 dní").first().waitFor();
    const top = page.getByRole("region", { name: /Nejčastější návštěvníci/ });
    await expect(top.getByRole("link").count()).resolves.toBeGreaterThan(0);
    const income = page.getByRole("region", { name: "Příjmy za odpady" });
    await expect(income.getByRole("rowheader", { name: "Celkem" }).isVisible()).resolves.toBe(true);
    await page.getByLabel("Pořadí návštěvníků").selectOption({ label: "podle hmotnosti" });
    await page.getByRole("button", { name: "Zobrazit" }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("topBy") === "weight" && url.searchParams.get("bucket") === "day",
    );
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.screenshot({ path: path.join(os.tmpdir(), "yard-detail-1400.png"), fullPage: true });
    await context.close();
  });
});

describe("Editing a visit (spec 001 §2 Yard visits 'add waste evidence')", () => {
  it("changes a waste and adds another with JavaScript off; the fee is computed again; a paid visit is not offered", async () => {
    const { context, page } = await signedInPage(browser, "worker", `${LIST}/create`, { javaScriptEnabled: false });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByLabel("Hledat poplatníka").fill("eva novakova");
    await page.getByRole("button", { name: "Hledat", exact: true }).click();
    await page.waitForLoadState("load");
    await page.getByLabel("Poplatník", { exact: true }).selectOption({ label: "Eva Nováková" });
    await page.getByLabel("Začátek").fill("10:00");
    const first = page.getByRole("group", { name: "Odpad 1" });
    await first.getByLabel("Odpad", { exact: true }).selectOption({ label: "Objemný odpad" });
    await first.getByLabel("Množství").fill("60");
    await page.getByRole("button", { name: "Zaznamenat návštěvu" }).click();
    await page.waitForURL((url) => url.pathname === LIST);
    const flash = await page.getByText(/Návštěva č\. \d+ byla zaznamenána\./).textContent();
    const id = Number(/č\. (\d+)/.exec(flash!)![1]);
    const row = () => page.getByRole("row").filter({ has: page.getByRole("cell", { name: String(id), exact: true }) });
    // 60 kg: 150.00 + 21 % VAT 31.50.
    await expect(row().getByText("181,50 Kč").isVisible()).resolves.toBe(true);

    // The list fits a 1400 px screen: nothing scrolls sideways (the day with its times, the payer with the yard).
    const overflow = await page
      .locator("table")
      .first()
      .evaluate((t) => {
        const wrapper = t.parentElement!;
        return wrapper.scrollWidth - wrapper.clientWidth;
      });
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(row().getByText("Sběrný dvůr Hrotovická").isVisible()).resolves.toBe(true);

    await row()
      .getByRole("link", { name: `Upravit ${id}` })
      .click();
    await page.getByRole("heading", { level: 1, name: `Upravit návštěvu: Návštěva č. ${id}` }).waitFor();
    const edited = page.getByRole("group", { name: "Odpad 1" });
    await expect(edited.getByLabel("Množství").inputValue()).resolves.toBe("60");
    await expect(page.getByLabel("Začátek").inputValue()).resolves.toBe("10:00");
    await edited.getByLabel("Množství").fill("120");
    // A waste added by the server (no JavaScript); what was typed stays.
    await page.getByRole("button", { name: "Přidat další odpad" }).click();
    await page.waitForLoadState("load");
    await expect(page.getByRole("group", { name: "Odpad 1" }).getByLabel("Množství").inputValue()).resolves.toBe("120");
    const added = page.getByRole("group", { name: "Odpad 2" });
    await added.getByLabel("Odpad", { exact: true }).selectOption({ label: "Sklo" });
    await added.getByLabel("Množství").fill("4");
    await page.getByRole("button", { name: "Uložit" }).click();
    await page.waitForURL((url) => url.pathname === LIST);
    await expect(seen(page, `Návštěva č. ${id} byla uložena, poplatek spočítán znovu.`)).resolves.toBe(true);
    // 120 kg: 300.00 + 63.00 VAT; glass is free.
    await expect(row().getByText("363,00 Kč").isVisible()).resolves.toBe(true);
    await expect(row().getByText("Sklo").isVisible()).resolves.toBe(true);
    await expect(row().getByText("Ručně upraveno").isVisible()).resolves.toBe(true);
    await page.screenshot({ path: path.join(os.tmpdir(), "yard-visits-1400.png") });

    // Paid: the row no longer offers the edit, and the edit page says why.
    await row()
      .getByRole("button", { name: `Označit zaplacené ${id}` })
      .click();
    await expect(seen(page, "Návštěva označena jako zaplacená.")).resolves.toBe(true);
    await expect(
      row()
        .getByRole("link", { name: `Upravit ${id}` })
        .count(),
    ).resolves.toBe(0);
    await page.goto(`${LIST}/${id}/edit`);
    await expect(seen(page, "Návštěva je zaplacená, její odpady ani poplatek už nelze měnit.")).resolves.toBe(true);
    await context.close();
  });
});
