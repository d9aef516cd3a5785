import { eq, isNull, or, type SQL } from "drizzle-orm";
import type { binType, wasteType } from "../../db/schema";

/** The types a municipality sees and may use: the catalogue's (municipality_id null) and its own. */
export const catalogueOrOwn = (table: typeof wasteType | typeof binType, municipalityId: number): SQL =>
  or(isNull(table.municipalityId), eq(table.municipalityId, municipalityId))!;
