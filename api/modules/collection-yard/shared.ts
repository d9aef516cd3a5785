import type { Db } from "../../db/client";
import { collectionYard } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { findInMunicipality } from "../../lib/records";
import { YARD_NOT_FOUND } from "#contract/yard";

/** The municipality's yard, or the yard's 404 (also for another municipality's yard). */
export const findYard = (db: Db, municipalityId: number, id: number) =>
  findInMunicipality(db, collectionYard, municipalityId, id, () => notFound(YARD_NOT_FOUND));
