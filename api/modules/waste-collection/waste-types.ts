/**
 * The waste a file names, resolved to the municipality's waste types (its own and the catalogue): by catalogue code
 * ('200301') or by name ignoring case, diacritics and punctuation ('Směsný komunální odpad').
 */
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { wasteType } from "../../db/schema";
import { nameKey } from "./row-values";

export interface WasteTypeIndex {
  /** null: the file names no waste; a waste type's id; undefined: a waste the municipality does not know. */
  resolve(waste: string | null): number | null | undefined;
  /** The name of a waste type of the index. */
  name(id: number): string | undefined;
}

export async function loadWasteTypes(db: Db, municipalityId: number): Promise<WasteTypeIndex> {
  const rows = await db
    .select({ id: wasteType.id, name: wasteType.name, code: wasteType.catalogCode, own: wasteType.municipalityId })
    .from(wasteType)
    .where(and(eq(wasteType.active, true), or(eq(wasteType.municipalityId, municipalityId), isNull(wasteType.municipalityId))));
  const byKey = new Map<string, number>();
  // The municipality's own types win over the catalogue's of the same code or name.
  for (const r of [...rows].sort((a, b) => (a.own === null ? 0 : 1) - (b.own === null ? 0 : 1))) {
    if (r.code) byKey.set(nameKey(r.code), r.id);
    byKey.set(nameKey(r.name), r.id);
  }
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return {
    name: (id) => names.get(id),
    resolve(waste) {
      if (waste === null || waste.trim() === "") return null;
      return byKey.get(nameKey(waste));
    },
  };
}
