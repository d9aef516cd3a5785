import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking"] });
const p = await (await b.newContext({ baseURL: "http://localhost:3111", javaScriptEnabled: false, locale: "cs-CZ", viewport: { width: 1400, height: 900 } })).newPage();
p.on("console", (m) => console.log("console:", m.type(), m.text(), JSON.stringify(m.location())));
p.on("request", (r) => console.log("req", r.method(), r.url().slice(0,120)));
p.on("pageerror", (e) => console.log("pageerror:", e.message));
await p.goto("/administration/municipalities/create");
await p.getByLabel("Uživatelské jméno nebo e-mail").fill("admin");
await p.getByLabel("Heslo").fill("Demo1234!");
await p.getByRole("button", { name: "Přihlásit se" }).click();
await p.waitForURL("**/create");
await p.getByLabel("IČO").fill("12345678");

await p.getByRole("button", { name: "Přidat kontakt" }).click();
await p.waitForTimeout(500); console.log("fieldsets", await p.locator("fieldset").count());
await p.getByRole("button", { name: "Vytvořit obec" }).click();
await p.waitForTimeout(1000);
await p.screenshot({ path: "/tmp/create.png", fullPage: true });
await b.close();
