/**
 * Demo expenditures of Třebíč (spec 001 §2 Expenditures; docs/discounts-expenditures.md): the twelve months up to
 * the current one, so the overview's current year and the year before both have data — a monthly invoice of the
 * bin collection, monthly wages, the collection yard's quarterly invoice, the quarterly EKO-KOM form, the yearly
 * treatment flat rate — and the configuration card. Amounts are whole hundredths turned into exact decimal strings.
 */
import type { Db } from "../db/client";
import { expenditure, expenditureSetting } from "../db/schema";

/** Hundredths → '182450.00'. */
const money = (hundredths: number) => `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
const day = (year: number, month: number, d: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

export async function seedDemoExpenditures(tx: Db, municipalityId: number, now = new Date()): Promise<void> {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Prague", year: "numeric", month: "2-digit" })
    .format(now)
    .split("-")
    .map(Number) as [number, number];
  const rows: (typeof expenditure.$inferInsert)[] = [];
  for (let back = 11; back >= 0; back--) {
    const index = y * 12 + (m - 1) - back;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    const at = (d: number) => day(year, month, d);
    rows.push(
      {
        municipalityId,
        processedOn: at(10),
        type: "WasteCollection",
        subType: "Faktura TS Vysočina",
        source: "BinCollection",
        description: `Svoz nádob ${month}/${year}`,
        // Winter months bring more mixed waste.
        amount: money(18_245_000 + (month <= 3 || month >= 11 ? 1_250_050 : 0) + month * 3_100),
      },
      {
        municipalityId,
        processedOn: at(15),
        type: "Wage",
        subType: "Obsluha sběrného dvora",
        source: "Other",
        description: `Mzdy ${month}/${year}`,
        amount: money(6_480_000),
      },
    );
    if (month % 3 === 0) {
      rows.push(
        {
          municipalityId,
          processedOn: at(20),
          type: "WasteCollection",
          subType: "Sběrný dvůr Hrotovická",
          source: "YardCollection",
          description: `Odvoz ze sběrného dvora, ${month / 3}. čtvrtletí ${year}`,
          amount: money(9_412_075),
        },
        {
          municipalityId,
          processedOn: at(25),
          type: "EkokomForm",
          subType: `Výkaz ${month / 3}Q/${year}`,
          source: "TaxDeduction",
          description: "Čtvrtletní výkaz EKO-KOM",
          amount: money(1_530_000),
        },
      );
    }
    if (month === 1)
      rows.push({
        municipalityId,
        processedOn: at(31),
        type: "FlatRate",
        subType: "Zpracování odpadu",
        source: "TotalAmount",
        description: `Roční paušál ${year}`,
        amount: money(15_000_000),
      });
  }
  await tx.insert(expenditure).values(rows);
  await tx
    .insert(expenditureSetting)
    .values({ municipalityId, wasteTreatmentFlatRate: "150000.00", mixedWasteProcessingPrice: "1450.00", version: 1 });
}
