import { asc, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { distributionCentre, role, user } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { findInMunicipality } from "../../lib/records";
import { CENTRE_NOT_FOUND } from "#contract/distribution-centre";

/** The municipality's centre, or the centre's 404 (also for another municipality's centre). */
export const findCentre = (db: Db, municipalityId: number, id: number) =>
  findInMunicipality(db, distributionCentre, municipalityId, id, () => notFound(CENTRE_NOT_FOUND));

/** A user as the centre's staff lists show one (its detail, the picker of users to add): user joined with role. */
export const staffColumns = {
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  userName: user.userName,
  roleName: role.name,
};

/** Staff by surname, then first name, as people look for them. */
export const byStaffName = [sql`lower(${user.lastName})`, sql`lower(${user.firstName})`, asc(user.id)];
