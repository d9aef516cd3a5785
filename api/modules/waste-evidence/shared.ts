/**
 * What several evidence topics need: the record's 404, the code → bin → collection point resolution of a typed code
 * (as the collection import resolves a row: barcode, else plain code, else RFID of this municipality), and the checks
 * of the waste type and the collection a record is put into.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { wasteCollection, wasteEvidenceRecord as record, wasteType } from "../../db/schema";
import { notFound, validation } from "../../lib/errors";
import { findInMunicipality, hasRow, isInMunicipality } from "../../lib/records";
import { catalogueOrOwn } from "../waste-settings/shared";
import { COLLECTION_NOT_FOUND, EVIDENCE_NOT_FOUND, ROUTE_EVIDENCE } from "#contract/collection";
import { EVIDENCE_CODE_UNKNOWN } from "#contract/waste-evidence";

export const recordNotFound = () => notFound(EVIDENCE_NOT_FOUND);

/** The record's row, only within the municipality; 404 'Záznam evidence nebyl nalezen.' otherwise. */
export const findRecord = (db: Db, municipalityId: number, evidenceId: number) =>
  findInMunicipality(db, record, municipalityId, evidenceId, recordNotFound);

export interface ResolvedBin {
  headerId: number;
  subjectId: number;
  wasteTypeId: number | null;
  city: string | null;
  capacity: number | null;
  rfid: string | null;
}

/**
 * The bin of a typed code: its barcode, else its plain code, else its RFID, within the municipality. An unknown code
 * is 422 'Tento kód neexistuje!' (spec 001 §5) on `code`; a discarded bin or one of no collection point cannot take
 * a record either (the import's DiscardedCode and OutOfRoute, with their route-evidence messages).
 */
export async function resolveCode(db: Db, municipalityId: number, code: string): Promise<ResolvedBin> {
  const res = await db.execute(sql`
    select h.id, h.state, h.subject_id, h.waste_type_id, coalesce(h.city, s.city) as city, bt.capacity, h.rfid
    from (
      select id, 1 as rank from waste_evidence_header where barcode = ${code} and municipality_id = ${municipalityId}
      union all
      select id, 2 from waste_evidence_header where municipality_id = ${municipalityId} and plain_code = ${code}
      union all
      select id, 3 from waste_evidence_header where municipality_id = ${municipalityId} and rfid = ${code}
    ) found
    join waste_evidence_header h on h.id = found.id
    left join bin_type bt on bt.id = h.bin_type_id
    left join subject s on s.id = h.subject_id
    order by found.rank
    limit 1`);
  const [bin] = (
    res as unknown as {
      rows: {
        id: number;
        state: string;
        subject_id: number | null;
        waste_type_id: number | null;
        city: string | null;
        capacity: number | null;
        rfid: string | null;
      }[];
    }
  ).rows;
  if (!bin) throw validation({ code: [EVIDENCE_CODE_UNKNOWN] });
  if (bin.state === "Discarded") throw validation({ code: [ROUTE_EVIDENCE.discarded] });
  if (bin.subject_id === null) throw validation({ code: [ROUTE_EVIDENCE.outOfRoute] });
  return {
    headerId: bin.id,
    subjectId: bin.subject_id,
    wasteTypeId: bin.waste_type_id,
    city: bin.city,
    capacity: bin.capacity,
    rfid: bin.rfid,
  };
}

/** A waste type of the catalogue or of the municipality (422 on wasteTypeId otherwise). */
export async function checkWasteType(db: Db, municipalityId: number, wasteTypeId: number): Promise<void> {
  if (!(await hasRow(db, wasteType, eq(wasteType.id, wasteTypeId), catalogueOrOwn(wasteType, municipalityId)))) {
    throw validation({ wasteTypeId: ["Druh odpadu nebyl nalezen."] });
  }
}

/** A collection of the municipality (422 on wasteCollectionId otherwise). */
export async function checkCollection(db: Db, municipalityId: number, collectionId: number): Promise<void> {
  if (!(await isInMunicipality(db, wasteCollection, municipalityId, collectionId))) {
    throw validation({ wasteCollectionId: [COLLECTION_NOT_FOUND] });
  }
}
