import type { Db } from "../../db/client";
import { distributionCentre } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { findInMunicipality } from "../../lib/records";
import { CENTRE_NOT_FOUND } from "#contract/distribution-centre";

/** The municipality's centre, or the centre's 404 (also for another municipality's centre). */
export const findCentre = (db: Db, municipalityId: number, id: number) =>
  findInMunicipality(db, distributionCentre, municipalityId, id, () => notFound(CENTRE_NOT_FOUND));
