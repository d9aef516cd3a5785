/**
 * Distribution reports (issue 15 part 3; docs/distribution-reports.md) with JavaScript off: a clerk records a centre's
 * report (collection point and payer found by the searches, a second row added by the server), processes it after a
 * confirmation (the payer joins the collection point, the dispose count is set), sees the sub rows' outcomes and
 * downloads the CSV. The centres module is another's: this file starts its own product on a PostgreSQL database of
 * its own and adds a centre there; without PostgreSQL it says so and skips.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launch, signIn } from "./browser";
import { freePort, startProduct, type StartedProduct } from "./product";
import { seen } from "./user-helpers";

const LIST = "/waste-collection-evidence/distribution-reports";
const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB = `obec_dreports_${process.pid}`;
const dbUrl = () => Object.assign(new URL(ADMIN_URL), { pathname: `/${DB}` }).toString();

async function query(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}
const available = await query(ADMIN_URL, "select 1").then(
  () => true,
  () => false,
);
if (!available) console.warn(`[distribution-reports.test] no PostgreSQL at ${ADMIN_URL}: skipped`);

let product: StartedProduct | undefined;
let base: string;
let browser: Browser;
let context: BrowserContext;

describe.skipIf(!available)("Distribution reports (spec 001 §2 Distribution centres, §4 states)", () => {
  beforeAll(async () => {
    await query(ADMIN_URL, `drop database if exists ${DB}`);
    await query(ADMIN_URL, `create database ${DB}`);
    const port = await freePort();
    base = `http://localhost:${port}`;
    product = await startProduct(port, { PUBLIC_URL: base, DATABASE_URL: dbUrl(), DEMO_DATA: "true" });
    await query(
      dbUrl(),
      `insert into distribution_centre (municipality_id, name) select id, 'Výdejna Komenského' from municipality where name = 'Třebíč'`,
    );
    browser = await launch();
    context = await browser.newContext({ baseURL: base, locale: "cs-CZ", javaScriptEnabled: false });
    context.setDefaultTimeout(15_000);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await query(ADMIN_URL, `drop database if exists ${DB} with (force)`).catch(() => undefined);
  });

  it("records a report without JavaScript, processes it behind a confirmation and downloads the CSV", async () => {
    const page = await context.newPage();
    await signIn(page, "worker", `${LIST}/create`);
    await page.getByRole("heading", { level: 1, name: "Nové hlášení distribučního centra" }).waitFor();
    await page.getByLabel("Distribuční centrum").selectOption({ label: "Výdejna Komenského" });
    await page.getByLabel("Popis", { exact: true }).fill("Návštěva paní Novákové");

    // Both searches post the whole form through the action; what was typed comes back.
    await page.getByLabel("Hledat odběrné místo").fill("kucerovi");
    await page.getByLabel(/Hledat poplatníka/).fill("eva novakova");
    await page.getByRole("button", { name: "Hledat", exact: true }).first().click();
    await page.waitForLoadState("load");
    await expect(page.getByLabel("Popis", { exact: true }).inputValue()).resolves.toBe("Návštěva paní Novákové");
    const point = page.getByLabel("Odběrné místo", { exact: true });
    await point.selectOption((await point.locator("option", { hasText: "Kučerovi" }).first().getAttribute("value"))!);

    const first = page.getByRole("group", { name: "Záznam 1" });
    await first.getByLabel("Typ záznamu").selectOption({ label: "Přidaný poplatník" });
    await first.getByLabel("Poplatník", { exact: true }).selectOption({ label: "Eva Nováková" });
    await page.getByRole("button", { name: "Přidat další záznam" }).click();
    await page.waitForLoadState("load");
    const second = page.getByRole("group", { name: "Záznam 2" });
    await second.getByLabel("Typ záznamu").selectOption({ label: "Objednaný počet vývozů" });
    await second.getByLabel("Objednaný počet vývozů").fill("26");

    await page.getByRole("button", { name: "Uložit hlášení" }).click();
    await page.waitForURL((url) => url.pathname === LIST);
    const flash = await page.getByText(/Hlášení č\. \d+ bylo uloženo\./).textContent();
    const id = Number(/č\. (\d+)/.exec(flash!)![1]);
    const row = () => page.getByRole("row").filter({ has: page.getByRole("cell", { name: String(id), exact: true }) });
    await expect(row().getByText("Nezpracované").isVisible()).resolves.toBe(true);

    // Process: the trigger opens the confirmation (?dialog=), its button posts.
    await row()
      .getByRole("link", { name: `Zpracovat ${id}` })
      .or(row().getByRole("button", { name: `Zpracovat ${id}` }))
      .click();
    const dialog = page.getByRole("dialog", { name: `Zpracovat hlášení č. ${id}?` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Zpracovat" }).click();
    await expect(seen(page, `Hlášení č. ${id} bylo zpracováno.`)).resolves.toBe(true);

    await page.goto(`${LIST}?search=kucerovi`);
    await expect(row().getByText("Zpracované").isVisible()).resolves.toBe(true);
    await row().getByText("2 záznamy").click(); // the <details> opens without JavaScript
    await expect(
      row().getByText("V pořádku: Poplatník přidán k odběrnému místu", { exact: false }).isVisible(),
    ).resolves.toBe(true);
    await expect(row().getByText("V pořádku: Objednaný počet vývozů je 26.").isVisible()).resolves.toBe(true);
    const [member] = await query(
      dbUrl(),
      `select count(*)::int as n from subject_fee_payer m join fee_payer p on p.id = m.fee_payer_id
       join subject s on s.id = m.subject_id where s.name like 'Kučerovi%' and p.first_name = 'Eva' and p.last_name = 'Nováková'`,
    );
    expect(member.n).toBe(1);

    // The CSV of what the list shows: BOM, ';', one line per sub row.
    const csv = await context.request.get(`${LIST}/export.csv?search=kucerovi`);
    expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="hlaseni-distribucnich-center-/);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]!.startsWith("Číslo hlášení;Datum;Stav;Distribuční centrum;Odběrné místo;")).toBe(true);
    expect(lines.filter((l) => l.startsWith(`${id};`))).toHaveLength(2);
    expect(lines.find((l) => l.startsWith(`${id};`))).toContain(";Zpracované;Výdejna Komenského;Kučerovi");
  });
});
