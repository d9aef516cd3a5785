/**
 * What 'delete municipality data' and deleting a municipality remove, in this order, in one transaction (spec 001
 * §4): every area that keeps a municipality's residents, collection points or records adds its purge here. An
 * explicit list (issue 12), not a registry filled by importing modules.
 */
import type { Db } from "../../db/client";
import { purgeSubjectsAndFeePayers } from "../subject/service";

export type DataPurger = (tx: Db, municipalityId: number) => Promise<number>;

export const MUNICIPALITY_DATA_PURGERS: readonly { name: string; purge: DataPurger }[] = [
  { name: "subjectsAndFeePayers", purge: purgeSubjectsAndFeePayers },
];
