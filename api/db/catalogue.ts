/**
 * The product's catalogue of waste types and bin types (spec 001 §2 'Waste and bin types settings', §3 'Bin type /
 * waste configuration', §9 bin kinds and types; docs/decisions/0012): rows with municipality_id null, offered to
 * every municipality read-only. syncCatalogue runs at every start (server.ts), before the API tests' template is
 * saved and in the bench, so each database has it; the stable key is the name.
 */
import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { binType, wasteType } from "./schema";
import type { BinCategory, BinKind } from "#contract/waste-evidence-header";

export interface CatalogueWasteType {
  name: string;
  /** Code of the Czech waste catalogue (vyhláška 8/2021 Sb.). */
  catalogCode: string;
  /** kg per litre of a full bin, an exact decimal (numeric(8,4)). */
  coefficient: string;
  /** Separated waste (counts as sorted in the sort-ratio statistics). */
  sorted: boolean;
}

export interface CatalogueBinType {
  name: string;
  category: BinCategory;
  kind: BinKind;
  capacity: number;
  /** Weighed at collection: the exact quantity may be recorded instead of the volume. */
  allowExact: boolean;
}

/**
 * Waste of the municipal collection. Packaging (15 01 xx) and municipal (20 01 xx) codes of the same material are
 * separate rows, as municipalities report them separately. Coefficients are the usual loose densities in a full bin.
 */
export const CATALOGUE_WASTE_TYPES: readonly CatalogueWasteType[] = [
  { name: "Směsný komunální odpad", catalogCode: "200301", coefficient: "0.1200", sorted: false },
  { name: "Plastové obaly", catalogCode: "150102", coefficient: "0.0300", sorted: true },
  { name: "Plasty", catalogCode: "200139", coefficient: "0.0350", sorted: true },
  { name: "Papírové a lepenkové obaly", catalogCode: "150101", coefficient: "0.0600", sorted: true },
  { name: "Papír a lepenka", catalogCode: "200101", coefficient: "0.0700", sorted: true },
  { name: "Skleněné obaly", catalogCode: "150107", coefficient: "0.2800", sorted: true },
  { name: "Sklo", catalogCode: "200102", coefficient: "0.3000", sorted: true },
  { name: "Biologicky rozložitelný odpad", catalogCode: "200201", coefficient: "0.3500", sorted: true },
  { name: "Kovy", catalogCode: "200140", coefficient: "0.0800", sorted: true },
  { name: "Nápojové kartony", catalogCode: "150105", coefficient: "0.0300", sorted: true },
  { name: "Objemný odpad", catalogCode: "200307", coefficient: "0.1000", sorted: false },
];

const bin = (name: string, capacity: number): CatalogueBinType => ({
  name,
  category: "bin",
  kind: "fixed",
  capacity,
  allowExact: false,
});
const container = (name: string, capacity: number, allowExact = false): CatalogueBinType => ({
  name,
  category: "container",
  kind: "fixed",
  capacity,
  allowExact,
});
const bag = (name: string, capacity: number): CatalogueBinType => ({
  name,
  category: "bag",
  kind: "disposable",
  capacity,
  allowExact: false,
});

/** Bins, containers, bags and the smallest vessel of spec 001 §3 (1 l); large containers are weighed. */
export const CATALOGUE_BIN_TYPES: readonly CatalogueBinType[] = [
  { name: "Nádoba 1 l", category: "other", kind: "fixed", capacity: 1, allowExact: false },
  { name: "Koš 50 l", category: "wasteBucket", kind: "fixed", capacity: 50, allowExact: false },
  bag("Pytel 60 l", 60),
  bag("Pytel 70 l", 70),
  bag("Pytel 120 l", 120),
  bin("Popelnice 110 l", 110),
  bin("Popelnice 120 l", 120),
  bin("Popelnice 240 l", 240),
  container("Kontejner 660 l", 660),
  container("Kontejner 770 l", 770),
  container("Kontejner 1100 l", 1100),
  container("Kontejner 2500 l", 2500),
  container("Kontejner 5000 l", 5000, true),
  container("Velkoobjemový kontejner 7000 l", 7000, true),
  container("Velkoobjemový kontejner 10 000 l", 10_000, true),
  container("Velkoobjemový kontejner 16 000 l", 16_000, true),
  container("Velkoobjemový kontejner 19 000 l", 19_000, true),
];

/**
 * Brings the catalogue rows to the lists above (idempotent): a missing row is added, a changed one updated, a row
 * no longer listed is deactivated (never deleted: bins may still name it). The municipalities' own rows are untouched.
 */
export async function syncCatalogue(db: Db): Promise<void> {
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // Two processes starting at once must not both insert a missing row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('obec.syncCatalogue'))`);
    await syncTable(tx, wasteType, CATALOGUE_WASTE_TYPES);
    await syncTable(tx, binType, CATALOGUE_BIN_TYPES);
  });
}

/** One catalogue table brought to its list, row by row matched by name. */
async function syncTable(
  tx: Db,
  table: typeof wasteType | typeof binType,
  list: readonly (CatalogueWasteType | CatalogueBinType)[],
): Promise<void> {
  const rows = await tx.select({ id: table.id, name: table.name }).from(table).where(isNull(table.municipalityId));
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  for (const row of list) {
    const values = { ...row, active: true };
    const id = ids.get(row.name);
    if (id) await tx.update(table).set(values).where(eq(table.id, id));
    else await tx.insert(table).values({ ...values, municipalityId: null });
  }
  await tx
    .update(table)
    .set({ active: false })
    .where(
      and(
        isNull(table.municipalityId),
        notInArray(
          table.name,
          list.map((r) => r.name),
        ),
      ),
    );
}
