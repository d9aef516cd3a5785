import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { NAV_ITEMS } from "~/lib/navigation";
import { permissionsForRole } from "#contract/permissions";
import { DEMO_ACCOUNTS } from "../../api/demo";
import { launchForFile, newContext, signIn } from "./browser";

let browser: Browser;
launchForFile((b) => (browser = b));

/**
 * Issue 3 'Done means': each demo account sees in the navigation exactly the screens its role may open
 * (docs/permissions.md), and a screen it may not open sends it to /error/403.
 */
describe("what each demo role sees (spec 000 §6, docs/permissions.md)", () => {
  for (const account of DEMO_ACCOUNTS) {
    it(`${account.userName} (${account.role}): navigation and forbidden screens follow the matrix`, async () => {
      const mine = new Set<string>(permissionsForRole(account.role));
      const allowed = NAV_ITEMS.filter((i) => !i.permission || mine.has(i.permission)).map((i) => i.to);
      const forbidden = NAV_ITEMS.filter((i) => i.permission && !mine.has(i.permission)).map((i) => i.to);

      const context = await newContext(browser);
      const page = await context.newPage();
      // A hydration mismatch (React #418/#423) or any script error on a screen fails the tour.
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(`${page.url()}: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() === "error") problems.push(`${page.url()}: ${m.text()}`);
      });
      await signIn(page, account.userName);
      const shown = await page.locator("aside nav a").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect([...shown].sort()).toEqual([...allowed].sort());

      for (const to of forbidden) {
        await page.goto(to);
        expect(new URL(page.url()).pathname, to).toBe("/error/403");
      }
      for (const to of allowed) {
        const res = await page.goto(to);
        expect(res?.status(), to).toBe(200);
        // Some entries lead on (Odpady a nádoby → the active municipality's module page), never to the 403 page.
        expect(new URL(page.url()).pathname, to).not.toBe("/error/403");
        await page.waitForLoadState("networkidle");
      }
      // The 403 page itself answers 403, which the browser reports as a failed resource; nothing else may fail.
      expect(problems.filter((p) => !p.includes("status of 403"))).toEqual([]);
      await context.close();
    });
  }
});
