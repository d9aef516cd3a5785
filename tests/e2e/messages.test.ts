import { describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { errorUnder, launchForFile, newContext, signedInPage, signIn } from "./browser";
import { seen, settle, uid } from "./user-helpers";

let browser: Browser;
launchForFile((b) => (browser = b));

const CREATE = "/infrastructure/subjects/create";
/** Variable symbol of the first demo collection point of Třebíč (api/demo/city.ts). */
const TAKEN_VARIABLE_SYMBOL = "2026001";

/** The profile's interface language (spec 001 §2 Profile), whatever language the page is in now. */
async function setLanguage(page: Page, language: "cs" | "sk") {
  await page.goto("/profile");
  await settle(page);
  await page.locator('select[name="language"]').selectOption(language);
  await page.getByRole("button", { name: /^(Uložit|Uložiť|Save)$/ }).click();
  await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
}

/** The element lies wholly inside the viewport (waits for it: the scroll may be smooth). */
const inViewport = (locator: Locator) =>
  locator
    .evaluate(
      (el) =>
        new Promise<boolean>((resolve) => {
          const check = (tries: number) => {
            const r = el.getBoundingClientRect();
            const inside = r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
            if (inside || tries === 0) resolve(inside);
            else requestAnimationFrame(() => check(tries - 1));
          };
          check(120);
        }),
    )
    .catch(() => false);

const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

describe("Messages in the user's language (spec 000 §1: cs default, sk, en)", () => {
  it("a Slovak user sees the browser's validation, the server's validation and the API's 422 in Slovak", async () => {
    const { context, page } = await signedInPage(browser, "manager", "/profile");
    try {
      await setLanguage(page, "sk");
      await page.goto(CREATE);
      await settle(page);
      await page.getByRole("heading", { name: "Nové odberné miesto" }).waitFor();
      let posts = 0;
      page.on("request", (r) => {
        if (r.method() === "POST") posts++;
      });

      // JavaScript on: Conform validates with the shared zod schema in the browser (Czech texts in the code).
      await page.getByLabel("Ulica").fill("Žižkova");
      await page.getByLabel("Variabilný symbol").fill("12ab");
      await page.getByLabel("Krátky názov").fill("x".repeat(51));
      await page.getByRole("button", { name: "Vytvoriť odberné miesto" }).click();
      await expect(errorUnder(page, "Variabilný symbol")).resolves.toBe("Variabilný symbol má najviac 10 číslic.");
      // A message with a number built in by code (`Nejvýše ${max} znaků.`) goes through the pattern table.
      await expect(errorUnder(page, "Krátky názov")).resolves.toBe("Najviac 50 znakov.");
      await expect(errorUnder(page, "Názov")).resolves.toBe("Vyplňte toto pole.");
      expect(posts).toBe(0);

      // The API's 422: a variable symbol another collection point uses.
      await page.getByLabel("Názov", { exact: true }).fill(`Jazyky ${uid()}`);
      await page.getByLabel("Krátky názov").fill("Jazyky");
      await page.getByLabel("Variabilný symbol").fill(TAKEN_VARIABLE_SYMBOL);
      await page.getByLabel("Súpisné číslo").fill("77");
      await page.getByLabel("PSČ", { exact: true }).fill("674 01");
      await page.getByRole("button", { name: "Vytvoriť odberné miesto" }).click();
      await expect(errorUnder(page, "Variabilný symbol")).resolves.toBe(
        "Variabilný symbol už používa iné odberné miesto.",
      );
      expect(posts).toBeGreaterThan(0);
      await expect(seen(page, "Formulár obsahuje chyby.")).resolves.toBe(true);
      await expect(page.getByText("Formulář obsahuje chyby.").count()).resolves.toBe(0);
      expect(new URL(page.url()).pathname).toBe(CREATE);

      // JavaScript off: the server validates and renders the page, also in Slovak.
      const { context: plain, page: plainPage } = await signedInPage(browser, "manager", CREATE, {
        javaScriptEnabled: false,
      });
      await plainPage.getByLabel("Ulica").fill("Žižkova");
      await plainPage.getByLabel("Variabilný symbol").fill("12ab");
      await plainPage.getByRole("button", { name: "Vytvoriť odberné miesto" }).click();
      await expect(errorUnder(plainPage, "Variabilný symbol")).resolves.toBe("Variabilný symbol má najviac 10 číslic.");
      await plain.close();
    } finally {
      // The demo accounts are shared by the other e2e files: back to Czech.
      await setLanguage(page, "cs");
      await context.close();
    }
  });

  it("spec 000 §8: a 422 scrolls to the first error and focuses it; so does a browser-side error far down the form", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 600 });
    await signIn(page, "manager", CREATE);
    await settle(page);

    // Everything valid except a variable symbol only the API can refuse (another collection point has it).
    await page.getByLabel("Název", { exact: true }).fill(`Posun ${uid()}`);
    await page.getByLabel("Variabilní symbol").fill(TAKEN_VARIABLE_SYMBOL);
    await page.getByLabel("Ulice").fill("Žižkova");
    await page.getByLabel("Číslo popisné").fill("78");
    await page.getByLabel("PSČ", { exact: true }).fill("674 01");
    await page.getByLabel("IČO", { exact: true }).fill("27074358");
    await page.getByLabel("Název firmy").fill("Posun s.r.o.");
    await page.getByLabel("Fakturační adresa").fill("Žižkova 78");
    await page.getByLabel("Fakturační PSČ").fill("674 01");
    await page.getByLabel("Fakturační obec").fill("Třebíč");

    const submit = page.getByRole("button", { name: "Vytvořit odběrné místo" });
    const variableSymbol = page.getByLabel("Variabilní symbol");
    await submit.scrollIntoViewIfNeeded();
    await expect(inViewport(variableSymbol)).resolves.toBe(false);
    await submit.click();
    await expect(errorUnder(page, "Variabilní symbol")).resolves.toBe("Variabilní symbol už používá jiné odběrné místo.");
    await expect(inViewport(variableSymbol)).resolves.toBe(true);
    await expect(focused(variableSymbol)).resolves.toBe(true);

    // A browser-side error on a field far down, submitted with Enter in the first field at the top of the page.
    await variableSymbol.fill("");
    await page.getByLabel("IČO", { exact: true }).fill("12345678");
    await page.evaluate(() => window.scrollTo(0, 0));
    const ico = page.getByLabel("IČO", { exact: true });
    await expect(inViewport(ico)).resolves.toBe(false);
    await page.getByLabel("Název", { exact: true }).press("Enter");
    await expect(errorUnder(page, "IČO")).resolves.toBe("Neplatné IČO (8 číslic s kontrolní číslicí).");
    await expect(inViewport(ico)).resolves.toBe(true);
    await expect(focused(ico)).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe(CREATE);
    await context.close();
  });
});
