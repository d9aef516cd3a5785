/**
 * What both tiers know of every list without zod (issue 12 'one list contract'): the page sizes and limits, and
 * per list its sort keys and default sort. Kept free of zod so that a list page's browser code can read it; the
 * query schema built from it is in contract/list.ts (server and API only).
 */

/** Page sizes the lists offer; the API accepts any size up to MAX_PAGE_SIZE. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
export const MAX_PAGE_SIZE = 200;
export const MAX_PAGE = 1_000_000;
/** One limit for every list search, on the web and at the API. */
export const MAX_SEARCH_LENGTH = 200;

/** A list's sort keys ('name' sorts ascending, '-name' descending) and its sort when none or a wrong one is asked. */
export interface ListKeys<K extends string = string> {
  id: string;
  sorts: readonly K[];
  defaultSort: K | `-${K}`;
}

export function listKeys<const K extends string>(def: ListKeys<K>): ListKeys<K> {
  return def;
}

/** The sort key of a list: its declared keys. */
export type SortKey<L> = L extends ListKeys<infer K> ? K : never;

/** 'name' → { key: 'name', desc: false }; '-name' → { key: 'name', desc: true }; anything else → the default. */
export function parseListSort<K extends string>(
  keys: ListKeys<K>,
  sort: string | undefined,
): { key: K; desc: boolean } {
  const read = (s: string) => ({ key: s.replace(/^-/, "") as K, desc: s.startsWith("-") });
  const asked = sort ? read(sort) : undefined;
  return asked && keys.sorts.includes(asked.key) ? asked : read(keys.defaultSort);
}

/** Administration → Devices (spec 001 §2). */
export const deviceListKeys = listKeys({
  id: "devices",
  sorts: ["name", "type", "serialNumber", "lastUsedAt", "createdAt"],
  defaultSort: "name",
});

/** Infrastructure → Collection points (spec 001 §2); 'street' sorts the address column, 'id' is for the API only. */
export const subjectListKeys = listKeys({
  id: "subjects",
  sorts: [
    "name",
    "type",
    "street",
    "cityDistrict",
    "variableSymbol",
    "memberCount",
    "binCount",
    "totalFee",
    "feePaid",
    "id",
  ],
  defaultSort: "name",
});

/** Infrastructure → Fee payers (spec 001 §2 'Fee payers'). */
export const feePayerListKeys = listKeys({
  id: "fee-payers",
  sorts: ["name", "dateOfBirth", "variableSymbol", "activeFrom", "activeTo", "registered", "id"],
  defaultSort: "name",
});

/** Administration → Users (spec 001 §2). */
export const userListKeys = listKeys({
  id: "users",
  sorts: ["id", "userName", "firstName", "lastName", "email", "role", "municipality", "lastLoginAt", "active"],
  defaultSort: "lastName",
});

/** Administration → Municipalities (spec 001 §2). */
export const municipalityListKeys = listKeys({
  id: "municipalities",
  sorts: ["id", "name", "district", "type", "lastLoginAt", "lastRecordAt", "active"],
  defaultSort: "name",
});

/** Administration → Generování štítků: the municipality's print batches, newest first (spec 001 §2). */
export const printBatchListKeys = listKeys({
  id: "print-batches",
  sorts: ["createdAt", "id"],
  defaultSort: "-createdAt",
});

/** The codes of one print batch (its detail), in the order they were generated (= label order). */
export const printBatchCodeListKeys = listKeys({
  id: "print-batch-codes",
  sorts: ["id"],
  defaultSort: "id",
});

/** Infrastructure → Bins (spec 001 §2 'Waste bins / waste evidence headers'): newest first unless asked. */
export const wehListKeys = listKeys({
  id: "bins",
  sorts: ["barcode", "plainCode", "state", "assignedAt", "lastEvidenceAt", "discardedAt", "subjectName", "city", "id"],
  defaultSort: "-id",
});

/** Infrastructure → Waste cards (spec 001 §2); each sort is read in index order on a large municipality. */
export const wasteCardListKeys = listKeys({
  id: "waste-cards",
  sorts: ["plainCode", "code", "validTo", "id"],
  defaultSort: "plainCode",
});

/** Waste evidence → Waste collections (spec 001 §2): newest day first. */
export const collectionListKeys = listKeys({
  id: "waste-collections",
  sorts: ["collectedOn", "name", "recordCount", "errorCount", "weightKg", "id"],
  defaultSort: "-collectedOn",
});

/** A collection's errors table, in the file's order. */
export const collectionLogListKeys = listKeys({
  id: "collection-log",
  sorts: ["rowNumber", "errorType"],
  defaultSort: "rowNumber",
});

/** Waste evidence → Waste evidence records (spec 001 §2): newest first. */
export const evidenceListKeys = listKeys({
  id: "waste-evidences",
  sorts: ["collectedAt", "id"],
  defaultSort: "-collectedAt",
});

/** Administration → Imports (spec 001 §2 'Imports'): newest first. */
export const importJobListKeys = listKeys({
  id: "imports",
  sorts: ["createdAt"],
  defaultSort: "-createdAt",
});

/** The rejected rows of an import (spec 001 §8 'Import'), in the file's order. */
export const importErrorListKeys = listKeys({
  id: "import-errors",
  sorts: ["rowNumber"],
  defaultSort: "rowNumber",
});

/** Fees → Fees (spec 001 §2 'Fees'): the payers' fees of a year, by the payer's name. */
export const feeListKeys = listKeys({
  id: "fees",
  sorts: ["name", "variableSymbol", "subjectName", "totalFee", "totalDiscount", "finalFee", "paid", "id"],
  defaultSort: "name",
});

/** Fees → Discounts (spec 001 §2). */
export const discountListKeys = listKeys({
  id: "discounts",
  sorts: ["name", "type", "group", "ageFrom", "feeDiscount"],
  defaultSort: "type",
});

/** Fees → Expenditures → edit (spec 001 §2): newest first. */
export const expenditureListKeys = listKeys({
  id: "expenditures",
  sorts: ["processedOn", "type", "source", "amount"],
  defaultSort: "-processedOn",
});

/** Municipality → module Collection yards (spec 001 §2). */
export const yardListKeys = listKeys({
  id: "yards",
  sorts: ["name", "icz", "zuj", "lastLoginAt"],
  defaultSort: "name",
});

/** Waste evidence → Yard visits (spec 001 §2): newest first. */
export const yardReportListKeys = listKeys({
  id: "yardReports",
  sorts: ["reportDate", "fee", "totalWeightKg", "createdAt", "id"],
  defaultSort: "-reportDate",
});

/** Waste evidence → Distribution reports (spec 001 §2 Distribution centres, §3 Distribution report). */
export const distributionReportListKeys = listKeys({
  id: "distributionReports",
  sorts: ["reportDate", "state", "recordCount", "createdAt", "id"],
  defaultSort: "-reportDate",
});

/** Municipality → module Distribution centres (spec 001 §2): by name; the busiest with '-reportCount'. */
export const distributionCentreListKeys = listKeys({
  id: "distributionCentres",
  sorts: ["name", "reportCount"],
  defaultSort: "name",
});

/**
 * Reports (spec 001 §2 'Reports'): a row per bin, collection point or waste type; 'name' is the collection point's
 * (bins) or the row's own name, 'code' the bin's barcode; a key a report type has no column for sorts by name.
 */
export const reportListKeys = listKeys({
  id: "reports",
  sorts: ["name", "code", "district", "records", "weight", "yardVisits", "yardWeight"],
  defaultSort: "name",
});
