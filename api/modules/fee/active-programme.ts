/**
 * The programme active in a year, in the shape a simulation takes it (issue 14 part 7): the base fee dialog of Fees →
 * Fees simulates a new base fee together with the year's programme, so that 'before' and 'after' differ only by what
 * the clerk proposes. Read with fee.aDetail (an accountant edits fees without seeing the programme screens).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { motivationActivation, motivationProgramme } from "../../db/schema";
import { programmeProposal } from "#contract/fee-calculation";
import type { MotivationProgrammeType } from "#contract/motivation-programme";
import { getProgramme } from "../motivation-programme/service";

export async function activeProgrammeOf(db: Db, municipalityId: number, year: number) {
  const [active] = await db
    .select({ type: motivationProgramme.type })
    .from(motivationActivation)
    .innerJoin(motivationProgramme, eq(motivationProgramme.id, motivationActivation.programmeId))
    .where(and(eq(motivationActivation.municipalityId, municipalityId), eq(motivationActivation.year, year)));
  if (!active) return { programme: null };
  return {
    programme: programmeProposal(await getProgramme(db, municipalityId, active.type as MotivationProgrammeType)),
  };
}
