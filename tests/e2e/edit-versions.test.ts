import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchForFile, signedInPage } from "./browser";
import { seen, settle, uid } from "./user-helpers";

/**
 * Issue 11 security 7 (decision 0020): two people edit the same collection point. The first save wins; the second
 * is told 'Záznam mezitím změnil někdo jiný…' and its form keeps what was typed — with and without JavaScript.
 */
let browser: Browser;
launchForFile((b) => (browser = b));

const LIST = "/infrastructure/subjects";
const DETAIL = /\/infrastructure\/subjects\/\d+$/;

async function createSubject(page: Page, name: string): Promise<string> {
  await page.goto(`${LIST}/create`);
  await settle(page);
  await page.getByLabel("Název", { exact: true }).fill(name);
  await page.getByLabel("Ulice").fill("Žižkova");
  await page.getByLabel("Číslo popisné").fill("78");
  await page.getByLabel("PSČ", { exact: true }).fill("674 01");
  await page.getByRole("button", { name: "Vytvořit odběrné místo" }).click();
  await page.waitForURL(DETAIL);
  return page.url();
}

describe("a stale save is refused and keeps what was typed (lost update)", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(javaScriptEnabled ? "with JavaScript" : "without JavaScript", async () => {
      const { context, page: first } = await signedInPage(browser, "manager", LIST, { javaScriptEnabled });
      const detail = await createSubject(first, `Souběh ${uid()}`);
      /** Opens the subject's edit form and waits until it has hydrated. */
      const openEdit = async (page: Page) => {
        await page.goto(`${detail}/edit`);
        await settle(page);
      };

      // Both open the edit form of the same version.
      const second = await context.newPage();
      await openEdit(second);
      await openEdit(first);

      await first.getByLabel("Kód domácnosti").fill("PRVNI-1");
      await first.getByRole("button", { name: "Uložit" }).click();
      await first.waitForURL(DETAIL);
      await expect(seen(first, "Změny uloženy.")).resolves.toBe(true);

      await second.getByLabel("Kód domácnosti").fill("DRUHY-2");
      await second.getByLabel("Popis / poznámka").fill("Psáno v druhém okně");
      await second.getByRole("button", { name: "Uložit" }).click();
      await second.getByText("Záznam mezitím změnil někdo jiný.", { exact: false }).waitFor();
      expect(second.url()).toMatch(/\/edit$/);
      await expect(second.getByLabel("Kód domácnosti").inputValue()).resolves.toBe("DRUHY-2");
      await expect(second.getByLabel("Popis / poznámka").inputValue()).resolves.toBe("Psáno v druhém okně");

      // The first change stands.
      await second.goto(detail);
      await expect(seen(second, "PRVNI-1")).resolves.toBe(true);
      await expect(seen(second, "DRUHY-2")).resolves.toBe(false);

      // Reloaded, the form has the new version and the same change saves.
      await openEdit(second);
      await second.getByLabel("Kód domácnosti").fill("DRUHY-2");
      await second.getByRole("button", { name: "Uložit" }).click();
      await second.waitForURL(DETAIL);
      await expect(seen(second, "DRUHY-2")).resolves.toBe(true);
      await context.close();
    });
  }
});
