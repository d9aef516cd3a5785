import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchForFile, signedInPage } from "./browser";

let browser: Browser;
launchForFile((b) => (browser = b));

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };

/**
 * On a phone the sidebar is hidden: the header's menu opens the same navigation, with and without JavaScript, and a
 * wide list scrolls inside its table instead of widening the page.
 */
describe("a phone-sized screen", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`the menu leads to every screen, and the page never scrolls sideways (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const { context, page } = await signedInPage(browser, "manager", "/administration/users", {
        javaScriptEnabled,
        viewport: PHONE,
      });
      // The users' table is far wider than the phone; its sr-only labels once widened the page to ~1000 px.
      expect(
        await page
          .locator("table")
          .first()
          .evaluate((t) => t.scrollWidth),
      ).toBeGreaterThan(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

      await expect.poll(() => page.locator("aside nav").isVisible()).toBe(false);
      const menu = mainMenu(page);
      await menu.locator("summary").click();
      const fees = menu.getByRole("link", { name: "Poplatky", exact: true });
      await fees.click();
      await page.waitForURL((url) => url.pathname === "/fees/fees");
      await page.getByRole("heading", { name: "Poplatky", level: 1 }).waitFor();
      // The menu closes with the navigation (a new document without JavaScript, a remount with it).
      expect(await mainMenu(page).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      await context.close();
    });
  }

  for (const viewport of [PHONE, TABLET]) {
    it(`the header fits at ${viewport.width} px and its "+" holds the quick actions (JavaScript off)`, async () => {
      const { context, page } = await signedInPage(browser, "manager", "/dashboard", {
        javaScriptEnabled: false,
        viewport,
      });
      // The three quick action buttons once widened a tablet's page to ~960 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      await page
        .locator("header details")
        .filter({ has: page.locator("summary", { hasText: "+" }) })
        .locator("summary")
        .click();
      await page
        .getByRole("navigation", { name: "Rychlé akce" })
        .getByRole("link", { name: "Nové odběrné místo" })
        .click();
      await page.waitForURL((url) => url.pathname === "/infrastructure/subjects/create");
      await context.close();
    });
  }
});

/** The header's navigation menu (the phone's sidebar), not the quick actions' "+". */
const mainMenu = (page: Page) =>
  page.locator("header details").filter({ has: page.locator('summary[aria-label="Navigace"]') });
