/**
 * The users working at a distribution centre (docs/distribution-centres.md): a user of the municipality works at one
 * centre at most (unique user_id); putting one who works elsewhere to this centre is a move the caller asks for
 * explicitly (`move`), otherwise 409 names the other centre.
 */
import { and, eq, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { distributionCentre, distributionCentreUser, role, user } from "../../db/schema";
import { ApiError, notFound, validation } from "../../lib/errors";
import { hasRow } from "../../lib/records";
import { searchMatches } from "../../lib/search";
import { usersOf } from "../user/shared";
import { ADMIN_ROLE_IDS } from "#contract/user";
import {
  CENTRE_USER_ALREADY_HERE,
  CENTRE_USER_NOT_FOUND,
  CENTRE_USER_UNKNOWN,
  USER_OPTIONS_LIMIT,
  type AssignUserBody,
  type CentreUserOption,
} from "#contract/distribution-centre";
import { byStaffName, findCentre, staffColumns } from "./shared";

/** The message of the 409 for a user working at another centre. */
export const workingElsewhere = (name: string, centre: string) =>
  `${name} pracuje v distribučním centru „${centre}“. Chcete-li ho přesunout sem, zaškrtněte Přesunout z jiného centra.`;

/** Active users of the municipality who are not administrators: the only ones a centre may be given. */
const assignable = (db: Db, municipalityId: number) =>
  and(usersOf(db, [municipalityId]), notInArray(user.roleId, [...ADMIN_ROLE_IDS]), eq(user.active, true));

export async function centreUserOptions(
  db: Db,
  municipalityId: number,
  q: { search?: string },
): Promise<{ items: CentreUserOption[] }> {
  const rows = await db
    .select({
      ...staffColumns,
      centreId: distributionCentreUser.centreId,
      centreName: distributionCentre.name,
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .leftJoin(distributionCentreUser, eq(distributionCentreUser.userId, user.id))
    .leftJoin(distributionCentre, eq(distributionCentre.id, distributionCentreUser.centreId))
    .where(and(assignable(db, municipalityId), q.search ? searchMatches(user.search, q.search) : undefined))
    .orderBy(...byStaffName)
    .limit(USER_OPTIONS_LIMIT);
  return {
    items: rows.map(({ firstName, lastName, ...r }) => ({ ...r, name: `${firstName} ${lastName}`.trim() })),
  };
}

export async function addCentreUser(db: Db, municipalityId: number, centreId: number, body: AssignUserBody) {
  await findCentre(db, municipalityId, centreId);
  const [person] = await db
    .select({ id: user.id, firstName: user.firstName, lastName: user.lastName })
    .from(user)
    .where(and(eq(user.id, body.userId), assignable(db, municipalityId)));
  if (!person) throw validation({ userId: [CENTRE_USER_UNKNOWN] });
  const [current] = await db
    .select({ id: distributionCentreUser.id, centreId: distributionCentreUser.centreId, name: distributionCentre.name })
    .from(distributionCentreUser)
    .innerJoin(distributionCentre, eq(distributionCentre.id, distributionCentreUser.centreId))
    .where(eq(distributionCentreUser.userId, person.id));
  if (current?.centreId === centreId) throw validation({ userId: [CENTRE_USER_ALREADY_HERE] });
  if (current) {
    if (!body.move) throw new ApiError(409, workingElsewhere(`${person.firstName} ${person.lastName}`, current.name));
    const rows = await db
      .update(distributionCentreUser)
      .set({ centreId, updatedAt: new Date() })
      .where(and(eq(distributionCentreUser.id, current.id), eq(distributionCentreUser.centreId, current.centreId)))
      .returning({ id: distributionCentreUser.id });
    if (!rows.length) throw new ApiError(409, CENTRE_USER_ALREADY_HERE);
    return { id: current.id };
  }
  // Two clerks adding the same user at once: the unique user_id lets one through, the other is told it is done.
  const [row] = await db
    .insert(distributionCentreUser)
    .values({ centreId, userId: person.id })
    .onConflictDoNothing()
    .returning({ id: distributionCentreUser.id });
  if (!row) throw validation({ userId: [CENTRE_USER_ALREADY_HERE] });
  return { id: row.id };
}

export async function removeCentreUser(db: Db, municipalityId: number, centreId: number, userId: number) {
  await findCentre(db, municipalityId, centreId);
  const where = and(eq(distributionCentreUser.centreId, centreId), eq(distributionCentreUser.userId, userId));
  if (!(await hasRow(db, distributionCentreUser, where))) throw notFound(CENTRE_USER_NOT_FOUND);
  await db.delete(distributionCentreUser).where(where);
}
