/**
 * A record's state as a badge: its translated name in the tone of the state. One definition per kind of state,
 * e.g. `export const StateBadge = stateBadge("wasteCard:state", { Free: "gray", Assigned: "green", … })`, or whether a
 * record is active (`activeBadge("municipality")`).
 */
import { useTranslation } from "~/i18n/use-translation";
import { Badge, type BadgeTone } from "./ui/badge";

/** The badge of a kind of state: the name is `<labels>.<state>`; a state the tones lack shows grey. */
export function stateBadge<S extends string>(labels: string, tones: Record<S, BadgeTone>) {
  return function StateBadge({ state }: { state: S }) {
    const { t } = useTranslation();
    return <Badge tone={tones[state] ?? "gray"}>{t(`${labels}.${state}`)}</Badge>;
  };
}

/** 'Aktivní' (green) or 'Neaktivní' (grey): `<ns>:state.active|inactive`. */
export function activeBadge(ns: string) {
  return function ActiveBadge({ active }: { active: boolean }) {
    const { t } = useTranslation();
    return <Badge tone={active ? "green" : "gray"}>{t(`${ns}:state.${active ? "active" : "inactive"}`)}</Badge>;
  };
}
