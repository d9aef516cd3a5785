/**
 * Waste types and bin types of a municipality (spec 001 §2 'Waste and bin types settings', §3 'Bin type / waste
 * configuration'; docs/api-bins.md). A municipality sees the product's catalogue (municipality_id null, read-only)
 * and its own rows; it changes only its own. Another municipality's row, like a catalogue row, is 'not found' for a
 * change, so nothing tells whether it exists.
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { binType, printBatch, wasteEvidenceHeader, wasteType } from "../../db/schema";
import { ApiError, notFound, validation } from "../../lib/errors";
import { orNull } from "../../lib/form-columns";
import { hasRow, insertedId, isInMunicipality } from "../../lib/records";
import { bumped, writtenOrStale } from "../../lib/version";
import {
  TYPE_IN_USE,
  TYPE_NAME_TAKEN,
  TYPE_NOT_FOUND,
  WASTE_TYPE_UNKNOWN,
  WASTE_TYPE_USED_BY_BIN_TYPES,
  type BinTypeForm,
  type BinTypeItem,
  type TypeListQuery,
  type WasteTypeForm,
  type WasteTypeItem,
} from "#contract/waste-settings";
import { catalogueOrOwn } from "./shared";

/** Bins that count as the municipality's bins of a type: assigned now (the same states as subject.bin_count). */
const COUNTED_STATES = ["Assigned", "Used"];

type TypeTable = typeof wasteType | typeof binType;
type TypeValues = ReturnType<typeof wasteTypeValues> | ReturnType<typeof binTypeValues>;

function activeFilter(table: TypeTable, q: TypeListQuery): SQL | undefined {
  return q.active === undefined ? undefined : eq(table.active, q.active);
}

/** The municipality's own row, or 404 'Typ nebyl nalezen.' (a catalogue row or another municipality's too). */
async function ownRow(db: Db, table: TypeTable, municipalityId: number, id: number): Promise<void> {
  if (!(await isInMunicipality(db, table, municipalityId, id))) throw notFound(TYPE_NOT_FOUND);
}

/** A name is unique among the types the municipality sees (case does not matter): two 'Popelnice 120 l' would confuse. */
async function checkNameFree(db: Db, table: TypeTable, municipalityId: number, name: string, exceptId?: number) {
  const taken = await hasRow(
    db,
    table,
    catalogueOrOwn(table, municipalityId),
    sql`lower(${table.name}) = lower(${name})`,
    exceptId ? sql`${table.id} <> ${exceptId}` : undefined,
  );
  if (taken) throw validation({ name: [TYPE_NAME_TAKEN] });
}

/**
 * The writes of one kind of the municipality's own types (waste types, bin types), the same for both: a new type and
 * an edit, each with its name checked free among the types the municipality sees (an edit of its own type only, over
 * the version its user saw: 409 otherwise), and switching its own type on or off. `checkForm` is the kind's own check
 * of the form (a bin type's usual waste), made before the name's.
 */
function ownTypeWrites<F extends { name: string }>(
  table: TypeTable,
  valuesOf: (form: F) => TypeValues,
  checkForm: (db: Db, municipalityId: number, form: F) => Promise<void> = async () => {},
) {
  return {
    async create(db: Db, municipalityId: number, form: F): Promise<{ id: number }> {
      await checkForm(db, municipalityId, form);
      await checkNameFree(db, table, municipalityId, form.name);
      return insertedId(db, table, { ...valuesOf(form), municipalityId });
    },
    async update(db: Db, municipalityId: number, id: number, form: F & { version: number }): Promise<{ id: number }> {
      await ownRow(db, table, municipalityId, id);
      await checkForm(db, municipalityId, form);
      await checkNameFree(db, table, municipalityId, form.name, id);
      const rows = await db
        .update(table)
        .set({ ...valuesOf(form), version: bumped(table.version) })
        .where(and(eq(table.id, id), eq(table.version, form.version)))
        .returning({ id: table.id });
      writtenOrStale(rows);
      return { id };
    },
    async setActive(db: Db, municipalityId: number, id: number, active: boolean) {
      await ownRow(db, table, municipalityId, id);
      await db.update(table).set({ active }).where(eq(table.id, id));
      return { id, active };
    },
  };
}

/** Whether a bin of the municipality names the type (in its waste or bin type column): such a type stays. */
async function binsName(
  db: Db,
  municipalityId: number,
  column: typeof wasteEvidenceHeader.wasteTypeId | typeof wasteEvidenceHeader.binTypeId,
  typeId: number,
): Promise<boolean> {
  return hasRow(db, wasteEvidenceHeader, eq(wasteEvidenceHeader.municipalityId, municipalityId), eq(column, typeId));
}

/**
 * The bins a type's count counts: the municipality's bins in COUNTED_STATES. Without counts the subquery is planned
 * away ('where false'): a picker does not scan every bin.
 */
const countedBins = (municipalityId: number, withCounts: boolean): SQL =>
  withCounts
    ? and(eq(wasteEvidenceHeader.municipalityId, municipalityId), inArray(wasteEvidenceHeader.state, COUNTED_STATES))!
    : sql`false`;

// ---------------------------------------------------------------------------------------------------------------
// Waste types

export async function listWasteTypes(
  db: Db,
  municipalityId: number,
  q: TypeListQuery,
): Promise<{ items: WasteTypeItem[] }> {
  const withCounts = q.counts !== false;
  // A bin's waste is its own, else its bin type's usual waste.
  const counts = db
    .select({
      wasteTypeId: sql<number>`coalesce(${wasteEvidenceHeader.wasteTypeId}, ${binType.wasteTypeId})`.as(
        "count_waste_type_id",
      ),
      binCount: sql<number>`count(*)::int`.as("bin_count"),
    })
    .from(wasteEvidenceHeader)
    .leftJoin(binType, eq(binType.id, wasteEvidenceHeader.binTypeId))
    .where(countedBins(municipalityId, withCounts))
    .groupBy(sql`1`)
    .as("counts");
  const rows = await db
    .select({
      id: wasteType.id,
      version: wasteType.version,
      name: wasteType.name,
      catalogCode: wasteType.catalogCode,
      coefficient: wasteType.coefficient,
      sorted: wasteType.sorted,
      active: wasteType.active,
      catalogue: sql<boolean>`(${wasteType.municipalityId} is null)`,
      binCount: withCounts ? sql<number | null>`coalesce(${counts.binCount}, 0)::int` : sql<null>`null::int`,
    })
    .from(wasteType)
    .leftJoin(counts, eq(counts.wasteTypeId, wasteType.id))
    .where(and(catalogueOrOwn(wasteType, municipalityId), activeFilter(wasteType, q)))
    // The catalogue first, in its own order; then the municipality's rows by name.
    .orderBy(
      sql`${wasteType.municipalityId} nulls first`,
      sql`case when ${wasteType.municipalityId} is null then ${wasteType.id} end`,
      asc(wasteType.name),
      asc(wasteType.id),
    );
  return { items: rows };
}

export const {
  create: createWasteType,
  update: updateWasteType,
  setActive: setWasteTypeActive,
} = ownTypeWrites<WasteTypeForm>(wasteType, wasteTypeValues);

function wasteTypeValues(body: WasteTypeForm) {
  return {
    name: body.name,
    ...orNull(body, ["catalogCode"]),
    coefficient: body.coefficient,
    sorted: body.sorted,
  };
}

/** Only a type nothing uses: bins of the municipality or its own bin types keep it (the FK would silently clear it). */
export async function deleteWasteType(db: Db, municipalityId: number, id: number): Promise<void> {
  await ownRow(db, wasteType, municipalityId, id);
  if (await binsName(db, municipalityId, wasteEvidenceHeader.wasteTypeId, id)) throw new ApiError(409, TYPE_IN_USE);
  const usedByBinType = await hasRow(
    db,
    binType,
    eq(binType.municipalityId, municipalityId),
    eq(binType.wasteTypeId, id),
  );
  if (usedByBinType) throw new ApiError(409, WASTE_TYPE_USED_BY_BIN_TYPES);
  await db.delete(wasteType).where(eq(wasteType.id, id));
}

// ---------------------------------------------------------------------------------------------------------------
// Bin types

export async function listBinTypes(
  db: Db,
  municipalityId: number,
  q: TypeListQuery,
): Promise<{ items: BinTypeItem[] }> {
  const withCounts = q.counts !== false;
  const counts = db
    .select({
      binTypeId: wasteEvidenceHeader.binTypeId,
      binCount: sql<number>`count(*)::int`.as("bin_count"),
    })
    .from(wasteEvidenceHeader)
    .where(countedBins(municipalityId, withCounts))
    .groupBy(wasteEvidenceHeader.binTypeId)
    .as("counts");
  const rows = await db
    .select({
      id: binType.id,
      version: binType.version,
      name: binType.name,
      category: binType.category,
      kind: binType.kind,
      capacity: binType.capacity,
      allowExact: binType.allowExact,
      wasteTypeId: binType.wasteTypeId,
      wasteTypeName: wasteType.name,
      active: binType.active,
      catalogue: sql<boolean>`(${binType.municipalityId} is null)`,
      binCount: withCounts ? sql<number | null>`coalesce(${counts.binCount}, 0)::int` : sql<null>`null::int`,
    })
    .from(binType)
    .leftJoin(wasteType, eq(wasteType.id, binType.wasteTypeId))
    .leftJoin(counts, eq(counts.binTypeId, binType.id))
    .where(and(catalogueOrOwn(binType, municipalityId), activeFilter(binType, q)))
    .orderBy(asc(binType.capacity), asc(binType.name), asc(binType.id));
  return { items: rows as BinTypeItem[] };
}

/** The bin type's usual waste must be one the municipality sees: the catalogue's or its own. */
async function checkWasteType(db: Db, municipalityId: number, wasteTypeId: number | undefined) {
  if (!wasteTypeId) return;
  const known = await hasRow(db, wasteType, eq(wasteType.id, wasteTypeId), catalogueOrOwn(wasteType, municipalityId));
  if (!known) throw validation({ wasteTypeId: [WASTE_TYPE_UNKNOWN] });
}

function binTypeValues(body: BinTypeForm) {
  return {
    name: body.name,
    category: body.category,
    kind: body.kind,
    capacity: body.capacity,
    allowExact: body.allowExact,
    ...orNull(body, ["wasteTypeId"]),
  };
}

export const {
  create: createBinType,
  update: updateBinType,
  setActive: setBinTypeActive,
} = ownTypeWrites<BinTypeForm>(binType, binTypeValues, (db, municipalityId, form) =>
  checkWasteType(db, municipalityId, form.wasteTypeId),
);

/** Only a type no bin and no print batch of the municipality names (their labels were made for it). */
export async function deleteBinType(db: Db, municipalityId: number, id: number): Promise<void> {
  await ownRow(db, binType, municipalityId, id);
  const batchesName = () =>
    hasRow(db, printBatch, eq(printBatch.municipalityId, municipalityId), sql`${id} = any(${printBatch.binTypeIds})`);
  // The batches are asked only when no bin names the type.
  if ((await binsName(db, municipalityId, wasteEvidenceHeader.binTypeId, id)) || (await batchesName())) {
    throw new ApiError(409, TYPE_IN_USE);
  }
  await db.delete(binType).where(eq(binType.id, id));
}
