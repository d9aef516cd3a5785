import { PROGRAMME_SLUGS, type MotivationProgrammeType, type ProgrammeTab } from "#contract/motivation-programme";

/** Spec 000 §2 …/modules/motivation-program: the three programmes of a municipality. */
export const programmesPath = (municipalityId: number) =>
  `/administration/municipalities/${municipalityId}/modules/motivation-program`;

/** Spec 000 §2 …/motivation-program/{motivational_type}/edit, the sub-tab as ?tab= (a plain link, no JavaScript). */
export const programmeEditPath = (municipalityId: number, type: MotivationProgrammeType, tab?: ProgrammeTab) =>
  `${programmesPath(municipalityId)}/${PROGRAMME_SLUGS[type]}/edit${tab && tab !== "Parameters" ? `?tab=${tab}` : ""}`;
