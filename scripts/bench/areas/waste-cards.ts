/**
 * Waste cards of the large city (issue 5): 120,000 cards of the bench manager's municipality (most assigned to a
 * subject and often a fee payer, some free, discarded or past their validity), the list requests of the screen, and
 * the CSV import's throughput: a 200,000-row file (a few per cent bad rows: unknown subjects, codes repeated in the
 * file, missing codes, codes of existing cards with other data) built in memory and POSTed as multipart through the
 * real API, like the upload form does. The import's rows/s is reported as a row of the generation table; the
 * imported cards are removed again, so the list requests run on the 120,000 cards.
 */
import { sql } from "drizzle-orm";
import { wasteCard } from "../../../api/db/schema";
import { createBenchApi, importAndFollow } from "../api";
import { isoDay, stateArea, type Area, type GenerateContext } from "../harness";
import { BENCH_MANAGER } from "./users";
import type { SubjectState } from "./subjects";

const CARDS = 120_000;
const IMPORT_ROWS = 200_000;

export interface WasteCardState {
  municipalityId: number;
  /** A plain-code prefix that matches a handful of cards (the search scenario). */
  prefix: string;
  import: { rows: number; ms: number; accepted: number; errors: number };
}

/** Physical card codes: 12 digits (the chip or barcode number); the plain code is the printed number. */
const codeOf = (n: number) => `85${String(n).padStart(10, "0")}`;

async function generate(ctx: GenerateContext) {
  const { rnd } = ctx;
  const s = ctx.state.subjects as SubjectState;
  const municipalityId = s.municipalityId;
  const count = Math.max(500, Math.round(CARDS * ctx.scale));
  const now = Date.now();
  const day = 86_400_000;

  const rows: (typeof wasteCard.$inferInsert)[] = [];
  for (let i = 1; i <= count; i++) {
    const x = rnd.next();
    const validFrom = isoDay(new Date(now - rnd.int(30, 3650) * day));
    const base = { municipalityId, plainCode: String(100_000 + i), code: codeOf(i), validFrom };
    if (x < 0.8) {
      rows.push({
        ...base,
        subjectId: rnd.pick(s.subjectIds),
        feePayerId: rnd.chance(0.5) ? rnd.pick(s.feePayerIds) : null,
        state: "Assigned",
        validTo: rnd.chance(0.1) ? isoDay(new Date(now + rnd.int(30, 700) * day)) : null,
      });
    } else if (x < 0.92) rows.push({ ...base, state: "Free" });
    else if (x < 0.97) rows.push({ ...base, subjectId: rnd.pick(s.subjectIds), state: "Discarded" });
    else {
      // Past their validity; half of them still stored as Assigned (expiry applies by date).
      rows.push({
        ...base,
        subjectId: rnd.pick(s.subjectIds),
        state: rnd.chance(0.5) ? "Expired" : "Assigned",
        validTo: isoDay(new Date(now - rnd.int(1, 300) * day)),
      });
    }
  }
  await ctx.insertMany(wasteCard, rows);
  ctx.sizes["waste cards"] = count;

  // The import: a CSV file in memory, POSTed as multipart through the API.
  const importRows = Math.max(1_000, Math.round(IMPORT_ROWS * ctx.scale));
  const lines = ["plainCode;code;subjectId;feePayerId"];
  let bad = 0;
  for (let i = 1; i <= importRows; i++) {
    const plain = String(5_000_000 + i);
    const code = codeOf(5_000_000 + i);
    const x = rnd.next();
    if (x < 0.01) {
      lines.push(`${plain};${code};2000000000;`); // no such subject
      bad++;
    } else if (x < 0.02 && i > 1) {
      lines.push(`${plain};${codeOf(5_000_000 + rnd.int(1, i - 1))};;`); // a code repeated in the file
      bad++;
    } else if (x < 0.025) {
      lines.push(`${plain};;;`); // no code
      bad++;
    } else if (x < 0.03) {
      lines.push(`${plain};${codeOf(rnd.int(1, count))};${rnd.pick(s.subjectIds)};`); // an existing card's code
      bad++;
    } else {
      const subjectId = rnd.chance(0.9) ? rnd.pick(s.subjectIds) : null;
      const payerId = subjectId && rnd.chance(0.4) ? rnd.pick(s.feePayerIds) : null;
      lines.push(`${plain};${code};${subjectId ?? ""};${payerId ?? ""}`);
    }
  }
  const csv = lines.join("\r\n") + "\r\n";
  // A live database has planner statistics (autovacuum, or VACUUM ANALYZE after a load): give the import the same,
  // or every batch's lookups are planned as if the tables were empty.
  await ctx.db.execute("analyze");
  const api = await createBenchApi(ctx.database);
  const token = await api.token(BENCH_MANAGER);
  const body = new FormData();
  body.set("file", new File([csv], "karty.csv", { type: "text/csv" }));
  const started = performance.now();
  const job = await importAndFollow(api, token, municipalityId, "waste-card", body);
  const ms = performance.now() - started;
  if (job.totalRows !== importRows) {
    throw new Error(`waste card import: ${JSON.stringify(job).slice(0, 300)}`);
  }
  const mb = (Buffer.byteLength(csv) / 2 ** 20).toFixed(1);
  console.log(
    `  waste card CSV import: ${importRows.toLocaleString("en-US")} rows (${mb} MB) in ${(ms / 1000).toFixed(2)} s = ${Math.round(importRows / (ms / 1000)).toLocaleString("en-US")} rows/s; ${job.acceptedRows} accepted, ${job.errorRows} rejected (${bad} bad rows in the file)`,
  );
  ctx.stats.push({
    table: `waste card CSV import through the API (${Math.round((job.errorRows / importRows) * 1000) / 10} % rows rejected)`,
    rows: importRows,
    ms,
  });
  // Back to the documented data set for the list requests.
  await ctx.db.execute(
    sql`delete from ${wasteCard} where ${wasteCard.municipalityId} = ${municipalityId} and ${wasteCard.code} >= ${codeOf(5_000_000)}`,
  );

  const state: WasteCardState = {
    municipalityId,
    prefix: String(100_000 + Math.floor(count / 2)).slice(0, 5),
    import: { rows: importRows, ms, accepted: job.acceptedRows, errors: job.errorRows },
  };
  ctx.state.wasteCards = state;
}

export const wasteCardsArea: Area = stateArea<WasteCardState>("waste cards", "wasteCards", generate, (w) => {
  const base = `/municipality/${w.municipalityId}/waste-card`;
  return [
    { name: "waste card list, first page", as: "manager", path: `${base}?page=1&pageSize=25` },
    { name: `waste card list, search code prefix '${w.prefix}'`, as: "manager", path: `${base}?search=${w.prefix}` },
    { name: "waste card list, search name 'novak'", as: "manager", path: `${base}?search=novak` },
    { name: "waste card list, filtered by state Expired", as: "manager", path: `${base}?state=Expired` },
    {
      name: "waste card list, filtered by state Free, sorted by code",
      as: "manager",
      path: `${base}?state=Free&sort=code`,
    },
    {
      name: "page /infrastructure/waste-cards",
      as: "manager",
      web: true,
      budgetMs: 150,
      path: "/infrastructure/waste-cards",
    },
  ];
});
