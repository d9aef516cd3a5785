/** Pieces of the municipality screens: their paths and the state badge. */
import { activeBadge } from "~/components/state-badge";

export const MUNICIPALITIES_PATH = "/administration/municipalities";
export const municipalityPath = (id: number) => `${MUNICIPALITIES_PATH}/${id}`;

/** 'Aktivní' or 'Neaktivní' (a municipality, or a user on the municipality's detail). */
export const ActiveBadge = activeBadge("municipality");
